/// The OpenAPI 3.0 description of the routes, made from the route table itself.
enum OpenAPI {
  static func document(routes: [Route]) -> JSON {
    var paths: [(String, [(String, JSON)])] = []
    for r in routes {
      let op = operation(r)
      if let i = paths.firstIndex(where: { $0.0 == r.openAPIPath }) {
        paths[i].1.append((r.method.lowercased(), op))
      } else {
        paths.append((r.openAPIPath, [(r.method.lowercased(), op)]))
      }
    }
    return .object([
      ("openapi", "3.0.3"),
      (
        "info",
        .object([
          ("title", "Inkpath svg-serve"),
          ("version", "1.0.0"),
          ("description", "Render, query and colour SVG documents over HTTP."),
        ])
      ),
      ("paths", .object(paths.map { ($0.0, .object($0.1)) })),
      (
        "components",
        .object([
          (
            "schemas",
            .object([
              (
                "Error",
                .object([
                  ("type", "object"),
                  ("required", ["error"]),
                  (
                    "properties",
                    .object([
                      ("error", .object([("type", "string")])),
                      ("line", .object([("type", "integer")])),
                      ("column", .object([("type", "integer")])),
                    ])
                  ),
                ])
              )
            ])
          )
        ])
      ),
    ])
  }

  private static func operation(_ r: Route) -> JSON {
    var parameters: [JSON] = []
    for name in pathParameters(r.openAPIPath) {
      parameters.append(
        .object([
          ("name", .string(name)), ("in", "path"), ("required", true),
          ("schema", .object([("type", "string")])),
        ]))
    }
    for p in r.parameters {
      parameters.append(
        .object([
          ("name", .string(p.name)), ("in", "query"), ("required", .bool(p.required)),
          ("description", .string(p.description)), ("schema", .object([("type", .string(p.type))])),
        ]))
    }
    var op: [(String, JSON)] = [
      ("summary", .string(r.summary)),
      ("operationId", .string(operationID(r))),
    ]
    if !parameters.isEmpty { op.append(("parameters", .array(parameters))) }
    if !r.body.isEmpty {
      op.append(
        (
          "requestBody",
          .object([
            ("required", true),
            (
              "content",
              .object(r.body.map { ($0, .object([("schema", .object([("type", "string")]))])) })
            ),
          ])
        ))
    }
    var responses: [(String, JSON)] = []
    for (status, type) in r.responses {
      let schema: JSON =
        type == "application/json" && status >= 400
        ? .object([("$ref", "#/components/schemas/Error")])
        : .object([("type", type == "application/json" ? "object" : "string")])
      responses.append(
        (
          String(status),
          .object([
            ("description", .string(description(status))),
            ("content", .object([(type, .object([("schema", schema)]))])),
          ])
        ))
    }
    op.append(("responses", .object(responses)))
    return .object(op)
  }

  private static func pathParameters(_ path: String) -> [String] {
    var out: [String] = []
    var rest = Substring(path)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      out.append(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return out
  }

  private static func operationID(_ r: Route) -> String {
    let words = r.openAPIPath.split { !$0.isLetter }.map {
      $0.prefix(1).uppercased() + $0.dropFirst()
    }
    return r.method.lowercased() + words.joined()
  }

  private static func description(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 204: "No content"
    case 304: "Not modified (If-None-Match)"
    case 400: "Malformed request or body"
    case 404: "No such document"
    case 413: "Over a size limit"
    case 422: "Well-formed but cannot be done"
    case 503: "Busy, over the time budget, or shutting down"
    default: "Status \(status)"
    }
  }
}
