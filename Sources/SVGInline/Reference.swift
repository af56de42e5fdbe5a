import SVGTree

/// What an `href` (or `src`) on an inlinable element points at, before any file is touched.
enum ReferenceTarget: Equatable {
  /// A local file: a relative or absolute path, or a `file:` URL.
  case file
  /// Already embedded: a `data:` URL. Left as it is.
  case embedded
  /// A same-document fragment (`#id`). Left as it is.
  case fragment
  /// A URL with another scheme (`https:`, protocol-relative `//host/`). Never fetched.
  case remote(scheme: String)
  /// The reference is empty or blank.
  case empty

  init(_ reference: String) {
    let text = String(reference.trimmingWhitespace)
    guard !text.isEmpty else {
      self = .empty
      return
    }
    if text.hasPrefix("#") {
      self = .fragment
    } else if text.hasPrefix("//") {
      self = .remote(scheme: "//")
    } else {
      switch Self.scheme(of: text) {
      case nil, "file": self = .file
      case "data": self = .embedded
      case let other?: self = .remote(scheme: other + ":")
      }
    }
  }

  /// The lowercased URL scheme (RFC 3986: a letter, then letters, digits, `+ - .`).
  private static func scheme(of text: String) -> String? {
    var scheme = ""
    for c in text.unicodeScalars {
      if c == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
      let letter = ("a"..."z").contains(c) || ("A"..."Z").contains(c)
      let other = ("0"..."9").contains(c) || c == "+" || c == "-" || c == "."
      guard letter || (!scheme.isEmpty && other) else { return nil }
      scheme.unicodeScalars.append(c)
    }
    return nil
  }
}
