import CFontconfig

/// `font-style` of a face or a request.
enum FontStyle: Sendable, Hashable {
  case normal, italic, oblique
}

/// What a text span asks for: `font-family` list, `font-weight`, `font-style`,
/// `font-stretch` (1 = ultra-condensed ... 5 = normal ... 9 = ultra-expanded).
struct FontRequest: Hashable, Sendable {
  var families: [String]
  var weight = 400
  var style = FontStyle.normal
  var stretch = 5

  static let generics: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy"]

  /// The generic family `name` stands for, when it is one (unquoted, any case).
  static func generic(_ name: String) -> String? {
    let l = name.lowercased()
    return generics.contains(l) ? l : nil
  }

  /// Parses a `font-family` list: quoted names, or identifiers joined by single spaces.
  /// Quoted generic names are kept quoted (`"serif"` is a family called serif).
  static func families(parsing text: String) -> [String]? {
    var out: [String] = []
    var s = Substring(text)
    func skipSpaces() { while let c = s.first, c.isWhitespace { s.removeFirst() } }
    while true {
      skipSpaces()
      guard let c = s.first else { break }
      if c == "\"" || c == "'" {
        s.removeFirst()
        guard let end = s.firstIndex(of: c) else { return nil }
        let name = String(s[..<end])
        out.append(generic(name) != nil ? "\"\(name)\"" : name)
        s = s[s.index(after: end)...]
      } else {
        let end = s.firstIndex(of: ",") ?? s.endIndex
        let words = s[..<end].split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        out.append(words.joined(separator: " "))
        s = s[end...]
      }
      skipSpaces()
      if s.first == "," {
        s.removeFirst()
      } else if !s.isEmpty {
        return nil
      }
    }
    return out
  }
}

/// One face fontconfig listed.
struct FaceInfo: @unchecked Sendable {
  var families: [String]
  var path: String
  var index: Int
  var weight: Int
  var style: FontStyle
  var stretch: Int
  /// fontconfig's character set of the face (owned; never freed, like the database).
  var coverage: OpaquePointer?

  /// The face's file and index in it, `path#index`.
  var key: String { "\(path)#\(index)" }

  /// Whether `other` describes the face as this does: families, weight, style, stretch and
  /// character set.
  func sameDescription(as other: FaceInfo) -> Bool {
    guard
      families == other.families && weight == other.weight && style == other.style
        && stretch == other.stretch
    else { return false }
    switch (coverage, other.coverage) {
    case (nil, nil): return true
    case let (a?, b?): return FcCharSetEqual(a, b) != 0
    default: return false
    }
  }

  func hasFamily(_ name: String) -> Bool {
    let n = name.hasPrefix("\"") ? String(name.dropFirst().dropLast()) : name
    let lower = n.lowercased()
    return families.contains { $0.lowercased() == lower }
  }

  func covers(_ scalar: Unicode.Scalar) -> Bool {
    guard let coverage else { return false }
    return FcCharSetHasChar(coverage, scalar.value) != 0
  }

  /// fontconfig's `width` (50 ... 200) to the CSS stretch scale 1 ... 9.
  static func stretch(fontconfigWidth w: Int) -> Int {
    let steps = [50, 63, 75, 87, 100, 113, 125, 150, 200]
    var best = 4
    for (i, s) in steps.enumerated() where abs(s - w) < abs(steps[best] - w) { best = i }
    return best + 1
  }

  /// The CSS Fonts 3 matching algorithm (§5.2 step 4): narrow by stretch, then style,
  /// then weight.
  static func bestMatch(_ candidates: [Int], in faces: [FaceInfo], for r: FontRequest) -> Int? {
    guard !candidates.isEmpty else { return nil }
    var set = candidates
    // Stretch: exact, else narrower first for normal-or-narrower requests, wider otherwise.
    let stretches = Set(set.map { faces[$0].stretch })
    let stretch: Int
    if stretches.contains(r.stretch) {
      stretch = r.stretch
    } else if r.stretch <= 5 {
      stretch =
        stretches.filter { $0 < r.stretch }.max() ?? stretches.filter { $0 > r.stretch }.min()!
    } else {
      stretch =
        stretches.filter { $0 > r.stretch }.min() ?? stretches.filter { $0 < r.stretch }.max()!
    }
    set = set.filter { faces[$0].stretch == stretch }
    // Style.
    let order: [FontStyle] =
      switch r.style {
      case .italic: [.italic, .oblique, .normal]
      case .oblique: [.oblique, .italic, .normal]
      case .normal: [.normal, .oblique, .italic]
      }
    for s in order where set.contains(where: { faces[$0].style == s }) {
      set = set.filter { faces[$0].style == s }
      break
    }
    // Weight.
    let weights = Set(set.map { faces[$0].weight })
    let w = r.weight
    let chosen: Int
    if weights.contains(w) {
      chosen = w
    } else if w >= 400 && w <= 500 {
      chosen =
        weights.filter { $0 > w && $0 <= 500 }.min() ?? weights.filter { $0 < w }.max()
        ?? weights.filter { $0 > 500 }.min()!
    } else if w < 400 {
      chosen = weights.filter { $0 < w }.max() ?? weights.filter { $0 > w }.min()!
    } else {
      chosen = weights.filter { $0 > w }.min() ?? weights.filter { $0 < w }.max()!
    }
    return set.first { faces[$0].weight == chosen }
  }
}
