#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scheme part of a reference and the path of `file:` URLs.
enum URLScheme {
  /// The lowercased scheme (`data`, `file`, `https`), or nil for a plain path.
  static func of(_ text: String) -> String? {
    var scheme = ""
    for c in text.unicodeScalars {
      if c == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
      let isLetter = ("a"..."z").contains(c) || ("A"..."Z").contains(c)
      let isOther = ("0"..."9").contains(c) || c == "+" || c == "-" || c == "."
      guard isLetter || (!scheme.isEmpty && isOther) else { return nil }
      scheme.unicodeScalars.append(c)
    }
    return nil
  }

  /// A path reference without its `?query` and `#fragment`.
  static func strippingQueryAndFragment(_ text: String) -> String {
    String(text.prefix { $0 != "?" && $0 != "#" })
  }

  /// The (still percent-encoded) absolute path of a `file:` URL on this machine:
  /// `file:///p`, `file://localhost/p` or `file:/p`.
  static func filePath(_ url: String) throws(ResourceError) -> String {
    let rest = strippingQueryAndFragment(String(url.dropFirst("file:".count)))
    if rest.hasPrefix("//") {
      let afterSlashes = rest.dropFirst(2)
      let host = afterSlashes.prefix { $0 != "/" }
      guard host.isEmpty || host.lowercased() == "localhost" else {
        throw ResourceError(url, "file: URLs on another host (\(host)) are not allowed")
      }
      let path = String(afterSlashes.dropFirst(host.count))
      guard path.hasPrefix("/") else { throw ResourceError(url, "the file: URL has no path") }
      return path
    }
    guard rest.hasPrefix("/") else {
      throw ResourceError(url, "a file: URL must hold an absolute path")
    }
    return rest
  }
}

/// The few file-system calls the policy needs, on the C library directly: `realpath` for
/// canonical paths, and reading through one descriptor that is checked to be a regular file.
package enum FileSystem {
  /// The absolute path with symbolic links, `.` and `..` resolved; nil when it does not exist.
  static func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Whether `path` names a folder (or a symbolic link to one).
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether anything (a file, a folder, a link to one) exists at `path`.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// `path` made absolute against the working folder, with `.` and `..` components and
  /// repeated slashes removed as written (symbolic links are not resolved).
  package static func standardized(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    var parts: [Substring] = []
    for part in absolute.split(separator: "/") where part != "." {
      if part == ".." {
        _ = parts.popLast()
      } else {
        parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// Creates the folder `path` and any missing folders above it (`mkdir -p`); the error
  /// number of the failure, or nil when the folder exists after it.
  package static func makeDirectories(_ path: String) -> Int32? {
    if isDirectory(path) { return nil }
    let parent = directory(of: path)
    if parent != path, parent != ".", parent != "/", let failure = makeDirectories(parent) {
      return failure
    }
    guard mkdir(path, 0o777) != 0 else { return nil }
    guard errno == EEXIST else { return errno }
    return isDirectory(path) ? nil : ENOTDIR
  }

  /// The process's working folder ("." when it cannot be read).
  package static var currentDirectory: String {
    guard let cwd = getcwd(nil, 0) else { return "." }
    defer { free(cwd) }
    return String(cString: cwd)
  }

  /// The folder of `path` as written: `.` for a bare name, `/` for a file at the root.
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Reads a file that must still be a regular file once opened (a path swapped for a FIFO
  /// or a device between the check and the read is refused, and never blocks).
  static func readRegularFile(_ path: String, maxBytes: Int, reference: String)
    throws(ResourceError) -> [UInt8]
  {
    do {
      return try BoundedFile.read(
        path, maxBytes: maxBytes, regularOnly: true, followSymlinks: false)
    } catch {
      switch error.kind {
      case .overLimit: throw ResourceError(reference, "the file is \(error.reason)")
      case .missing, .unopenable: throw ResourceError(reference, "cannot open the file")
      case .directory, .notRegular: throw ResourceError(reference, "not a regular file")
      case .unreadable: throw ResourceError(reference, "cannot read the file")
      }
    }
  }
}
