import SVGGeometry
import SVGTree

/// The `<stop>` children of a gradient: offsets, `stop-color` and `stop-opacity`.
enum GradientStops {
  /// The stops of `gradient`, in order, normalized (see ``normalized(_:)``). Children other
  /// than `<stop>` are skipped with a diagnostic.
  static func read(from gradient: NodeID, context: BuildContext) -> [GradientStop] {
    var stops: [GradientStop] = []
    for child in context.document.elementChildren(of: gradient) {
      guard context.document.isSVGElement(child, named: "stop") else {
        context.warn(
          "<\(context.document[child].name)> in a gradient is not a stop; ignored", at: child)
        continue
      }
      let style = context.style(child)
      var color = style.colorProperty(.stopColor, default: .black)
      color.alpha *= style.opacity(.stopOpacity)
      stops.append(GradientStop(offset: offset(of: child, context: context), color: color))
    }
    return normalized(stops)
  }

  /// `offset`: a number or a percentage, clamped to 0...1; 0 when absent or invalid.
  static func offset(of stop: NodeID, context: BuildContext) -> Double {
    guard let text = context.document.attribute("offset", of: stop) else { return 0 }
    guard let length = try? Length(parsing: text), length.unit == .none || length.unit == .percent
    else {
      context.warn("invalid stop offset \"\(text)\" (a number or a percentage); using 0", at: stop)
      return 0
    }
    let value = length.unit == .percent ? length.value / 100 : length.value
    return min(max(value, 0), 1)
  }

  /// Orders offsets as resvg does, so that every backend draws the same sharp transitions:
  /// of three or more stops at one offset only the first and the last stay; a stop before
  /// its predecessor's offset moves up to it; and where two stops share an offset the first
  /// moves back by a hair. Offsets never decrease afterwards.
  static func normalized(_ input: [GradientStop]) -> [GradientStop] {
    // One pass (a file may hold 100,000 stops at one offset): a stop that continues a run
    // of equal offsets replaces the run's previous last stop.
    var stops: [GradientStop] = []
    stops.reserveCapacity(input.count)
    for stop in input {
      let n = stops.count
      if n >= 2 && stops[n - 1].offset == stop.offset && stops[n - 2].offset == stop.offset {
        stops[n - 1] = stop
      } else {
        stops.append(stop)
      }
    }
    let hair = Double(Float.ulpOfOne)
    if stops.count >= 2 {
      for i in 0..<(stops.count - 1) where stops[i].offset == 0 && stops[i + 1].offset == 0 {
        stops[i + 1].offset = min(stops[i].offset + hair, 1)
      }
    }
    if stops.count >= 2 {
      for i in 1..<stops.count where stops[i - 1].offset >= stops[i].offset {
        let previous = stops[i - 1].offset
        stops[i - 1].offset = max(previous - hair, 0)
        stops[i].offset = previous
      }
    }
    return stops
  }
}
