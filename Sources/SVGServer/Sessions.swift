/// Placeholder until the commands branch is merged.
final class Sessions: Sendable {
  let store: DocumentStore
  init(store: DocumentStore) { self.store = store }
  var cachedCount: Int { 0 }
}
