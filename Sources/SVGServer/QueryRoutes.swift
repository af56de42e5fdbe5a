import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree

/// `POST /query` and `POST /bbox`: what is where in an SVG body.
extension Service {
  static let queryParameters: [Route.Parameter] = [
    .init(
      name: "at", type: "string", required: true,
      description: "The point X,Y: document coordinates, or viewport pixels with viewport=."),
    .init(
      name: "viewport", type: "string",
      description:
        "SCROLLX,SCROLLY[,ZOOM[,SCALE[,WIDTH,HEIGHT]]]: at= is a pixel of this view "
        + "(of WIDTH x HEIGHT pixels; default: the drawing's size as rendered)."),
    .init(
      name: "tolerance", type: "number",
      description: "Also hit shapes this far away (px). Default 0."),
    .init(
      name: "all", type: "boolean",
      description: "Every element under the point, not just the top-most."),
  ]

  static let queryResponses: [(Int, String)] = [
    (200, "application/json"), (400, "application/json"), (413, "application/json"),
    (422, "application/json"), (503, "application/json"),
  ]

  static let queryRoutes: [Route] = [
    Route(
      method: "POST", pattern: "/query", summary: "Elements under a point, top-most first",
      parameters: queryParameters, body: ["image/svg+xml"], responses: queryResponses
    ) { s, request, _ throws(ServiceError) in
      let document = try s.engine.parse(request.body)
      return try s.hits(in: s.scene(document), request)
    },
    Route(
      method: "POST", pattern: "/bbox",
      summary: "An element's bounding box in document coordinates",
      parameters: [
        .init(
          name: "id", type: "string", required: true,
          description: "The element: its id, or an index path such as /0/2."),
        .init(name: "kind", type: "string", description: "fill (default), stroke or visual."),
      ],
      body: ["image/svg+xml"], responses: queryResponses
    ) { s, request, _ throws(ServiceError) in
      guard let name = request.query["id"], !name.isEmpty else {
        throw ServiceError(400, "id is missing: give id=ELEMENT")
      }
      let kindText = request.query["kind"] ?? "fill"
      guard let kind = BoxKind(rawValue: kindText) else {
        throw ServiceError(400, "kind: \"\(kindText)\" is not one of fill, stroke, visual")
      }
      let document = try s.engine.parse(request.body)
      let scene = try s.scene(document)
      guard let element = scene.element(name) else {
        throw ServiceError(422, "no element \"\(name)\" in the document")
      }
      guard let box = scene.boundingBox(of: element, kind: kind) else {
        throw ServiceError(422, "\(scene.ref(element).name) draws nothing: it has no bounding box")
      }
      let b = [box.x, box.y, box.width, box.height].map { JSON.number(Service.rounded($0)) }
      var r = HTTPResponse.json(.object([("id", .string(name)), ("bbox", .array(b))]))
      r.addWarnings(scene.tree.diagnostics)
      return r
    },
  ]

  /// A query scene of `document`, built within the render budget.
  func scene(_ document: Document) throws(ServiceError) -> Scene {
    let tree = try engine.tree(of: document)
    return Scene(document: document, tree: tree, options: engine.options())
  }

  /// `{"hits": [...]}` for the point of `at=` (and `viewport=`, `tolerance=`, `all=`).
  func hits(in scene: @autoclosure () throws(ServiceError) -> Scene, _ request: HTTPRequest)
    throws(ServiceError) -> HTTPResponse
  {
    let (x, y) = try parsePoint(request.query["at"], name: "at")
    let viewport = try parseViewport(request.query["viewport"])
    var tolerance = 0.0
    if let t = request.query["tolerance"] {
      guard let v = Double(t), v.isFinite, v >= 0 else {
        throw ServiceError(400, "tolerance: \"\(t)\" is not a number of at least 0")
      }
      tolerance = v
    }
    let all = ["1", "true", "yes", ""].contains(request.query["all"] ?? "no")
    let scene = try scene()
    let hits = scene.hits(
      at: Point(x, y), in: viewport, options: HitTestOptions(tolerance: tolerance), all: all)
    var r = HTTPResponse.json(.object([("hits", .array(hits.map(QueryFormat.value)))]))
    r.addWarnings(scene.tree.diagnostics)
    return r
  }

  static func rounded(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
}
