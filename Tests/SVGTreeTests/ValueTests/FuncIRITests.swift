import Testing

@testable import SVGTree

@Suite struct FuncIRITests {
  @Test(arguments: [
    ("url(#id)", "id"),
    ("url('#id')", "id"),
    ("url(\"#id\")", "id"),
    ("  url(  #lg1   )  ", "lg1"),
    ("url( '#a)b' )", "a)b"),
    ("URL(#Clip-1)", "Clip-1"),
    ("url(#0-1)", "0-1"),
    ("url(#é)", "é"),
  ])
  func parses(text: String, id: String) throws {
    #expect(try FuncIRI(parsing: text).id == id)
  }

  @Test(arguments: [
    "", "none", "#id", "url(id)", "url()", "url(#)", "url(#id", "url('#id)", "url(#id) x",
    "url (#id)", "url(other.svg#id)", "url(#a b)", "url('#a\")",
  ])
  func malformed(text: String) {
    #expect(throws: ValueError.self) { try FuncIRI(parsing: text) }
  }

  @Test func externalReferencesAreExplained() {
    let e = #expect(throws: ValueError.self) { try FuncIRI(parsing: "url(file.svg#x)") }
    #expect(e?.message.contains("same-document") == true)
  }

  @Test func description() {
    #expect(FuncIRI(id: "mask-1").description == "url(#mask-1)")
  }
}
