// libFuzzer target: bytes -> document -> render tree -> 64 px raster, with small limits so
// each input stays fast: the whole pipeline a service runs on an upload.
// Built by scripts/fuzz; not part of the package.
import SVGRender
import SVGTree

private let options: RenderOptions = {
  var o = RenderOptions()
  o.limits.maxInputBytes = 1 << 20
  o.limits.maxElements = 5_000
  o.limits.maxEntityExpansion = 1 << 16
  o.limits.maxReferences = 2_000
  o.limits.maxPixels = 1 << 16
  o.resources = .dataOnly
  return o
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let document = try? Document(bytes: bytes, path: nil, limits: options.limits),
    let tree = try? RenderTree(document: document, options: options)
  else { return 0 }
  var request = RenderRequest()
  request.width = 64
  request.height = 64
  _ = try? request.render(tree, limits: options.limits)
  return 0
}
