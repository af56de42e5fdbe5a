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
    var header = String(decoding: bytes[5..<comma], as: UTF8.self)
      .trimmingCharacters(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
    var isBase64 = false
    if let semicolon = header.lastIndex(of: ";") {
      let tail = header[header.index(after: semicolon)...].trimmingCharacters(where: { $0 == " " })
      if tail.lowercased() == "base64" {
        isBase64 = true
        header = String(header[..<semicolon])
      }
    }
    let type = header.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map { String($0).trimmingCharacters(where: { $0 == " " || $0 == "\t" }).lowercased() }
    mediaType = (type?.isEmpty ?? true) ? nil : type
    let body = PercentDecoding.decode(bytes[(comma + 1)...])
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

/// Forgiving base64 (WHATWG infra): ASCII whitespace is skipped, padding is optional.
enum Base64 {
  private static let values: [Int8] = {
    var table = [Int8](repeating: -1, count: 256)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    for (i, c) in alphabet.enumerated() { table[Int(c)] = Int8(i) }
    return table
  }()

  static func decode(_ input: [UInt8]) -> [UInt8]? {
    var symbols: [UInt8] = []
    symbols.reserveCapacity(input.count)
    for c in input where !(c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D) {
      symbols.append(c)
    }
    if symbols.count % 4 == 0, symbols.last == UInt8(ascii: "=") {
      symbols.removeLast()
      if symbols.last == UInt8(ascii: "=") { symbols.removeLast() }
    }
    guard symbols.count % 4 != 1 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(symbols.count / 4 * 3 + 2)
    var buffer: UInt32 = 0
    var bits = 0
    for c in symbols {
      let v = values[Int(c)]
      guard v >= 0 else { return nil }
      buffer = (buffer << 6) | UInt32(v)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
      }
    }
    return out
  }
}

/// URL percent-decoding: `%` followed by two hex digits becomes that byte; any other `%`
/// stays as it is (as the URL standard says).
enum PercentDecoding {
  static func decode<C: Collection<UInt8>>(_ input: C) -> [UInt8] {
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
      }
      out.append(c)
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

extension StringProtocol {
  fileprivate func trimmingCharacters(where predicate: (Character) -> Bool) -> String {
    var s = Substring(self)
    while let c = s.first, predicate(c) { s.removeFirst() }
    while let c = s.last, predicate(c) { s.removeLast() }
    return String(s)
  }
}
