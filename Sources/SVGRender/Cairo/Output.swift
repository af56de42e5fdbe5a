import CCairo
import SVGGeometry
import SVGTree

/// Vector and raster output formats that cairo writes.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// PNG, PDF, PostScript, Encapsulated PostScript (one page, with a bounding box), SVG.
  case png, pdf, ps, eps, svg

  /// Whether one file of this format can hold several pages: PDF, PostScript, and EPS as
  /// rsvg-convert writes it (strictly, an EPS file holds one page).
  public var hasPages: Bool { self == .pdf || self == .ps || self == .eps }
}

/// One page of a PDF or PostScript document: a drawing scaled to `width` × `height` CSS px.
public struct VectorPage: Sendable {
  public var tree: RenderTree
  public var width: Double
  public var height: Double
  public init(tree: RenderTree, width: Double, height: Double) {
    self.tree = tree
    self.width = width
    self.height = height
  }
}

extension RenderTree {
  /// Rasterizes the drawing into a `width` × `height` image. The drawing's intrinsic size is
  /// scaled to fill it, so a thumbnail is drawn straight at its size with no intermediate.
  /// A cancelled `cancellation` stops the drawing and throws ``RenderError/cancelled``.
  public func rasterize(
    width: Int, height: Int, background: Color? = nil, limits: Limits = .default,
    cancellation: RenderCancellation? = nil
  ) throws(RenderError) -> Bitmap {
    try rasterize(
      width: width, height: height,
      drawing: Size(width: Double(width), height: Double(height)), background: background,
      limits: limits, cancellation: cancellation)
  }

  /// Rasterizes the drawing scaled to exactly `size` device pixels, which need not be whole,
  /// on the smallest canvas of whole pixels that covers it (rounded up, as rsvg-convert sizes
  /// its output). The drawing is never stretched to the canvas: the fraction of the last
  /// column and row it does not reach stays empty (or `background`, which fills the canvas).
  public func rasterize(
    covering size: Size, background: Color? = nil, limits: Limits = .default,
    cancellation: RenderCancellation? = nil
  ) throws(RenderError) -> Bitmap {
    try rasterize(
      covering: size, background: background, limits: limits, cancellation: cancellation,
      bands: nil)
  }

  /// ``rasterize(covering:background:limits:cancellation:)`` in `bands` horizontal bands
  /// drawn at once (nil: chosen by size and cores), for tests that compare the two.
  package func rasterize(
    covering size: Size, background: Color? = nil, limits: Limits = .default,
    cancellation: RenderCancellation? = nil, bands: Int?
  ) throws(RenderError) -> Bitmap {
    let (width, height) = try Self.canvas(covering: size, limits: limits)
    return try rasterize(
      width: width, height: height, drawing: size, background: background, limits: limits,
      cancellation: cancellation, bands: bands)
  }

