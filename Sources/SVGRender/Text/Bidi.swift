import SVGTree

/// An element's part in bidirectional reordering: CSS `unicode-bidi` other than `normal`
/// with the element's `direction` (CSS Writing Modes 3 §2.4). Inside a text chunk it
/// becomes the explicit formatting characters of UAX #9 around the element's characters.
struct BidiEmbedding: Equatable {
  enum Kind { case embed, isolate, override, isolateOverride, plaintext }

  var element: NodeID
  var kind: Kind
  var rtl: Bool

  /// Nil for `unicode-bidi: normal` (and unknown values), which adds no embedding.
  init?(element: NodeID, unicodeBidi: String?, rtl: Bool) {
    switch unicodeBidi {
    case "embed": kind = .embed
    case "isolate": kind = .isolate
    case "bidi-override": kind = .override
    case "isolate-override": kind = .isolateOverride
    case "plaintext": kind = .plaintext
    default: return nil
    }
    self.element = element
    self.rtl = rtl
  }

  /// LRE/RLE, LRI/RLI, LRO/RLO, LRI/RLI + LRO/RLO, FSI.
  var openers: [UInt32] {
    switch kind {
    case .embed: [rtl ? 0x202B : 0x202A]
    case .isolate: [rtl ? 0x2067 : 0x2066]
    case .override: [rtl ? 0x202E : 0x202D]
    case .isolateOverride: [rtl ? 0x2067 : 0x2066, rtl ? 0x202E : 0x202D]
    case .plaintext: [0x2068]
    }
  }

  /// PDF, PDI, PDF, PDF + PDI, PDI.
  var closers: [UInt32] {
    switch kind {
    case .embed, .override: [0x202C]
    case .isolate, .plaintext: [0x2069]
    case .isolateOverride: [0x202C, 0x2069]
    }
  }
}

/// The bidi context of a text chunk: its paragraph direction and, for each run of
/// characters held by one element, the embeddings of that element and its ancestors
/// below the `text` element (outermost first).
struct BidiParagraph {
  var rtl = false
  /// The `text` element's own `unicode-bidi`: `bidi-override` (or `isolate-override`)
  /// overrides the whole paragraph, `plaintext` takes its direction from its first strong
  /// character.
  var override = false
  var plaintext = false
}

/// A run of characters of one embedding level, as a UTF-8 byte range of the chunk text.
struct BidiRun: Equatable {
  var range: Range<Int>
  var rtl: Bool
}

/// Bidirectional reordering (UAX #9) of one text chunk, laid out as a single line: the
/// levels come from GNU FriBidi (see ``FriBidi``), the runs are returned in visual order.
enum Bidi {
  /// Runs of equal level in visual order (rule L2), each with its direction.
  /// `segments` gives, for consecutive UTF-8 byte ranges covering `text`, the embeddings
  /// the characters are inside (outermost first); ranges not covered have none.
  static func visualRuns(
    _ text: String, paragraph: BidiParagraph = BidiParagraph(),
    segments: [(range: Range<Int>, embeddings: [BidiEmbedding])] = []
  ) -> [BidiRun] {
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { return [] }
    if !needsFriBidi(text, paragraph: paragraph, segments: segments) {
      return [BidiRun(range: 0..<text.utf8.count, rtl: false)]
    }
    // The characters given to FriBidi: the text with the formatting characters of the
    // embeddings inserted; `origin` maps each back to its scalar (nil when inserted).
    var chars: [UInt32] = []
    var origin: [Int?] = []
    func insert(_ cs: [UInt32]) {
      chars += cs
      origin += Array(repeating: nil, count: cs.count)
    }
    if paragraph.override { insert([paragraph.rtl ? 0x202E : 0x202D]) }
    var open: [BidiEmbedding] = []
    var segment = 0
    var byte = 0
    for (i, s) in scalars.enumerated() {
      while segment < segments.count, segments[segment].range.upperBound <= byte {
        segment += 1
      }
      let wanted =
        segment < segments.count && segments[segment].range.contains(byte)
        ? segments[segment].embeddings : []
      if wanted != open {
        var common = 0
        while common < min(open.count, wanted.count), open[common] == wanted[common] {
          common += 1
        }
        for e in open[common...].reversed() { insert(e.closers) }
        for e in wanted[common...] { insert(e.openers) }
        open = wanted
      }
      chars.append(s.value)
      origin.append(i)
      byte += UTF8.width(s)
    }
    for e in open.reversed() { insert(e.closers) }
    if paragraph.override { insert([0x202C]) }

    let base: FriBidi.BaseDirection = paragraph.plaintext ? .auto : paragraph.rtl ? .rtl : .ltr
    var levels = [UInt8](repeating: paragraph.rtl ? 1 : 0, count: scalars.count)
    if let resolved = FriBidi.levels(chars, base: base) {
      for (k, o) in origin.enumerated() {
        if let o { levels[o] = UInt8(max(0, resolved.levels[k])) }
      }
    }
    return runs(scalars, levels)
  }

  /// Whether ``visualRuns(_:paragraph:segments:)`` asks FriBidi for the levels: not for
  /// left-to-right text with nothing that can be right-to-left, which is one run at level
  /// 0. FriBidi is loaded only for text that needs it (``TextElement``).
  static func needsFriBidi(
    _ text: String, paragraph: BidiParagraph,
    segments: [(range: Range<Int>, embeddings: [BidiEmbedding])]
  ) -> Bool {
    paragraph.rtl || paragraph.override || !segments.allSatisfy { $0.embeddings.isEmpty }
      || text.unicodeScalars.contains(where: mayBeRightToLeft)
  }

  /// Whether `s` is a right-to-left letter, an Arabic number or an explicit formatting
  /// character, or might be one (the blocks and planes where they are): what can give a
  /// left-to-right paragraph a level other than 0.
  static func mayBeRightToLeft(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x0590...0x08FF, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFB1D...0xFDFF,
      0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      true
    default: false
    }
  }

  /// Groups scalars of equal level into runs and puts them in visual order (rule L2).
  private static func runs(_ scalars: [Unicode.Scalar], _ levels: [UInt8]) -> [BidiRun] {
    var runs: [(range: Range<Int>, level: UInt8)] = []
    var offset = 0
    for (i, s) in scalars.enumerated() {
      let n = UTF8.width(s)
      if let last = runs.last, last.level == levels[i] {
        runs[runs.count - 1].range = last.range.lowerBound..<(offset + n)
      } else {
        runs.append((offset..<(offset + n), levels[i]))
      }
      offset += n
    }
    // L2: from the highest level down to the lowest odd one, reverse every sequence at or
    // above it.
    let maxLevel = runs.map(\.level).max() ?? 0
    let minOdd = (runs.map(\.level).min() ?? 0) | 1
    var level = maxLevel
    while level >= minOdd {
      var i = 0
      while i < runs.count {
        guard runs[i].level >= level else {
          i += 1
          continue
        }
        var j = i
        while j < runs.count, runs[j].level >= level { j += 1 }
        runs[i..<j].reverse()
        i = j
      }
      level -= 1
    }
    return runs.map { BidiRun(range: $0.range, rtl: $0.level % 2 == 1) }
  }
}
