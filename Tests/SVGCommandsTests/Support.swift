import Foundation
import SVGCommands
import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree
import Testing

/// A 100x100 document holding `body`.
func document(_ body: String) throws -> Document {
  try Document(
    string: "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'>\(body)</svg>")
}

func fixture(_ name: String) throws -> Document {
  let path = try #require(
    Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures"))
  return try Document(contentsOfFile: path)
}

/// The computed value of `property` on the element with `id`.
func computed(_ d: Document, _ id: String, _ property: String) throws -> String? {
  let node = try #require(d.element(withID: id))
  return d.computeStyles()[node.index].value(property)
}

/// The pixel at a point of the document rendered at its intrinsic size, as `[r, g, b, a]`.
func pixel(_ d: Document, _ x: Int, _ y: Int, width: Int = 100, height: Int = 100) throws
  -> [Int]
{
  let bitmap = try RenderTree(document: d).rasterize(width: width, height: height)
  let p = bitmap.rgba(x: x, y: y)
  return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

/// The document written out and read back: what another viewer would see.
func reread(_ d: Document) throws -> Document {
  try Document(string: d.serialized())
}

/// Runs `script` on `d` and returns the session.
func session(_ d: Document, _ script: String) throws -> EditableDocument {
  var s = EditableDocument(d)
  try s.apply(script: script)
  return s
}

/// The error `script` raises on `d`, checking that the session is left as it was.
func failure(_ d: Document, _ script: String, after setup: String = "") throws -> CommandError {
  var s = EditableDocument(d)
  try s.apply(script: setup)
  let before = (s.current.serialized(), s.logText, s.activeColor)
  let error = try #require(throws: CommandError.self) { try s.apply(script: script) }
  #expect(s.current.serialized() == before.0)
  #expect(s.logText == before.1)
  #expect(s.activeColor == before.2)
  return error
}

let red = Color(r: 255, g: 0, b: 0)

/// A 200x200 document holding `body`, as a session.
func editable(_ body: String) throws -> EditableDocument {
  EditableDocument(
    try Document(
      string: """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
        width="200" height="200">\(body)</svg>
        """))
}

extension EditableDocument {
  /// The names of the elements at a point of the current document, top-most first.
  func names(at x: Double, _ y: Double) throws -> [String] {
    try scene().elements(at: Point(x, y)).map(\.element.name)
  }

  /// An attribute of the element with `id` in the current document.
  func attribute(_ id: String, _ name: String) throws -> String? {
    current[try #require(current.element(withID: id))].attribute(name)
  }
}
