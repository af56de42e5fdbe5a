import SVGGeometry
import SVGTree

/// Resolves `pointer-events` and `visibility` of a shape into its ``HitArea``.
enum HitAreaResolver {
  /// The hit area of `node` (already given its fill and stroke), or nil when it is the
  /// default: a visible shape hit where it paints.
  static func resolve(_ style: StyleValues, node: PathNode, viewport: Size) -> HitArea? {
    var pointerEvents = PointerEvents.visiblePainted
    if let keyword = style.keyword(.pointerEvents) {
      if let value = PointerEvents(keyword: keyword) {
        pointerEvents = value
      } else if keyword != "auto" {
        style.context.warn(
          "unknown pointer-events \"\(keyword)\"; using visiblePainted", at: style.id)
      }
    }
    let visible = style.isVisible
    if pointerEvents == .visiblePainted && visible { return nil }
    let placeholder = RenderPaint.color(Color(r: 0, g: 0, b: 0, alpha: 0))
    return HitArea(
      pointerEvents: pointerEvents, isVisible: visible, fillPainted: node.fill != nil,
      strokePainted: node.stroke != nil,
      fillRule: style.keyword(.fillRule) == "evenodd" ? .evenOdd : .nonZero,
      stroke: node.stroke ?? PaintResolver.outline(style, paint: placeholder, viewport: viewport))
  }
}
