import SVGGeometry
import SVGTree

/// `radialGradient`: from the focal circle (fx, fy, fr) to the end circle (cx, cy, r).
enum RadialGradientElement {
  /// `r`, in gradient units (50% by default).
  static func radius(_ gradient: GradientElement, context: BuildContext, state: BuildState)
    -> Double
  {
    gradient.coordinate(
      "r", axis: .other, default: Length(50, .percent), context: context,
      viewport: state.viewport)
  }

  /// The gradient in gradient space: its transform is gradientTransform alone.
  static func resolve(_ gradient: GradientElement, context: BuildContext, state: BuildState)
    -> RenderPaint
  {
    func coordinate(_ name: String, _ axis: LengthAxis, _ value: Length) -> Double {
      gradient.coordinate(
        name, axis: axis, default: value, context: context, viewport: state.viewport)
    }
    let center = Point(
      coordinate("cx", .x, Length(50, .percent)), coordinate("cy", .y, Length(50, .percent)))
    // fx and fy default to the centre actually used, wherever cx and cy came from.
    let focus = Point(
      coordinate("fx", .x, Length(center.x)), coordinate("fy", .y, Length(center.y)))
    var focalRadius = coordinate("fr", .other, .zero)
    if focalRadius < 0 {
      context.warn("negative fr on a radial gradient; using 0", at: gradient.id)
      focalRadius = 0
    }
    return .radialGradient(
      RadialGradient(
        center: center, radius: radius(gradient, context: context, state: state), focus: focus,
        focalRadius: focalRadius, transform: gradient.gradientTransform,
        spread: gradient.spread, stops: gradient.stops))
  }
}
