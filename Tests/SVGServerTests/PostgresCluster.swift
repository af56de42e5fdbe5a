import Foundation

/// A PostgreSQL cluster of its own for a test: initdb into a temporary folder, a Unix
/// socket there and no TCP, run as the `postgres` user when the tests run as root (never
/// the system cluster). Stopped, and its folder removed, when released.
final class PostgresCluster: @unchecked Sendable {
  let folder: String
  let binaries: String
  private var running = false

  /// Where initdb and pg_ctl live (not on PATH in Debian); nil when PostgreSQL is absent.
  static let binDirectory: String? = {
    if let out = try? NginxFront.run("/usr/bin/pg_config", ["--bindir"]) {
      let dir = out.trimmingCharacters(in: .whitespacesAndNewlines)
      if FileManager.default.isExecutableFile(atPath: dir + "/initdb") { return dir }
    }
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql"))
    for v in (versions ?? []).sorted().reversed()
    where FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\(v)/bin/initdb") {
      return "/usr/lib/postgresql/\(v)/bin"
    }
    return nil
  }()

  /// Whether a test can run: true when PostgreSQL is here; false (with a message) when it
  /// is absent outside CI; under CI=true its absence is a failure.
  static func available(_ suite: String) throws -> Bool {
    if binDirectory != nil { return true }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      throw HTTPClient.Failure(description: "PostgreSQL is not installed (scripts/bootstrap)")
    }
    print("\(suite): skipped, PostgreSQL is not installed (scripts/bootstrap)")
    return false
  }

  init() throws {
    guard let bin = Self.binDirectory else {
      throw HTTPClient.Failure(description: "PostgreSQL is not installed")
    }
    binaries = bin
    folder = "/tmp/svgserver-pg-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    if getuid() == 0 { try NginxFront.run("/bin/chown", ["postgres:postgres", folder]) }
    try asOwner(
      "initdb",
      ["-D", folder + "/data", "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"])
    try start()
  }

  deinit {
    stop(mode: "immediate")
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// libpq's URL for the cluster's `postgres` database over its socket.
  var url: String { "postgresql:///postgres?host=\(folder)&user=postgres" }

  /// Starts the server (again after ``stop(mode:)``), waiting until it accepts connections.
  func start() throws {
    try asOwner(
      "pg_ctl",
      [
        "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "30", "-o",
        "-k \(folder) -c listen_addresses='' -c fsync=on -c synchronous_commit=on "
          + "-c max_connections=60",
        "start",
      ])
    running = true
  }

  /// Stops the server: `immediate` is a crash (no checkpoint; recovery replays the WAL).
  func stop(mode: String) {
    guard running else { return }
    running = false
    try? asOwner("pg_ctl", ["-D", folder + "/data", "-m", mode, "-w", "stop"])
  }

  /// Runs a PostgreSQL tool as the cluster's owner.
  private func asOwner(_ tool: String, _ arguments: [String]) throws {
    let command =
      getuid() == 0
      ? ["/usr/sbin/runuser", "-u", "postgres", "--", binaries + "/" + tool] + arguments
      : [binaries + "/" + tool] + arguments
    guard Self.spawnAndWait(command) == 0 else {
      throw HTTPClient.Failure(description: "\(tool) failed (see \(folder)/server.log)")
    }
  }

  /// posix_spawn and waitpid, output to /dev/null. Not Foundation's Process: it learns of
  /// the end through a descriptor that the server `pg_ctl start` leaves behind inherits,
  /// so it would wait for the server itself.
  static func spawnAndWait(_ command: [String]) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, command[0], &actions, nil, &argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
  }
}
