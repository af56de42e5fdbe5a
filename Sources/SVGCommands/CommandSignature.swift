import SVGGeometry
import SVGTree

extension CommandScript {
  /// Every command with its arguments, as help texts and the service's description list
  /// them: `fillAt(X, Y[, TOLERANCE])`.
  public static var usages: [String] { CommandSignature.all.map(\.usage) }
}

/// The commands that exist and the arguments each takes; turns a ``RawCommand`` into a
/// typed ``Command`` or an error at the argument that is wrong.
enum CommandSignature {
  enum Parameter {
    case element, number, integer, opacity
    /// A number greater than 0.
    case positive
    /// A `data:` URL, the rest of the arguments (its commas split nothing): always the last.
    case dataURL
    /// A number 0 or more that may be left out (then 0): always the last parameter.
    case optionalDistance
    /// A CSS colour as one argument, or `R, G, B[, A]` channels: always the last parameter.
    case color
  }

  static let all: [(name: String, parameters: [Parameter], usage: String)] = [
    ("setActiveColor", [.color], "setActiveColor(COLOR)"),
    ("fill", [.element], "fill(ID)"),
    ("fillAt", [.number, .number, .optionalDistance], "fillAt(X, Y[, TOLERANCE])"),
    ("fillRegionAt", [.number, .number, .optionalDistance], "fillRegionAt(X, Y[, GAP])"),
    ("setFill", [.element, .color], "setFill(ID, COLOR)"),
    ("setStroke", [.element, .color], "setStroke(ID, COLOR)"),
    ("setOpacity", [.element, .opacity], "setOpacity(ID, VALUE)"),
    ("moveBy", [.element, .number, .number], "moveBy(ID, DX, DY)"),
    ("moveToIndex", [.element, .integer], "moveToIndex(ID, N)"),
    ("moveAt", [.number, .number, .number, .number], "moveAt(X, Y, TOX, TOY)"),
    ("bringToFront", [.element], "bringToFront(ID)"),
    ("sendToBack", [.element], "sendToBack(ID)"),
    (
      "insertImage", [.number, .number, .positive, .positive, .dataURL],
      "insertImage(X, Y, WIDTH, HEIGHT, DATA_URL)"
    ),
    ("reset", [.element], "reset(ID)"),
    ("resetAll", [], "resetAll()"),
    ("undo", [], "undo()"),
    ("redo", [], "redo()"),
  ]

  static func check(name: String, at location: SourceLocation) throws(CommandError) {
    guard all.contains(where: { $0.name == name }) else { throw unknown(name, at: location) }
  }

  private static func unknown(_ name: String, at location: SourceLocation) -> CommandError {
    let names = all.map(\.name).joined(separator: ", ")
    return CommandError("unknown command '\(name)' (commands: \(names))", at: location)
  }

  /// A value read from one or more arguments.
  private enum Value {
    case element(ElementReference)
    case number(Double)
    case color(Color)
    case text(String)

    var element: ElementReference { if case .element(let e) = self { e } else { "" } }
    var number: Double { if case .number(let v) = self { v } else { 0 } }
    var color: Color { if case .color(let c) = self { c } else { .black } }
    var text: String { if case .text(let t) = self { t } else { "" } }
  }

  static func typed(_ raw: RawCommand) throws(CommandError) -> ScriptCommand {
    guard let sig = all.first(where: { $0.name == raw.name }) else {
      throw unknown(raw.name, at: raw.location(raw.column))
    }
    let args = raw.arguments
    let fixed = sig.parameters.last == .color ? sig.parameters.count - 1 : sig.parameters.count
    let colorCount = args.count - fixed
    let optional = sig.parameters.last == .optionalDistance
    let countOK =
      switch sig.parameters.last {
      case .color: [1, 3, 4].contains(colorCount)
      case .dataURL: args.count >= fixed
      default: args.count == fixed || (optional && args.count == fixed - 1)
      }
    guard countOK else {
      let colour =
        sig.parameters.last == .color
        ? " (COLOR is one CSS colour or 3 numbers R, G, B)" : ""
      let at =
        args.count > sig.parameters.count && sig.parameters.last != .dataURL
        ? args[sig.parameters.count].column : raw.column
      throw CommandError(
        "\(sig.usage) takes \(optional ? "\(fixed - 1) or " : "")\(sig.parameters.count) argument"
          + "\(sig.parameters.count == 1 ? "" : "s")"
          + "\(colour), not \(args.count)", at: raw.location(at))
    }
    var values: [Value] = []
    for (k, p) in sig.parameters.enumerated() where k < args.count {
      if p == .color {
        values.append(.color(try color(Array(args[k...]), raw)))
      } else if p == .dataURL {
        values.append(.text(try dataURL(Array(args[k...]), raw)))
      } else {
        values.append(try value(p, args[k], raw))
      }
    }
    let command: Command
    switch raw.name {
    case "setActiveColor": command = .setActiveColor(values[0].color)
    case "fill": command = .fill(values[0].element)
    case "fillAt":
      let tolerance = values.count > 2 ? values[2].number : 0
      command = .fillAt(Point(values[0].number, values[1].number), tolerance: tolerance)
    case "fillRegionAt":
      let gap = values.count > 2 ? values[2].number : 0
      command = .fillRegionAt(Point(values[0].number, values[1].number), gap: gap)
    case "setFill": command = .setFill(values[0].element, values[1].color)
    case "setStroke": command = .setStroke(values[0].element, values[1].color)
    case "setOpacity": command = .setOpacity(values[0].element, values[1].number)
    case "moveBy": command = .moveBy(values[0].element, dx: values[1].number, dy: values[2].number)
    case "moveToIndex": command = .moveToIndex(values[0].element, Int(values[1].number))
    case "moveAt":
      command = .moveAt(
        Point(values[0].number, values[1].number), to: Point(values[2].number, values[3].number))
    case "bringToFront": command = .bringToFront(values[0].element)
    case "sendToBack": command = .sendToBack(values[0].element)
    case "insertImage":
      let box = Rect(
        x: values[0].number, y: values[1].number, width: values[2].number,
        height: values[3].number)
      command = .insertImage(box, dataURL: values[4].text)
    case "reset": command = .reset(values[0].element)
    case "undo": command = .undo
    case "redo": command = .redo
    default: command = .resetAll
    }
    return ScriptCommand(
      command, location: raw.location(raw.column),
      argumentLocations: args.map { raw.location($0.column) })
  }

