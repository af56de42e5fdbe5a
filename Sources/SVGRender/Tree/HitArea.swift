import SVGGeometry

/// The `pointer-events` values of SVG 2 (interact.html): which parts of a shape answer a
/// hit test, and whether `visibility` and the paints matter.
public enum PointerEvents: String, Sendable, CaseIterable {
  case visiblePainted, visibleFill, visibleStroke, visible, painted, fill, stroke, all, none
  case boundingBox = "bounding-box"

  /// The value for a computed `pointer-events` keyword (case-insensitive); nil if unknown.
  public init?(keyword: String) {
    guard let v = Self.allCases.first(where: { $0.rawValue.lowercased() == keyword.lowercased() })
    else { return nil }
    self = v
  }

  /// Whether the shape must be visible to be hit (the `visible...` values).
  public var needsVisibility: Bool {
    switch self {
    case .visiblePainted, .visibleFill, .visibleStroke, .visible: true
    default: false
    }
  }
}

/// How a shape answers hit tests when that differs from what it paints: a `pointer-events`
/// other than `visiblePainted`, or a hidden shape (`visibility: hidden`).
///
/// Kept beside the painting data because hit areas reach where paint does not: an unpainted
/// stroke still has a width for `pointer-events: stroke`, a hidden shape still answers
/// `pointer-events: all`.
public struct HitArea: Sendable {
  public var pointerEvents: PointerEvents
  public var isVisible: Bool
  /// Whether `fill` (or `stroke`) is something other than `none`, for the `painted` values.
  public var fillPainted: Bool
  public var strokePainted: Bool
  public var fillRule: FillRule
  /// The stroke's geometry whether painted or not (its paint is meaningless); nil when the
  /// stroke width is not positive.
  public var stroke: Stroke?

  public init(
    pointerEvents: PointerEvents, isVisible: Bool, fillPainted: Bool, strokePainted: Bool,
    fillRule: FillRule, stroke: Stroke?
  ) {
    self.pointerEvents = pointerEvents
    self.isVisible = isVisible
    self.fillPainted = fillPainted
    self.strokePainted = strokePainted
    self.fillRule = fillRule
    self.stroke = stroke
  }

  /// Which areas of the shape answer: its fill area, its stroke area (both may).
  public var areas: (fill: Bool, stroke: Bool) {
    if pointerEvents.needsVisibility && !isVisible { return (false, false) }
    switch pointerEvents {
    case .visiblePainted, .painted: return (fillPainted, strokePainted)
    case .visibleFill, .fill: return (true, false)
    case .visibleStroke, .stroke: return (false, true)
    case .visible, .all, .boundingBox: return (true, true)
    case .none: return (false, false)
    }
  }
}

extension PathNode {
  /// How the node answers hit tests: ``hitArea`` when set, else what it paints.
  public var resolvedHitArea: HitArea {
    hitArea
      ?? HitArea(
        pointerEvents: .visiblePainted, isVisible: true, fillPainted: fill != nil,
        strokePainted: stroke != nil, fillRule: fill?.rule ?? .nonZero, stroke: stroke)
  }
}
