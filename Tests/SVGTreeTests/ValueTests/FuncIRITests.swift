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
    "url (#id)", "url(other.svg)", "url(other.svg#)", "url(#a b)", "url('#a\")",
  ])
  func malformed(text: String) {
    #expect(throws: ValueError.self) { try FuncIRI(parsing: text) }
  }

  @Test func referencesIntoOtherFiles() throws {
    let iri = try FuncIRI(parsing: "url('sprites/paint.svg#grad 1')")
    #expect(iri == FuncIRI(id: "grad 1", file: "sprites/paint.svg"))
    #expect(try FuncIRI(parsing: "url(a.svg#b#c)") == FuncIRI(id: "c", file: "a.svg#b"))
    #expect(try FuncIRI(parsing: "url(#x)").file == nil)
    let e = #expect(throws: ValueError.self) { try FuncIRI(parsing: "url(file.svg)") }
    #expect(e?.message.contains("must name an element") == true)
  }

  @Test func description() {
    #expect(FuncIRI(id: "mask-1").description == "url(#mask-1)")
    #expect(FuncIRI(id: "g", file: "p.svg").description == "url(p.svg#g)")
  }
}
