import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Headless Chromium driven through WebDriver (Debian's `chromium` and `chromium-driver`):
/// `chromedriver` as a child on a free port, one browser session with a temporary profile.
/// ``stop()`` ends the session, the driver and any browser process of that profile, so no
/// chromedriver or chromium is left running.
package final class Browser: @unchecked Sendable {
  package static let chromium = "/usr/bin/chromium"
  package static let chromedriver = "/usr/bin/chromedriver"

  /// Whether both programs are installed.
  package static var available: Bool {
    FileManager.default.isExecutableFile(atPath: chromium)
      && FileManager.default.isExecutableFile(atPath: chromedriver)
  }

  private let driver: Process
  private let profile: TemporaryDirectory
  private let base: String
  package private(set) var session = ""

  /// Starts chromedriver and a headless browser whose window is `width` x `height` CSS
  /// pixels at `scale` device pixels per CSS pixel.
  package init(width: Int = 1000, height: Int = 700, scale: Double = 1) throws {
    profile = try TemporaryDirectory("chromium")
    let port = try freePort()
    driver = Process()
    driver.executableURL = URL(fileURLWithPath: Self.chromedriver)
    driver.arguments = ["--port=\(port)", "--log-path=\(profile.file("chromedriver.log"))"]
    // Chromium's crash handler outlives the browser and names no profile: with HOME in the
    // temporary folder its command line names that folder too, so stop() finds it.
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = profile.path
    environment["XDG_CONFIG_HOME"] = profile.file("config")
    environment["XDG_CACHE_HOME"] = profile.file("cache")
    driver.environment = environment
    driver.standardOutput = FileHandle.nullDevice
    driver.standardError = FileHandle.nullDevice
    try driver.run()
    base = "http://127.0.0.1:\(port)"
    let up = waitUntil(deadline: .now + .seconds(20), interval: .milliseconds(50)) { [base] in
      (try? Self.exchange("GET", base + "/status", []))?.1["value"] != nil
    }
    guard up else {
      stop()
      throw SupportFailure("chromedriver did not start on port \(port)")
    }
    var arguments = [
      "--headless=new", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--disable-crash-reporter", "--disable-breakpad", "--disable-background-networking",
      "--user-data-dir=\(profile.file("profile"))", "--window-size=\(width),\(height)",
      "--force-device-scale-factor=\(scale)",
    ]
    if getuid() == 0 { arguments.append("--no-sandbox") }
    let capabilities: [String: Any] = [
      "capabilities": [
        "alwaysMatch": [
          "browserName": "chrome",
          "goog:chromeOptions": ["binary": Self.chromium, "args": arguments],
        ]
      ]
    ]
    do {
      let value = try command("POST", "/session", capabilities, inSession: false)
      session = (value as? [String: Any])?["sessionId"] as? String ?? ""
    } catch {
      stop()
      throw error
    }
  }

  /// One WebDriver command; answers its `value`, or throws WebDriver's error message.
  @discardableResult
  package func command(
    _ method: String, _ path: String, _ body: [String: Any]? = nil, inSession: Bool = true
  ) throws -> Any? {
    let bytes = try body.map { Array(try JSONSerialization.data(withJSONObject: $0)) } ?? []
    let (status, answer, text) = try Self.exchange(
      method, base + (inSession ? "/session/\(session)" : "") + path, bytes)
    let value = answer["value"]
    guard status == 200 else {
      let error = value as? [String: Any]
      throw SupportFailure(
        "WebDriver \(method) \(path): \(status) \(error?["error"] ?? "") "
          + "\(error?["message"] ?? text)")
    }
    return value
  }

  /// One HTTP exchange with chromedriver (which keeps connections open: the answer is read
  /// by its length).
  private static func exchange(_ method: String, _ url: String, _ body: [UInt8]) throws
    -> (Int, [String: Any], String)
  {
    let rest = url.dropFirst("http://127.0.0.1:".count)
    let port = UInt16(rest.prefix { $0.isNumber }) ?? 0
    let path = String(rest.drop { $0.isNumber })
    let response = try HTTPClient(port: port, timeout: 60).request(
      method, path, headers: method == "POST" ? [("Content-Type", "application/json")] : [],
      body: body, byLength: true)
    return (response.status, response.json, response.text)
  }

  package func open(_ url: String) throws { try command("POST", "/url", ["url": url]) }

  /// Runs `script` (a function body; `arguments` holds `args`) in the page, answers its result.
  @discardableResult
  package func run(_ script: String, _ args: [Any] = []) throws -> Any? {
    try command("POST", "/execute/sync", ["script": script, "args": args])
  }

  /// The WebDriver reference of the first element matching a CSS selector.
  package func element(_ selector: String) throws -> [String: Any] {
    let value = try command("POST", "/element", ["using": "css selector", "value": selector])
    guard let reference = value as? [String: Any] else {
      throw SupportFailure("no element \(selector)")
    }
    return reference
  }

  package func click(_ selector: String) throws {
    let id = try element(selector).values.first as? String ?? ""
    try command("POST", "/element/\(id)/click", [:])
  }

  /// Types `text` into an element (for a file input: the path of the file to choose).
  package func type(_ selector: String, _ text: String) throws {
    let id = try element(selector).values.first as? String ?? ""
    try command("POST", "/element/\(id)/value", ["text": text])
  }

  /// A mouse press at `from`, moves through `to`, release there (CSS pixels of the window);
  /// with `to` nil, a tap.
  package func press(at from: (Double, Double), dragTo to: [(Double, Double)] = []) throws {
    var actions: [[String: Any]] = [
      [
        "type": "pointerMove", "duration": 0, "origin": "viewport", "x": Int(from.0.rounded()),
        "y": Int(from.1.rounded()),
      ],
      ["type": "pointerDown", "button": 0],
    ]
    for p in to {
      actions.append([
        "type": "pointerMove", "duration": 50, "origin": "viewport", "x": Int(p.0.rounded()),
        "y": Int(p.1.rounded()),
      ])
    }
    actions.append(["type": "pointerUp", "button": 0])
    let source: [String: Any] = [
      "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
      "actions": actions,
    ]
    try command("POST", "/actions", ["actions": [source]])
    try command("DELETE", "/actions")
  }

  /// The window as a PNG.
  package func screenshot() throws -> [UInt8] {
    guard let text = try command("GET", "/screenshot") as? String,
      let data = Data(base64Encoded: text)
    else { throw SupportFailure("no screenshot") }
    return Array(data)
  }

  /// Waits (at most `timeout`) until `script` answers true in the page.
  package func waitFor(
    _ script: String, timeout: Duration = .seconds(30), _ what: String
  ) throws {
    var last = ""
    let ok = waitUntil(deadline: .now + timeout, interval: .milliseconds(100)) {
      do {
        return try self.run(script) as? Bool == true
      } catch {
        last = "\(error)"
        return false
      }
    }
    guard ok else {
      let message = (try? run("return document.querySelector('#message')?.textContent")) ?? ""
      throw SupportFailure("timed out waiting for \(what) (page says: \(message)) \(last)")
    }
  }

  /// Ends the browser session, chromedriver, and any browser process left with this
  /// profile (found by its profile folder in their command lines).
  package func stop() {
    if !session.isEmpty {
      _ = try? command("DELETE", "")
      session = ""
    }
    if driver.isRunning {
      Glibc.kill(driver.processIdentifier, SIGTERM)
      if !waitUntil(deadline: .now + .seconds(10), { !self.driver.isRunning }) {
        Glibc.kill(driver.processIdentifier, SIGKILL)
      }
      driver.waitUntilExit()
    }
    _ = waitUntil(deadline: .now + .seconds(10)) { self.leftovers().isEmpty }
    for pid in leftovers() { Glibc.kill(pid, SIGKILL) }
  }

  /// Processes whose command line names this browser's profile folder.
  package func leftovers() -> [Int32] {
    let marker = Array(profile.path.utf8)
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { pid in
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
        return false
      }
      let bytes = Array(data)
      guard bytes.count >= marker.count else { return false }
      return (0...(bytes.count - marker.count)).contains {
        bytes[$0..<$0 + marker.count].elementsEqual(marker)
      }
    }
  }

  deinit { stop() }
}

/// A loopback TCP port nobody listens on now.
package func freePort() throws -> UInt16 {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw SupportFailure("socket failed") }
  defer { close(fd) }
  guard HTTPClient.withAddress("127.0.0.1", 0, { bind(fd, $0, $1) }) == 0 else {
    throw SupportFailure("no free port")
  }
  var addr = sockaddr_in()
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let named = withUnsafeMutablePointer(to: &addr) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
  }
  guard named == 0 else { throw SupportFailure("no free port") }
  return UInt16(bigEndian: addr.sin_port)
}