  private static func value(_ p: Parameter, _ a: RawCommand.Argument, _ raw: RawCommand)
    throws(CommandError) -> Value
  {
    let at = raw.location(a.column)
    if p == .element {
      if a.text.hasPrefix("/"), ElementPath(a.text) == nil {
        throw CommandError("'\(a.text)' is not an index path such as /0/3", at: at)
      }
      let syntax = a.text.contains { $0.isWhitespace || $0 == "(" || $0 == ")" }
      if !a.quoted, !a.literal, syntax {
        throw CommandError("expected an element id or index path, not '\(a.text)'", at: at)
      }
      return .element(ElementReference(a.text))
    }
    guard !a.quoted, let v = number(a.text) else {
      throw CommandError("expected a number, not '\(a.text)'", at: at)
    }
    switch p {
    case .integer:
      guard v == v.rounded(), abs(v) < 1e9 else {
        throw CommandError("expected a whole number, not '\(a.text)'", at: at)
      }
    case .opacity:
      guard (0...1).contains(v) else {
        throw CommandError("opacity must be between 0 and 1, not '\(a.text)'", at: at)
      }
    case .optionalDistance:
      guard v >= 0 else { throw CommandError("expected 0 or more, not '\(a.text)'", at: at) }
    case .positive:
      guard v > 0 else { throw CommandError("expected more than 0, not '\(a.text)'", at: at) }
    default: break
    }
    return .number(v)
  }

  /// A `data:` URL written as one or more arguments (the commas of `data:image/png;base64,`
  /// split it when it is not quoted): they are joined back with commas.
  private static func dataURL(_ args: [RawCommand.Argument], _ raw: RawCommand)
    throws(CommandError) -> String
  {
    let text = args.map(\.text).joined(separator: ",")
    guard text.prefix(5).lowercased() == "data:" else {
      let shown = text.count > 40 ? text.prefix(37) + "..." : text[...]
      throw CommandError(
        "expected a data: URL such as data:image/png;base64,..., not '\(shown)'",
        at: raw.location(args[0].column))
    }
    return text
  }

  /// One CSS colour argument, or 3 or 4 channel arguments (0-255, alpha 0-1).
  private static func color(_ args: [RawCommand.Argument], _ raw: RawCommand)
    throws(CommandError) -> Color
  {
    if args.count == 1 {
      do throws(ValueError) {
        return try Color(parsing: args[0].text)
      } catch {
        throw CommandError("invalid colour: \(error.message)", at: raw.location(args[0].column))
      }
    }
    var channels: [UInt8] = []
    for a in args.prefix(3) {
      guard !a.quoted, let v = number(a.text), v == v.rounded(), (0...255).contains(v) else {
        throw CommandError(
          "a colour channel is a whole number 0 to 255, not '\(a.text)'",
          at: raw.location(a.column))
      }
      channels.append(UInt8(v))
    }
    var alpha = 1.0
    if args.count == 4 {
      guard !args[3].quoted, let v = number(args[3].text), (0...1).contains(v) else {
        throw CommandError(
          "alpha is a number 0 to 1, not '\(args[3].text)'", at: raw.location(args[3].column))
      }
      alpha = v
    }
    return Color(r: channels[0], g: channels[1], b: channels[2], alpha: alpha)
  }

  /// The whole text as one SVG number, nil otherwise.
  static func number(_ text: String) -> Double? {
    var s = ValueScanner(text)
    guard let v = s.number(), s.isAtEnd, v.isFinite else { return nil }
    return v
  }
}
