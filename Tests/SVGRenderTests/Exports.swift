// The shared test support (running the tools and the server, HTTP, PNGs, temporary
// folders, waiting with a deadline), visible in every file of this target.
@_exported import TestSupport
