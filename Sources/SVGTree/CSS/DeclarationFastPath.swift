/// A fast reader for the plain `style` attributes that drawing programs write on every
/// element (`fill:#ff0000;stroke:none;stroke-width:2`): no comments, quotes, escapes,
/// blocks or non-ASCII text. It accepts only input on which it gives exactly what the full
/// CSS parser gives, and returns nil for everything else, which then takes the full parser.
enum DeclarationFastPath {
  static func parse(_ text: String) -> [Declaration]? {
    var out: [Declaration] = []
    out.reserveCapacity(16)  // drawing programs write up to about 16
    var result: [Declaration]? = []
    text.utf8.withContiguousStorageIfAvailable { bytes in
      var start = 0
      var depth = 0
      for i in 0...bytes.count {
        let c: UInt8 = i < bytes.count ? bytes[i] : UInt8(ascii: ";")
        switch c {
        case UInt8(ascii: "("): depth += 1
        case UInt8(ascii: ")"): depth -= 1
        case UInt8(ascii: ";") where depth == 0:
          guard depth == 0, let d = declaration(bytes[start..<i], ok: &result) else {
            if result == nil { return }
            start = i + 1
            continue
          }
          out.append(d)
          start = i + 1
        case 0x22, 0x27, 0x5C, 0x2F, 0x7B, 0x7D, 0x5B, 0x5D, 0x40, 0x3C, 0x3E:
          result = nil  // " ' \ / { } [ ] @ < >
          return
        default:
          if c >= 0x80 || (c < 0x20 && !isSpace(c)) || depth < 0 {
            result = nil
            return
          }
        }
      }
      if depth != 0 { result = nil }
    }
    return result == nil ? nil : out
  }

  /// One `name: value [!important]`; nil and `ok` cleared when it is not plainly valid,
  /// nil alone for an empty segment.
  private static func declaration(_ s: Slice<UnsafeBufferPointer<UInt8>>, ok: inout [Declaration]?)
    -> Declaration?
  {
    var lo = s.startIndex
    var hi = s.endIndex
    while lo < hi && isSpace(s[lo]) { lo += 1 }
    while hi > lo && isSpace(s[hi - 1]) { hi -= 1 }
    guard lo < hi else { return nil }
    guard let colon = s[lo..<hi].firstIndex(of: UInt8(ascii: ":")) else {
      ok = nil
      return nil
    }
    var nameEnd = colon
    while nameEnd > lo && isSpace(s[nameEnd - 1]) { nameEnd -= 1 }
    let name = s[lo..<nameEnd]
    guard isIdentifier(name) else {
      ok = nil
      return nil
    }
    var vlo = colon + 1
    var vhi = hi
    while vlo < vhi && isSpace(s[vlo]) { vlo += 1 }
    var important = false
    if let bang = s[vlo..<vhi].firstIndex(of: UInt8(ascii: "!")) {
      var k = bang + 1
      while k < vhi && isSpace(s[k]) { k += 1 }
      guard isImportant(s[k..<vhi]) else {
        ok = nil
        return nil
      }
      important = true
      vhi = bang
      while vhi > vlo && isSpace(s[vhi - 1]) { vhi -= 1 }
    }
    guard vlo < vhi else {
      ok = nil
      return nil
    }
    return Declaration(
      name: lowercasedName(name), value: collapsingSpaces(s[vlo..<vhi]), important: important)
  }

  /// The name ASCII-lowercased, as the full parser gives it; custom properties (`--x`) keep
  /// their case. Names are mostly written in lowercase: then they are taken as they are.
  private static func lowercasedName(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    let isCustom =
      name.count > 1 && name[name.startIndex] == 0x2D && name[name.startIndex + 1] == 0x2D
    guard !isCustom, name.contains(where: { $0 &- 0x41 < 26 }) else {
      return String(decoding: name, as: UTF8.self)
    }
    return String(decoding: name.lazy.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// Whether `word` is `important` in any ASCII case.
  private static func isImportant(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    let expected = "important".utf8
    guard word.count == expected.count else { return false }
    return zip(word, expected).allSatisfy { (c, e) in (c &- 0x41 < 26 ? c | 0x20 : c) == e }
  }

  /// The value with each run of spaces written as one space (the value is trimmed already).
  private static func collapsingSpaces(_ v: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    var previousSpace = false
    let plain = v.allSatisfy { c in
      let space = isSpace(c)
      defer { previousSpace = space }
      return !space || (c == 0x20 && !previousSpace)
    }
    if plain { return String(decoding: v, as: UTF8.self) }
    var value: [UInt8] = []
    value.reserveCapacity(v.count)
    for c in v {
      if isSpace(c) {
        if value.last != 0x20 { value.append(0x20) }
      } else {
        value.append(c)
      }
    }
    return String(decoding: value, as: UTF8.self)
  }

  private static func isSpace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
  }

  /// Plain ASCII CSS identifiers: no escapes, not starting with a digit or `-digit`.
  private static func isIdentifier(_ s: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    guard let first = s.first else { return false }
    func letter(_ c: UInt8) -> Bool {
      (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == UInt8(ascii: "_")
    }
    func digit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    if digit(first) { return false }
    if first == UInt8(ascii: "-") {
      guard s.count > 1 else { return false }
      let second = s[s.startIndex + 1]
      guard letter(second) || second == UInt8(ascii: "-") else { return false }
    }
    return s.allSatisfy { letter($0) || digit($0) || $0 == UInt8(ascii: "-") }
  }
}
