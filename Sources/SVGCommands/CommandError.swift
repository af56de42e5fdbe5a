import SVGTree

/// A command that cannot be read or applied: unknown name, wrong argument count or type,
/// an element that does not exist, a colour that does not parse. Names the line and column
/// (1-based, columns in UTF-8 bytes) of the script where the problem is.
public struct CommandError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String
  public var location: SourceLocation

  public init(_ message: String, at location: SourceLocation) {
    self.message = message
    self.location = location
  }

  /// `line:column: message`.
  public var description: String {
    location.line > 0 ? "\(location.line):\(location.column): \(message)" : message
  }
}
