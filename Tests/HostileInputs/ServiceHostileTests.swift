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
    let server = try Server(workspace: workspace)
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
      let response = HTTP.post(
        port: server.port, path: "/render?width=64", body: bytes, timeout: budget)
      let seconds = Date().timeIntervalSince(start)
      let fd = open(workspace.tripwire, O_WRONLY | O_NONBLOCK)
      if fd >= 0 { close(fd) }
      #expect(fd < 0, "\(what) opened a file outside its policy")
      #expect(listener.connections() == 0, "\(what) connected to the network")
      #expect(server.isRunning, "\(what) brought the service down")
      guard server.isRunning else { return }
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

/// An svg-serve on a free port, its store and resource folder in the workspace.
final class Server {
  let process = Process()
  let port: Int

  init(workspace: Workspace) throws {
    process.executableURL = URL(fileURLWithPath: Products.path("svg-serve"))
    process.arguments = [
      "--port", "0", "--quiet", "--data", workspace.root + "/data", "--resources", workspace.base,
      "--render-timeout", Products.isDebug ? "20" : "3", "--render-wait", "60",
    ]
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    var text = ""
    var found: Int?
    while found == nil {
      let chunk = err.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      text += String(decoding: chunk, as: UTF8.self)
      if let r = text.range(of: "127.0.0.1:") {
        found = Int(text[r.upperBound...].prefix { $0.isNumber })
      }
    }
    guard let found else { throw POSIXError(.ECONNREFUSED) }
    port = found
  }

  var isRunning: Bool { process.isRunning }

  /// The server's peak resident memory so far (VmHWM), MiB.
  var peakMiB: Double {
    let status =
      (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8))
      ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
  }

  func stop() {
    guard process.isRunning else { return }
    process.terminate()
    process.waitUntilExit()
  }
}

/// Just enough HTTP/1.1 for the test: one POST, `Connection: close`, the whole answer.
enum HTTP {
  struct Response {
    var status: Int
    var body: [UInt8]
  }

  static func post(port: Int, path: String, body: [UInt8], timeout: Double) -> Response? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    addr.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else { return nil }
    let head =
      "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/svg+xml\r\n"
      + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    // The server may answer (413) and close before the body is sent: stop sending then.
    var request = Array(head.utf8) + body
    var sent = 0
    request.withUnsafeMutableBytes { buf in
      while sent < buf.count {
        let n = send(fd, buf.baseAddress! + sent, buf.count - sent, Int32(MSG_NOSIGNAL))
        if n <= 0 { break }
        sent += n
      }
    }
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = recv(fd, &chunk, chunk.count, 0)
      if n <= 0 { break }
      answer.append(contentsOf: chunk[0..<n])
    }
    let text = String(decoding: answer.prefix(200), as: UTF8.self)
    guard text.hasPrefix("HTTP/1."), let status = Int(text.dropFirst(9).prefix(3)) else {
      return nil
    }
    let separator: [UInt8] = [13, 10, 13, 10]
    var start = answer.count
    for i in 0..<max(0, answer.count - 3) where Array(answer[i..<i + 4]) == separator {
      start = i + 4
      break
    }
    return Response(status: status, body: Array(answer[start...]))
  }
}
