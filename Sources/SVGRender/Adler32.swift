/// The Adler-32 checksum of a zlib stream, 16 bytes at a time.
///
/// The fast PNG encoding deflates raw streams and sums their bytes itself (a band's sum is
/// combined with the others'). zlib's `adler32` adds one byte at a time to both sums; here
/// each of 16 lanes sums its bytes, and a second vector sums the first before each step,
/// which is the weight every byte gets in the second sum: the same checksum in about a
/// fifth of the instructions. Steps of at most ``maxSteps`` keep every lane within 32 bits.
enum Adler32 {
  static let modulus: UInt64 = 65521
  /// 4096 steps of 16 bytes: the second vector's lanes stay below 255 × 4096² / 2 < 2^32.
  static let maxSteps = 4096

  /// `adler` (1 for no bytes yet) updated with the `count` bytes at `bytes`, as zlib's
  /// `adler32(adler, bytes, count)`.
  static func update(_ adler: UInt32, _ bytes: UnsafeRawPointer, count: Int) -> UInt32 {
    var a = UInt64(adler & 0xFFFF)
    var b = UInt64(adler >> 16)
    var offset = 0
    while count - offset >= 16 {
      let steps = min(maxSteps, (count - offset) / 16)
      var sums = SIMD16<UInt32>()
      var weighted = SIMD16<UInt32>()
      for _ in 0..<steps {
        let v = bytes.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
        weighted &+= sums
        sums &+= SIMD16<UInt32>(truncatingIfNeeded: v)
        offset += 16
      }
      // Byte j of step s of n steps counts 16 (n - 1 - s) + (16 - j) times in b.
      let n = UInt64(steps * 16)
      let lanes = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
      var tail: UInt64 = 0
      for j in 0..<16 { tail += UInt64(lanes[j]) * UInt64(sums[j]) }
      var weightedSum: UInt64 = 0
      for j in 0..<16 { weightedSum += UInt64(weighted[j]) }
      b = (b + n * a + 16 * weightedSum + tail) % modulus
      var sum: UInt64 = 0
      for j in 0..<16 { sum += UInt64(sums[j]) }
      a = (a + sum) % modulus
    }
    while offset < count {
      a = (a + UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self))) % modulus
      b = (b + a) % modulus
      offset += 1
    }
    return UInt32(b << 16 | a)
  }
}
