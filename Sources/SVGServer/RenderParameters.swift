import SVGRender
import SVGTree

/// The query parameters of a render: `width`, `height`, `zoom`, `scale`, `background`,
/// `format` (png, pdf or svg), read and checked.
struct RenderParameters: Sendable {
  var request = RenderRequest()
  /// The parameters in a fixed order, for the ETag.
  var canonical: String

  static let names = ["width", "height", "zoom", "scale", "background", "format"]

  init(query: [String: String]) throws(ServiceError) {
    request.width = try Self.number(query, "width")
    request.height = try Self.number(query, "height")
    request.zoom = try Self.number(query, "zoom") ?? 1
    request.scale = try Self.number(query, "scale") ?? 1
    if let bg = query["background"] {
      do {
        request.background = try Color(parsing: bg)
      } catch {
        throw ServiceError(400, "background: \"\(bg)\" is not a CSS colour")
      }
    }
    switch query["format"]?.lowercased() ?? "png" {
    case "png": request.format = .png
    case "pdf": request.format = .pdf
    case "svg": request.format = .svg
    case let other: throw ServiceError(400, "format: \"\(other)\" is not one of png, pdf, svg")
    }
    canonical = Self.names.map { "\($0)=\(query[$0] ?? "")" }.joined(separator: "&")
  }

  /// The response's content type.
  var contentType: String {
    switch request.format {
    case .png: "image/png"
    case .pdf: "application/pdf"
    case .svg: "image/svg+xml"
    case .ps, .eps: "application/postscript"
    }
  }

  /// A positive finite number, or nil when absent.
  private static func number(_ query: [String: String], _ name: String) throws(ServiceError)
    -> Double?
  {
    guard let text = query[name] else { return nil }
    guard let v = Double(text), v.isFinite, v > 0, v <= 1e6 else {
      throw ServiceError(400, "\(name): \"\(text)\" is not a positive number")
    }
    return v
  }
}

/// A point `X,Y` as `at=` takes it.
func parsePoint(_ text: String?, name: String) throws(ServiceError) -> (Double, Double) {
  guard let text else { throw ServiceError(400, "\(name) is missing: give \(name)=X,Y") }
  let parts = text.split(separator: ",", omittingEmptySubsequences: false)
  guard parts.count == 2, let x = Double(parts[0].trimming { $0 == " " }),
    let y = Double(parts[1].trimming { $0 == " " }), x.isFinite, y.isFinite
  else { throw ServiceError(400, "\(name): \"\(text)\" is not X,Y") }
  return (x, y)
}
