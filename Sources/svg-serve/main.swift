import CommandLineKit
import Foundation
import SVGCommands
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
      "--threads", value: "N", help: "Command scripts at once (default: one per core).",
      group: "Listening"),
    OptionSpec(
      "--max-connections", value: "N", help: "Open connections at once (default 1000).",
      group: "Listening"),
    OptionSpec(
      "--max-connections-per-client", value: "N",
      help: "Open connections from one address; 0 for no cap (default 32; raise it behind a "
        + "proxy).", group: "Listening"),
    OptionSpec(
      "--request-timeout", value: "SECONDS",
      help: "Time to receive a whole request, and to send its answer; then the connection "
        + "closes (default 30).", group: "Listening"),
    OptionSpec(
      "--data", value: "DIR", help: "Folder of the document store (default ./inkpath-data).",
      group: "Storage"),
    OptionSpec(
      "--store", value: "URL",
      help: "sqlite:PATH, or postgresql://... shared by several replicas (default: SQLite "
        + "in --data).", group: "Storage"),
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
      "--max-queued", value: "N",
      help: "Renders (and scripts) waiting for a slot; past it, 503 at once (default 64).",
      group: "Limits"),
    OptionSpec(
      "--render-cache", value: "BYTES",
      help: "Answers of /render kept for repeated renders; 0 keeps none (default 33554432).",
      group: "Limits"),
    OptionSpec(
      "--script-timeout", value: "SECONDS",
      help: "Time budget of one command script; over it nothing is applied, 503 (default 10).",
      group: "Limits"),
    OptionSpec(
      "--max-bodies-in-flight", value: "BYTES",
      help: "Request bodies held at once over all connections; past it, 503 (default "
        + "268435456).", group: "Limits"),
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
      "--snapshot-interval", value: "N",
      help: "Log entries between snapshots of a document: a restart replays at most N "
        + "(default 100).",
      group: "Limits"),
    OptionSpec(
      "--token-file", value: "FILE",
      help: "Bearer tokens, one a line (or sha256:HEX); every API route then needs one "
        + "(default: open, for local use).", group: "Access"),
    OptionSpec(
      "--allowed-host", value: "NAME",
      help: "Answer only requests whose Host is NAME (repeatable; default any).",
      group: "Access", repeatable: true),
    OptionSpec(
      "--cors-origin", value: "ORIGIN",
      help: "Let pages of ORIGIN (https://app.example) call the API (repeatable).",
      group: "Access", repeatable: true),
    OptionSpec(
      "--quota-documents", value: "N", help: "Documents one token may hold (default 1000).",
      group: "Access"),
    OptionSpec(
      "--quota-bytes", value: "BYTES",
      help: "Bytes of SVG one token's documents may hold (default 1073741824).", group: "Access"),
    OptionSpec(
      "--shutdown-grace", value: "SECONDS",
      help: "On SIGTERM, wait this long for requests in flight (default 30).", group: "General"),
    OptionSpec(
      "--url-scheme", value: "SCHEME",
      help: "Read commands' URL forms in SCHEME: SCHEME://fillAt/50/50 and SCHEME:fillAt:50:50 "
        + "(default svg).", group: "General"),
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
  config.storeURL = args.value("store")
  if let file = args.value("token-file") {
    config.access.tokenHashes = try AccessPolicy.tokenHashes(file: file)
  }
  config.access.allowedHosts = args.all("allowed-host").map { $0.lowercased() }
  config.access.corsOrigins = args.all("cors-origin")
  if let text = args.value("url-scheme") {
    guard let scheme = CommandURLScheme(text) else {
      throw UsageError("--url-scheme needs \(CommandURLScheme.syntax), not \"\(text)\"")
    }
    config.urlScheme = scheme
  }
  if let v = try args.integer("quota-documents", minimum: 1) { config.limits.documentsPerToken = v }
  if let v = try args.integer("quota-bytes", minimum: 1) { config.limits.bytesPerToken = v }
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
  if let v = try args.integer("max-connections", minimum: 1) { config.limits.maxConnections = v }
  if let v = try args.integer("max-connections-per-client", minimum: 0) {
    config.limits.maxConnectionsPerClient = v
  }
  if let v = try args.number("request-timeout", minimum: 0.1) {
    config.limits.requestTimeout = seconds(v)
  }
  if let v = try args.integer("max-queued", minimum: 0) { config.limits.maxQueuedRenders = v }
  if let v = try args.integer("render-cache", minimum: 0) { config.limits.renderCacheBytes = v }
  if let v = try args.number("script-timeout", minimum: 0.001) {
    config.limits.scriptTimeout = seconds(v)
  }
  if let v = try args.integer("max-bodies-in-flight", minimum: 1) {
    config.limits.maxBodiesInFlight = v
  }
  if let v = try args.integer("max-document-size", minimum: 1) {
    config.limits.maxDocumentBytes = v
  }
  if let v = try args.integer("max-commands", minimum: 0) {
    config.limits.maxCommandsPerDocument = v
  }
  if let v = try args.integer("snapshot-interval", minimum: 1) {
    config.limits.snapshotInterval = v
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
    "svg-serve: listening on http://\(config.host):\(server.port) (store \(server.storeName))")
  if config.access.tokenHashes == nil, !["127.0.0.1", "::1"].contains(config.host) {
    Console.error(
      "svg-serve: warning: no --token-file, and \(config.host) is not loopback: anyone who "
        + "reaches it can read, change and delete every document")
  }
  var received: Int32 = 0
  sigwait(&signals, &received)
  Console.error("svg-serve: shutting down")
  server.shutdown()
  Console.error("svg-serve: stopped")
  return .success
}
