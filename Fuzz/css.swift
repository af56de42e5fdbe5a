// libFuzzer target: text -> CSS style sheet, declaration list and selector, then the
// cascade of that sheet over a small document and selector matching against it.
// Built by scripts/fuzz; not part of the package.
import SVGTree

private let document = try! Document(
  string: """
    <svg xmlns="http://www.w3.org/2000/svg" class="a b" id="r">
      <g id="g" class="c" style="fill:red"><rect id="x" class="a" width="1" height="1"/>
      <circle r="2" lang="en"/><text>t<tspan>u</tspan></text></g><path d="M0 0"/>
    </svg>
    """)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let sheet = StyleSheet(parsing: text)
  _ = Declaration.list(parsing: text)
  _ = try? document.select(text)
  _ = document.computeStyles(extraStyleSheets: [sheet])
  _ = try? Color(parsing: text)
  _ = try? Length(parsing: text)
  _ = try? TransformList(parsing: text)
  _ = try? Paint(parsing: text)
  return 0
}
