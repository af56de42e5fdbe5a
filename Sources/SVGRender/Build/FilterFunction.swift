import SVGGeometry
import SVGTree

/// A CSS filter function (`blur()`, `drop-shadow()`, `grayscale()`...) with its argument
/// parsed; it becomes a one-primitive ``Filter`` working in sRGB.
enum FilterFunction {
  case blur(Length)
  case dropShadow(color: Color?, dx: Length, dy: Length, stdDeviation: Length)
  case brightness(Double), contrast(Double), grayscale(Double), invert(Double)
  case opacity(Double), saturate(Double), sepia(Double)
  case hueRotate(degrees: Double)

  init(name: String, argument: String) throws(ValueError) {
    let args = FilterFunction.tokens(argument)
    func amount() throws(ValueError) -> Double {
      guard !args.isEmpty else { return 1 }
      guard args.count == 1 else { throw ValueError("\(name)() takes one value", text: argument) }
      var t = args[0]
      let percent = t.hasSuffix("%")
      if percent { t.removeLast() }
      guard let v = Double(t), v >= 0 else {
        throw ValueError("invalid \(name)() amount '\(args[0])'", text: argument)
      }
      return percent ? v / 100 : v
    }
    switch name {
    case "blur":
      guard args.count <= 1 else { throw ValueError("blur() takes one length", text: argument) }
      self = .blur(
        try args.first.map { t throws(ValueError) in try Self.length(t, positive: true) } ?? .zero)
    case "drop-shadow": self = try Self.dropShadow(args, argument)
    case "brightness": self = .brightness(try amount())
    case "contrast": self = .contrast(try amount())
    case "grayscale": self = .grayscale(try amount())
    case "invert": self = .invert(try amount())
    case "opacity": self = .opacity(try amount())
    case "saturate": self = .saturate(try amount())
    case "sepia": self = .sepia(try amount())
    case "hue-rotate":
      guard args.count <= 1 else {
        throw ValueError("hue-rotate() takes one angle", text: argument)
      }
      guard let t = args.first else {
        self = .hueRotate(degrees: 0)
        return
      }
      // Units are required, except for zero.
      if let v = Double(t) {
        guard v == 0 else { throw ValueError("hue-rotate() needs an angle unit", text: argument) }
        self = .hueRotate(degrees: 0)
      } else {
        self = .hueRotate(degrees: try Angle(parsing: t).degrees)
      }
    default:
      throw ValueError("unknown filter function '\(name)'", text: argument)
    }
  }

  /// Splits on spaces outside parentheses (so `rgb(1, 2, 3)` stays one token).
  private static func tokens(_ text: String) -> [String] {
    var out: [String] = []
    var current = ""
    var depth = 0
    for c in text {
      if c == "(" { depth += 1 }
      if c == ")" { depth -= 1 }
      if depth == 0 && (c == " " || c == "\t" || c == "\n") {
        if !current.isEmpty { out.append(current) }
        current = ""
      } else {
        current.append(c)
      }
    }
    if !current.isEmpty { out.append(current) }
    return out
  }

  private static func length(_ t: String, positive: Bool) throws(ValueError) -> Length {
    let l = try Length(parsing: t)
    guard l.unit != .percent else { throw ValueError("percentages are not allowed", text: t) }
    guard !positive || l.value >= 0 else { throw ValueError("negative length", text: t) }
    return l
  }

  private static func dropShadow(_ args: [String], _ text: String) throws(ValueError)
    -> FilterFunction
  {
    var rest = args[...]
    var color: Color?
    var sawColor = false
    func takeColor() {
      guard let t = rest.first, Double(t.prefix(1)) == nil, !t.hasPrefix("-"),
        !t.hasPrefix(".")
      else { return }
      if t.lowercased() == "currentcolor" {
        sawColor = true
        rest.removeFirst()
      } else if let c = try? Color(parsing: t) {
        color = c
        sawColor = true
        rest.removeFirst()
      }
    }
    takeColor()
    guard rest.count >= 2 else { throw ValueError("drop-shadow() needs two offsets", text: text) }
    let dx = try length(rest.removeFirst(), positive: false)
    let dy = try length(rest.removeFirst(), positive: false)
    var std = Length.zero
    if let t = rest.first, let l = try? length(t, positive: true) {
      std = l
      rest.removeFirst()
    }
    if !sawColor { takeColor() }
    guard rest.isEmpty else {
      throw ValueError("unexpected '\(rest[rest.startIndex])'", text: text)
    }
    return .dropShadow(color: color, dx: dx, dy: dy, stdDeviation: std)
  }

  /// The one-primitive filter. Functions have no region of their own; like resvg, a box
  /// around the element's bounding box is used (wider for the ones that spread).
  func filter(bbox: Rect, style: StyleValues, viewport: Size) -> Filter {
    let lengths = style.lengthContext(viewport)
    func px(_ l: Length) -> Double { l.resolve(in: lengths, axis: .other) }
    let kind: FilterKind
    var spreads = false
    switch self {
    case .blur(let l):
      spreads = true
      kind = .gaussianBlur(.sourceGraphic, stdDeviationX: px(l), stdDeviationY: px(l))
    case .dropShadow(let color, let dx, let dy, let std):
      spreads = true
      kind = .dropShadow(
        .sourceGraphic,
        DropShadow(
          dx: px(dx), dy: px(dy), stdDeviationX: px(std), stdDeviationY: px(std),
          color: color ?? style.color))
    case .brightness(let a):
      var t = ComponentTransfer()
      t.red = .linear(slope: a, intercept: 0)
      t.green = t.red
      t.blue = t.red
      kind = .componentTransfer(.sourceGraphic, t)
    case .contrast(let a):
      var t = ComponentTransfer()
      t.red = .linear(slope: a, intercept: -0.5 * a + 0.5)
      t.green = t.red
      t.blue = t.red
      kind = .componentTransfer(.sourceGraphic, t)
    case .invert(let a):
      let a = min(a, 1)
      var t = ComponentTransfer()
      t.red = .table([a, 1 - a])
      t.green = t.red
      t.blue = t.red
      kind = .componentTransfer(.sourceGraphic, t)
    case .opacity(let a):
      var t = ComponentTransfer()
      t.alpha = .table([0, min(a, 1)])
      kind = .componentTransfer(.sourceGraphic, t)
    case .saturate(let a):
      kind = .colorMatrix(.sourceGraphic, .saturate(a))
    case .hueRotate(let d):
      kind = .colorMatrix(.sourceGraphic, .hueRotate(degrees: d))
    case .grayscale(let a):
      let k = 1 - min(a, 1)
      kind = .colorMatrix(
        .sourceGraphic,
        .matrix([
          0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k, 0, 0,
          0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k, 0, 0,
          0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k, 0, 0,
          0, 0, 0, 1, 0,
        ]))
    case .sepia(let a):
      let k = 1 - min(a, 1)
      kind = .colorMatrix(
        .sourceGraphic,
        .matrix([
          0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k, 0, 0,
          0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k, 0, 0,
          0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k, 0, 0,
          0, 0, 0, 1, 0,
        ]))
    }
    let unit =
      spreads
      ? Rect(x: -0.5, y: -0.5, width: 2, height: 2)
      : Rect(x: -0.1, y: -0.1, width: 1.2, height: 1.2)
    let region = Rect(
      x: bbox.x + unit.x * bbox.width, y: bbox.y + unit.y * bbox.height,
      width: unit.width * bbox.width, height: unit.height * bbox.height)
    return Filter(
      region: region,
      primitives: [
        FilterPrimitive(subregion: region, linearRGB: false, result: "result", kind: kind)
      ])
  }
}
