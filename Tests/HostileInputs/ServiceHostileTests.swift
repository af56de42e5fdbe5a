import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// svg-serve gets every hostile file as a `POST /render?width=64` body. It must answer each
/// (200 with a PNG where the tools succeed, a 4xx or 503 JSON error where they refuse, or
/// where the file is over the service's own, smaller, limits), within the time budget,
/// without reading outside its resource folder or connecting anywhere, and stay up.
@Suite struct ServiceHostileTests {
  /// Cases whose service outcome differs from svg-render's: the service renders at a given
  /// width, so a huge intrinsic size does not matter.
  static let serviceSucceeds: Set<String> = ["huge-canvas.svg"]

  @Test func theServiceAnswersEveryHostileFile() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let listener = try LoopbackListener()
    let server = try ServerProcess(
      data: workspace.root + "/data",
      arguments: [
        "--quiet", "--resources", workspace.base,
        "--render-timeout", Products.isDebug ? "20" : "3", "--render-wait", "60",
      ])
    defer { server.stop() }
    for hostile in HostileCase.all {
      let bytes: [UInt8]
      if let make = hostile.make {
        bytes = try make(workspace, listener.port)
      } else {
        let path = Products.corpus + "/" + hostile.file
        bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
      }
      let what = "svg-serve \(hostile.file)"
      let budget = max(hostile.seconds, 3) * (Products.isDebug ? HostileCase.debugFactor : 1)
      let start = Date()
      let response = try? HTTPClient(port: server.port, timeout: Int(budget.rounded(.up)))
        .request(
          "POST", "/render?width=64", headers: [("Content-Type", "image/svg+xml")], body: bytes)
      let seconds = Date().timeIntervalSince(start)
      let fd = open(workspace.tripwire, O_WRONLY | O_NONBLOCK)
      if fd >= 0 { close(fd) }
      #expect(fd < 0, "\(what) opened a file outside its policy")
      #expect(listener.connections() == 0, "\(what) connected to the network")
      try #require(server.isRunning, "\(what) brought the service down")
      guard let response else {
        Issue.record("\(what): no answer within \(budget) s")
        continue
      }
      #expect(seconds <= budget, "\(what) took \(seconds) s, over \(budget) s")
      let succeeds = hostile.render.succeeds || Self.serviceSucceeds.contains(hostile.file)
      let body = String(decoding: response.body.prefix(300), as: UTF8.self)
      if succeeds {
        #expect(response.status == 200, "\(what): \(response.status) \(body)")
        #expect(response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(what): not a PNG")
      } else {
        #expect(
          (400..<500).contains(response.status) || response.status == 503,
          "\(what): \(response.status) \(body)")
        #expect(body.contains("\"error\""), "\(what): \(body)")
      }
      #expect(!body.contains("root:x:0"), "\(what) showed the secret file")
    }
    #expect(server.peakMiB < 1024, "svg-serve peaked at \(server.peakMiB) MiB")
  }
}
