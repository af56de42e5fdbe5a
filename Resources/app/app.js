// The colouring app: shows a document of this server as a PNG it renders, and sends every
// change as a command to the document's session, so a reload or another device shows the
// same state.

import { Api, ApiError, docPath } from "./api.js";
import { View } from "./view.js";

const $ = selector => document.querySelector(selector);
const api = new Api();
const view = new View($("#view"), $("#drawing"));
const TAP_SLOP = 6; // CSS px a pointer may move and still be a tap
// How far from a shape a tap may land and still fill it (CSS px): a fingertip covers more
// than a mouse pointer, and taps land on the lines between regions often.
const TAP_REACH = { touch: 10, pen: 4, mouse: 2 };

const state = {
  doc: new URLSearchParams(location.search).get("doc"),
  color: "#e53935",
  selected: null, // the element last touched: its id, or its index path
  revision: -1,
  imageURL: null,
};

function say(text, isError = false) {
  const m = $("#message");
  m.textContent = text;
  m.classList.toggle("error", isError);
}

function fail(error) {
  if (error instanceof ApiError && error.status === 401) $("#token-form").hidden = false;
  say(error.message || String(error), true);
}

/// Runs an action that talks to the server; one at a time, errors said in the page.
let busy = Promise.resolve();
function act(action) {
  busy = busy.then(async () => {
    $("#view").classList.add("busy");
    try {
      await action();
    } catch (error) {
      fail(error);
    } finally {
      $("#view").classList.remove("busy");
    }
  });
  return busy;
}

// Opening a document and showing it.

async function open() {
  $("#empty").hidden = !!state.doc;
  if (!state.doc) return;
  const v = await api.json("GET", docPath(state.doc, "/view"));
  view.size = v.size;
  $("#drawing").hidden = false;
  view.layout();
  await refresh();
  say("Pick a colour, then tap a region to fill it. Drag a shape to move it.");
}

/// Fetches the current render at the view's size and device scale (a blob, so the token
/// travels in a header) and swaps it in once loaded.
async function refresh() {
  if (!state.doc || !view.size) return;
  const response = await api.request(
    "GET", docPath(state.doc, ".png?width=" + view.renderWidth()));
  state.revision = Number(response.headers.get("X-Inkpath-Revision"));
  const url = URL.createObjectURL(await response.blob());
  const image = $("#drawing");
  await new Promise(resolve => {
    image.onload = image.onerror = resolve;
    image.src = url;
  });
  image.dataset.revision = String(state.revision);
  if (state.imageURL) URL.revokeObjectURL(state.imageURL);
  state.imageURL = url;
}

async function change(lines, done) {
  const answer = await api.commands(state.doc, lines);
  await refresh();
  say(done + " (revision " + answer.revision + ").");
}

// Colours.

function rgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].join(", ");
}

function choose(color, button) {
  state.color = color;
  for (const b of document.querySelectorAll("#palette button")) {
    b.setAttribute("aria-pressed", String(b === button));
  }
  $("#custom").classList.toggle("chosen", !button);
}

for (const b of document.querySelectorAll("#palette button[data-color]")) {
  b.style.backgroundColor = b.dataset.color;
  b.addEventListener("click", () => choose(b.dataset.color, b));
}
$("#custom").addEventListener("input", e => choose(e.target.value, null));
choose(state.color, $("#palette button[data-color]"));

// Taps fill, drags move. Points go to the server as pixels of the view (viewport=).

let press = null;
const image = $("#drawing");

image.addEventListener("pointerdown", e => {
  if (e.button !== 0) return;
  image.setPointerCapture(e.pointerId);
  press = {
    client: [e.clientX, e.clientY], pixel: view.pixel(e), viewport: view.viewport(),
    reach: TAP_REACH[e.pointerType] ?? 2,
  };
});

image.addEventListener("pointermove", e => {
  if (!press) return;
  const moved = Math.hypot(e.clientX - press.client[0], e.clientY - press.client[1]);
  if (moved > TAP_SLOP) image.classList.add("dragging");
});

image.addEventListener("pointerup", e => {
  if (!press) return;
  const start = press;
  press = null;
  const dragged = image.classList.contains("dragging");
  image.classList.remove("dragging");
  const end = view.pixel(e);
  if (dragged) act(() => drag(start, end));
  else act(() => tap(start));
});

image.addEventListener("pointercancel", () => {
  press = null;
  image.classList.remove("dragging");
});

async function elementAt(press) {
  const q = "?at=" + press.pixel.join(",") + "&viewport=" + press.viewport;
  const hits = (await api.json("GET", docPath(state.doc, "/elements" + q))).hits;
  if (!hits.length) return null;
  const hit = hits[0].uses.length ? hits[0].uses[0] : hits[0];
  return hit.id ?? hit.indexPath;
}

/// The document points shown at `pixels` of the view, and document units per view pixel.
async function documentPoints(viewport, pixels) {
  const q = "?at=" + pixels.flat().join(",") + "&viewport=" + viewport;
  return api.json("GET", docPath(state.doc, "/view" + q));
}

