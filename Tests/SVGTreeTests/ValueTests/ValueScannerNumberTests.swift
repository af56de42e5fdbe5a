import Foundation
import Testing

@testable import SVGTree

/// `ValueScanner.number()` computes a number of at most 15 digits itself and reads longer
/// ones through `Double(String)`; these check that it gives the same `Double`, bit for bit,
/// as `strtod` and stops at the same byte, for numbers of every length written with every
/// following byte.
@Suite struct ValueScannerNumberTests {
  /// `strtod`'s value for `text` and how many bytes it read.
  private func strtodNumber(_ text: String) -> (value: Double, length: Int) {
    text.withCString { start in
      var end: UnsafeMutablePointer<CChar>?
      let v = strtod(start, &end)
      return (v, end.map { $0 - UnsafeMutablePointer(mutating: start) } ?? 0)
    }
  }

  private func scanned(_ text: String) -> (value: Double?, position: Int) {
    var s = ValueScanner(text)
    let v = s.number()
    return (v, s.position)
  }

  /// Every split of up to 20 digits into whole and fractional parts, each digit run from a
  /// seeded generator, followed by each kind of byte that can end a number.
  @Test func matchesStrtodOnEveryLengthAndEnd() {
    var rng = SplitMix(seed: 14)
    let ends = ["", " 1", ",2", "-3", "L", "z", "e", "e+", "\"", "\u{E9}", "x12345678"]
    var checked = 0
    for total in 1...20 {
      for point in 0...total {
        for _ in 0..<20 {
          var digits = (0..<total).map { _ in Character(String(rng.next() % 10)) }
          if rng.next() % 4 == 0 { digits[0] = "0" }
          let whole = String(digits[..<point])
          let fraction = String(digits[point...])
          let sign = ["", "-", "+"][Int(rng.next() % 3)]
          let number = sign + whole + (fraction.isEmpty ? "" : "." + fraction)
          for end in ends {
            let text = number + end
            let expected = strtodNumber(number)
            let got = scanned(text)
            #expect(
              got.value?.bitPattern == expected.value.bitPattern
                && got.position == expected.length, "\(text)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 40_000)
  }

  @Test(arguments: [
    ("12345678", 12_345_678.0, 8), ("123456789", 123_456_789, 9), (".12345678x", 0.123_456_78, 9),
    ("1234567.8 ", 1_234_567.8, 9), ("99999999999999999999", 1e20, 20),
    ("0.000000000000000000001", 1e-21, 23), ("1e-3abcdefgh", 0.001, 4),
    ("12345678e2abcdefgh", 1_234_567_800, 10), ("1.5em and more", 1.5, 3),
    ("00000000000000001", 1, 17), ("-.5-.5", -0.5, 3),
  ])
  func readsLongRunsExactly(text: String, value: Double, length: Int) {
    let got = scanned(text)
    #expect(got.value?.bitPattern == value.bitPattern)
    #expect(got.position == length)
  }

  @Test func spacesAreTheFiveOfXMLAndCSS() {
    let spaces: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0C]
    for c in UInt8.min...UInt8.max {
      #expect(ValueScanner.isSpace(c) == spaces.contains(c), "\(c)")
    }
    var s = ValueScanner(" \t\n,\r\u{0C}1, ,2")
    s.skipCommaSpaces()
    #expect(s.position == 6)
    _ = s.number()
    s.skipCommaSpaces()
    #expect(s.peek == UInt8(ascii: ","))
  }

  @Test(arguments: ["", "-", "+.", ".", "e5", "-e", "abcdefghij", ".e1 12345678"])
  func readsNothingFromNonNumbers(text: String) {
    let got = scanned(text)
    #expect(got.value == nil && got.position == 0)
  }
}

/// A small seeded generator, so that the cases are the same on every run.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
