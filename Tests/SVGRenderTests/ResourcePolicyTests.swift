import Foundation
import SVGTree
import Testing

/// A scratch tree for the policy:
///   root/base/a.png, root/base/a b.png, root/base/sub/b.png, root/base/dir/,
///   root/base/fifo, root/base/out -> ../outside/secret.txt, root/base/in -> a.png,
///   root/outside/secret.txt
private final class Sandbox {
  private let folder: TemporaryDirectory
  var root: String { folder.path }
  var base: String { root + "/base" }

  init() throws {
    folder = try TemporaryDirectory("inkpath-policy")
    let fm = FileManager.default
    for dir in ["base/sub", "base/dir", "outside"] {
      try fm.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
    }
    for file in ["base/a.png", "base/a b.png", "base/sub/b.png", "outside/secret.txt"] {
      try Data("content of \(file)".utf8).write(to: URL(fileURLWithPath: root + "/" + file))
    }
    try fm.createSymbolicLink(atPath: base + "/out", withDestinationPath: "../outside/secret.txt")
    try fm.createSymbolicLink(atPath: base + "/in", withDestinationPath: "a.png")
    #expect(mkfifo(base + "/fifo", 0o600) == 0)
  }

  /// The canonical path of a file in the sandbox (the temporary folder may be a symlink).
  func canonical(_ relative: String) -> String {
    URL(fileURLWithPath: root + "/" + relative).resolvingSymlinksInPath().path
  }
}

/// Why `policy` refuses `reference`; nil when it accepts it.
private func refusal(
  _ policy: ResourcePolicy, _ reference: String, relativeTo directory: String? = nil
) -> String? {
  do {
    _ = try policy.resolve(reference, relativeTo: directory)
    return nil
  } catch {
    return error.message
  }
}

@Suite struct ResourcePolicyTests {
  @Test func relativeFileInsideTheBaseIsResolvedToItsCanonicalPath() throws {
    let box = try Sandbox()
    let policy = ResourcePolicy.files(baseDirectory: box.base)
    #expect(try policy.resolve("a.png") == .file(path: box.canonical("base/a.png")))
    #expect(try policy.resolve("sub/../a.png") == .file(path: box.canonical("base/a.png")))
    #expect(try policy.resolve("a%20b.png") == .file(path: box.canonical("base/a b.png")))
    #expect(try policy.resolve("in") == .file(path: box.canonical("base/a.png")))
    #expect(try policy.resolve("a.png#frag") == .file(path: box.canonical("base/a.png")))
    #expect(try policy.resolve(box.base + "/a.png") == .file(path: box.canonical("base/a.png")))
  }

