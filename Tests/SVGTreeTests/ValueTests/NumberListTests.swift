import Testing

@testable import SVGTree

@Suite struct NumberListTests {
  @Test(arguments: [
    ("", [Double]()),
    ("  ", []),
    ("1 2 3", [1, 2, 3]),
    ("10,20 30 , 40", [10, 20, 30, 40]),
    ("1-2.5.5", [1, -2.5, 0.5]),
    ("1e2,-1e-1", [100, -0.1]),
    ("\n 1\t2 \n", [1, 2]),
    ("1 2 3", [1, 2, 3]),
  ])
  func parses(text: String, expected: [Double]) throws {
    #expect(try NumberList.parse(text) == expected)
  }

  @Test(arguments: ["1,", ",1", "1,,2", "1 a 2", "1px", "1 2 %"])
  func malformed(text: String) {
    #expect(throws: ValueError.self) { try NumberList.parse(text) }
  }

  @Test func prefixKeepsNumbersBeforeTheError() {
    let (numbers, error) = NumberList.parsePrefix("10 20 30 40 oops 50")
    #expect(numbers == [10, 20, 30, 40])
    #expect(error?.position == 12)
    let ok = NumberList.parsePrefix("1 2 3")
    #expect(ok.numbers == [1, 2, 3] && ok.error == nil)
  }
}
