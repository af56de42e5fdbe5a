import SVGGeometry

/// Why path data stopped being read: a message and the byte offset in the `d` string.
public struct PathDataError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  /// Byte offset (UTF-8) of the offending character; the string's length at its end.
  public var offset: Int

  public init(message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }

  public var description: String { "path data, offset \(offset): \(message)" }
}

/// SVG path data (the `d` attribute) read into an absolute ``Path``.
public enum PathData {
  /// Parses `d` with the full SVG 2 grammar: every command in both cases, implicit repeated
  /// commands (pairs after a moveto are linetos), smooth-curve reflection, arcs (converted to
  /// cubics) with flags written without separators, and numbers such as `1e-3.5.5`.
  ///
  /// On an error the path keeps every segment completed before it, as browsers render it
  /// (SVG 2 "error handling in path data"), and the error says what and where. Data that does
  /// not begin with a moveto is an error with an empty path; empty data is an empty path and
  /// no error. Quadratics stay `.quad`. After a closepath the current point returns to the
  /// subpath start, and a drawing command there begins a new subpath with an explicit `.move`.
  public static func parse(_ d: String) -> (path: Path, error: PathDataError?) {
    var parser = PathDataParser(d)
    let error = parser.run()
    return (Path(parser.elements), error)
  }
}

private struct PathDataParser {
  var s: ValueScanner
  var elements: [PathElement] = []
  var current = Point.zero
  var subpathStart = Point.zero
  /// True after a closepath until the next moveto.
  var needsMove = false
  var lastCubicControl: Point?
  var lastQuadControl: Point?

  /// Room is made for one element per 32 bytes of `d`: the 26.5 MB of path data in the 40
  /// largest openclipart drawings make 0.81 M elements, one per 32.7 bytes. The array is
  /// the path the render tree keeps; room for one per 8 bytes left three quarters of it
  /// unused (56 bytes an element), which raised the largest render's peak by 2.4 MiB.
  init(_ d: String) {
    s = ValueScanner(d)
    elements.reserveCapacity(s.bytes.count / 32)
  }

  mutating func fail(_ message: String) -> PathDataError {
    PathDataError(message: message, offset: s.position)
  }

  /// Reads commands until the end or the first error.
  mutating func run() -> PathDataError? {
    var command: UInt8 = 0
    s.skipSpaces()
    while let c = s.peek {
      if command == 0 && c | 0x20 != UInt8(ascii: "m") {
        return fail("path data must begin with a moveto (M or m)")
      }
      if Self.isCommand(c) {
        command = c
        s.advance()
        s.skipSpaces()
      } else if command != 0, Self.startsNumber(c), command | 0x20 != UInt8(ascii: "z") {
        // Implicit repetition of the previous command.
      } else {
        let ch = Character(Unicode.Scalar(c))
        return fail(c < 0x80 ? "unexpected character '\(ch)'" : "unexpected byte \(c)")
      }
      if let e = segment(command) { return e }
      if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
      if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
    }
    return nil
  }

  static func isCommand(_ c: UInt8) -> Bool {
    switch c | 0x20 {
    case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
      UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"),
      UInt8(ascii: "a"), UInt8(ascii: "z"):
      return true
    default: return false
    }
  }

  static func startsNumber(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
      || c == UInt8(ascii: ".")
  }

  mutating func number() throws(PathDataError) -> Double {
    guard let v = s.number() else {
      throw fail(s.isAtEnd ? "expected a number, found the end" : "expected a number")
    }
    s.skipCommaSpaces()
    return v
  }

  mutating func flag() throws(PathDataError) -> Bool {
    guard let f = s.flag() else { throw fail("expected an arc flag (0 or 1)") }
    s.skipCommaSpaces()
    return f
  }

  mutating func point(relative: Bool) throws(PathDataError) -> Point {
    let x = try number()
    let y = try number()
    return relative ? Point(current.x + x, current.y + y) : Point(x, y)
  }

  /// Starts a new subpath at the current point when drawing follows a closepath.
  mutating func draw(_ el: PathElement, to end: Point) {
    if needsMove {
      elements.append(.move(current))
      needsMove = false
    }
    elements.append(el)
    current = end
  }

  /// Parses one segment of `command` (all its arguments) and appends it; on error appends
  /// nothing.
  mutating func segment(_ command: UInt8) -> PathDataError? {
    let rel = command >= UInt8(ascii: "a")
    var cubicControl: Point? = nil
    var quadControl: Point? = nil
    do throws(PathDataError) {
      switch command | 0x20 {
      case UInt8(ascii: "m"):
        let p = try point(relative: rel)
        elements.append(.move(p))
        current = p
        subpathStart = p
        needsMove = false
      case UInt8(ascii: "l"):
        let p = try point(relative: rel)
        draw(.line(p), to: p)
      case UInt8(ascii: "h"):
        let x = try number()
        let p = Point(rel ? current.x + x : x, current.y)
        draw(.line(p), to: p)
      case UInt8(ascii: "v"):
        let y = try number()
        let p = Point(current.x, rel ? current.y + y : y)
        draw(.line(p), to: p)
      case UInt8(ascii: "c"):
        let c1 = try point(relative: rel)
        let c2 = try point(relative: rel)
        let p = try point(relative: rel)
        draw(.cubic(c1, c2, p), to: p)
        cubicControl = c2
      case UInt8(ascii: "s"):
        let c2 = try point(relative: rel)
        let p = try point(relative: rel)
        let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
        draw(.cubic(c1, c2, p), to: p)
        cubicControl = c2
      case UInt8(ascii: "q"):
        let c = try point(relative: rel)
        let p = try point(relative: rel)
        draw(.quad(c, p), to: p)
        quadControl = c
      case UInt8(ascii: "t"):
        let p = try point(relative: rel)
        let c = lastQuadControl.map { current * 2 - $0 } ?? current
        draw(.quad(c, p), to: p)
        quadControl = c
      case UInt8(ascii: "a"):
        let rx = try number()
        let ry = try number()
        let rotation = try number()
        let large = try flag()
        let sweep = try flag()
        let p = try point(relative: rel)
        let arc = Arc.cubics(
          from: current, to: p, rx: rx, ry: ry, xAxisRotation: rotation, largeArc: large,
          sweep: sweep)
        for el in arc { draw(el, to: p) }
      default:  // z
        elements.append(.close)
        current = subpathStart
        needsMove = true
      }
    } catch {
      return error
    }
    lastCubicControl = cubicControl
    lastQuadControl = quadControl
    return nil
  }
}
