import SVGTree

/// The style of one element of a `use` instance.
struct InstanceStyle {
  var style: ComputedStyle
  /// Computed `font-size` in px, for `em`/`ex` lengths.
  var fontSize: Double
}

extension BuildContext {
  /// Runs `body` with the subtree of `target` styled as a child of `parent`: a `use`
  /// instance inherits from the `use` element, not from the referenced element's own parent.
  ///
  /// Each element keeps its declared values (presentation attributes, CSS rules matched in
  /// the source tree, `style`), as usvg and browsers do; only inheritance changes. While
  /// `body` runs, ``computedStyle(_:)`` and ``fontSize(of:)`` answer with the instance's
  /// values; nested instances stack, and the previous values come back afterwards. Every
  /// cloned element counts against ``Limits/maxElements``.
  func withInstance<T>(
    of target: NodeID, under parent: NodeID, _ body: () throws(RenderError) -> T
  ) throws(RenderError) -> T {
    try withInstance(
      of: target, inheriting: computedStyle(parent), fontSize: fontSize(of: parent), body)
  }

  /// Runs `body` with the subtree of `target` inheriting `parentStyle` and `parentFontSize`:
  /// those of a `use` in another document, for an instance of an element of this one.
  func withInstance<T>(
    of target: NodeID, inheriting parentStyle: ComputedStyle, fontSize parentFontSize: Double,
    _ body: () throws(RenderError) -> T
  ) throws(RenderError) -> T {
    var saved: [(NodeID, InstanceStyle?)] = []
    defer {
      for (id, old) in saved.reversed() { instanceStyles[id] = old }
    }
    var stack = [(target, parentStyle, parentFontSize)]
    while let (id, parentStyle, parentFontSize) = stack.popLast() {
      guard document[id].isElement else { continue }
      shared.clonedElements += 1
      if shared.clonedElements > options.limits.maxElements {
        throw RenderError(
          .limit, "use instances clone more than \(options.limits.maxElements) elements")
      }
      let declared = specified[id.index]
      let style = ComputedStyle(specified: declared, parent: parentStyle, dpi: options.fontDPI)
      let size = FontSize.pixels(style[.fontSize], parent: parentFontSize)
      saved.append((id, instanceStyles[id]))
      instanceStyles[id] = InstanceStyle(style: style, fontSize: size)
      for child in document[id].children.reversed() { stack.append((child, style, size)) }
    }
    return try body()
  }
}
