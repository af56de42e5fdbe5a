import Foundation
import SVGGeometry
import SVGRender
import SVGTree
import Testing

@testable import SVGQuery

/// Hit tests against the renderer's own pixels on the suite's shapes and structure files:
/// where the render paints a pixel fully (and its neighbours alike, so not an edge), a hit
/// test at that pixel's centre must find an element, and the element's solid paint must be
/// the pixel's colour.
@Suite(.enabled(if: Suite.exists, "SVG suite not found at \(Suite.directory)"))
struct PixelAgreementTests {
  static let files: [String] = {
    var out: [String] = []
    for area in ["shapes", "structure"] {
      let base = Suite.directory + "/tests/" + area
      let e = FileManager.default.enumerator(atPath: base)
      while let f = e?.nextObject() as? String {
        if f.hasSuffix(".svg") { out.append(base + "/" + f) }
      }
    }
    return out.sorted()
  }()

  @Test func paintedPixelsHitTheirElement() throws {
    var checked = 0
    var problems: [String] = []
    for file in Self.files {
      guard let result = try? Self.check(file) else { continue }
      checked += result.checked
      problems += result.problems.prefix(2)
    }
    #expect(checked > 10_000, "too few pixels checked: \(checked)")
    #expect(
      problems.isEmpty,
      "\(problems.count) mismatches:\n\(problems.prefix(40).joined(separator: "\n"))")
  }

  static func check(_ file: String) throws -> (checked: Int, problems: [String]) {
    let document = try Document(contentsOfFile: file)
    var options = RenderOptions()
    options.resources = .files(baseDirectory: Suite.directory)
    let scene = try Scene(document: document, options: options)
    let w = Int(scene.tree.size.width.rounded())
    let h = Int(scene.tree.size.height.rounded())
    guard w > 2, h > 2, w * h < 4_000_000 else { return (0, []) }
    let bitmap = try scene.tree.rasterize(width: w, height: h)
    let name = file.split(separator: "/").suffix(3).joined(separator: "/")
    var checked = 0
    var problems: [String] = []
    for y in stride(from: 1, to: h - 1, by: 3) {
      for x in stride(from: 1, to: w - 1, by: 3) {
        let px = bitmap.pixel(x, y)
        guard px.a == 255, bitmap.uniform(around: x, y) else { continue }
        checked += 1
        let p = Point(Double(x) + 0.5, Double(y) + 0.5)
        guard let hit = scene.hits(atCanvas: p, options: HitTestOptions(), all: false).first else {
          if !scene.storage.paintsUnhittable(near: p) {
            problems.append("\(name): nothing hit at (\(x), \(y)), painted \(px)")
          }
          continue
        }
        let colours = scene.storage.solidColours(leaf: hit.leaf)
        guard !colours.isEmpty else { continue }
        if !colours.contains(where: { $0.close(to: px) }) {
          problems.append("\(name): (\(x), \(y)) painted \(px), hit \(hit.shape.name) (\(colours))")
        }
      }
    }
    return (checked, problems)
  }
}

enum Suite {
  static let directory: String = {
    if let dir = ProcessInfo.processInfo.environment["SVG_SUITE_DIR"], !dir.isEmpty { return dir }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "shared/svg-suite"
      )
      .path
  }()
  static var exists: Bool { FileManager.default.fileExists(atPath: directory + "/tests") }
}

struct RGBA: CustomStringConvertible {
  var r, g, b, a: Int
  var description: String { "rgba(\(r),\(g),\(b),\(a))" }
}

extension Bitmap {
  func pixel(_ x: Int, _ y: Int) -> RGBA {
    let o = y * stride + x * 4
    // Native-endian ARGB32 on a little-endian machine: B, G, R, A.
    return RGBA(
      r: Int(pixels[o + 2]), g: Int(pixels[o + 1]), b: Int(pixels[o]), a: Int(pixels[o + 3]))
  }

  func uniform(around x: Int, _ y: Int) -> Bool {
    let c = pixel(x, y)
    for dy in -1...1 {
      for dx in -1...1 {
        let q = pixel(x + dx, y + dy)
        if q.r != c.r || q.g != c.g || q.b != c.b || q.a != c.a { return false }
      }
    }
    return true
  }
}

extension Color {
  func close(to p: RGBA) -> Bool {
    abs(Int(r) - p.r) <= 3 && abs(Int(g) - p.g) <= 3 && abs(Int(b) - p.b) <= 3
  }
}

extension SceneStorage {
  /// The opaque solid colours leaf `i` paints, when nothing above it changes them
  /// (group opacity, masks, blending); empty when the colour cannot be predicted.
  func solidColours(leaf i: Int) -> [Color] {
    var g = leaves[i].group
    while g >= 0 {
      if groups[g].mask != nil { return [] }
      g = groups[g].parent
    }
    guard case .path(let node) = leaves[i].content else { return [] }
    var out: [Color] = []
    let paints = [
      node.fill.map { ($0.paint, $0.opacity) }, node.stroke.map { ($0.paint, $0.opacity) },
    ]
    for case let (paint, opacity)? in paints {
      // A paint that is not an opaque colour may be what shows: no prediction then.
      guard opacity == 1, case .color(let c) = paint, c.alpha == 1 else { return [] }
      out.append(c)
    }
    return out
  }

  /// Whether something drawn but never hit (marker content, a shape with
  /// `pointer-events: none`) may cover canvas point `p`.
  func paintsUnhittable(near p: Point) -> Bool {
    leaves.contains { leaf in
      guard case .path(let node) = leaf.content else { return false }
      let unhittable = leaf.inMarker || node.hitArea != nil
      return unhittable
        && (node.path.bounds(transformedBy: leaf.toCanvas)?.insetBy(-50).contains(p) ?? false)
    }
  }
}
