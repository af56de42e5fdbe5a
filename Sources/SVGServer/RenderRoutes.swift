import SVGCommands
import SVGTree

/// `POST /render`: SVG in, image out.
extension Service {
  static let renderParameters: [Route.Parameter] = [
    .init(
      name: "width", type: "number",
      description: "Output width in px; the height follows the aspect ratio unless given."),
    .init(
      name: "height", type: "number",
      description: "Output height in px; the width follows the aspect ratio unless given."),
    .init(
      name: "zoom", type: "number",
      description: "Scales the intrinsic size (without width/height). Default 1."),
    .init(
      name: "scale", type: "number",
      description: "Device pixels per px: 2 gives an @2x image. Default 1."),
    .init(
      name: "background", type: "string",
      description: "A CSS colour painted under the drawing. Default transparent."),
    .init(name: "format", type: "string", description: "png (default), pdf or svg."),
  ]

  static let imageResponses: [(Int, String)] = [
    (200, "image/png"), (304, "image/png"), (400, "application/json"), (413, "application/json"),
    (422, "application/json"), (503, "application/json"),
  ]

  static let renderRoutes: [Route] = [
    Route(
      method: "POST", pattern: "/render",
      summary:
        "Render the SVG body to PNG, PDF or SVG; ETag is a hash of body, parameters and the "
        + "build of svg-serve, and a "
        + "repeated render is answered from the render cache",
      parameters: renderParameters, body: ["image/svg+xml"], responses: imageResponses
    ) { service, request, _ throws(ServiceError) in
      let parameters = try RenderParameters(query: request.query)
      let etag = SHA256.hex([BuildIdentity.current, request.body, Array(parameters.canonical.utf8)])
      return try conditional(request, etag: etag, immutable: true) { () throws(ServiceError) in
        if let kept = service.renderCache.answer(for: etag) { return kept }
        let document = try service.engine.parse(request.body)
        let response = try service.renderResponse(document, parameters)
        service.renderCache.keep(response, for: etag)
        return response
      }
    }
  ]

  /// Renders and wraps the bytes in a response with their content type and warnings.
  func renderResponse(_ document: SVGTreeDocument, _ parameters: RenderParameters)
    throws(ServiceError) -> HTTPResponse
  {
    response(try engine.render(document, parameters), parameters)
  }

  /// A colouring session's current state rendered, with the tree the session keeps.
  func renderResponse(_ editable: EditableDocument, _ parameters: RenderParameters)
    throws(ServiceError) -> HTTPResponse
  {
    response(try engine.render(editable, parameters), parameters)
  }

  private func response(
    _ rendered: (bytes: [UInt8], warnings: [Diagnostic]), _ parameters: RenderParameters
  ) -> HTTPResponse {
    let (bytes, warnings) = rendered
    var response = HTTPResponse(
      status: 200, headers: [("Content-Type", parameters.contentType)], body: bytes)
    response.addWarnings(warnings)
    return response
  }
}
