import Foundation
import SVGRender
import SVGServer
import SVGTree
import Synchronization

/// A real server on a free loopback port, in this process, over a fresh data folder.
final class TestServer {
  let server: SVGServer
  let client: HTTPClient
  let directory: String
  let accessLog = LogLines()

  init(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
    directory = NSTemporaryDirectory() + "svgserver-\(UUID().uuidString)"
    var c = ServerConfiguration()
    c.port = 0
    c.dataDirectory = directory
    c.threads = 4
    c.shutdownGrace = .seconds(10)
    let log = accessLog
    c.accessLog = { log.append($0) }
    configure(&c)
    server = try SVGServer(configuration: c)
    try server.start()
    client = HTTPClient(port: server.port)
  }

  deinit {
    server.shutdown()
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Stores `svg` as a document and returns its id.
  func create(_ svg: String) throws -> String {
    let r = try client.post("/documents", svg)
    guard r.status == 201, let id = r.json["id"] as? String else {
      throw HTTPClient.Failure(description: "create failed: \(r.status) \(r.text)")
    }
    return id
  }
}

final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}

/// The SVG documents the tests send.
enum Fixture {
  static let square = """
    <svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">
      <rect id="left" width="10" height="10" fill="red"/>
      <rect id="right" x="10" width="10" height="10" fill="blue"/>
    </svg>
    """

  static let garden = """
    <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
      <g id="layer1">
        <rect id="sky" width="200" height="120" fill="skyblue"/>
        <circle id="sun" cx="150" cy="40" r="20" fill="gold" stroke="orange" stroke-width="4"/>
        <rect id="grass" y="120" width="200" height="80" fill="green"/>
      </g>
    </svg>
    """

  /// Many large translucent shapes: slow enough to run past a short time budget.
  static func heavy(_ count: Int = 4000) -> String {
    var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2000\" height=\"2000\">"
    for i in 0..<count {
      s +=
        "<circle cx=\"\(i % 2000)\" cy=\"\((i * 7) % 2000)\" r=\"900\" fill=\"#\(i % 10)a0\""
        + " opacity=\"0.5\"/>"
    }
    return s + "</svg>"
  }

  /// A 1x1 red PNG, made by the renderer.
  static func redPixelPNG() throws -> [UInt8] {
    let doc = try Document(
      string: "<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'>"
        + "<rect width='1' height='1' fill='red'/></svg>")
    return try RenderRequest().render(try RenderTree(document: doc))
  }
}

/// Reads a PNG's size and pixels through the renderer's own decoder.
enum PNG {
  static func decode(_ bytes: [UInt8]) throws -> Bitmap {
    let path = NSTemporaryDirectory() + "svgserver-\(UUID().uuidString).png"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try Bitmap(pngFile: path)
  }

  /// The pixel at (x, y) as [r, g, b, a].
  static func pixel(_ bytes: [UInt8], _ x: Int, _ y: Int) throws -> [Int] {
    let p = try decode(bytes).rgba(x: x, y: y)
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
  }

  static func size(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.count > 24, bytes[0] == 0x89, bytes[1] == 0x50 else { return nil }
    func u32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (u32(16), u32(20))
  }
}
