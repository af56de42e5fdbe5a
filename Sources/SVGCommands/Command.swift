import SVGGeometry
import SVGTree

/// One edit of the command language. Its ``description`` is the canonical text form, which
/// reads back as the same command: the command log is stored as these lines.
public enum Command: Sendable, Hashable, CustomStringConvertible {
  /// `setActiveColor(255, 0, 0)`: the colour that `fill` and `fillAt` paint with.
  case setActiveColor(Color)
  /// `fill(ID)`: sets the element's fill to the active colour.
  case fill(ElementReference)
  /// `fillAt(X, Y[, TOLERANCE])`: fills the top-most element with a painted fill under a
  /// point of the root's user space (document coordinates), with the active colour. When
  /// no filled element is under the point (a tap on a line or a corner between regions),
  /// the filled element nearest the point within `tolerance` (document units, 0 when not
  /// given) is filled.
  case fillAt(Point, tolerance: Double = 0)
  /// `fillRegionAt(X, Y[, GAP])`: fills the region enclosed by the lines around a point of
  /// the root's user space with the active colour, as a new `<path>` below the lines (or
  /// recolours the region fill already there). Breaks in lines narrower than `gap` (document
  /// units, 0 when not given) are closed. A region reaching the edge of the drawing is the
  /// page background and is refused.
  case fillRegionAt(Point, gap: Double)
  /// `setFill(ID, COLOR)`.
  case setFill(ElementReference, Color)
  /// `setStroke(ID, COLOR)`.
  case setStroke(ElementReference, Color)
  /// `setOpacity(ID, VALUE)`: the element's `opacity`, `0...1`.
  case setOpacity(ElementReference, Double)
  /// `moveBy(ID, DX, DY)`: translates the element by a vector of document coordinates.
  case moveBy(ElementReference, dx: Double, dy: Double)
  /// `moveToIndex(ID, N)`: places the element at position `N` among its parent's element
  /// children, `0` being the bottom of the stack (painted first).
  case moveToIndex(ElementReference, Int)
  /// `moveAt(X, Y, TOX, TOY)`: moves the element that a hit test at `(X, Y)` names first
  /// (the outermost `use` for a clone, as `svg-query --at` answers) by the drag vector
  /// `(TOX - X, TOY - Y)`, as ``moveBy(_:dx:dy:)`` moves it. Both points are in document
  /// coordinates.
  case moveAt(Point, to: Point)
  /// `bringToFront(ID)`: the element becomes the last of its parent's element children
  /// (painted over its siblings).
  case bringToFront(ElementReference)
  /// `sendToBack(ID)`: the element becomes the first of its parent's element children
  /// (painted under its siblings).
  case sendToBack(ElementReference)
  /// `insertImage(X, Y, WIDTH, HEIGHT, DATA_URL)`: a PNG, JPEG or WebP photo given as a
  /// `data:` URL, placed on top of the drawing (the last child of the root) as an `<image>`
  /// filling the box of document coordinates (its aspect ratio kept). See ``ImageInsertion``.
  case insertImage(Rect, dataURL: String)
  /// `reset(ID)`: the element and its subtree back as the file had them.
  case reset(ElementReference)
  /// `resetAll()`: the whole document back as the file had it.
  case resetAll
  /// `undo()`: reverts the last command that changed the document and is not undone yet
  /// (`setActiveColor` changes no document, and the active colour stays). An error when
  /// there is none. Written to the log like any command: the log only grows.
  case undo
  /// `redo()`: re-applies the command the last `undo()` reverted. A command that changes
  /// the document after an `undo()` ends what can be redone; an error when there is none.
  case redo

  /// The command's name as written in both forms.
  public var name: String {
    switch self {
    case .setActiveColor: "setActiveColor"
    case .fill: "fill"
    case .fillAt: "fillAt"
    case .fillRegionAt: "fillRegionAt"
    case .setFill: "setFill"
    case .setStroke: "setStroke"
    case .setOpacity: "setOpacity"
    case .moveBy: "moveBy"
    case .moveToIndex: "moveToIndex"
    case .moveAt: "moveAt"
    case .bringToFront: "bringToFront"
    case .sendToBack: "sendToBack"
    case .insertImage: "insertImage"
    case .reset: "reset"
    case .resetAll: "resetAll"
    case .undo: "undo"
    case .redo: "redo"
    }
  }

