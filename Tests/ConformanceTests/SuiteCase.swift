import Foundation
import SVGRender

/// One test of the shared suite: an SVG and its reference PNG.
struct SuiteCase: Sendable {
  /// Path relative to the suite's `tests/` folder, as the expected-failures list names it.
  let name: String
  let svg: String
  let png: String

  var area: String { String(name.prefix { $0 != "/" }) }

  /// The suite folder, from `SVG_SUITE_DIR` or `../shared/svg-suite` beside the checkout.
  static let suiteDirectory: String = {
    if let dir = ProcessInfo.processInfo.environment["SVG_SUITE_DIR"], !dir.isEmpty { return dir }
    let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return checkout.deletingLastPathComponent().appendingPathComponent("shared/svg-suite").path
  }()

  /// `CI=true`: the suite is always present there, so its absence is a failure.
  static let isCI = ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"

  static var suiteExists: Bool {
    FileManager.default.fileExists(atPath: suiteDirectory + "/tests")
  }

  static func all(in area: String) -> [SuiteCase] {
    let root = suiteDirectory + "/tests"
    guard let e = FileManager.default.enumerator(atPath: root + "/" + area) else { return [] }
    var cases: [SuiteCase] = []
    while let f = e.nextObject() as? String {
      guard f.hasSuffix(".svg") else { continue }
      let svg = "\(root)/\(area)/\(f)"
      let png = String(svg.dropLast(4)) + ".png"
      guard FileManager.default.fileExists(atPath: png) else { continue }
      cases.append(SuiteCase(name: "\(area)/\(f)", svg: svg, png: png))
    }
    return cases.sorted { $0.name < $1.name }
  }
}

/// The suite's pass rule (../shared/design.md): both images over white; a pixel is off when
/// a channel differs by more than 48; a test passes with sizes equal and at most 1% off.
enum PixelCompare {
  static func offFraction(_ a: Bitmap, _ b: Bitmap) -> Double? {
    guard a.width == b.width, a.height == b.height else { return nil }
    var off = 0
    a.pixels.withUnsafeBytes { pa in
      b.pixels.withUnsafeBytes { pb in
        for y in 0..<a.height {
          for x in 0..<a.width {
            let va = pa.loadUnaligned(fromByteOffset: y * a.stride + x * 4, as: UInt32.self)
            let vb = pb.loadUnaligned(fromByteOffset: y * b.stride + x * 4, as: UInt32.self)
            if va != vb && differs(va, vb) { off += 1 }
          }
        }
      }
    }
    return Double(off) / Double(max(1, a.width * a.height))
  }

  /// Premultiplied ARGB over white is `c + (255 - alpha)` per channel.
  private static func differs(_ a: UInt32, _ b: UInt32) -> Bool {
    let wa = 255 - Int(a >> 24)
    let wb = 255 - Int(b >> 24)
    for shift in [16, 8, 0] as [UInt32] {
      let ca = Int((a >> shift) & 0xFF) + wa
      let cb = Int((b >> shift) & 0xFF) + wb
      if abs(ca - cb) > 48 { return true }
    }
    return false
  }
}
