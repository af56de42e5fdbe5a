import Foundation
import SVGCommands
import SVGGeometry
import SVGQuery
import SVGRender
import SVGTree

/// Exactness of a session's re-render: random `fillAt` taps (and undo and redo among them)
/// on each FILE, each re-render compared byte for byte with a full render of a fresh build
/// of the edited document (its raster in the session's PNG bands), and a redraw of the
/// change onto the last full render without a session's kept coverage (the redraw of the
/// shapes cairo still draws in a session, which `CoverageCache` does not take), and with
/// `--trees` the session's render tree with that fresh build, field by field
/// (`Swift.dump`). Prints per file the taps, how many redrew a region (and the share of
/// rows it redrew on average) and how many differed; exits 1 when any differed.
enum RecolorCheck {
  /// Arguments: FILE... [--taps N] [--seed N] [--scale S] [--trees]. Renders at the
  /// drawing's natural size times S (1 by default).
  static func run(_ args: [String]) throws -> (report: String, exact: Bool) {
    var taps = 10
    var seed: UInt64 = 7
    var files: [String] = []
    var i = 0
    var trees = false
    var scale = 1.0
    while i < args.count {
      if args[i] == "--trees" {
        trees = true
        i += 1
      } else if ["--taps", "--seed", "--scale"].contains(args[i]), i + 1 < args.count {
        if args[i] == "--taps" { taps = Int(args[i + 1]) ?? taps }
        if args[i] == "--seed" { seed = UInt64(args[i + 1]) ?? seed }
        if args[i] == "--scale" { scale = Double(args[i + 1]) ?? scale }
        i += 2
      } else {
        files.append(args[i])
        i += 1
      }
    }
    var report: [String] = []
    var exact = true
    for path in files {
      var request = RenderRequest()
      request.scale = scale
      // A drawing that cannot be read or rendered at all is reported, not checked.
      var session: EditableDocument
      var tree: RenderTree
      var last: Bitmap
      let scene: Scene
      do {
        session = EditableDocument(try Document(contentsOfFile: path))
        scene = try session.scene()
        tree = try session.renderTree()
        last = try tree.rasterize(covering: tree.size.scaled(scale))
        _ = try session.render(request)
      } catch {
        report.append("\(URL(fileURLWithPath: path).lastPathComponent): not checked: \(error)")
        continue
      }
      let toDocument = scene.documentToCanvas.inverted ?? .identity
      var rng = HitBench.Random(seed: seed)
      var (bad, regions, rowShare) = (0, 0, 0.0)
      for step in 0..<taps {
        let roll = rng.next()
        var script = "undo()"
        if roll < 0.15 {
          script = "undo()"
        } else if roll < 0.3 {
          script = "redo()"
        } else {
          var p = Point(0, 0)
          for _ in 0..<1000 {
            p = toDocument.apply(
              Point(rng.next() * scene.tree.size.width, rng.next() * scene.tree.size.height))
            if scene.elements(at: p).contains(where: \.paintsFill) { break }
          }
          let (r, g, b) = (Int(rng.next() * 256), Int(rng.next() * 256), Int(rng.next() * 256))
          script = "setActiveColor(\(r), \(g), \(b))\nfillAt(\(p.x), \(p.y))"
        }
        do { try session.apply(script: script) } catch { continue }  // nothing to undo or redo
        let next = try session.renderTree()
        let bytes = try session.render(request)
        let fresh = try RenderTree(document: session.current)
        let full = try fresh.rasterize(covering: fresh.size.scaled(scale))
        var pixels = ""
        if trees, dump(next) != dump(fresh) { pixels = "the render tree is not a fresh build's" }
        if case .region(let box) = next.change(since: tree) {
          regions += 1
          let (part, rows) = try next.rasterize(
            changedIn: box, onto: last, covering: next.size.scaled(scale))
          rowShare += Double(rows.count) / Double(full.height)
          let region = diff(part, full)
          if !region.isEmpty { pixels += region + "\n" + suspects(next, part, full, scale: scale) }
        }
        let session = bytes != (try full.sessionPNG().bytes)
        if session || !pixels.isEmpty {
          bad += 1
          exact = false
          let what = session ? "differs" : "differs in a redraw without kept coverage only"
          report.append("\(path): step \(step) (\(script.split(separator: "\n").last!)) \(what)")
          if !pixels.isEmpty { report.append("  " + pixels) }
        }
        tree = next
        last = full
      }
      report.append(
        "\(URL(fileURLWithPath: path).lastPathComponent): \(taps) steps, \(regions) regions "
          + "(\(Int(rowShare / Double(max(1, regions)) * 100))% of rows redrawn), \(bad) differ")
    }
    return (report.joined(separator: "\n"), exact)
  }

  /// Everything a render tree holds, as text.
  static func dump(_ tree: RenderTree) -> String {
    var out = ""
    Swift.dump(tree, to: &out)
    return out
  }

  /// The leaves under the first pixel that differs (rendered at `scale` times the tree's
  /// size).
  static func suspects(_ tree: RenderTree, _ a: Bitmap, _ b: Bitmap, scale: Double) -> String {
    var at: (Int, Int)?
    outer: for y in 0..<a.height {
      for x in 0..<a.width where a.rgba(x: x, y: y) != b.rgba(x: x, y: y) {
        at = (x, y)
        break outer
      }
    }
    guard let (x, y) = at else { return "" }
    var lines = ["    at \(x),\(y): \(a.rgba(x: x, y: y)) for \(b.rgba(x: x, y: y))"]
    let p = Point((Double(x) + 0.5) / scale, (Double(y) + 0.5) / scale)
    func walk(_ node: RenderNode, _ t: Transform, _ layers: String) {
      switch node {
      case .group(let g):
        var l = layers
        if g.opacity < 1 { l += "o" }
        if g.mask != nil { l += "m" }
        if g.clipPath != nil { l += "c" }
        if g.blendMode != .normal { l += "b" }
        for c in g.children { walk(c, t * g.transform, l) }
        if let m = g.mask { walk(.group(m.content), t * g.transform, l + "M") }
      case .path(let n):
        guard let box = n.path.bounds(transformedBy: t)?.insetBy(-4), box.contains(p) else {
          return
        }
        var d =
          "    path layers[\(layers)] fill \(n.fill.map { "\($0.paint)".prefix(30) } ?? "none")"
        if let s = n.stroke {
          d +=
            " stroke \("\(s.paint)".prefix(30)) w\(s.width) join \(s.join) dash \(s.dashes ?? [])"
        }
        lines.append(d)
      case .image:
        lines.append("    image")
      }
    }
    walk(.group(tree.root), .identity, "")
    return lines.suffix(12).joined(separator: "\n")
  }

  /// Where two rasters of one size differ; empty when they do not.
  static func diff(_ a: Bitmap, _ b: Bitmap) -> String {
    var (count, x0, y0, x1, y1) = (0, Int.max, Int.max, 0, 0)
    for y in 0..<a.height {
      for x in 0..<a.width where a.rgba(x: x, y: y) != b.rgba(x: x, y: y) {
        count += 1
        (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
      }
    }
    guard count > 0 else { return "" }
    let p = b.rgba(x: x0, y: y0)
    let q = a.rgba(x: x0, y: y0)
    return "\(count) pixels differ in x \(x0)...\(x1), y \(y0)...\(y1); first: \(q) for \(p)"
  }
}

extension Size {
  fileprivate func scaled(_ s: Double) -> Size { Size(width: width * s, height: height * s) }
}
