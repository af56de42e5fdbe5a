import Glibc

/// A decoded `data:` URL (RFC 2397, read as the WHATWG fetch standard does):
/// `data:[<media type>][;base64],<data>`.
public struct DataURL: Sendable, Hashable {
  /// The declared media type, lowercased and without parameters (`image/png`); nil when the
  /// URL declares none (`data:,...` or `data:;base64,...`).
  public var mediaType: String?
  public var bytes: [UInt8]

  public init(mediaType: String?, bytes: [UInt8]) {
    self.mediaType = mediaType
    self.bytes = bytes
  }

  /// Parses a `data:` URL. The body is percent-decoded, then base64-decoded when the
  /// header ends in `;base64` (whitespace inside the base64 text is allowed, padding is
  /// optional, as browsers accept it).
  public init(parsing text: String) throws(ResourceError) {
    let bytes = Array(text.utf8)
    guard bytes.count >= 5,
      String(decoding: bytes[0..<5], as: UTF8.self).lowercased() == "data:"
    else { throw ResourceError(text, "not a data: URL") }
    guard let comma = bytes[5...].firstIndex(of: UInt8(ascii: ",")) else {
      throw ResourceError(text, "the data: URL has no comma before its data")
    }
    var header = String(
      String(decoding: bytes[5..<comma], as: UTF8.self)
        .trimmingWhitespace)
    var isBase64 = false
    if let semicolon = header.lastIndex(of: ";") {
      let tail = header[header.index(after: semicolon)...].trimming { $0 == " " }
      if tail.lowercased() == "base64" {
        isBase64 = true
        header = String(header[..<semicolon])
      }
    }
    let type = header.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map { $0.trimming { $0 == " " || $0 == "\t" }.lowercased() }
    mediaType = (type?.isEmpty ?? true) ? nil : type
    let body = PercentEncoding.decode(bytes[(comma + 1)...])
    if isBase64 {
      guard let decoded = Base64.decode(body) else {
        throw ResourceError(text, "the data: URL has invalid base64 data")
      }
      self.bytes = decoded
    } else {
      self.bytes = body
    }
  }
}

/// Forgiving base64 (WHATWG infra): ASCII whitespace is skipped, padding is optional, the
/// bits of a last partial byte are dropped. Decoded here rather than by Foundation's `Data`,
/// which svg-render does not link (see scripts/release-build).
enum Base64 {
  static func decode(_ input: [UInt8]) -> [UInt8]? {
    guard let symbols = symbols(input) else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(symbols.count / 4 * 3 + 2)
    var bits: UInt32 = 0
    var count = 0
    for s in symbols {
      guard let v = value(s) else { return nil }
      bits = bits << 6 | v
      count += 6
      if count >= 8 {
        count -= 8
        out.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
      }
    }
    return out
  }

  /// The input's symbols without whitespace and padding; nil when the padding or the count
  /// is wrong (the symbols themselves are checked as they are decoded).
  static func symbols(_ input: [UInt8]) -> [UInt8]? {
    var symbols = input.filter { !$0.isASCIIWhitespace }
    if symbols.count % 4 == 0, symbols.last == UInt8(ascii: "=") {
      symbols.removeLast()
      if symbols.last == UInt8(ascii: "=") { symbols.removeLast() }
    }
    guard symbols.count % 4 != 1, !symbols.contains(UInt8(ascii: "=")) else { return nil }
    return symbols
  }

  private static func value(_ c: UInt8) -> UInt32? {
    switch c {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(c - UInt8(ascii: "A"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(c - UInt8(ascii: "a")) + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0")) + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}
