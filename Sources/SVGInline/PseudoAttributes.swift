/// The `name="value"` pairs of a processing instruction such as
/// `<?xml-stylesheet href="a.css" type="text/css"?>` or of the XML declaration (the W3C
/// "Associating Style Sheets with XML documents" grammar). Values have their character
/// references and predefined entities decoded.
struct PseudoAttributes: Sendable {
  private(set) var pairs: [(name: String, value: String)] = []

  init(_ text: String) {
    let bytes = Array(text.utf8)
    var i = 0
    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    while i < bytes.count {
      while i < bytes.count, isSpace(bytes[i]) { i += 1 }
      let nameStart = i
      while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "=") { i += 1 }
      let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
      while i < bytes.count, isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: "="), !name.isEmpty else { return }
      i += 1
      while i < bytes.count, isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'")
      else { return }
      let quote = bytes[i]
      let valueStart = i + 1
      i = valueStart
      while i < bytes.count, bytes[i] != quote { i += 1 }
      guard i < bytes.count else { return }
      pairs.append((name, Self.unescape(String(decoding: bytes[valueStart..<i], as: UTF8.self))))
      i += 1
    }
  }

  func value(_ name: String) -> String? { pairs.first { $0.name == name }?.value }

  /// Decodes `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#N;` `&#xN;`; anything else stays.
  static func unescape(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var out = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      let after = rest[rest.index(after: amp)...]
      guard let semi = after.firstIndex(of: ";"),
        after.distance(from: after.startIndex, to: semi) <= 10
      else {
        out += "&"
        rest = after
        continue
      }
      let entity = after[..<semi]
      var replacement: String?
      switch entity {
      case "amp": replacement = "&"
      case "lt": replacement = "<"
      case "gt": replacement = ">"
      case "quot": replacement = "\""
      case "apos": replacement = "'"
      default:
        if entity.hasPrefix("#x") || entity.hasPrefix("#X"),
          let v = UInt32(entity.dropFirst(2), radix: 16), let s = Unicode.Scalar(v)
        {
          replacement = String(s)
        } else if entity.hasPrefix("#"), let v = UInt32(entity.dropFirst()),
          let s = Unicode.Scalar(v)
        {
          replacement = String(s)
        }
      }
      if let replacement {
        out += replacement
        rest = after[after.index(after: semi)...]
      } else {
        out += "&"
        rest = after
      }
    }
    return out + rest
  }
}
