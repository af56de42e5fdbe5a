import FoundationEssentials
import Testing

@testable import SVGTree

@Suite struct Base64Tests {
  /// Forgiving base64 as it was decoded before, the same symbols padded for Foundation's
  /// decoder: the oracle.
  private func foundation(_ input: [UInt8]) -> [UInt8]? {
    guard let symbols = Base64.symbols(input) else { return nil }
    let padding = Array(repeating: UInt8(ascii: "="), count: (4 - symbols.count % 4) % 4)
    return Data(base64Encoded: Data(symbols + padding)).map { [UInt8]($0) }
  }

  @Test func decodesAsFoundationDoes() {
    var random = SystemRandomNumberGenerator()
    let alphabet = Array(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= \n$".utf8)
    for length in 0..<40 {
      for _ in 0..<200 {
        let data = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        var text = Array(Data(data).base64EncodedString().utf8)
        #expect(Base64.decode(text) == data)
        if !text.isEmpty, Bool.random(using: &random) {
          text[Int.random(in: 0..<text.count, using: &random)] = alphabet.randomElement()!
        }
        if Bool.random(using: &random) { text.removeAll { $0 == UInt8(ascii: "=") } }
        #expect(Base64.decode(text) == foundation(text), "\(String(decoding: text, as: UTF8.self))")
      }
    }
  }

  /// The bits of a last partial symbol are dropped, set or not (WHATWG's forgiving-base64).
  @Test func dropsTheBitsOfAPartialByte() {
    #expect(Base64.decode(Array("aGk=".utf8)) == Array("hi".utf8))
    #expect(Base64.decode(Array("aGl=".utf8)) == Array("hi".utf8))
  }
}
