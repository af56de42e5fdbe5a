import SVGGeometry
import SVGTree

/// A resolved `<filter>` (or one CSS filter function): its region and its primitives, all in
/// the filtered group's user space (`objectBoundingBox` units already applied).
public struct Filter: Sendable {
  /// The filter region: nothing outside it is drawn.
  public var region: Rect
  public var primitives: [FilterPrimitive]

  public init(region: Rect, primitives: [FilterPrimitive]) {
    self.region = region
    self.primitives = primitives
  }
}

/// One filter primitive with its subregion, colour space and result name.
public struct FilterPrimitive: Sendable {
  /// The primitive subregion in user space; the result is clipped to it.
  public var subregion: Rect
  /// `color-interpolation-filters: linearRGB` (the default) rather than `sRGB`.
  public var linearRGB: Bool
  /// The `result` name (generated when absent) that later `in`/`in2` refer to.
  public var result: String
  public var kind: FilterKind

  public init(subregion: Rect, linearRGB: Bool, result: String, kind: FilterKind) {
    self.subregion = subregion
    self.linearRGB = linearRGB
    self.result = result
    self.kind = kind
  }
}

/// Where a primitive reads its pixels from. `BackgroundImage`, `FillPaint` and friends
/// resolve to `SourceGraphic` (with a diagnostic), as resvg and Chrome do.
public enum FilterInput: Sendable, Hashable {
  case sourceGraphic
  case sourceAlpha
  case result(String)
}

/// The primitives. Lengths are in user space; the backend scales them to device pixels.
public enum FilterKind: Sendable {
  case blend(BlendMode, FilterInput, FilterInput)
  case colorMatrix(FilterInput, ColorMatrix)
  case componentTransfer(FilterInput, ComponentTransfer)
  case composite(CompositeOperator, FilterInput, FilterInput)
  case convolveMatrix(FilterInput, ConvolveMatrix)
  case diffuseLighting(FilterInput, Lighting)
  case specularLighting(FilterInput, Lighting)
  case displacementMap(FilterInput, FilterInput, DisplacementMap)
  case dropShadow(FilterInput, DropShadow)
  /// A solid colour (its alpha includes `flood-opacity`).
  case flood(Color)
  case gaussianBlur(FilterInput, stdDeviationX: Double, stdDeviationY: Double)
  /// Drawn content: an image, or a referenced element, placed in user space.
  case image(Group)
  case merge([FilterInput])
  case morphology(FilterInput, dilate: Bool, radiusX: Double, radiusY: Double)
  case offset(FilterInput, dx: Double, dy: Double)
  case tile(FilterInput)
  case turbulence(Turbulence)
}

/// `feColorMatrix`'s operation.
public enum ColorMatrix: Sendable, Hashable {
  /// 20 values, row-major, for R', G', B', A' from R, G, B, A, 1.
  case matrix([Double])
  case saturate(Double)
  case hueRotate(degrees: Double)
  case luminanceToAlpha
}

/// `feComponentTransfer`'s four functions.
public struct ComponentTransfer: Sendable, Hashable {
  public enum Function: Sendable, Hashable {
    case identity
    case table([Double])
    case discrete([Double])
    case linear(slope: Double, intercept: Double)
    case gamma(amplitude: Double, exponent: Double, offset: Double)
  }

  public var red: Function = .identity
  public var green: Function = .identity
  public var blue: Function = .identity
  public var alpha: Function = .identity

  public init() {}
}

public enum CompositeOperator: Sendable, Hashable {
  case over, `in`, out, atop, xor, lighter
  case arithmetic(k1: Double, k2: Double, k3: Double, k4: Double)
}

public struct ConvolveMatrix: Sendable, Hashable {
  public enum EdgeMode: Sendable, Hashable { case none, duplicate, wrap }
  public var orderX: Int
  public var orderY: Int
  /// `orderX * orderY` values, row-major.
  public var kernel: [Double]
  public var divisor: Double
  public var bias: Double
  public var targetX: Int
  public var targetY: Int
  public var edgeMode: EdgeMode
  public var preserveAlpha: Bool
}

/// The light of `feDiffuseLighting` / `feSpecularLighting`, in user space.
public enum LightSource: Sendable, Hashable {
  case distant(azimuth: Double, elevation: Double)
  case point(x: Double, y: Double, z: Double)
  case spot(
    x: Double, y: Double, z: Double, pointsAtX: Double, pointsAtY: Double, pointsAtZ: Double,
    specularExponent: Double, limitingConeAngle: Double?)
}

/// Parameters shared by the two lighting primitives (`specularExponent` is unused by
/// diffuse lighting, `diffuseConstant` and `specularConstant` share `constant`).
public struct Lighting: Sendable, Hashable {
  public var surfaceScale: Double
  public var constant: Double
  public var specularExponent: Double
  /// Opaque lighting colour.
  public var color: Color
  public var light: LightSource
}

public struct DisplacementMap: Sendable, Hashable {
  public enum Channel: Sendable, Hashable { case r, g, b, a }
  public var scale: Double
  public var xChannel: Channel
  public var yChannel: Channel
}

public struct DropShadow: Sendable, Hashable {
  public var dx: Double
  public var dy: Double
  public var stdDeviationX: Double
  public var stdDeviationY: Double
  /// The shadow colour with `flood-opacity` folded into its alpha.
  public var color: Color
}

public struct Turbulence: Sendable, Hashable {
  public var baseFrequencyX: Double
  public var baseFrequencyY: Double
  public var octaves: Int
  public var seed: Int
  public var stitchTiles: Bool
  public var fractalNoise: Bool
}
