import CommandLineKit
import Foundation
import SVGServer

let spec = CommandSpec(
  name: "svg-serve",
  summary: "serve Inkpath over HTTP: render, query and colour SVG documents",
  usage: ["[options]"],
  options: [
    OptionSpec(
      "--host", value: "ADDR", help: "Address to listen on, IPv4 or IPv6 (default 127.0.0.1).",
      group: "Listening"),
    OptionSpec(
      "--port", value: "N", help: "Port to listen on; 0 picks a free one (default 8080).",
      group: "Listening"),
    OptionSpec(
      "--threads", value: "N", help: "Worker threads (default: one per core).", group: "Listening"),
    OptionSpec(
      "--data", value: "DIR", help: "Folder of the document store (default ./inkpath-data).",
      group: "Storage"),
    OptionSpec(
      "--resources", value: "DIR",
      help: "Let documents read external files under DIR (default: data: URLs only).",
      group: "Storage"),
    OptionSpec(
      "--font-dir", value: "DIR", help: "Extra folder of fonts for text (repeatable).",
      group: "Storage", repeatable: true),
    OptionSpec(
      "--max-body", value: "BYTES", help: "Largest request body (default 10485760).",
      group: "Limits"),
    OptionSpec(
      "--max-pixels", value: "N", help: "Largest output or layer in pixels (default 16777216).",
      group: "Limits"),
    OptionSpec(
      "--render-timeout", value: "SECONDS",
      help: "Time budget of one render; over it, 503 (default 10).", group: "Limits"),
    OptionSpec(
      "--max-renders", value: "N", help: "Renders at once (default: one per core).", group: "Limits"
    ),
    OptionSpec(
      "--render-wait", value: "SECONDS", help: "Wait for a free render slot; then 503 (default 2).",
      group: "Limits"),
    OptionSpec(
      "--max-documents", value: "N", help: "Documents in the store (default 10000).",
      group: "Limits"),
    OptionSpec(
      "--max-document-size", value: "BYTES", help: "Largest stored SVG (default 10485760).",
      group: "Limits"),
    OptionSpec(
      "--max-commands", value: "N", help: "Commands in one document's log (default 100000).",
      group: "Limits"),
    OptionSpec(
      "--shutdown-grace", value: "SECONDS",
      help: "On SIGTERM, wait this long for requests in flight (default 30).", group: "General"),
    OptionSpec("--quiet", help: "No access log on standard error.", group: "General"),
  ],
  examples: [
    "svg-serve --port 8080 --data /var/lib/inkpath",
    "curl -s --data-binary @icon.svg 'http://127.0.0.1:8080/render?width=64' -o icon.png",
  ])

/// Seconds as a Duration, from a flag.
func seconds(_ v: Double) -> Duration { .nanoseconds(Int64(v * 1e9)) }

runTool(spec) { args in
  var config = ServerConfiguration()
  if let host = args.value("host") { config.host = host }
  if let port = try args.integer("port", minimum: 0) {
    guard port <= 65535 else { throw UsageError("--port must be at most 65535") }
    config.port = UInt16(port)
  }
  if let t = try args.integer("threads", minimum: 1) { config.threads = t }
  if let d = args.value("data") { config.dataDirectory = d }
  config.resourceDirectory = args.value("resources").map {
    URL(fileURLWithPath: $0).standardizedFileURL.path
  }
  config.fontDirectories = args.all("font-dir").map {
    URL(fileURLWithPath: $0).standardizedFileURL.path
  }
  if let v = try args.integer("max-body", minimum: 1) { config.limits.maxBodyBytes = v }
  if let v = try args.integer("max-pixels", minimum: 1) { config.limits.maxPixels = v }
  if let v = try args.number("render-timeout", minimum: 0.001) {
    config.limits.renderTimeout = seconds(v)
  }
  if let v = try args.integer("max-renders", minimum: 1) { config.limits.maxConcurrentRenders = v }
  if let v = try args.number("render-wait", minimum: 0) { config.limits.renderWait = seconds(v) }
  if let v = try args.integer("max-documents", minimum: 0) { config.limits.maxDocuments = v }
  if let v = try args.integer("max-document-size", minimum: 1) {
    config.limits.maxDocumentBytes = v
  }
  if let v = try args.integer("max-commands", minimum: 0) {
    config.limits.maxCommandsPerDocument = v
  }
  if let v = try args.number("shutdown-grace", minimum: 0) { config.shutdownGrace = seconds(v) }
  if !args.flag("quiet") {
    config.accessLog = { line in Console.error(line) }
  }
  guard args.positionals.isEmpty else {
    throw UsageError("unexpected argument \"\(args.positionals[0])\" (see --help)")
  }

  // SIGTERM and SIGINT are blocked in every thread (the daemon's threads inherit the mask)
  // and taken here with sigwait: then stop accepting, let requests in flight finish, exit.
  var signals = sigset_t()
  sigemptyset(&signals)
  sigaddset(&signals, SIGTERM)
  sigaddset(&signals, SIGINT)
  pthread_sigmask(SIG_BLOCK, &signals, nil)

  let server = try SVGServer(configuration: config)
  try server.start()
  Console.error(
    "svg-serve: listening on http://\(config.host):\(server.port) (data in \(config.dataDirectory))"
  )
  var received: Int32 = 0
  sigwait(&signals, &received)
  Console.error("svg-serve: shutting down")
  server.shutdown()
  Console.error("svg-serve: stopped")
  return .success
}