  @Test func relativeReferencesStartFromTheDocumentFolder() throws {
    let box = try Sandbox()
    let policy = ResourcePolicy.files(baseDirectory: box.base)
    #expect(
      try policy.resolve("b.png", relativeTo: box.base + "/sub")
        == .file(path: box.canonical("base/sub/b.png")))
    #expect(
      try policy.resolve("../a.png", relativeTo: box.base + "/sub")
        == .file(path: box.canonical("base/a.png")))
    #expect(refusal(policy, "b.png") == "no such file")
  }

  @Test func escapesFromTheBaseAreRefused() throws {
    let box = try Sandbox()
    let policy = ResourcePolicy.files(baseDirectory: box.base)
    for reference in [
      "../outside/secret.txt", "%2e%2e/outside/secret.txt", "%2E%2E%2Foutside%2Fsecret.txt",
      "sub/../../outside/secret.txt", box.root + "/outside/secret.txt", "out",
    ] {
      let message = refusal(policy, reference)
      #expect(message?.contains("outside the resource directory") == true, "\(reference)")
    }
    let fromSub = refusal(policy, "../../outside/secret.txt", relativeTo: box.base + "/sub")
    #expect(fromSub?.contains("outside") == true)
  }

  @Test func systemFilesAndDevicesAreRefused() throws {
    let box = try Sandbox()
    let policy = ResourcePolicy.files(baseDirectory: box.base)
    for reference in ["/dev/stdin", "/etc/passwd", "file:///etc/passwd", "/dev/zero"] {
      let message = refusal(policy, reference)
      #expect(message != nil, "\(reference)")
    }
    // Even with the whole file system as the base, a device is not a regular file.
    let everything = ResourcePolicy.files(baseDirectory: "/")
    #expect(refusal(everything, "/dev/zero") == "not a regular file")
  }

  @Test func onlyRegularFilesAreRead() throws {
    let box = try Sandbox()
    let policy = ResourcePolicy.files(baseDirectory: box.base)
    #expect(refusal(policy, "dir") == "not a regular file")
    #expect(refusal(policy, "fifo") == "not a regular file")
    #expect(refusal(policy, "missing.png") == "no such file")
    #expect(refusal(policy, "  ") == "the reference is empty")
  }

  @Test func theNetworkAndOtherSchemesAreRefused() throws {
    let box = try Sandbox()
    let policy = ResourcePolicy.files(baseDirectory: box.base)
    for reference in [
      "http://127.0.0.1/", "https://example.com/a.png", "HTTP://127.0.0.1/a.png",
      "ftp://127.0.0.1/a", "javascript:alert(1)", "file://otherhost/a.png",
    ] {
      let message = refusal(policy, reference)
      #expect(message?.contains("not allowed") == true, "\(reference): \(message ?? "accepted")")
    }
  }

  @Test func fileURLsInsideTheBaseAreAccepted() throws {
    let box = try Sandbox()
    let policy = ResourcePolicy.files(baseDirectory: box.base)
    let path = box.canonical("base/a.png")
    #expect(try policy.resolve("file://" + path) == .file(path: path))
    #expect(try policy.resolve("file://localhost" + path) == .file(path: path))
    #expect(try policy.resolve("file:" + path) == .file(path: path))
    #expect(refusal(policy, "file:a.png") != nil)
  }

  @Test func policiesWithoutFilesRefuseThem() throws {
    let box = try Sandbox()
    let data = "data:text/plain,hi"
    #expect(
      refusal(.none, box.base + "/a.png")
        == "external resources are disabled")
    #expect(refusal(.none, data) != nil)
    #expect(
      refusal(.dataOnly, "a.png")
        == "only data: URLs are allowed")
    #expect(
      try ResourcePolicy.dataOnly.resolve(data)
        == .data(DataURL(mediaType: "text/plain", bytes: Array("hi".utf8))))
  }

  @Test func loadReadsTheBytesWithinTheSizeCap() throws {
    let box = try Sandbox()
    let policy = ResourcePolicy.files(baseDirectory: box.base)
    let resource = try policy.load("a.png", maxBytes: 1000)
    #expect(resource.bytes == Array("content of base/a.png".utf8))
    #expect(resource.path == box.canonical("base/a.png"))
    #expect(resource.directory == box.canonical("base"))
    #expect(throws: ResourceError.self) { try policy.load("a.png", maxBytes: 5) }
    #expect(throws: ResourceError.self) { try policy.load("data:,123456", maxBytes: 5) }
  }

  @Test func aMissingBaseDirectoryRefusesEverything() {
    let policy = ResourcePolicy.files(baseDirectory: "/nonexistent/inkpath")
    let message = refusal(policy, "a.png")
    #expect(message?.contains("does not exist") == true)
  }
}

@Suite struct DataURLTests {
  @Test func base64WithWhitespaceAndWithoutPadding() throws {
    #expect(try DataURL(parsing: "data:image/png;base64,aGVs\n  bG8=").bytes == Array("hello".utf8))
    #expect(try DataURL(parsing: "data:image/png;base64,aGVsbG8").bytes == Array("hello".utf8))
    #expect(try DataURL(parsing: "data:;BASE64,aGk=").bytes == Array("hi".utf8))
    #expect(try DataURL(parsing: "data:;base64,aGk%3D").bytes == Array("hi".utf8))
  }

  @Test func mediaTypeIsLoweredAndParametersDropped() throws {
    #expect(try DataURL(parsing: "data:Image/SVG+XML;charset=utf-8,x").mediaType == "image/svg+xml")
    #expect(try DataURL(parsing: "data:,x").mediaType == nil)
    #expect(try DataURL(parsing: "data:;base64,eA==").mediaType == nil)
  }

  @Test func percentEncodedText() throws {
    let url = try DataURL(parsing: "data:image/svg+xml,%3Csvg%20a='1'%3E%zz")
    #expect(url.bytes == Array("<svg a='1'>%zz".utf8))
  }

  @Test func malformedURLsAreErrors() {
    #expect(throws: ResourceError.self) { try DataURL(parsing: "data:image/png;base64") }
    #expect(throws: ResourceError.self) { try DataURL(parsing: "data:;base64,a$b=") }
    #expect(throws: ResourceError.self) { try DataURL(parsing: "data:;base64,abcde") }
    #expect(throws: ResourceError.self) { try DataURL(parsing: "image.png") }
  }
}