  /// Whole pixels covering `size` (a hair of floating-point error does not add a pixel),
  /// checked against ``Limits/maxPixels`` before anything is allocated.
  static func canvas(covering size: Size, limits: Limits) throws(RenderError) -> (Int, Int) {
    guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
      throw RenderError("the output size \(size.width)x\(size.height) is empty or invalid")
    }
    let w = max(1, (size.width - 1e-6).rounded(.up))
    let h = max(1, (size.height - 1e-6).rounded(.up))
    guard w * h <= Double(limits.maxPixels) else {
      throw RenderError(
        .limit,
        "output of \(Int(min(w, 1e15)))x\(Int(min(h, 1e15))) pixels is over the limit of \(limits.maxPixels) pixels"
      )
    }
    return (Int(w), Int(h))
  }

  /// `bands`: how many horizontal bands are drawn at once; nil chooses by size and cores
  /// (``BandedRaster``). A tree that cannot be banded is drawn in one whatever is asked.
  private func rasterize(
    width: Int, height: Int, drawing: Size, background: Color?, limits: Limits,
    cancellation: RenderCancellation?, bands: Int? = nil
  ) throws(RenderError) -> Bitmap {
    try rasterize(
      width: width, height: height, drawing: drawing, background: background, limits: limits,
      cancellation: cancellation, bands: bands, pipelined: false
    ).bitmap
  }

  /// The raster, and when `pipelined` and it was drawn in bands, the ``PNGPipeline`` that
  /// deflated PNG bands as their raster bands finished.
  func rasterize(
    width: Int, height: Int, drawing: Size, background: Color?, limits: Limits,
    cancellation: RenderCancellation?, bands: Int?, pipelined: Bool
  ) throws(RenderError) -> (bitmap: Bitmap, pipeline: PNGPipeline?) {
    let cancellation = RenderCancellation.token(cancellation, limits: limits)
    let budget = PixelBudget(maxPixels: limits.maxPixels)
    guard budget.allows(width: width, height: height) else {
      throw RenderError(
        .limit,
        "output of \(width)x\(height) pixels is over the limit of \(limits.maxPixels) pixels")
    }
    // Layers are as large as the clip; bands are drawn only when every layer of one band
    // fits the budget too, so that both draw the same layers.
    let count = min(height, bands ?? BandedRaster.automaticCount(width: width, height: height))
    var bitmap: Bitmap
    var planned: [Int]?
    var banded = false
    var refusal: String?
    var pipeline: PNGPipeline?
    if count > 1, budget.allows(width: width + 1, height: height + 1) {
      (bitmap, planned) = Bitmap.clearing(
        width: width, height: height, spareRows: (count - 1) * BandedRaster.marginRows
      ) { bitmap in
        guard BandedRaster.isBandable(root) else { return nil }
        return bandEdges(count, for: &bitmap, drawing: drawing, budget: budget, refusal: &refusal)
      }
    } else {
      bitmap = Bitmap(width: width, height: height)
    }
    if let edges = planned {
      pipeline = pipelined ? PNGPipeline(edges: edges, width: width, stride: bitmap.stride) : nil
      banded = drawBands(
        edges, into: &bitmap, drawing: drawing, background: background, budget: budget,
        cancellation: cancellation, hazard: BandHazard(), pipeline: pipeline)
      // A band drew what the plan did not foresee: the image is drawn again whole.
      if !banded {
        bitmap = Bitmap(width: width, height: height)
        pipeline = nil
      }
    }
    if !banded {
      bitmap.withSurface { surface in
        let cr = cairo_create(surface)!
        draw(
          on: cr, drawing: drawing, background: background, budget: budget,
          cancellation: cancellation)
        cairo_destroy(cr)
      }
    }
    try cancellation?.check()
    return (bitmap, pipeline)
  }

  /// Writes the drawing as PDF, PostScript, EPS or SVG at `width` × `height` points
  /// (1 CSS px = 0.75 pt, so the intrinsic size keeps its physical size).
  public func vectorData(
    format: OutputFormat, width: Double, height: Double, background: Color? = nil,
    limits: Limits = .default, cancellation: RenderCancellation? = nil
  ) throws(RenderError) -> [UInt8] {
    try Self.vectorDocument(
      [VectorPage(tree: self, width: width, height: height)], format: format,
      background: background, limits: limits, cancellation: cancellation)
  }

  /// Writes drawings as the pages of one document, each page its drawing's size: several
  /// pages for PDF, PostScript and EPS (``OutputFormat/hasPages``), exactly one for SVG.
  public static func vectorDocument(
    _ pages: [VectorPage], format: OutputFormat, background: Color? = nil,
    limits: Limits = .default, cancellation: RenderCancellation? = nil
  ) throws(RenderError) -> [UInt8] {
    guard let first = pages.first, format != .png else {
      throw RenderError("\(format.rawValue) is not a vector format, or there is no page")
    }
    guard pages.count == 1 || format.hasPages else {
      throw RenderError("\(format.rawValue) output holds one page, not \(pages.count)")
    }
    let cancellation = RenderCancellation.token(cancellation, limits: limits)
    var out: [UInt8] = []
    let writer: cairo_write_func_t = { closure, data, length in
      let out = closure!.assumingMemoryBound(to: [UInt8].self)
      out.pointee.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
      return CAIRO_STATUS_SUCCESS
    }
    let status: cairo_status_t = withUnsafeMutablePointer(to: &out) { ptr in
      let w = first.width * 0.75
      let h = first.height * 0.75
      let surface: OpaquePointer?
      switch format {
      case .pdf: surface = cairo_pdf_surface_create_for_stream(writer, ptr, w, h)
      case .ps, .eps: surface = cairo_ps_surface_create_for_stream(writer, ptr, w, h)
      case .svg: surface = cairo_svg_surface_create_for_stream(writer, ptr, w, h)
      case .png: surface = nil
      }
      guard let surface else { return CAIRO_STATUS_INVALID_FORMAT }
      if format == .eps { cairo_ps_surface_set_eps(surface, 1) }
      let cr = cairo_create(surface)!
      for page in pages {
        let pw = page.width * 0.75
        let ph = page.height * 0.75
        if format == .pdf { cairo_pdf_surface_set_size(surface, pw, ph) }
        if format == .ps || format == .eps { cairo_ps_surface_set_size(surface, pw, ph) }
        cairo_save(cr)
        page.tree.draw(
          on: cr, drawing: Size(width: pw, height: ph), background: background,
          budget: PixelBudget(maxPixels: limits.maxPixels), cancellation: cancellation)
        cairo_restore(cr)
        cairo_show_page(cr)
      }
      cairo_destroy(cr)
      cairo_surface_finish(surface)
      let s = cairo_surface_status(surface)
      cairo_surface_destroy(surface)
      return s
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError(
        "cannot write \(format.rawValue): \(String(cString: cairo_status_to_string(status)))")
    }
    try cancellation?.check()
    return out
  }

  /// Draws the tree scaled to `drawing` (in the surface's units) from the origin; with
  /// `clipRows`, the device rows `cr` is clipped to, skipping the shapes outside them.
  func draw(
    on cr: OpaquePointer, drawing: Size, background: Color?, budget: PixelBudget,
    cancellation: RenderCancellation?, bandHazard: BandHazard? = nil,
    clipRows: (top: Double, bottom: Double)? = nil, survey: ChordSurvey? = nil,
    coverageMask: CoverageMask? = nil, coverageCache: CoverageCache? = nil
  ) {
    if let bg = background, survey == nil {
      cairo_set_source_rgba(
        cr, Double(bg.r) / 255, Double(bg.g) / 255, Double(bg.b) / 255, bg.alpha)
      cairo_paint(cr)
    }
    guard size.width > 0, size.height > 0 else { return }
    cairo_scale(cr, drawing.width / size.width, drawing.height / size.height)
    let renderer = CairoRenderer(
      cr: cr, budget: budget, cancellation: cancellation, clipRows: clipRows,
      bandHazard: bandHazard, survey: survey, coverageMask: coverageMask,
      coverageCache: coverageCache)
    // The drawing is an isolated group, as a browser's root element is: what blends in it
    // blends with the drawing below it, never with the background under the whole.
    if background != nil, survey == nil, root.containsBlending, budget.allowsLayer(cr) {
      cairo_push_group(cr)
      renderer.draw(root)
      cairo_pop_group_to_source(cr)
      cairo_paint(cr)
    } else {
      renderer.draw(root)
    }
  }
}
