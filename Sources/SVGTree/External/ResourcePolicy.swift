/// Which external files a document may read (images, style sheets, scripts to inline).
/// The network is never reachable, whatever the policy.
public enum ResourcePolicy: Sendable, Hashable {
  /// No external reference is followed.
  case none
  /// Only `data:` URLs.
  case dataOnly
  /// `data:` URLs and regular files under `baseDirectory` (after resolving `..` and
  /// symbolic links).
  case files(baseDirectory: String)

  /// Where a reference (an `href`) leads, once the policy allows it.
  public enum Location: Sendable, Hashable {
    /// A `data:` URL, already decoded.
    case data(DataURL)
    /// A regular file inside the base directory: its canonical absolute path.
    case file(path: String)
  }

  /// Resolves `reference` (an `href` as written) under this policy.
  ///
  /// Relative paths are taken from `documentDirectory` (the referencing document's folder;
  /// the base directory when nil). `file:` URLs are accepted, every other scheme is refused.
  /// A path is percent-decoded and canonicalized (symbolic links and `..` followed), and
  /// must then name a regular file inside the base directory.
  public func resolve(_ reference: String, relativeTo documentDirectory: String? = nil)
    throws(ResourceError) -> Location
  {
    let text = reference.trimmingASCIISpaces
    guard !text.isEmpty else { throw ResourceError(text, "the reference is empty") }
    let scheme = URLScheme.of(text)
    if scheme == "data" {
      guard self != .none else {
        throw ResourceError(text, "external resources are disabled (data: URLs included)")
      }
      return .data(try DataURL(parsing: text))
    }
    guard case .files(let baseDirectory) = self else {
      throw ResourceError(
        text, self == .none ? "external resources are disabled" : "only data: URLs are allowed")
    }
    var path: String
    switch scheme {
    case nil:
      path = URLScheme.strippingQueryAndFragment(text)
    case "file":
      path = try URLScheme.filePath(text)
    case let other?:
      throw ResourceError(text, "the \(other): scheme is not allowed (no network access)")
    }
    let decoded = PercentEncoding.decode(path.utf8)
    guard !decoded.contains(0), let decodedPath = String(validating: decoded, as: UTF8.self)
    else { throw ResourceError(text, "the decoded path is not valid UTF-8 or holds a NUL byte") }
    path = decodedPath
    guard !path.isEmpty else { throw ResourceError(text, "the reference has no path") }
    guard let base = FileSystem.canonicalPath(baseDirectory) else {
      throw ResourceError(text, "the base directory \(baseDirectory) does not exist")
    }
    if !path.hasPrefix("/") {
      let directory = documentDirectory ?? base
      path = directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
    guard let canonical = FileSystem.canonicalPath(path) else {
      throw ResourceError(text, "no such file")
    }
    let inside = base == "/" ? canonical.hasPrefix("/") : canonical.hasPrefix(base + "/")
    guard inside else {
      throw ResourceError(text, "the file is outside the resource directory \(base)")
    }
    guard FileSystem.isRegularFile(canonical) else {
      throw ResourceError(text, "not a regular file")
    }
    return .file(path: canonical)
  }

  /// Resolves `reference` and reads what it names, at most `maxBytes` bytes.
  public func load(
    _ reference: String, relativeTo documentDirectory: String? = nil, maxBytes: Int
  ) throws(ResourceError) -> Resource {
    switch try resolve(reference, relativeTo: documentDirectory) {
    case .data(let url):
      guard url.bytes.count <= maxBytes else {
        throw ResourceError(reference, "the data is over the limit of \(maxBytes) bytes")
      }
      return Resource(bytes: url.bytes, mediaType: url.mediaType, path: nil)
    case .file(let path):
      let bytes = try FileSystem.readRegularFile(path, maxBytes: maxBytes, reference: reference)
      return Resource(bytes: bytes, mediaType: nil, path: path)
    }
  }
}

/// The bytes of a loaded external resource.
public struct Resource: Sendable, Hashable {
  public var bytes: [UInt8]
  /// The media type a `data:` URL declared (lowercased, without parameters), if any.
  public var mediaType: String?
  /// The canonical path of a file resource; nil for `data:` URLs.
  public var path: String?

  public init(bytes: [UInt8], mediaType: String?, path: String?) {
    self.bytes = bytes
    self.mediaType = mediaType
    self.path = path
  }

  /// The folder of a file resource, against which its own relative references resolve.
  public var directory: String? { path.map(FileSystem.directory(of:)) }
}

/// A reference was refused or could not be read. The message says why.
public struct ResourceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The reference as written (long `data:` URLs shortened).
  public var reference: String
  public var message: String

  public init(_ reference: String, _ message: String) {
    self.reference = reference.count > 60 ? String(reference.prefix(57)) + "..." : reference
    self.message = message
  }

  public var description: String { "\"\(reference)\": \(message)" }
}

extension String {
  fileprivate var trimmingASCIISpaces: String {
    let isSpace: (UInt8) -> Bool = {
      $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C
    }
    let bytes = Array(utf8)
    guard let first = bytes.firstIndex(where: { !isSpace($0) }),
      let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(decoding: bytes[first...last], as: UTF8.self)
  }
}
