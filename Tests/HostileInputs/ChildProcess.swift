import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One run of a built executable, measured: exit status, wall time, peak memory of that
/// child alone (`wait4`'s rusage), its output, and whether it opened the tripwire.
struct ChildRun {
  /// The exit code, or nil when a signal ended the child (a crash, or our kill on timeout).
  var exitCode: Int32?
  var signal: Int32?
  var timedOut = false
  var seconds: Double = 0
  /// Peak resident memory in MiB.
  var peakMiB: Double = 0
  var stdout: [UInt8] = []
  var stderr = ""
  /// The child opened the tripwire FIFO: it read (or tried to read) a file its policy forbids.
  var trippedWire = false
}

enum ChildProcess {
  /// Runs `executable` with `arguments` (its output goes to files in `directory`), killing it after `timeout` seconds.
  ///
  /// The child runs under `/usr/bin/time -f "%M %x"`, which forks it: its peak memory is then
  /// its own, where a child spawned straight from this (large, multi-threaded) test process
  /// would report this process's peak too (Linux keeps the high-water mark across exec).
  /// It runs in its own process group, so a timeout kills it and not only `time`.
  ///
  /// Standard input is a pipe this process keeps open and never writes, so a child that
  /// reads it (`/dev/stdin` as a file) blocks until the timeout. While the child runs, the
  /// `tripwire` FIFO is polled: opening a FIFO for writing without blocking succeeds only
  /// while some process has it open for reading, and only the child could.
  static func run(
    _ executable: String, _ arguments: [String], in directory: String, timeout: Double,
    tripwire: String? = nil
  ) throws -> ChildRun {
    let outPath = directory + "/.stdout-\(UUID().uuidString)"
    let errPath = directory + "/.stderr-\(UUID().uuidString)"
    defer {
      unlink(outPath)
      unlink(errPath)
    }
    var input: [Int32] = [0, 0]
    guard pipe(&input) == 0 else { throw POSIXError(.EIO) }
    _ = fcntl(input[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
    defer { close(input[1]) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input[0], 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let timePath = directory + "/.time-\(UUID().uuidString)"
    defer { unlink(timePath) }
    let command = ["/usr/bin/time", "-f", "%M %x", "-o", timePath, executable] + arguments
    let argv = command.map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var pid: pid_t = 0
    let start = Date()
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, environ)
    close(input[0])
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

    var result = ChildRun()
    var status: Int32 = 0
    var usage = rusage()
    while true {
      let r = wait4(pid, &status, WNOHANG, &usage)
      if r == pid { break }
      if r < 0 && errno != EINTR { throw POSIXError(.ECHILD) }
      if let tripwire {
        let fd = open(tripwire, O_WRONLY | O_NONBLOCK)
        if fd >= 0 {
          result.trippedWire = true
          close(fd)
        }
      }
      if Date().timeIntervalSince(start) > timeout {
        kill(-pid, SIGKILL)
        result.timedOut = true
        _ = wait4(pid, &status, 0, &usage)
        break
      }
      usleep(2_000)
    }
    result.seconds = Date().timeIntervalSince(start)
    let report = String(
      decoding: FileManager.default.contents(atPath: timePath) ?? Data(), as: UTF8.self)
    let fields = report.split(separator: "\n").last?.split(separator: " ") ?? []
    if fields.count == 2, let kib = Double(fields[0]), let code = Int32(fields[1]) {
      result.peakMiB = kib / 1024
      result.exitCode = code
    }
    if let range = report.range(of: "terminated by signal ") {
      result.signal = Int32(report[range.upperBound...].prefix { $0.isNumber }) ?? -1
      result.exitCode = nil
    } else if result.timedOut || status & 0x7F != 0 {
      result.signal = result.timedOut ? SIGKILL : status & 0x7F
      result.exitCode = nil
    }
    result.stdout = (FileManager.default.contents(atPath: outPath)).map { [UInt8]($0) } ?? []
    result.stderr = String(
      decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
    return result
  }
}

/// The package's built executables (they sit beside the test bundle).
enum Products {
  static let directory: URL = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("svg-render").path),
      url.path != "/"
    {
      url = url.deletingLastPathComponent()
    }
    return url
  }()

  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// Debug builds run several times slower than release ones; budgets are for release.
  static let isDebug = !directory.path.contains("/release")

  /// The folder of committed hostile files.
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Corpus").path
}
