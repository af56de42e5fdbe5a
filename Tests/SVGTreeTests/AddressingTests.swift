import Testing

@testable import SVGTree

@Suite struct AddressingTests {
  let doc: Document

  init() throws {
    doc = try Document(
      string: """
        <svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'>
          <!-- a comment does not count -->
          <g id='a'><rect id='r1' fill='red'/>text<rect id='r2'/></g>
          <g id='b'><use id='u' xlink:href='#r1'/></g>
        </svg>
        """)
  }

  @Test func indexPathsCountElementsOnly() throws {
    let r2 = try #require(doc.element(withID: "r2"))
    #expect(doc.indexPath(of: r2)?.description == "/0/1")
    #expect(doc.element(at: ElementPath([1, 0])) == doc.element(withID: "u"))
    #expect(doc.element(at: ElementPath([])) == doc.root)
    #expect(doc.element(at: ElementPath([5])) == nil)
    #expect(doc.element(referencedBy: "/0/0") == doc.element(withID: "r1"))
    #expect(doc.element(referencedBy: "b") == doc.element(withID: "b"))
  }

  @Test func indexPathText() {
    #expect(ElementPath("/")?.indices == [])
    #expect(ElementPath("/0/3/1")?.indices == [0, 3, 1])
    #expect(ElementPath("0/1") == nil)
    #expect(ElementPath("/a") == nil)
    #expect(ElementPath("/-1") == nil)
  }

  @Test func xpathMatchesSVGElementsWithoutPrefix() throws {
    #expect(try doc.xpath("//rect") == [doc.element(withID: "r1")!, doc.element(withID: "r2")!])
    #expect(try doc.xpath("//rect[@fill='red']") == [doc.element(withID: "r1")!])
    #expect(try doc.xpath("/svg/g[2]/use") == [doc.element(withID: "u")!])
    #expect(try doc.xpath("//use/@xlink:href") == [doc.element(withID: "u")!])
    #expect(try doc.xpath("//circle").isEmpty)
  }

  @Test func xpathErrorsAreReported() {
    #expect(throws: XPathError.self) { try doc.xpath("//rect[") }
    #expect(throws: XPathError.self) { try doc.xpath("count(//rect)") }
  }

  @Test func idIndexFollowsEdits() throws {
    var d = doc
    let r1 = try #require(d.element(withID: "r1"))
    d[r1].setAttribute("id", "renamed")
    #expect(d.element(withID: "r1") == nil)
    #expect(d.element(withID: "renamed") == r1)
    d.remove(r1)
    #expect(d.element(withID: "renamed") == nil)
  }

  @Test func moveChildReordersSiblings() throws {
    var d = doc
    let r2 = try #require(d.element(withID: "r2"))
    d.moveChild(r2, toIndex: 0)
    #expect(d.indexPath(of: r2)?.description == "/0/0")
    #expect(
      d.serialized().contains("<g id=\"a\"><rect id=\"r2\"/><rect id=\"r1\" fill=\"red\"/>text</g>")
    )
  }
}
