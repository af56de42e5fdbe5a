import SVGTree

/// Turns the bytes of a referenced text file (script, style sheet) into UTF-8 that can sit in
/// an XML CDATA section.
enum TextFile {
  /// The file's text as UTF-8 bytes: a UTF-8 byte-order mark is dropped, UTF-16 with a
  /// byte-order mark is converted, anything else must be valid UTF-8. Characters XML cannot
  /// hold (NUL and most C0 controls, U+FFFE, U+FFFF) are refused, since the output would not
  /// parse.
  static func utf8Text(_ bytes: [UInt8]) throws(TextFileError) -> [UInt8] {
    let text: String
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      text = try decodeUTF8(bytes.dropFirst(3))
    } else if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
      || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00])
    {
      throw TextFileError("is UTF-32, which is not supported; save it as UTF-8")
    } else if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
      text = try decodeUTF16(bytes.dropFirst(2), bigEndian: bytes[0] == 0xFE)
    } else {
      text = try decodeUTF8(bytes[...])
    }
    try checkXMLCharacters(text)
    return Array(text.utf8)
  }

  private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) throws(TextFileError) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var offset = bytes.startIndex
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var consumed = 0
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let s):
        consumed += UTF8.width(s)
      case .emptyInput:
        break loop
      case .error:
        offset = bytes.startIndex + consumed
        break loop
      }
    }
    throw TextFileError(
      "is not valid UTF-8 (bad byte at offset \(offset)); save it as UTF-8, or UTF-16 with a "
        + "byte-order mark")
  }

  private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool)
    throws(TextFileError) -> String
  {
    guard bytes.count % 2 == 0 else { throw TextFileError("is UTF-16 with an odd byte count") }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let a = UInt16(bytes[i])
      let b = UInt16(bytes[i + 1])
      units.append(bigEndian ? a << 8 | b : b << 8 | a)
      i += 2
    }
    var text = ""
    var iterator = units.makeIterator()
    var decoder = UTF16()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let s): text.unicodeScalars.append(s)
      case .emptyInput: return text
      case .error: throw TextFileError("is not valid UTF-16 (an unpaired surrogate)")
      }
    }
  }

  private static func checkXMLCharacters(_ text: String) throws(TextFileError) {
    var line = 1
    for s in text.unicodeScalars {
      let v = s.value
      if v == 0x0A { line += 1 }
      let allowed =
        v == 0x09 || v == 0x0A || v == 0x0D || (0x20...0xD7FF).contains(v)
        || (0xE000...0xFFFD).contains(v) || v >= 0x10000
      guard allowed else {
        let hex = String(v, radix: 16, uppercase: true)
        throw TextFileError(
          "holds U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) on its line "
            + "\(line), a character XML cannot hold")
      }
    }
  }
}

/// Why a referenced text file cannot be inlined.
struct TextFileError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

/// CDATA sections and attribute values for the inserted markup.
enum XMLText {
  /// `text` as one or more CDATA sections: each `]]>` is split into `]]` and `>` across two
  /// sections, so the parsed text is exactly `text`.
  static func cdata(_ text: [UInt8]) -> [UInt8] {
    var out = Array("<![CDATA[".utf8)
    out.reserveCapacity(text.count + 24)
    var i = 0
    while i < text.count {
      if text[i] == UInt8(ascii: "]"), i + 2 < text.count, text[i + 1] == UInt8(ascii: "]"),
        text[i + 2] == UInt8(ascii: ">")
      {
        out += Array("]]]]><![CDATA[>".utf8)
        i += 3
      } else {
        out.append(text[i])
        i += 1
      }
    }
    return out + Array("]]>".utf8)
  }

  /// `value` escaped for a double-quoted attribute.
  static func attributeValue(_ value: String) -> String {
    var out = ""
    XMLEscape.attribute(value, to: &out)
    return out
  }
}

/// How the SVG file itself is encoded, as far as inserting text into it is concerned.
enum SourceEncoding: Equatable {
  /// UTF-8 (declared, or by default): any inlined text can go in.
  case utf8
  /// An ASCII-compatible encoding other than UTF-8 (ISO-8859-1, windows-1252, US-ASCII):
  /// inlined text must be pure ASCII to mean the same thing.
  case asciiCompatible(String)
  /// UTF-16, UTF-32 or EBCDIC: the byte scanner cannot read it.
  case unsupported(String)

  init(of bytes: [UInt8]) {
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
      || bytes.starts(with: [0x00, 0x3C]) || bytes.starts(with: [0x3C, 0x00])
    {
      self = .unsupported("UTF-16")
      return
    }
    if bytes.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) {
      self = .unsupported("EBCDIC")
      return
    }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    guard body.starts(with: Array("<?xml".utf8)),
      let close = body.firstIndex(of: UInt8(ascii: ">"))
    else {
      self = .utf8
      return
    }
    let declaration = String(decoding: body[5..<close], as: UTF8.self)
    guard let name = PseudoAttributes(declaration).value("encoding") else {
      self = .utf8
      return
    }
    switch name.lowercased() {
    case "utf-8", "utf8": self = .utf8
    case let other
    where other.hasPrefix("utf-16") || other.hasPrefix("utf-32")
      || other.hasPrefix("ucs") || other.hasPrefix("ebcdic"):
      self = .unsupported(name)
    default: self = .asciiCompatible(name)
    }
  }
}
