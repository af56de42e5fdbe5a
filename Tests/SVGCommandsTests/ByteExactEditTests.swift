import Foundation
import SVGCommands
import SVGTree
import TestSupport
import Testing

/// Edits written with `Document.written()`: only what the commands changed differs from the
/// input, byte for byte.
@Suite struct ByteExactEditTests {
  /// A drawing as editors leave them: CRLF, a doctype with entities, single quotes, attributes
  /// one a line, comments, no final newline.
  static let input = [
    "<?xml version='1.0' encoding='UTF-8' standalone='no'?>",
    "<!DOCTYPE svg [",
    "  <!ENTITY ns_svg 'http://www.w3.org/2000/svg'>",
    "  <!ENTITY dot \"<circle id='dot' cx='90' cy='90' r='5' fill='gray'/>\">",
    "]>",
    "<!-- drawn by hand -->",
    "<svg xmlns='&ns_svg;' width='100' height='100'>",
    "  <rect",
    "     id='a'",
    "     x='0' y='0' width='50' height='50' fill='blue' />",
    "  <rect id='b' x='50' y='50' width='50' height='50' style='fill : green' />",
    "  <g id='c'><rect width='10' height='10' fill='red'/></g>",
    "  &dot;",
    "</svg>",
  ].joined(separator: "\r\n")

  static func session(_ script: String) throws -> (input: [UInt8], session: EditableDocument) {
    let input = Array(input.utf8)
    var s = EditableDocument(try Document(bytes: input))
    try s.apply(script: script)
    return (input, s)
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func resetAllAndUndoGiveTheInputBack() throws {
    let script = """
      setActiveColor(255, 0, 0)
      fillAt(10, 10)
      setStroke(b, green)
      moveBy(c, 5, 5)
      moveToIndex(b, 0)
      fill(dot)
      """
    var (input, s) = try Self.session(script)
    #expect(s.current.written() != input)
    var undone = s
    try undone.undo(5)  // the five commands that changed the document
    #expect(undone.current.written() == input)
    try s.apply(script: "resetAll()")
    #expect(s.current.written() == input)
  }

  @Test func recolourChangesOnlyTheAttributesOfTheRecolouredElement() throws {
    let (input, s) = try Self.session("setActiveColor(255, 0, 0)\nfillAt(10, 10)")
    let expected = Self.text(input).replacingOccurrences(
      of: "fill='blue' />",
      with: "fill='#ff0000' fill-opacity='1'"
        + " style='fill:#ff0000 !important;fill-opacity:1 !important' />")
    #expect(Self.text(s.current.written()) == expected)
  }

  @Test func recolouringAStyledElementRewritesItsStyleInPlace() throws {
    let (input, s) = try Self.session("setFill(b, #00f)")
    let expected = Self.text(input).replacingOccurrences(
      of: "style='fill : green' />",
      with: "style='fill:#0000ff !important;fill-opacity:1 !important' fill='#0000ff'"
        + " fill-opacity='1' />")
    #expect(Self.text(s.current.written()) == expected)
  }

  @Test func moveAddsATransformAtTheEndOfTheStartTag() throws {
    let (input, s) = try Self.session("moveBy(c, 5, 5)")
    let d = difference(input, s.current.written())
    #expect(d.old == "")
    #expect(d.new == " transform='translate(5 5)'")
  }

  @Test func reorderMovesTheElementsBytes() throws {
    let (input, s) = try Self.session("moveToIndex(c, 0)")
    let group = "<g id='c'><rect width='10' height='10' fill='red'/></g>"
    var expected = Self.text(input).replacingOccurrences(of: group, with: "")
    expected = expected.replacingOccurrences(of: "  <rect\r\n", with: "  \(group)<rect\r\n")
    #expect(Self.text(s.current.written()) == expected)
  }

  @Test func elementFromAnEntityIsWrittenAsTheReferenceUntilEdited() throws {
    let (input, s) = try Self.session("setOpacity(a, 0.5)")
    #expect(Self.text(s.current.written()).contains("\r\n  &dot;\r\n"))
    #expect(s.current.written() != input)
    let (_, edited) = try Self.session("setFill(dot, red)")
    let d = difference(input, edited.current.written())
    #expect(d.old == "&dot;")
    #expect(d.new.hasPrefix("<circle id=\"dot\" cx=\"90\" cy=\"90\" r=\"5\" fill=\"#ff0000\""))
  }

  @Test func regionFillIsWrittenOnALineOfItsOwnInTheDocumentsLineEndings() throws {
    let input = Array(
      [
        "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='200'>",
        "\t<rect width='200' height='200' fill='white'/>",
        "\t<circle cx='100' cy='100' r='50' fill='none' stroke='black' stroke-width='2'/>",
        "</svg>\r\n",
      ].joined(separator: "\r\n").utf8)
    var s = EditableDocument(try Document(bytes: input))
    try s.apply(script: "setActiveColor(red)\nfillRegionAt(100, 100)")
    let written = Self.text(s.current.written())
    let lines = written.components(separatedBy: "\r\n")
    #expect(lines.count == 6)
    #expect(lines[2].hasPrefix("\t<path "))
    #expect(lines[3].hasPrefix("\t<circle "))
    #expect(!written.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    let d = difference(input, Array(written.utf8))
    #expect(d.old == "")
    try s.undo(1)
    #expect(s.current.written() == input)
  }
}
