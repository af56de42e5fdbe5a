/// Percent-encoding as URLs use it (RFC 3986), for every module that reads or writes URL
/// parts: `data:` URLs, the command language's `svg://` form, the service's paths and
/// queries.
package enum PercentEncoding {
  /// Encodes every byte but the unreserved characters (letters, digits, `-._~`) and those
  /// of `keep` as `%XX`.
  package static func encode(_ s: String, keeping keep: String = "") -> String {
    var out = ""
    for b in s.utf8 {
      let c = Character(Unicode.Scalar(b))
      if b < 0x80, c.isLetter || c.isNumber || "-._~".contains(c) || keep.contains(c) {
        out.append(c)
      } else {
        out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
      }
    }
    return out
  }

  /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`); a `%` not followed by
  /// two hex digits is kept as written, as the URL standard says.
  package static func decode<C: Collection<UInt8>>(_ input: C, plusIsSpace: Bool = false)
    -> [UInt8]
  {
    decode(input, strict: false, plusIsSpace: plusIsSpace)!
  }

  /// ``decode(_:plusIsSpace:)`` of a string's UTF-8, invalid UTF-8 replaced.
  package static func decode(_ s: some StringProtocol, plusIsSpace: Bool = false) -> String {
    String(decoding: decode(s.utf8, plusIsSpace: plusIsSpace), as: UTF8.self)
  }

  /// Decodes `%XX` escapes; nil when a `%` is not followed by two hex digits or the result
  /// is not UTF-8 (for input that must be exactly right, such as a command's URL form).
  package static func decodeStrictly(_ s: some StringProtocol) -> String? {
    guard let bytes = decode(s.utf8, strict: true, plusIsSpace: false) else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func decode<C: Collection<UInt8>>(_ input: C, strict: Bool, plusIsSpace: Bool)
    -> [UInt8]?
  {
    var out: [UInt8] = []
    out.reserveCapacity(input.count)
    var i = input.startIndex
    while i != input.endIndex {
      let c = input[i]
      if c == UInt8(ascii: "%") {
        let h1 = input.index(after: i)
        if h1 != input.endIndex, let high = hex(input[h1]) {
          let h2 = input.index(after: h1)
          if h2 != input.endIndex, let low = hex(input[h2]) {
            out.append(high << 4 | low)
            i = input.index(after: h2)
            continue
          }
        }
        if strict { return nil }
      }
      out.append(plusIsSpace && c == UInt8(ascii: "+") ? 0x20 : c)
      i = input.index(after: i)
    }
    return out
  }

  private static func hex(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
