/// A document could not be read. Names the file (when known), line and column.
public struct SVGError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Kind: Sendable, Hashable {
    /// Not well-formed XML, or not an SVG document.
    case syntax
    /// A ``Limits`` cap was reached.
    case limit
    /// The input could not be read (missing file, unreadable, bad gzip).
    case io
  }

  public var kind: Kind
  public var message: String
  public var file: String?
  public var location: SourceLocation

  public init(
    _ kind: Kind, _ message: String, file: String? = nil, location: SourceLocation = .unknown
  ) {
    self.kind = kind
    self.message = message
    self.file = file
    self.location = location
  }

  /// `file:line:column: message`, leaving out the parts that are unknown.
  public var description: String {
    var head = file ?? "<input>"
    if location.line > 0 {
      head += ":\(location.line)"
      if location.column > 0 { head += ":\(location.column)" }
    }
    return "\(head): \(message)"
  }
}

/// Something the reader or renderer replaced, skipped or does not support. Not fatal.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  public var message: String
  public var location: SourceLocation

  public init(_ message: String, at location: SourceLocation = .unknown) {
    self.message = message
    self.location = location
  }

  public var description: String {
    location.line > 0 ? "\(location.line):\(location.column): \(message)" : message
  }
}
