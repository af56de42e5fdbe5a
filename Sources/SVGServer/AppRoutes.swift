import SVGGeometry
import SVGQuery
import SVGRender

/// The colouring app's files (`Resources/app/`), compiled in by EmbedAppPlugin.
enum AppFiles {
  /// The content type of an app file, by its extension; nil for one the app does not serve.
  static func contentType(_ name: String) -> String? {
    switch name.split(separator: ".").last.map({ $0.lowercased() }) {
    case "html": "text/html; charset=utf-8"
    case "js", "mjs": "text/javascript; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "json": "application/json"
    case "txt": "text/plain; charset=utf-8"
    default: nil
    }
  }

  /// The app's own pages may load scripts, styles and images only from this server (images
  /// also as `blob:` URLs of fetched renders), talk only to it, and never be framed.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
    + "connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"
}

/// `/app/`: the colouring app (public even with `--token-file`: the page asks for the token
/// and sends it with its requests), and `/documents/{id}/view`, the one place where the
/// app turns pixels of its view into document coordinates (through ``Viewport``).
extension Service {
  static let appRoutes: [Route] = [
    Route(
      method: "GET", pattern: "/app",
      summary: "The colouring app: open /app/?doc=ID, or upload an SVG",
      responses: [(200, "text/html"), (301, "text/plain")]
    ) { _, request, _ throws(ServiceError) in
      guard request.rawPath.hasSuffix("/") else {
        // Relative module URLs need the trailing slash.
        return HTTPResponse(status: 301, headers: [("Location", "/app/")])
      }
      return try appFile("index.html", request)
    },
    Route(
      method: "GET", pattern: "/app/{file+}", summary: "A file of the colouring app",
      responses: [(200, "text/javascript"), (304, "text/javascript"), (404, "application/json")]
    ) { _, request, p throws(ServiceError) in try appFile(p["file"]!, request) },
    Route(
      method: "GET", pattern: "/documents/{id}/view",
      summary: "The document's size (px) and, for at=, the document points shown at those "
        + "pixels of a view (viewport=), with the document units per view pixel",
      parameters: [
        .init(
          name: "at", type: "string",
          description: "X,Y[,X,Y...]: points in pixels of the view given by viewport=."),
        .init(
          name: "viewport", type: "string",
          description: "SCROLLX,SCROLLY[,ZOOM[,SCALE[,WIDTH,HEIGHT]]] (default 0,0,1,1)."),
      ],
      responses: [(200, "application/json"), (400, "application/json"), (404, "application/json")]
    ) { s, request, p throws(ServiceError) in
      let session = try s.current(p["id"]!, request)
      let scene = try s.engine.scene(of: session.editable)
      let viewport = try parseViewport(request.query["viewport"]) ?? Viewport()
      let points = try parsePoints(request.query["at"] ?? "", name: "at").map {
        scene.documentPoint(fromViewport: $0, viewport)
      }
      let origin = scene.documentPoint(fromViewport: Point(0, 0), viewport)
      let unit = scene.documentPoint(fromViewport: Point(1, 0), viewport)
      let perPixel =
        ((unit.x - origin.x) * (unit.x - origin.x)
        + (unit.y - origin.y) * (unit.y - origin.y)).squareRoot()
      let number = { (v: Double) in JSON.number(Service.rounded(v)) }
      return .json(
        .object([
          ("size", .array([number(scene.tree.size.width), number(scene.tree.size.height)])),
          ("revision", .number(Double(session.revision))),
          ("points", .array(points.map { .array([number($0.x), number($0.y)]) })),
          ("unitsPerPixel", number(perPixel)),
        ]))
    },
  ]

  /// One embedded file with its type, ETag (revalidated: the names carry no version) and
  /// the app's CSP.
  static func appFile(_ name: String, _ request: HTTPRequest) throws(ServiceError)
    -> HTTPResponse
  {
    guard let text = AppFiles.embedded[name], let type = AppFiles.contentType(name) else {
      throw ServiceError(404, "the app has no file \"\(name.prefix(80))\"")
    }
    let body = Array(text.utf8)
    var response = try conditional(request, etag: SHA256.hex([body]), immutable: false) {
      HTTPResponse(status: 200, headers: [("Content-Type", type)], body: body)
    }
    response.setHeader("Content-Security-Policy", AppFiles.contentSecurityPolicy)
    response.setHeader("X-Content-Type-Options", "nosniff")
    response.setHeader("Referrer-Policy", "no-referrer")
    return response
  }
}

/// `SCROLLX,SCROLLY[,ZOOM[,SCALE[,WIDTH,HEIGHT]]]` as a ``Viewport`` (WIDTH and HEIGHT: the
/// view's size in viewport pixels, when it is not the drawing's); nil when absent.
func parseViewport(_ text: String?) throws(ServiceError) -> Viewport? {
  guard let text else { return nil }
  let v = text.split(separator: ",", omittingEmptySubsequences: false).compactMap {
    Double($0)
  }
  guard [2, 3, 4, 6].contains(v.count), v.count == text.split(separator: ",").count,
    v.allSatisfy(\.isFinite), v.dropFirst(2).allSatisfy({ $0 > 0 })
  else {
    throw ServiceError(
      400, "viewport: \"\(text.prefix(80))\" is not SCROLLX,SCROLLY[,ZOOM[,SCALE[,WIDTH,HEIGHT]]]")
  }
  return Viewport(
    scroll: Point(v[0], v[1]), zoom: v.count > 2 ? v[2] : 1, scale: v.count > 3 ? v[3] : 1,
    size: v.count > 5 ? Size(width: v[4], height: v[5]) : nil)
}

/// `X,Y[,X,Y...]` as points (none for an empty text).
func parsePoints(_ text: String, name: String) throws(ServiceError) -> [Point] {
  guard !text.isEmpty else { return [] }
  let v = text.split(separator: ",", omittingEmptySubsequences: false).map {
    Double($0.trimming { $0 == " " })
  }
  guard v.count % 2 == 0, v.count <= 64, v.allSatisfy({ $0?.isFinite == true }) else {
    throw ServiceError(400, "\(name): \"\(text.prefix(80))\" is not X,Y[,X,Y...]")
  }
  return stride(from: 0, to: v.count, by: 2).map { Point(v[$0]!, v[$0 + 1]!) }
}
