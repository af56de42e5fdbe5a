/// A JSON value with object keys kept in the order written, so output comes out the same
/// every time: the one JSON writer of the package (`svg-query --json`, the service's
/// responses and its OpenAPI document).
public indirect enum JSON: Sendable, Hashable, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSON...) { self = .array(elements) }

  public static func == (a: JSON, b: JSON) -> Bool { a.text == b.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }

  /// The compact serialization.
  public var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n):
      if n.isFinite, n == n.rounded(), abs(n) < 1e15 {
        out += String(Int64(n))
      } else if n.isFinite {
        out += "\(n)"
      } else {
        out += "null"
      }
    case .string(let s): JSON.quote(s, into: &out)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, (key, value)) in members.enumerated() {
        if i > 0 { out += "," }
        JSON.quote(key, into: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  private static func quote(_ s: String, into out: inout String) {
    out += "\""
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
    out += "\""
  }
}
