import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One run of a program, measured: exit status, wall time, processor time, its output, and
/// (when asked) peak memory of that child alone and whether it opened a tripwire.
package struct ChildRun: Sendable {
  /// The exit code, or nil when a signal ended the child (a crash, or our kill on timeout).
  package var exitCode: Int32?
  package var signal: Int32?
  package var timedOut = false
  package var seconds: Double = 0
  /// Processor time (user and system, every thread, the children it waited for) in
  /// seconds: the work the child did, which a busy machine does not inflate as it does
  /// the wall time (``seconds``), because time spent waiting for a core is not counted.
  package var cpuSeconds: Double = 0
  /// Peak resident memory in MiB (0 unless measured).
  package var peakMiB: Double = 0
  package var stdout: [UInt8] = []
  package var stderr = ""
  /// The child opened the tripwire FIFO: it read (or tried to read) a file its policy forbids.
  package var trippedWire = false
}

/// Runs programs as children: output to files (no pipe to fill up and block the child),
/// standard input from bytes or a pipe held open, in a process group of their own, killed
/// when their time is up.
package enum ChildProcess {
  /// What the child reads on standard input.
  package enum Input: Sendable {
    /// These bytes, then end of file.
    case bytes([UInt8])
    /// A pipe this process keeps open and never writes: a child that reads it blocks.
    case heldOpen
  }

  /// Runs `executable` with `arguments` in `directory` (nil: this process's), killing it
  /// after `timeout` seconds.
  ///
  /// With `measureMemory` the child runs under `/usr/bin/time -f "%M %x"`, which forks it:
  /// its peak memory is then its own, where a child spawned straight from this (large,
  /// multi-threaded) test process would report this process's peak too (Linux keeps the
  /// high-water mark across exec). While the child runs, the `tripwire` FIFO is polled:
  /// opening a FIFO for writing without blocking succeeds only while some process has it
  /// open for reading, and only the child could.
  package static func run(
    _ executable: String, _ arguments: [String], input: Input = .bytes([]),
    in directory: String? = nil, environment: [String: String]? = nil, timeout: Double,
    measureMemory: Bool = false, tripwire: String? = nil
  ) throws -> ChildRun {
    let scratch = try TemporaryDirectory("inkpath-child")
    let outPath = scratch.file("stdout")
    let errPath = scratch.file("stderr")
    let timePath = scratch.file("time")

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var held: [Int32] = [-1, -1]
    defer { if held[1] >= 0 { close(held[1]) } }
    switch input {
    case .bytes(let bytes):
      let inPath = try scratch.write("stdin", bytes)
      posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
    case .heldOpen:
      guard pipe(&held) == 0 else { throw POSIXError(.EIO) }
      _ = fcntl(held[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(held[1], F_SETFD, FD_CLOEXEC)
      posix_spawn_file_actions_adddup2(&actions, held[0], 0)
    }
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    var command = [executable] + arguments
    if measureMemory { command = ["/usr/bin/time", "-f", "%M %x", "-o", timePath] + command }
    if let directory { command = ["/usr/bin/env", "-C", directory] + command }
    let argv = command.map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0)=\($1)" }
    let envp = variables.map { strdup($0) } + [nil]
    defer { for e in envp { free(e) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var pid: pid_t = 0
    let start = ContinuousClock.now
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    if held[0] >= 0 { close(held[0]) }
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

    var result = ChildRun()
    var status: Int32 = 0
    var usage = rusage()
    var failed = false
    let ended = waitUntil(deadline: start + .milliseconds(Int(timeout * 1000))) {
      let r = wait4(pid, &status, WNOHANG, &usage)
      if r < 0 && errno != EINTR { failed = true }
      if let tripwire, !result.trippedWire {
        let fd = open(tripwire, O_WRONLY | O_NONBLOCK)
        if fd >= 0 {
          result.trippedWire = true
          close(fd)
        }
      }
      return r == pid || failed
    }
    if failed { throw POSIXError(.ECHILD) }
    if !ended {
      kill(-pid, SIGKILL)
      result.timedOut = true
      _ = wait4(pid, &status, 0, &usage)
    }
    let elapsed = ContinuousClock.now - start
    result.seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    // wait4 reports the child's usage with its own reaped children's (the tool under
    // /usr/bin/time).
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    result.cpuSeconds = seconds(usage.ru_utime) + seconds(usage.ru_stime)
    if status & 0x7F == 0 {
      result.exitCode = (status >> 8) & 0xFF
    } else {
      result.signal = status & 0x7F
    }
    if measureMemory {
      let report = String(decoding: scratch.read("time") ?? [], as: UTF8.self)
      let fields = report.split(separator: "\n").last?.split(separator: " ") ?? []
      if fields.count == 2, let kib = Double(fields[0]), let code = Int32(fields[1]) {
        result.peakMiB = kib / 1024
        result.exitCode = code
      }
      if let range = report.range(of: "terminated by signal ") {
        result.signal = Int32(report[range.upperBound...].prefix { $0.isNumber }) ?? -1
        result.exitCode = nil
      }
    }
    if result.timedOut {
      result.signal = SIGKILL
      result.exitCode = nil
    }
    result.stdout = scratch.read("stdout") ?? []
    result.stderr = String(decoding: scratch.read("stderr") ?? [], as: UTF8.self)
    return result
  }
}

/// One of the package's built executables (or any program), run to completion.
package struct Executable: Sendable {
  package let name: String

  package init(name: String) { self.name = name }

  package var path: String { Products.path(name) }

  package struct Result: Sendable {
    package var status: Int32
    package var stdout: Data
    package var stderr: String
    package var text: String { String(decoding: stdout, as: UTF8.self) }
  }

  package func run(
    _ args: [String], stdin: Data? = nil, in directory: String? = nil,
    environment: [String: String]? = nil, timeout: Double = 120
  ) throws -> Result {
    try Self.runProgram(
      path, args, stdin: stdin, in: directory, environment: environment, timeout: timeout)
  }

  /// Runs any program and collects its output; throws ``SupportFailure`` when it runs past
  /// `timeout` seconds (it is killed). A signal shows as status 128 + signal.
  package static func runProgram(
    _ path: String, _ args: [String], stdin: Data? = nil, in directory: String? = nil,
    environment: [String: String]? = nil, timeout: Double = 120
  ) throws -> Result {
    let run = try ChildProcess.run(
      path, args, input: .bytes(stdin.map { [UInt8]($0) } ?? []), in: directory,
      environment: environment, timeout: timeout)
    guard !run.timedOut else {
      throw SupportFailure("\(path) \(args) ran over \(timeout) s: \(run.stderr)")
    }
    return Result(
      status: run.exitCode ?? (128 + (run.signal ?? 0)), stdout: Data(run.stdout),
      stderr: run.stderr)
  }

  /// The package root (for README and example files).
  package static var packageRoot: URL { Products.packageRoot }
}
