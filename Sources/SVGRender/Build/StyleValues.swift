import SVGGeometry
import SVGTree

/// Typed reads of one element's computed style and attributes. A value that does not
/// parse falls back to the property's initial value, with a diagnostic.
struct StyleValues {
  let context: BuildContext
  let id: NodeID

  var node: Node { context.document[id] }

  subscript(_ property: PropertyID) -> String? { context.computedStyle(id)[property] }

  /// A value as a keyword: trimmed and lowercased (as written when it already is, which is
  /// the common case, without a copy).
  func keyword(_ property: PropertyID) -> String? { self[property].map(Self.keyword) }

  static func keyword(_ text: String) -> String {
    for b in text.utf8 where b <= 0x20 || b >= 0x80 || (b >= 0x41 && b <= 0x5A) {
      return text.trimmingSpaces.lowercased()
    }
    return text
  }

  /// A number property, e.g. `stroke-miterlimit`.
  func number(_ property: PropertyID, default value: Double) -> Double {
    guard let text = self[property] else { return value }
    var s = ValueScanner(text)
    s.skipSpaces()
    let v = s.number()
    s.skipSpaces()
    guard let v, s.isAtEnd else {
      context.warn("invalid \(property.name) \"\(text)\"; using \(value)", at: id)
      return value
    }
    return v
  }

  /// `opacity`, `fill-opacity`, ...: a number or a percentage, clamped to 0...1.
  func opacity(_ property: PropertyID) -> Double {
    guard let text = self[property]?.trimmingSpaces else { return 1 }
    var s = ValueScanner(text)
    guard var v = s.number() else {
      context.warn("invalid \(property.name) \"\(text)\"; using 1", at: id)
      return 1
    }
    if s.consume("%") { v /= 100 }
    guard s.isAtEnd else {
      context.warn("invalid \(property.name) \"\(text)\"; using 1", at: id)
      return 1
    }
    return min(max(v, 0), 1)
  }

  /// The length-resolution context of this element: its font size and the nearest viewport.
  func lengthContext(_ viewport: Size) -> LengthContext {
    LengthContext(
      fontSize: context.fontSize(of: id),
      rootFontSize: context.document.root.map { context.fontSize(of: $0) } ?? FontSize.initial,
      viewportWidth: viewport.width, viewportHeight: viewport.height,
      dpiX: context.options.dpi.x, dpiY: context.options.dpi.y)
  }

  /// A length from a style property (`stroke-width`, ...).
  func length(
    _ property: PropertyID, axis: LengthAxis = .other, viewport: Size, default value: Double
  ) -> Double {
    guard let text = self[property] else { return value }
    return parseLength(text, name: property.name, axis: axis, viewport: viewport) ?? value
  }

  /// A length from an attribute (`x`, `width`, `r`, ...); nil when absent or invalid.
  func attributeLength(_ name: String, axis: LengthAxis, viewport: Size) -> Double? {
    guard let text = context.document.attribute(name, of: id) else { return nil }
    return parseLength(text, name: name, axis: axis, viewport: viewport)
  }

  private func parseLength(_ text: String, name: String, axis: LengthAxis, viewport: Size)
    -> Double?
  {
    do {
      return try Length(parsing: text).resolve(in: lengthContext(viewport), axis: axis)
    } catch {
      context.warn("invalid length \(name)=\"\(text)\"", at: id)
      return nil
    }
  }

  /// A paint property (`fill`, `stroke`) as written; nil for an invalid value.
  func paint(_ property: PropertyID) -> Paint? {
    guard let text = self[property] else { return nil }
    if let known = context.paints[text] { return known }
    do {
      let paint = try Paint(parsing: text)
      context.paints[text] = paint
      return paint
    } catch {
      context.warn("invalid \(property.name) \"\(text)\"", at: id)
      return nil
    }
  }

  /// The computed `color`, for `currentColor`.
  var color: Color {
    guard let text = self[.color], let c = try? Color(parsing: text) else { return .black }
    return c
  }

  /// A colour property such as `stop-color` or `flood-color`, with `currentColor` resolved.
  func colorProperty(_ property: PropertyID, default value: Color) -> Color {
    guard let text = self[property]?.trimmingSpaces else { return value }
    // Only a text of its length is lowercased to compare: not every stop's colour.
    if text.utf8.count == 12, text.lowercased() == "currentcolor" { return color }
    do {
      return try Color(parsing: text)
    } catch {
      context.warn("invalid \(property.name) \"\(text)\"", at: id)
      return value
    }
  }

  /// A `url(#id)` or `url(file.svg#id)` property (`clip-path`, `mask`, `marker-*`); nil for
  /// `none` or absent.
  func reference(_ property: PropertyID) -> FuncIRI? {
    guard let text = self[property]?.trimmingSpaces, text != "none" else { return nil }
    do {
      return try FuncIRI(parsing: text)
    } catch {
      context.warn("invalid \(property.name) \"\(text)\"", at: id)
      return nil
    }
  }

  /// The element's `transform` attribute (or CSS property); identity when invalid.
  var transform: Transform {
    guard let text = self[.transform] ?? context.document.attribute("transform", of: id)
    else { return .identity }
    do {
      return try TransformList(parsing: text).transform
    } catch {
      context.warn("invalid transform \"\(text)\"; ignored", at: id)
      return .identity
    }
  }

  var isDisplayed: Bool { keyword(.display) != "none" }
  var isVisible: Bool {
    let v = keyword(.visibility)
    return v != "hidden" && v != "collapse"
  }
}
