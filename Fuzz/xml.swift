// libFuzzer target: bytes -> SVGTree.Document (libxml2 with our hardening, the arena
// builder, entity expansion, gzip), then serialization and the cascade over the result.
// Built by scripts/fuzz; not part of the package.
import SVGTree

private let limits: Limits = {
  var l = Limits()
  l.maxInputBytes = 1 << 20
  l.maxElements = 20_000
  l.maxEntityExpansion = 1 << 20
  return l
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? Document(bytes: bytes, path: "fuzz.svg", limits: limits) else {
    return 0
  }
  _ = document.serialized()
  _ = document.computeStyles()
  if let root = document.root { _ = document.descendants(of: root).count }
  return 0
}