function select(element) {
  state.selected = element;
  $("#front").disabled = $("#back").disabled = !element;
}

async function tap(press) {
  select(await elementAt(press));
  const v = await documentPoints(press.viewport, [press.pixel]);
  const p = v.points[0];
  const dpr = window.devicePixelRatio || 1;
  const tolerance = +(press.reach * dpr * v.unitsPerPixel).toFixed(3);
  await change(
    ["setActiveColor(" + rgb(state.color) + ")", "fillAt(" + [...p, tolerance].join(", ") + ")"],
    "Filled at " + p.join(", "));
}

async function drag(press, end) {
  const element = await elementAt(press);
  if (!element) throw new Error("There is nothing to move where the drag started.");
  select(element);
  const [a, b] = (await documentPoints(press.viewport, [press.pixel, end])).points;
  await change(["moveAt(" + [...a, ...b].join(", ") + ")"], "Moved " + element);
}

function quoted(reference) {
  return /^[^\s,()"'#;]+$/.test(reference) ? reference : '"' + reference + '"';
}

// Edits of the selection, undo and redo, photos.

$("#front").addEventListener("click", () => act(() =>
  change(["bringToFront(" + quoted(state.selected) + ")"], "Brought to the front")));
$("#back").addEventListener("click", () => act(() =>
  change(["sendToBack(" + quoted(state.selected) + ")"], "Sent to the back")));

for (const step of ["undo", "redo"]) {
  $("#" + step).addEventListener("click", () => act(async () => {
    const answer = await api.json("POST", docPath(state.doc, "/" + step));
    await refresh();
    say((step === "undo" ? "Undone" : "Redone") + " (revision " + answer.revision + ").");
  }));
}

$("#photo").addEventListener("change", e => {
  const file = e.target.files[0];
  e.target.value = "";
  if (file) act(() => insertPhoto(file));
});

async function insertPhoto(file) {
  const dataURL = await new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(new Error("The photo cannot be read."));
    reader.readAsDataURL(file);
  });
  const size = await new Promise((resolve, reject) => {
    const probe = new Image();
    probe.onload = () => resolve([probe.naturalWidth, probe.naturalHeight]);
    probe.onerror = () => reject(new Error(file.name + " is not an image this browser can read."));
    probe.src = URL.createObjectURL(file);
  });
  // A third of the drawing's width, centred in the view.
  const c = view.container;
  const dpr = window.devicePixelRatio || 1;
  const centre = [(c.clientWidth / 2) * dpr, (c.clientHeight / 2) * dpr];
  const v = await documentPoints(view.viewport(), [centre]);
  const p = v.points[0];
  const w = v.size[0] / 3;
  const h = (w * size[1]) / size[0];
  const args = [p[0] - w / 2, p[1] - h / 2, w, h].map(n => +n.toFixed(2));
  await change(["insertImage(" + args.join(", ") + ", " + dataURL + ")"], "Photo inserted");
}

// Files: upload an SVG (it becomes a document), download the current state.

$("#upload").addEventListener("change", e => {
  const file = e.target.files[0];
  e.target.value = "";
  if (file) act(() => upload(file));
});

async function upload(file) {
  let made;
  try {
    made = await api.json("POST", "/documents", file, "image/svg+xml");
  } catch (error) {
    if (error.status === 400) {
      throw new Error(file.name + " is not an SVG drawing this server can read: " + error.message);
    }
    throw error;
  }
  state.doc = made.id;
  history.pushState(null, "", "?doc=" + encodeURIComponent(made.id));
  await open();
  say(file.name + " is open as document " + made.id + ".");
}

for (const b of document.querySelectorAll("[data-download]")) {
  b.addEventListener("click", () => act(async () => {
    if (!state.doc) throw new Error("Open a drawing first.");
    const kind = b.dataset.download;
    const url = URL.createObjectURL(await api.blob(docPath(state.doc, "." + kind)));
    const a = document.createElement("a");
    a.href = url;
    a.download = "drawing-" + state.doc + "." + kind;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }));
}

// Zoom and the token.

$("#zoom-in").addEventListener("click", () => { view.zoomBy(1.5); act(refresh); });
$("#zoom-out").addEventListener("click", () => { view.zoomBy(1 / 1.5); act(refresh); });
$("#zoom-fit").addEventListener("click", () => { view.fit(); act(refresh); });
$("#view").addEventListener("wheel", e => {
  if (!e.ctrlKey || !view.size) return;
  e.preventDefault();
  view.zoomBy(e.deltaY < 0 ? 1.25 : 0.8, [e.clientX, e.clientY]);
  act(refresh);
}, { passive: false });

let resizing = 0;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => { view.layout(); act(refresh); }, 150);
});
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) act(refresh); // another device may have changed it
});
window.addEventListener("popstate", () => {
  state.doc = new URLSearchParams(location.search).get("doc");
  act(open);
});

$("#token-form").addEventListener("submit", e => {
  e.preventDefault();
  api.setToken($("#token").value.trim());
  $("#token-form").hidden = true;
  act(open);
});

act(open);
