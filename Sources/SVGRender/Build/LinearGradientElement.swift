import SVGGeometry
import SVGTree

/// `linearGradient`: the gradient vector from (x1, y1) to (x2, y2).
enum LinearGradientElement {
  /// The gradient in gradient space: its transform is gradientTransform alone.
  static func resolve(_ gradient: GradientElement, context: BuildContext, state: BuildState)
    -> RenderPaint
  {
    func coordinate(_ name: String, _ axis: LengthAxis, _ value: Length) -> Double {
      gradient.coordinate(
        name, axis: axis, default: value, context: context, viewport: state.viewport)
    }
    let start = Point(coordinate("x1", .x, .zero), coordinate("y1", .y, .zero))
    let end = Point(coordinate("x2", .x, Length(100, .percent)), coordinate("y2", .y, .zero))
    return .linearGradient(
      LinearGradient(
        start: start, end: end, transform: gradient.gradientTransform,
        spread: gradient.spread, stops: gradient.stops))
  }
}
