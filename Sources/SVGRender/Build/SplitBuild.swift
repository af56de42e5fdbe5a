import Dispatch
import SVGTree

/// Where the build of a large drawing is cut in two runs of sibling elements that are built
/// at the same time, the second on another core: the element children of ``parent`` from
/// ``secondRun`` on. Parse and build are otherwise the serial part of a render, with one core
/// idle while they run (over openclipart's 40 largest drawings, 37% of a render's time).
///
/// The tree is the one a build in document order makes, diagnostics included, in the same
/// order: the second run is built on its own context (``BuildContext/fork()``) from the same
/// read-only document and styles, and its nodes and diagnostics follow the first run's. What
/// a run cannot know without the other (the render's running totals, which the limits and an
/// SVG image's reference budget read; the other files a reference reaches, read once per
/// render) makes the second run's result unusable: it is then built again after the first,
/// in order, as a build without the cut would.
struct SplitBuild {
  /// The element whose children are cut: the root, or a group holding most of the drawing.
  let parent: NodeID
  /// The first of `parent`'s element children built on the other core.
  let secondRun: Int

  /// A drawing whose source weighs less is built in one run: a thread costs more than it
  /// saves on a small drawing (about 1,000 elements, or 250 KB of attributes). Among 2,000
  /// random openclipart drawings at 800 px, one process each, alternating: the 16 without
  /// text that weigh 1,000 to 2,000 took 0.955x and 0.987x the time cut in two runs (two sets
  /// of 5 rounds) than in one; the 56 of 500 to 1,000 0.968x and 0.991x, within this
  /// machine's spread, so they stay in one run.
  static let minWeight = 1_000
  /// Bytes of attribute text that weigh as much as an element (mostly path data to parse).
  static let bytesPerElement = 256

  /// The cut for `document`, whose root is `root`, or nil when it is built in one run: it is
  /// small, has text (fonts are loaded and their warnings given once per process, by the
  /// first text built), or has nothing to cut. Descends from the root into a `g`, `a` or
  /// `switch` child that holds three quarters of its parent's weight (drawing programs put
  /// the whole drawing in a layer or two; Illustrator puts its layers in a `switch`, beside
  /// a `foreignObject` of its own data), then cuts that element's children where the two
  /// runs weigh most nearly the same. A cut among a `switch`'s own children is never taken
  /// (the `switch` draws one of them), and the drawing is then built in one run.
  static func plan(_ document: Document, root: NodeID) -> SplitBuild? {
    var weights = [Int](repeating: 0, count: document.nodes.count)
    let total = document.nodes.withUnsafeBufferPointer { weigh($0, root, &weights) }
    guard let total, total >= minWeight else { return nil }
    var parent = root
    while true {
      let kids = document.elementChildren(of: parent)
      let sum = kids.reduce(0) { $0 + weights[$1.index] }
      guard let heaviest = kids.max(by: { weights[$0.index] < weights[$1.index] }) else {
        return nil
      }
      let name = document.elementName(heaviest)
      if weights[heaviest.index] * 4 > sum * 3, name == .g || name == .a || name == .switch {
        parent = heaviest
        continue
      }
      guard kids.count > 1 else { return nil }
      var (best, bestGap, before) = (1, Int.max, 0)
      for (i, kid) in kids.enumerated().dropLast() {
        before += weights[kid.index]
        let gap = abs(2 * before - sum)
        if gap < bestGap { (best, bestGap) = (i + 1, gap) }
      }
      return SplitBuild(parent: parent, secondRun: best)
    }
  }

  /// The weight of `id`'s subtree (one per element, and its attributes' bytes), with those
  /// of every element below it in `weights`; nil when the subtree holds a `text`. Reads
  /// the nodes in place (a copy of a node retains each of its strings and arrays).
  private static func weigh(
    _ nodes: UnsafeBufferPointer<Node>, _ id: NodeID, _ weights: inout [Int]
  )
    -> Int?
  {
    guard nodes[id.index].kind == .element else { return 0 }
    guard nodes[id.index].elementName != .text else { return nil }
    var bytes = 0
    for a in nodes[id.index].attributes { bytes += a.value.utf8.count }
    var weight = 1 + bytes / bytesPerElement
    for child in nodes[id.index].children {
      guard let w = weigh(nodes, child, &weights) else { return nil }
      weight += w
    }
    weights[id.index] = weight
    return weight
  }
}

/// A run's outcome, written by the thread that built it.
private final class RunResult: @unchecked Sendable {
  var nodes: Result<[RenderNode], RenderError> = .success([])
}

extension RenderTreeBuilder {
  /// The render nodes of `kids`, `parent`'s element children, in paint order, cut as
  /// `split` says (see ``SplitBuild``).
  func children(_ kids: [NodeID], split: SplitBuild, state: BuildState) throws(RenderError)
    -> [RenderNode]
  {
    let (first, second) = (kids[..<split.secondRun], kids[split.secondRun...])
    let fork = context.fork()
    let results = (RunResult(), RunResult())
    let builders = UnsafeSendable((self, RenderTreeBuilder(context: fork)))
    ThreadPlacement.concurrentPerform(iterations: 2) { i in
      let (builder, ids, result) =
        i == 0
        ? (builders.value.0, first, results.0) : (builders.value.1, second, results.1)
      result.nodes = Result { () throws(RenderError) in try builder.build(ids, state: state) }
    }
    var nodes = try results.0.nodes.get()
    if case .success(let more) = results.1.nodes, context.join(fork) {
      nodes += more
    } else {
      nodes += try build(second, state: state)
    }
    return nodes
  }

  /// The render nodes of the elements `ids`, in order.
  func build(_ ids: ArraySlice<NodeID>, state: BuildState) throws(RenderError) -> [RenderNode] {
    var out: [RenderNode] = []
    for id in ids {
      if let node = try build(id, state: state) { out.append(node) }
    }
    return out
  }
}
