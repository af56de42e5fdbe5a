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

  public static func json(_ hit: Hit) -> String {
    "{" + fields(hit.element) + ",\"part\":\(string(hit.part.rawValue))"
      + ",\"ancestors\":[\(hit.ancestors.map(object).joined(separator: ","))]"
      + ",\"shape\":\(object(hit.shape))"
      + ",\"uses\":[\(hit.uses.map(object).joined(separator: ","))]}"
  }

  /// `NAME TAG INDEXPATH`.
  public static func plain(_ element: ElementRef) -> String {
    "\(element.name) \(element.tag) \(element.indexPath)"
  }

  public static func json(_ element: ElementRef) -> String { object(element) }

  /// `NAME x y width height`, or with the tag for lists.
  public static func plain(_ element: ElementRef, box: Rect, withTag: Bool = false) -> String {
    let numbers = [box.x, box.y, box.width, box.height].map(number).joined(separator: " ")
    return withTag ? "\(element.name) \(element.tag) \(numbers)" : "\(element.name) \(numbers)"
  }

  /// `{"id":…,"indexPath":…,"tag":…,"bbox":[x,y,width,height]}`. Every JSON object names
  /// its element with the same three members, so `withTag` only affects the plain form.
  public static func json(_ element: ElementRef, box: Rect, withTag: Bool = false) -> String {
    let numbers = [box.x, box.y, box.width, box.height].map(number).joined(separator: ",")
    return json(element, members: ["\"bbox\":[\(numbers)]"])
  }

  /// The element's `"id"` (null without one), `"indexPath"` and `"tag"`, then `members`
  /// (each already JSON, `"name":value`), as one object.
  public static func json(_ element: ElementRef, members: [String]) -> String {
    "{" + ([fields(element)] + members).joined(separator: ",") + "}"
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
  public static func string(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where u.value < 0x20:
        let hex = String(u.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(u)
      }
    }
    return out + "\""
  }

  private static func fields(_ e: ElementRef) -> String {
    "\"id\":\(e.id.map(string) ?? "null"),\"indexPath\":\(string(e.indexPath.description)),"
      + "\"tag\":\(string(e.tag))"
  }

  private static func object(_ e: ElementRef) -> String { "{" + fields(e) + "}" }
}