  /// The arguments in their canonical text form.
  public var arguments: [String] {
    switch self {
    case .setActiveColor(let c): Self.colorArguments(c)
    case .fill(let e), .reset(let e), .bringToFront(let e), .sendToBack(let e): [e.description]
    case .fillAt(let p, let tolerance):
      [Self.number(p.x), Self.number(p.y)] + (tolerance == 0 ? [] : [Self.number(tolerance)])
    case .fillRegionAt(let p, let gap): [Self.number(p.x), Self.number(p.y), Self.number(gap)]
    case .setFill(let e, let c), .setStroke(let e, let c): [e.description, c.description]
    case .setOpacity(let e, let v): [e.description, Self.number(v)]
    case .moveBy(let e, let dx, let dy): [e.description, Self.number(dx), Self.number(dy)]
    case .moveToIndex(let e, let n): [e.description, String(n)]
    case .moveAt(let p, let q): [p.x, p.y, q.x, q.y].map(Self.number)
    case .insertImage(let r, let url):
      [r.x, r.y, r.width, r.height].map(Self.number) + [Self.dataArgument(url)]
    case .resetAll, .undo, .redo: []
    }
  }

  /// The text form: `setFill(sky, #ff0000)`.
  public var description: String { "\(name)(\(arguments.joined(separator: ", ")))" }

  /// The URL form, as hybrid apps send it: `svg://fillAt/120.5/40`. Each argument is
  /// percent-encoded, so an index path `/0/3` travels as `%2F0%2F3` and `#` as `%23`.
  public var url: String { url(scheme: .svg) }

  /// The URL form in the app's scheme: `myapp://fillAt/120.5/40`, or with `colons`
  /// `myapp:fillAt:120.5:40`. Each argument is percent-encoded (`/` and `:` included).
  public func url(scheme: CommandURLScheme, colons: Bool = false) -> String {
    var args = arguments
    switch self {
    case .fill(let e), .reset(let e), .setFill(let e, _), .setStroke(let e, _),
      .setOpacity(let e, _), .moveBy(let e, _, _), .moveToIndex(let e, _), .bringToFront(let e),
      .sendToBack(let e):
      args[0] = e.text
    case .insertImage(_, let url):
      args[4] = url
    default: break
    }
    let encoded = args.map { PercentEncoding.encode($0, keeping: ",()") }
    return colons
      ? ([scheme.name + ":" + name] + encoded).joined(separator: ":")
      : ([scheme.name + "://" + name] + encoded).joined(separator: "/")
  }

  /// A `data:` URL as one argument of the text form: the characters the argument syntax
  /// uses (parentheses, quotes, spaces) percent-encoded, which leaves the data the same.
  static func dataArgument(_ url: String) -> String {
    var out = ""
    for c in url.unicodeScalars {
      if "()\"' \t".unicodeScalars.contains(c) {
        out += "%" + String(c.value, radix: 16, uppercase: true)
      } else {
        out.unicodeScalars.append(c)
      }
    }
    return out
  }

  /// An opaque colour as three channels, else as a CSS colour.
  static func colorArguments(_ c: Color) -> [String] {
    c.alpha >= 1 ? [String(c.r), String(c.g), String(c.b)] : [c.description]
  }

  /// The shortest text that reads back as `v`, without a trailing `.0`.
  static func number(_ v: Double) -> String {
    var t = "\(v)"
    if t.hasSuffix(".0") { t.removeLast(2) }
    return t
  }
}

/// How a command names an element: by `id`, or by index path (`/0/3`) when it starts
/// with `/`. Resolved against the document as it is when the command runs.
public struct ElementReference: Sendable, Hashable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  public var text: String

  public init(_ text: String) { self.text = text }
  public init(stringLiteral value: String) { self.text = value }

  /// The element it names in `document`, if any.
  public func resolve(in document: Document) -> NodeID? {
    document.element(referencedBy: text)
  }

  /// The text, in quotes when it holds characters the argument syntax uses.
  public var description: String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy { c in
        !(c.properties.isWhitespace || ",()\"'#;".unicodeScalars.contains(c))
      }
    if plain { return text }
    return text.contains("\"") ? "'" + text + "'" : "\"" + text + "\""
  }
}
