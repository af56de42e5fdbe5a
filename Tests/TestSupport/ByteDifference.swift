/// The bytes that differ between `a` and `b` once their common beginning and end are taken
/// away: what `a` had there, what `b` has, and where it starts.
package func difference(_ a: [UInt8], _ b: [UInt8]) -> (old: String, new: String, at: Int) {
  var start = 0
  while start < min(a.count, b.count), a[start] == b[start] { start += 1 }
  var end = 0
  while end < min(a.count, b.count) - start, a[a.count - 1 - end] == b[b.count - 1 - end] {
    end += 1
  }
  return (
    String(decoding: a[start..<(a.count - end)], as: UTF8.self),
    String(decoding: b[start..<(b.count - end)], as: UTF8.self), start
  )
}

/// Where `a` and `b` first differ, or nil when they hold the same bytes: for
/// `#expect(firstDifference(a, b) == nil)` on images and files. `#expect(a == b)` would,
/// on failure, describe two arrays of megabytes by their difference, which takes Swift
/// Testing minutes.
package func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String? {
  guard a != b else { return nil }
  let at = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? a.count
  let byte = { (bytes: [UInt8]) in at < bytes.count ? "\(bytes[at])" : "none" }
  return "byte \(at) (\(byte(a)) against \(byte(b))) of \(a.count) and \(b.count) bytes"
}
