import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// svg-serve gets every hostile file as a `POST /render?width=64` body. It must answer each
/// (200 with a PNG where the tools succeed, a 4xx or 503 JSON error where they refuse, or
/// where the file is over the service's own, smaller, limits), within the processor-time
/// budget, without reading outside its resource folder or connecting anywhere, and stay up.
/// Wall-clock limits (the server's render timeout, the client's wait) are hang guards only,
/// so a busy machine cannot fail it.
@Suite struct ServiceHostileTests {
  /// Cases whose service outcome differs from svg-render's: the service renders at a given
  /// width, so a huge intrinsic size does not matter.
  static let serviceSucceeds: Set<String> = ["huge-canvas.svg"]

  /// A case's processor budget for one request (at least 3 s of a release build).
  static func budget(_ hostile: HostileCase) -> Double {
    max(hostile.seconds, 3) * (Products.isDebug ? HostileCase.debugFactor : 1)
  }

  /// The wall-clock time after which a request of this case counts as hung.
  static func hangGuard(_ hostile: HostileCase) -> Double {
    max(budget(hostile) * HostileCase.hangFactor, 60)
  }

  /// The server's render timeout and wait: the longest hang guard of any case, so that a
  /// limit of work, not the clock, ends a render.
  static let longestHangGuard = HostileCase.all.map(hangGuard).max() ?? 60

  @Test func theServiceAnswersEveryHostileFile() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let listener = try LoopbackListener()
    let server = try ServerProcess(
      data: workspace.root + "/data",
      arguments: [
        "--quiet", "--resources", workspace.base,
        "--render-timeout", String(Int(Self.longestHangGuard)),
        "--render-wait", String(Int(Self.longestHangGuard)),
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
      let budget = Self.budget(hostile)
      let hangGuard = Self.hangGuard(hostile)
      let before = server.cpuSeconds
      let response = try? HTTPClient(port: server.port, timeout: Int(hangGuard) + 30)
        .request(
          "POST", "/render?width=64", headers: [("Content-Type", "image/svg+xml")], body: bytes)
      let seconds = server.cpuSeconds - before
      let fd = open(workspace.tripwire, O_WRONLY | O_NONBLOCK)
      if fd >= 0 { close(fd) }
      #expect(fd < 0, "\(what) opened a file outside its policy")
      #expect(listener.connections() == 0, "\(what) connected to the network")
      try #require(server.isRunning, "\(what) brought the service down")
      guard let response else {
        Issue.record("\(what): no answer within \(Int(hangGuard) + 30) s")
        continue
      }
      #expect(seconds <= budget, "\(what) used \(seconds) s of processor time, over \(budget) s")
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
