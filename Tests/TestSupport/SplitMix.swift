/// A small seeded generator (SplitMix64), so a test's random points and boxes are the same
/// on every run.
public struct SplitMix {
  public var state: UInt64
  public init(seed: UInt64) { state = seed }
  /// The next number in [0, 1).
  public mutating func next() -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 53)
  }
}
