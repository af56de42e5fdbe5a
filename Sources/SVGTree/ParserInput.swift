import CLibXML2

/// How libxml2 is handed the input: read where it is, or copied into its own buffer.
///
/// `xmlParserInputBufferCreateMem` copies the whole input before the parse starts: for a
/// large drawing a fresh block as large as the file, which the kernel maps a page at a
/// time (347 of the 4,000 page faults of a 1.4 MB drawing), on the thread that then builds
/// the tree. A static buffer (`xmlParserInputBufferCreateStatic`) is the input where it is.
/// libxml2 2.9 reads one only with care, and an input it cannot read so is copied as before:
/// - It reads the byte after the input, which must be zero (the reader appends one).
/// - It shrinks a static buffer wrongly (`xmlParserInputShrink` moves its place back as if
///   the bytes had moved, and parses them again), and growing one adds nothing. Both are
///   skipped for a parse marked progressive, and nothing else in a pull parse reads that
///   mark, so the parse is marked (``markParse(_:)``): the whole input is there already.
/// - It cannot transcode from a static buffer: once the XML declaration switches to
///   another encoding, it converts the first line and reads no further. An input that
///   declares an encoding other than UTF-8 (or that libxml2 takes for EBCDIC) is copied.
///
/// A read callback that hands libxml2 the input a chunk at a time copies little too, but
/// libxml2 parses a start tag again from its `<` each time its buffer moves as it grows:
/// the tag of a 1.6 MB path took three times as long to read.
enum ParserInput {
  /// libxml2's buffer of `input`, whose next byte in memory must be zero, and whether it is
  /// the input itself (the parse must then be marked, ``markParse(_:)``). `transcoded`: the
  /// input is not ASCII-compatible (UTF-16), and is copied.
  static func buffer(_ input: UnsafeBufferPointer<UInt8>, transcoded: Bool) -> (
    buffer: xmlParserInputBufferPtr, inPlace: Bool
  )? {
    let count = Int32(input.count)
    let inPlace = !transcoded && readsInPlace(MarkupBytes(input))
    let buffer = input.baseAddress!.withMemoryRebound(to: CChar.self, capacity: input.count + 1) {
      inPlace
        ? xmlParserInputBufferCreateStatic($0, count, XML_CHAR_ENCODING_NONE)
        : xmlParserInputBufferCreateMem($0, count, XML_CHAR_ENCODING_NONE)
    }
    return buffer.map { ($0, inPlace) }
  }

  /// Marks the parse of an input read in place, once its options are set (see above).
  static func markParse(_ ctxt: xmlParserCtxtPtr) { ctxt.pointee.progressive = 1 }

  /// Whether libxml2 reads the ASCII-compatible `input` as UTF-8 throughout: not EBCDIC
  /// (`<?xm` in it), and with no XML declaration, or one that names UTF-8 or no encoding.
  /// A declaration without its `?>` counts as naming another.
  static func readsInPlace(_ input: MarkupBytes) -> Bool {
    let ebcdic =
      input.count >= 4 && input[0] == 0x4C && input[1] == 0x6F && input[2] == 0xA7
      && input[3] == 0x94
    guard input.count > 0, !ebcdic else { return false }
    let prolog = input.prologEnd()
    let bom = input.starts("\u{FEFF}", at: 0) ? 3 : 0
    let declared =
      input.starts("<?xml", at: bom) && bom + 5 < input.count && MarkupBytes.isSpace(input[bom + 5])
    if declared && prolog == bom { return false }
    guard let encoding = input.declaredEncoding() else {
      return !(0..<prolog).contains { input.starts("encoding", at: $0) }
    }
    return encoding == "utf-8" || encoding == "utf8"
  }
}
