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

  private static func function(_ s: inout ValueScanner) throws(ValueError) -> TransformFunction {
    let start = s.position
    _ = s.letters()
    let name = String(decoding: s.bytes[start..<s.position], as: UTF8.self)
    guard ["matrix", "translate", "scale", "rotate", "skewX", "skewY"].contains(name) else {
      let shown = name.isEmpty ? s.remainder : name
      throw ValueError("unknown transform '\(shown)'", text: s.text, position: start)
    }
    s.skipSpaces()
    try s.expect("(")
    let args = try arguments(&s)
    func requireCount(_ allowed: [Int]) throws(ValueError) {
      guard allowed.contains(args.count) else {
        let expected = allowed.map(String.init).joined(separator: " or ")
        throw ValueError(
          "\(name)() takes \(expected) arguments, not \(args.count)", text: s.text,
          position: start)
      }
    }
    switch name {
    case "matrix":
      try requireCount([6])
      return .matrix(a: args[0], b: args[1], c: args[2], d: args[3], e: args[4], f: args[5])
    case "translate":
      try requireCount([1, 2])
      return .translate(x: args[0], y: args.count > 1 ? args[1] : 0)
    case "scale":
      try requireCount([1, 2])
      return .scale(x: args[0], y: args.count > 1 ? args[1] : args[0])
    case "rotate":
      try requireCount([1, 3])
      return .rotate(
        angle: args[0], cx: args.count > 1 ? args[1] : 0, cy: args.count > 1 ? args[2] : 0)
    case "skewX":
      try requireCount([1])
      return .skewX(args[0])
    default:
      try requireCount([1])
      return .skewY(args[0])
    }
  }

  /// Reads numbers up to and including `)`.
  private static func arguments(_ s: inout ValueScanner) throws(ValueError) -> [Double] {
    var args: [Double] = []
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
