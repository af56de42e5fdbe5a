import TestSupport
import Testing

@testable import SVGRender

/// The 16-lane Adler-32 of the fast PNG encoding gives the checksum of the definition (one
/// byte at a time, both sums modulo 65521) for every length, for runs long enough to need
/// several steps, for the largest bytes (the lanes' worst case) and when continuing a sum.
@Suite struct Adler32Tests {
  static func definition(_ adler: UInt32, _ bytes: [UInt8]) -> UInt32 {
    var (a, b) = (adler & 0xFFFF, adler >> 16)
    for x in bytes {
      a = (a + UInt32(x)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  static func update(_ adler: UInt32, _ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes {
      Adler32.update(adler, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: $0.count)
    }
  }

  @Test func theChecksumOfAKnownString() {
    #expect(Self.update(1, Array("Wikipedia".utf8)) == 0x11E6_0398)
    #expect(Self.update(1, []) == 1)
  }

  @Test(arguments: [0, 1, 15, 16, 17, 31, 33, 255, 5552, 65_536, 65_536 + 7, 200_003])
  func randomBytesOfEveryLengthGiveTheDefinedChecksum(_ count: Int) {
    var random = SplitMix(seed: UInt64(count) + 11)
    let bytes = (0..<count).map { _ in UInt8(random.next() * 256) }
    #expect(Self.update(1, bytes) == Self.definition(1, bytes))
    // Continued from an earlier sum, as the bands' blocks are.
    let start: UInt32 = 0xFFF0_FFF0  // both sums at their largest, 65520
    #expect(Self.update(start, bytes) == Self.definition(start, bytes))
  }

  @Test func longRunsOfTheLargestByteStayWithinTheLanes() {
    let bytes = [UInt8](repeating: 255, count: 16 * Adler32.maxSteps * 3 + 9)
    #expect(Self.update(1, bytes) == Self.definition(1, bytes))
  }
}
