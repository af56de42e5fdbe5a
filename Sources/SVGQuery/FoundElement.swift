import SVGTree

/// An element as query results name it: its `id` if it has one, its index path always,
/// its tag.
public struct FoundElement: Hashable, Sendable, CustomStringConvertible {
  public var node: NodeID
  public var id: String?
  /// The qualified tag name (`rect`, `svg:g`).
  public var tag: String
  /// For an element a hit test found, the path its scene's table of elements keeps: a hit
  /// retains it, and allocates nothing for it.
  public var indexPath: ElementPath

  init(node: NodeID, id: String?, tag: String, indexPath: ElementPath) {
    (self.node, self.id, self.tag, self.indexPath) = (node, id, tag, indexPath)
  }

  /// How the element is shown in plain output: its id, or its index path when it has none
  /// (both are accepted wherever an element is referenced).
  public var name: String { id.flatMap { $0.isEmpty ? nil : $0 } ?? indexPath.description }

  public var description: String { name }
}

/// One element under a point.
///
/// For content cloned by `use`, ``element`` is the outermost `use` element, as a browser's
/// `elementFromPoint` answers (the clone's shadow tree is retargeted to the `use`): that is
/// the element to move or recolour for this one instance. ``shape`` then names the element
/// inside the referenced content whose geometry was hit, and ``uses`` the `use` elements
/// crossed, outermost first. Without a clone, ``shape`` is ``element`` and ``uses`` is empty.
///
/// A hit holds its elements as nodes of its scene's table of elements, and names them
/// (``FoundElement``) when they are read: outside a `use` clone, making, copying or
/// destroying a result retains or releases the table alone, whatever is asked of it later.
public struct Hit: Hashable, Sendable {
  public enum Part: String, Sendable {
    case fill, stroke, image, text
    /// `pointer-events: bounding-box`.
    case boundingBox = "bounding-box"
  }

  /// The table that names ``element`` and ``shape``, and the nodes it names.
  private let names: ElementTable
  private let elementNode: NodeID
  private let shapeNode: NodeID
  /// A clone's `use` elements and what was set by hand; nil for most hits.
  private var extra: Extra?

  public var element: FoundElement {
    get { extra?.element ?? names.ref(elementNode) }
    set { extra = Extra(extra, element: newValue) }
  }
  /// The element's ancestors, nearest first, up to the root `<svg>`. Worked out when read,
  /// from the scene's table of elements: a hit that is not asked for them costs nothing
  /// for them.
  public var ancestors: [FoundElement] {
    get { extra?.ancestors ?? names.ancestors(of: element) }
    set { extra = Extra(extra, ancestors: newValue) }
  }
  public var shape: FoundElement {
    get { extra?.shape ?? names.ref(shapeNode) }
    set { extra = Extra(extra, shape: newValue) }
  }
  public var uses: [FoundElement] {
    get { extra?.uses ?? [] }
    set { extra = Extra(extra, uses: newValue) }
  }
  /// What was hit: the fill area, the stroke, an image, text's glyph boxes.
  public var part: Part
  /// Whether the shape hit paints a fill (a `fill` other than `none` that resolves to a
  /// colour, gradient or pattern): what `fillAt` recolours.
  public var paintsFill: Bool
  /// The flattened shape that was hit (for tests and diagnostics).
  var leaf: Int

  init(
    names: ElementTable, element: NodeID, shape: NodeID, uses: [FoundElement], part: Part,
    paintsFill: Bool, leaf: Int
  ) {
    self.names = names
    elementNode = element
    shapeNode = shape
    extra = uses.isEmpty ? nil : Extra(nil, uses: uses)
    self.part = part
    self.paintsFill = paintsFill
    self.leaf = leaf
  }

  /// What a hit holds beyond its table's nodes; never changed, replaced when a value is set.
  private final class Extra: Sendable {
    let element: FoundElement?
    let shape: FoundElement?
    let uses: [FoundElement]?
    let ancestors: [FoundElement]?

    init(
      _ old: Extra?, element: FoundElement? = nil, shape: FoundElement? = nil,
      uses: [FoundElement]? = nil, ancestors: [FoundElement]? = nil
    ) {
      self.element = element ?? old?.element
      self.shape = shape ?? old?.shape
      self.uses = uses ?? old?.uses
      self.ancestors = ancestors ?? old?.ancestors
    }
  }

  public static func == (a: Hit, b: Hit) -> Bool {
    a.element == b.element && a.shape == b.shape && a.uses == b.uses && a.part == b.part
      && a.paintsFill == b.paintsFill && a.leaf == b.leaf && a.ancestors == b.ancestors
  }

  /// Hashes some of what ``==`` compares: the element, the part and the shape hit.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(element)
    hasher.combine(part)
    hasher.combine(leaf)
  }
}

extension Hit: CustomStringConvertible {
  /// The values a result shows, not the table it reads them from: what a failing test or a
  /// log prints.
  public var description: String {
    let via = uses.isEmpty ? "" : ", uses: \(uses)"
    return "Hit(element: \(element), shape: \(shape)\(via), part: \(part.rawValue), "
      + "paintsFill: \(paintsFill))"
  }
}

extension Document {
  /// The result name of element `id`.
  func ref(_ id: NodeID) -> FoundElement {
    let node = self[id]
    return FoundElement(
      node: id, id: node.id, tag: node.qualifiedName,
      indexPath: indexPath(of: id) ?? ElementPath([]))
  }

  /// The element ancestors of `id`, nearest first.
  func elementAncestors(of id: NodeID) -> [FoundElement] {
    ancestors(of: id).filter { self[$0].isElement }.map { ref($0) }
  }
}
