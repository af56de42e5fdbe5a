// libFuzzer target: text -> command script (text and URL forms), applied to a small
// drawing, the log written and replayed: what svg-render -c, svg-query --apply and the
// service run on a client's commands. Built by scripts/fuzz; not part of the package.
import SVGCommands
import SVGTree

private let document = try! Document(
  string: """
    <svg xmlns="http://www.w3.org/2000/svg" width="50" height="50">
      <rect id="back" width="50" height="50" fill="white"/>
      <g id="g"><circle id="a" cx="25" cy="25" r="10"/><path id="b" d="M0 0L10 10H0z"/></g>
    </svg>
    """)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let commands = try? CommandScript.parse(text) else { return 0 }
  var editable = EditableDocument(document)
  for c in commands.prefix(16) { try? editable.apply([c]) }
  _ = editable.current.serialized()
  if let replay = try? EditableDocument(original: document, log: editable.logText) {
    precondition(replay.logText == editable.logText, "a replayed log differs")
  }
  return 0
}
