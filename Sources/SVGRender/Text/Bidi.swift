/// A compact subset of the Unicode Bidirectional Algorithm (UAX #9) for one left-to-right
/// paragraph without explicit embeddings: strong letters set the direction, numbers
/// inside right-to-left text stay left-to-right, neutrals take the direction of the strong
/// text around them, and the runs are reordered visually (rule L2).
enum Bidi {
  enum Class { case left, right, number, neutral }

  static func classify(_ s: Unicode.Scalar) -> Class {
    let v = s.value
    switch v {
    case 0x30...0x39, 0x660...0x669, 0x6F0...0x6F9: return .number
    case 0x590...0x8FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      return .right
    case 0x200F: return .right
    case 0x200E: return .left
    default: break
    }
    let letter = s.properties.isAlphabetic && !isMark(s)
    return letter || s.properties.generalCategory == .otherSymbol && v > 0x2000 ? .left : .neutral
  }

  /// The embedding level of each scalar of `text` (0 = left-to-right, 1 = right-to-left,
  /// 2 = a number inside right-to-left text).
  static func levels(_ scalars: [Unicode.Scalar]) -> [UInt8] {
    let classes = scalars.map(classify)
    var levels = [UInt8](repeating: 0, count: scalars.count)
    // Strong direction before each position (numbers count as left for neutrals, W7).
    var i = 0
    while i < classes.count {
      switch classes[i] {
      case .left: levels[i] = 0
      case .right: levels[i] = 1
      case .number:
        let before = previousStrong(classes, i)
        levels[i] = before == .right ? 2 : 0
      case .neutral:
        var j = i
        while j < classes.count, classes[j] == .neutral { j += 1 }
        let before = previousStrong(classes, i)
        let after = j < classes.count ? classes[j] : Class.left
        let afterDir: Class = after == .number ? (before == .right ? .right : .left) : after
        let level: UInt8 = before == .right && afterDir == .right ? 1 : 0
        for k in i..<j { levels[k] = level }
        i = j
        continue
      }
      i += 1
    }
    // Marks take the level of the character they attach to.
    for k in 1..<max(1, scalars.count) where isMark(scalars[k]) { levels[k] = levels[k - 1] }
    return levels
  }

  private static func isMark(_ s: Unicode.Scalar) -> Bool {
    switch s.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark: true
    default: s.value == 0x200D || (0xFE00...0xFE0F).contains(s.value)
    }
  }

  private static func previousStrong(_ classes: [Class], _ i: Int) -> Class {
    var k = i - 1
    while k >= 0 {
      if classes[k] == .left || classes[k] == .right { return classes[k] }
      k -= 1
    }
    return .left
  }

  /// Runs of equal level in visual order, as UTF-8 byte ranges of `text`, each with whether
  /// it is right-to-left.
  static func visualRuns(_ text: String) -> [(range: Range<Int>, rtl: Bool)] {
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { return [] }
    let levels = levels(scalars)
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
    // L2: from the highest level down to 1, reverse every sequence at or above it.
    let maxLevel = runs.map(\.level).max() ?? 0
    var level = maxLevel
    while level >= 1 {
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
    return runs.map { ($0.range, $0.level % 2 == 1) }
  }
}
