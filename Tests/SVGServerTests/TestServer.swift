import Foundation
import SVGRender
import SVGServer
import SVGTree

/// A real server on a free loopback port, in this process, over a fresh data folder.
final class TestServer {
  let server: SVGServer
  let client: HTTPClient
  let directory: String
  let accessLog = LogLines()

  init(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
    directory = try temporaryDirectory("svgserver")
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
