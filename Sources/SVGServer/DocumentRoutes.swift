extension Service {
  static let documentRoutes: [Route] = []
}
