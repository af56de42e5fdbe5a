import Glibc
import SVGGeometry
import SVGTree

/// One render as the command line and the service ask for it: output size rules (as
/// rsvg-convert has them), device scale, background and format.
public struct RenderRequest: Sendable {
  /// Exact output width in CSS px; the height follows the aspect ratio when not given.
  public var width: Double?
  public var height: Double?
  /// Multiplies the intrinsic size (ignored when width or height is given).
  public var zoom: Double = 1
  /// Device pixels per CSS pixel: 2 gives an @2x raster of the same logical size.
  public var scale: Double = 1
  public var background: Color?
  public var format: OutputFormat = .png
  /// Smallest PNG files (libpng's default compression) instead of the fast setting.
  public var smallPNG = false
  /// Stops the drawing when cancelled or past its deadline.
  public var cancellation: RenderCancellation?

  public init() {}

  /// The logical output size of `tree`.
  public func outputSize(of tree: RenderTree) -> Size {
    let base = tree.size
    let aspect = base.height > 0 ? base.width / base.height : 1
    switch (width, height) {
    case let (w?, h?): return Size(width: w, height: h)
    case let (w?, nil): return Size(width: w, height: w / aspect)
    case let (nil, h?): return Size(width: h * aspect, height: h)
    case (nil, nil): return Size(width: base.width * zoom, height: base.height * zoom)
    }
  }

  /// Renders `tree` to the requested format's bytes.
  public func render(_ tree: RenderTree, limits: Limits = .default) throws(RenderError) -> [UInt8] {
    let size = outputSize(of: tree)
    guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
      throw RenderError("the output size \(size.width)x\(size.height) is empty or invalid")
    }
    switch format {
    case .png:
      // Whole pixels covering the drawing, as rsvg-convert sizes them; the drawing itself is
      // scaled by the exact ratio, never stretched to the rounded size.
      let device = Size(width: size.width * scale, height: size.height * scale)
      if !smallPNG {
        return try tree.fastPNG(
          covering: device, background: background, limits: limits, cancellation: cancellation)
      }
      let bitmap = try tree.rasterize(
        covering: device, background: background, limits: limits, cancellation: cancellation)
      try cancellation?.check()
      return try bitmap.pngData(fast: false)
    case .pdf, .ps, .eps, .svg:
      return try tree.vectorData(
        format: format, width: size.width, height: size.height, background: background,
        limits: limits, cancellation: cancellation)
    }
  }
}
