import SVGGeometry

/// One function of a `transform` list, as written (kept so edits can write it back).
public enum TransformFunction: Hashable, Sendable {
  case matrix(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)
  case translate(x: Double, y: Double)
  case scale(x: Double, y: Double)
  /// Rotation by `angle` degrees about `(cx, cy)`.
  case rotate(angle: Double, cx: Double, cy: Double)
  case skewX(Double)
  case skewY(Double)

  /// The matrix this function stands for.
  public var transform: Transform {
    switch self {
    case let .matrix(a, b, c, d, e, f): return Transform(a: a, b: b, c: c, d: d, e: e, f: f)
    case let .translate(x, y): return .translate(x, y)
    case let .scale(x, y): return .scale(x, y)
    case let .rotate(angle, cx, cy):
      if cx == 0 && cy == 0 { return .rotate(angle) }
      return .translate(cx, cy) * .rotate(angle) * .translate(-cx, -cy)
    case let .skewX(angle): return .skewX(angle)
    case let .skewY(angle): return .skewY(angle)
    }
  }
}

/// The value of `transform`, `gradientTransform` or `patternTransform`.
///
/// SVG says a list with an error is ignored as a whole (the element keeps the identity
/// transform), so parsing throws on any error and the caller warns and uses ``Transform/identity``.
public struct TransformList: Hashable, Sendable, CustomStringConvertible {
  public var functions: [TransformFunction]

  public init(_ functions: [TransformFunction] = []) { self.functions = functions }

  /// The product of the functions, left to right (`A B` maps through `B` first).
  public var transform: Transform {
    functions.reduce(Transform.identity) { $0 * $1.transform }
  }

  /// Parses `matrix(a b c d e f)`, `translate(x [y])`, `scale(x [y])`,
  /// `rotate(a [cx cy])`, `skewX(a)`, `skewY(a)`, separated by spaces and/or one comma;
  /// arguments are separated by spaces and/or one comma. Names are case-sensitive, spaces
  /// may precede `(`. Empty text and `none` give an empty list.
  public init(parsing text: String) throws(ValueError) {
    var s = ValueScanner(text)
    var functions: [TransformFunction] = []
    s.skipSpaces()
    if s.consume(word: "none") {
      try s.expectEnd()
      self.init()
      return
    }
    while !s.isAtEnd {
      functions.append(try Self.function(&s))
      s.skipSpaces()
      if s.consume(",") {
        s.skipSpaces()
        if s.isAtEnd { throw s.error("expected a transform after ','") }
      }
    }
    self.init(functions)
  }

  /// The transform functions by name.
  private enum Name: CaseIterable {
    case matrix, translate, scale, rotate, skewX, skewY

    var text: StaticString {
      switch self {
      case .matrix: "matrix"
      case .translate: "translate"
      case .scale: "scale"
      case .rotate: "rotate"
      case .skewX: "skewX"
      case .skewY: "skewY"
      }
    }

    /// The argument counts the function takes.
    var counts: [Int] {
      switch self {
      case .matrix: [6]
      case .translate, .scale: [1, 2]
      case .rotate: [1, 3]
      case .skewX, .skewY: [1]
      }
    }

    init?(_ bytes: ArraySlice<UInt8>) {
      guard
        let name = Self.allCases.first(where: {
          $0.text.withUTF8Buffer { $0.elementsEqual(bytes) }
        })
      else { return nil }
      self = name
    }
  }

  private static func function(_ s: inout ValueScanner) throws(ValueError) -> TransformFunction {
    let start = s.position
    while let c = s.peek, (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A { s.advance() }
    guard let name = Name(s.bytes[start..<s.position]) else {
      let shown =
        s.position > start
        ? String(decoding: s.bytes[start..<s.position], as: UTF8.self) : s.remainder
      throw ValueError("unknown transform '\(shown)'", text: s.text, position: start)
    }
    s.skipSpaces()
    try s.expect("(")
    let args = try arguments(&s)
    guard name.counts.contains(args.count) else {
      let expected = name.counts.map(String.init).joined(separator: " or ")
      throw ValueError(
        "\(name.text)() takes \(expected) arguments, not \(args.count)", text: s.text,
        position: start)
    }
    switch name {
    case .matrix:
      return .matrix(a: args[0], b: args[1], c: args[2], d: args[3], e: args[4], f: args[5])
    case .translate: return .translate(x: args[0], y: args.count > 1 ? args[1] : 0)
    case .scale: return .scale(x: args[0], y: args.count > 1 ? args[1] : args[0])
    case .rotate:
      return .rotate(
        angle: args[0], cx: args.count > 1 ? args[1] : 0, cy: args.count > 1 ? args[2] : 0)
    case .skewX: return .skewX(args[0])
    case .skewY: return .skewY(args[0])
    }
  }

  /// Reads numbers up to and including `)`.
  private static func arguments(_ s: inout ValueScanner) throws(ValueError) -> [Double] {
    var args: [Double] = []
    args.reserveCapacity(6)
    s.skipSpaces()
    while !s.consume(")") {
      if s.isAtEnd { throw s.error("expected ')'") }
      if !args.isEmpty {
        s.skipCommaSpaces()
      }
      args.append(try s.expectNumber())
      s.skipSpaces()
    }
    return args
  }

  /// The list as SVG text, e.g. `translate(10 20) rotate(45)`.
  public var description: String {
    functions.map { f -> String in
      switch f {
      case let .matrix(a, b, c, d, e, f):
        return "matrix(\([a, b, c, d, e, f].map(\.svgText).joined(separator: " ")))"
      case let .translate(x, y): return "translate(\(x.svgText) \(y.svgText))"
      case let .scale(x, y): return "scale(\(x.svgText) \(y.svgText))"
      case let .rotate(a, cx, cy):
        if cx == 0 && cy == 0 { return "rotate(\(a.svgText))" }
        return "rotate(\(a.svgText) \(cx.svgText) \(cy.svgText))"
      case let .skewX(a): return "skewX(\(a.svgText))"
      case let .skewY(a): return "skewY(\(a.svgText))"
      }
    }.joined(separator: " ")
  }
}
