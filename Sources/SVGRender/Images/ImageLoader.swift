import SVGGeometry
import SVGTree

/// Loads what an `<image>` references, under the render's ``ResourcePolicy``: raster images
/// are decoded, SVG images become a nested render tree. Every failure is a diagnostic and
/// the image is not rendered.
enum ImageLoader {
  /// The decoded image, or nil (with a diagnostic) when it is refused or unreadable.
  static func load(_ href: String, for id: NodeID, context: BuildContext) throws(RenderError)
    -> ImageNode.Content?
  {
    try context.countReference()
    let limits = context.options.limits
    let resource: Resource
    do {
      resource = try context.options.resources.load(
        href, relativeTo: directory(of: context.document), maxBytes: limits.maxInputBytes)
    } catch {
      context.warn("<image> not rendered: \(error)", at: id)
      return nil
    }
    guard let format = ImageFormat(sniffing: resource.bytes) else {
      context.warn(
        "<image> not rendered: \(shortened(href)) is not PNG, JPEG, GIF, WebP or SVG", at: id)
      return nil
    }
    if format == .svg {
      return try nestedDocument(resource, for: id, context: context).map { .svg($0) }
    }
    do {
      var bitmap = try ImageDecoder.decode(
        resource.bytes, format: format, maxPixels: limits.maxPixels)
      if context.options.keepImageData, let mime = format.cairoMimeType {
        bitmap.encoded = EncodedImage(mimeType: mime, bytes: resource.bytes)
      }
      return .raster(bitmap)
    } catch {
      context.warn("<image> not rendered: \(shortened(href)): \(error)", at: id)
      return nil
    }
  }

  /// An SVG image: its own document, built with the parent's options except that it may
  /// read `data:` URLs only (as browsers and resvg do: an SVG image never loads files, so
  /// it cannot include itself), sees none of the caller's extra style sheets, and spends
  /// at most half of the parent's remaining reference budget, which is then charged to
  /// the parent. Each nesting level halves the budget, so nesting depth is bounded too.
  private static func nestedDocument(_ resource: Resource, for id: NodeID, context: BuildContext)
    throws(RenderError) -> RenderTree?
  {
    context.shared.dependsOnOrder = true
    let document: Document
    do {
      document = try Document(
        bytes: resource.bytes, path: resource.path, limits: context.options.limits)
    } catch {
      context.warn("<image> not rendered: the SVG image cannot be read: \(error.message)", at: id)
      return nil
    }
    guard let root = document.root else {
      context.warn("<image> not rendered: the SVG image has no root element", at: id)
      return nil
    }
    var options = context.options
    if options.resources != .none { options.resources = .dataOnly }
    options.documentResources = nil
    options.styleSheets = []
    options.cancellation = context.cancellation
    let budget = max(0, options.limits.maxReferences - context.references) / 2
    options.limits.maxReferences = budget
    let nested = BuildContext(document: document, options: options)
    do {
      let (size, group) = try RenderTreeBuilder(context: nested).buildRoot(root)
      try context.countReference(nested.references)
      for d in (document.diagnostics + nested.diagnostics).prefix(20) {
        context.warn("in the SVG image: \(d)", at: id)
      }
      return RenderTree(size: size, root: group)
    } catch {
      try context.countReference(budget)
      context.warn("<image> not rendered: the SVG image: \(error)", at: id)
      return nil
    }
  }

  /// The folder that relative references of `document` start from; nil when it was not
  /// read from a file (the policy's base directory is used then).
  static func directory(of document: Document) -> String? {
    guard let path = document.sourcePath, !path.hasPrefix("<") else { return nil }
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func shortened(_ href: String) -> String {
    href.count > 60 ? "\"" + href.prefix(57) + "...\"" : "\"\(href)\""
  }
}

extension ImageNode.Content {
  /// The intrinsic size: pixels for a raster image, the document size for an SVG image.
  var size: Size {
    switch self {
    case .raster(let bitmap): Size(width: Double(bitmap.width), height: Double(bitmap.height))
    case .svg(let tree): tree.size
    }
  }
}
