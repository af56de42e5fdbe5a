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

  /// A repeated id names its first element in document order, also where an entity adds
  /// more elements than the reader counted from the markup when it sized the id index.
  @Test func aRepeatedIDNamesItsFirstElement() throws {
    let shapes = (0..<10).map { "<rect id='e\($0)' width='\($0)'/>" }.joined()
    let doc = try Document(
      string: """
        <!DOCTYPE svg [<!ENTITY shapes "\(shapes)">]>
        <svg xmlns='http://www.w3.org/2000/svg'>
          <rect id='a' width='1'/><g id='a'/>&shapes;&shapes;&shapes;<rect id='a' width='2'/>
        </svg>
        """)
    let first = try #require(doc.element(withID: "a"))
    #expect(doc[first].attribute("width") == "1")
    // Each of the entity's ids names the element of its first expansion.
    for i in 0..<10 {
      let e = try #require(doc.element(withID: "e\(i)"))
      #expect(doc.elementChildren(of: doc.root!).firstIndex(of: e) == 2 + i)
    }
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
