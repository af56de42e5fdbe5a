import SVGGeometry
import SVGTree

/// Result lines as `svg-query` (and services) print them: plain text, one element a line,
/// its name (id, or index path without one) first; or JSON, one object a line.
public enum QueryFormat {
  /// `b circle /0/1 in layer /`, and `shape NAME` after it for a `use` clone.
  public static func plain(_ hit: Hit) -> String {
    var line = "\(hit.element.name) \(hit.element.tag) \(hit.element.indexPath)"
    if !hit.ancestors.isEmpty { line += " in " + hit.ancestors.map(\.name).joined(separator: " ") }
    if !hit.uses.isEmpty { line += " shape \(hit.shape.name)" }
    return line
  }

  /// `{"id":…,"indexPath":…,"tag":…,"part":…,"ancestors":[…],"shape":{…},"uses":[…]}`.
  public static func json(_ hit: Hit) -> String { value(hit).text }

  /// ``json(_:)-(Hit)`` as a value, to put inside a larger document.
  public static func value(_ hit: Hit) -> JSON {
    .object(
      fields(hit.element) + [
        ("part", .string(hit.part.rawValue)),
        ("ancestors", .array(hit.ancestors.map(value))),
        ("shape", value(hit.shape)),
        ("uses", .array(hit.uses.map(value))),
      ])
  }

  /// `NAME TAG INDEXPATH`.
  public static func plain(_ element: FoundElement) -> String {
    "\(element.name) \(element.tag) \(element.indexPath)"
  }

  public static func json(_ element: FoundElement) -> String { value(element).text }

  /// `{"id":…,"indexPath":…,"tag":…}` as a value.
  public static func value(_ element: FoundElement) -> JSON { .object(fields(element)) }

  /// `NAME x y width height`, or with the tag for lists.
  public static func plain(_ element: FoundElement, box: Rect, withTag: Bool = false) -> String {
    let numbers = [box.x, box.y, box.width, box.height].map(number).joined(separator: " ")
    return withTag ? "\(element.name) \(element.tag) \(numbers)" : "\(element.name) \(numbers)"
  }

  /// `{"id":…,"indexPath":…,"tag":…,"bbox":[x,y,width,height]}`. Every JSON object names
  /// its element with the same three members, so `withTag` only affects the plain form.
  public static func json(_ element: FoundElement, box: Rect, withTag: Bool = false) -> String {
    json(element, members: [("bbox", .array([box.x, box.y, box.width, box.height].map(value)))])
  }

  /// The element's `"id"` (null without one), `"indexPath"` and `"tag"`, then `members`, as
  /// one object.
  public static func json(_ element: FoundElement, members: [(String, JSON)]) -> String {
    JSON.object(fields(element) + members).text
  }

  /// A number as ``number(_:)`` writes it, as a JSON value.
  public static func value(_ v: Double) -> JSON {
    guard v.isFinite else { return .number(0) }
    return .number((v * 1e6).rounded() / 1e6)
  }

  /// A number as short as it can be: at most 6 decimals, no trailing zeros.
  public static func number(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let rounded = (v * 1e6).rounded() / 1e6
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  /// A JSON string literal.
  public static func string(_ s: String) -> String { JSON.string(s).text }

  private static func fields(_ e: FoundElement) -> [(String, JSON)] {
    [
      ("id", e.id.map(JSON.string) ?? .null), ("indexPath", .string(e.indexPath.description)),
      ("tag", .string(e.tag)),
    ]
  }
}
