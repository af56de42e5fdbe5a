// The drawing's view: fit to the window, zoom, and the view's geometry as the server's
// Viewport takes it (viewport pixels are device pixels of the view, scroll in the same
// pixels, zoom = CSS pixels per px of the drawing, scale = devicePixelRatio). All
// conversion to document coordinates happens on the server, in the library's Viewport.

const MAX_ZOOM = 8;
const MAX_PIXELS = 16e6;

export class View {
  constructor(container, image) {
    this.container = container;
    this.image = image;
    this.size = null; // the drawing's size in px (CSS pixels at zoom 1)
    this.userZoom = 1; // relative to fitting the view
  }

  /// CSS pixels per px of the drawing, as laid out now.
  get zoom() {
    return this.current || 1;
  }

  /// Lays the image out at the current zoom, keeping the point under `anchor` (client
  /// coordinates; default the view's centre) where it is.
  layout(anchor) {
    if (!this.size) return;
    const c = this.container;
    const rect = c.getBoundingClientRect();
    const ax = anchor ? anchor[0] - rect.left : c.clientWidth / 2;
    const ay = anchor ? anchor[1] - rect.top : c.clientHeight / 2;
    const before = this.canvasAt(ax, ay);
    // A pixel to spare, so rounding never makes the fitted drawing scroll.
    const fit = Math.min((c.clientWidth - 1) / this.size[0], (c.clientHeight - 1) / this.size[1]);
    const z = Math.max(fit, 1e-3) * this.userZoom;
    this.current = z;
    this.image.style.width = this.size[0] * z + "px";
    this.image.style.height = this.size[1] * z + "px";
    if (before) {
      c.scrollLeft = before[0] * z + this.image.offsetLeft - ax;
      c.scrollTop = before[1] * z + this.image.offsetTop - ay;
    }
  }

  canvasAt(x, y) {
    const z = this.current;
    if (!z) return null;
    return [
      (x + this.container.scrollLeft - this.image.offsetLeft) / z,
      (y + this.container.scrollTop - this.image.offsetTop) / z,
    ];
  }

  zoomBy(factor, anchor) {
    this.userZoom = Math.min(MAX_ZOOM, Math.max(1, this.userZoom * factor));
    this.layout(anchor);
  }

  fit() {
    this.userZoom = 1;
    this.layout();
  }

  /// The width in device pixels to render the drawing at: sharp at this zoom and scale.
  renderWidth() {
    const dpr = window.devicePixelRatio || 1;
    let w = this.size[0] * this.zoom * dpr;
    const h = this.size[1] * this.zoom * dpr;
    if (w * h > MAX_PIXELS) w *= Math.sqrt(MAX_PIXELS / (w * h));
    return Math.max(1, Math.round(w));
  }

  /// The server's `viewport=` for the view as it is now: scroll, zoom, scale and size.
  viewport() {
    const dpr = window.devicePixelRatio || 1;
    const sx = (this.container.scrollLeft - this.image.offsetLeft) * dpr;
    const sy = (this.container.scrollTop - this.image.offsetTop) * dpr;
    const c = this.container;
    return [sx, sy, this.zoom, dpr, c.clientWidth * dpr, c.clientHeight * dpr]
      .map(n => +n.toFixed(4)).join(",");
  }

  /// A pointer event's position in viewport pixels (device pixels from the view's corner).
  pixel(event) {
    const dpr = window.devicePixelRatio || 1;
    const rect = this.container.getBoundingClientRect();
    return [
      (event.clientX - rect.left - this.container.clientLeft) * dpr,
      (event.clientY - rect.top - this.container.clientTop) * dpr,
    ].map(n => +n.toFixed(3));
  }
}
