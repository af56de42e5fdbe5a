import Dispatch
import SVGTree
import Synchronization

/// Where the build of a large drawing is cut into runs of sibling elements that are built
/// at the same time on all cores: the element children of ``parent``, cut before each of
/// ``cuts``. Parse and build are otherwise the serial part of a render, with one core idle
/// while they run (over openclipart's 40 largest drawings, 37% of a render's time).
///
/// The runs are more than the cores and of about the same weight, and each core takes the
/// next run not yet taken when it is done with one: a weight is only an estimate of a run's
/// time, and a core of this machine can run slower than the other for a while. Cut in two
/// runs of equal weight, one per core, one run often took twice the other's time, and one
/// core waited for the other 32 ms in all over openclipart's 40 largest drawings (of 100 ms
/// of cut builds; three rounds' medians).
///
/// The tree is the one a build in document order makes, diagnostics included, in the same
/// order: each run but the first is built on a context of its own (``BuildContext/fork()``)
/// from the same read-only document and styles, and its nodes and diagnostics follow the
/// run before it. What a run cannot know without those before it (the render's running
/// totals, which the limits and an SVG image's reference budget read; the other files a
/// reference reaches, read once per render) makes its result unusable: it is then built
/// again after them, in order, as a build without the cut would.
struct SplitBuild {
  /// The element whose children are cut: the root, or a group holding most of the drawing.
  let parent: NodeID
  /// The first of `parent`'s element children of each run but the first, in order.
  let cuts: [Int]

  /// How many runs a drawing is cut into, at most (fewer when its parent has fewer
  /// children).
  static let maxRuns = 8
  /// A drawing whose source weighs less is built in one run: a thread costs more than it
  /// saves on a small drawing (about 1,000 elements, or 250 KB of attributes). Among 2,000
  /// random openclipart drawings at 800 px, one process each, alternating: the 16 without
  /// text that weigh 1,000 to 2,000 took 0.955x and 0.987x the time cut in two runs (two sets
  /// of 5 rounds) than in one; the 56 of 500 to 1,000 0.968x and 0.991x, within this
  /// machine's spread, so they stay in one run.
  static let minWeight = 1_000
  /// Bytes of attribute text that weigh as much as an element (mostly path data to parse).
  static let bytesPerElement = 256

  /// The cuts for `document`, whose root is `root`, or nil when it is built in one run: it is
  /// small, has text (fonts are loaded and their warnings given once per process, by the
  /// first text built), or has nothing to cut. Descends from the root into a `g`, `a` or
  /// `switch` child that holds three quarters of its parent's weight (drawing programs put
  /// the whole drawing in a layer or two; Illustrator puts its layers in a `switch`, beside
  /// a `foreignObject` of its own data), then cuts that element's children into up to
  /// ``maxRuns`` runs, each where the weight before it comes nearest a whole share. A cut
  /// among a `switch`'s own children is never taken (the `switch` draws one of them), and
  /// the drawing is then built in one run.
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
      let runs = min(maxRuns, kids.count)
      var before = [0]
      for kid in kids { before.append(before.last! + weights[kid.index]) }
      var cuts: [Int] = []
      for share in 1..<runs {
        // The first child the weight before which reaches the share, or the one before it
        // when that comes nearer.
        let target = share * sum
        guard var cut = before.firstIndex(where: { $0 * runs >= target }) else { break }
        if cut > 1, target - before[cut - 1] * runs < before[cut] * runs - target { cut -= 1 }
        cut = min(cut, kids.count - 1)
        if cut > (cuts.last ?? 0) { cuts.append(cut) }
      }
      guard !cuts.isEmpty else { return nil }
      return SplitBuild(parent: parent, cuts: cuts)
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

/// A run's builder and outcome, written by the thread that built it.
private final class Run: @unchecked Sendable {
  let builder: RenderTreeBuilder
  let ids: ArraySlice<NodeID>
  var nodes: Result<[RenderNode], RenderError> = .success([])

  init(_ builder: RenderTreeBuilder, _ ids: ArraySlice<NodeID>) {
    self.builder = builder
    self.ids = ids
  }
}

extension RenderTreeBuilder {
  /// The render nodes of `kids`, `parent`'s element children, in paint order, cut as
  /// `split` says (see ``SplitBuild``).
  func children(_ kids: [NodeID], split: SplitBuild, state: BuildState) throws(RenderError)
    -> [RenderNode]
  {
    let bounds = [0] + split.cuts + [kids.count]
    let runs = (0..<bounds.count - 1).map { i in
      Run(
        i == 0 ? self : RenderTreeBuilder(context: context.fork()),
        kids[bounds[i]..<bounds[i + 1]])
    }
    // One iteration per core, each taking the next run from the counter. One iteration per
    // run, handed out by Dispatch, took as long but peaked 0.6 MiB higher on average over the
    // 40 largest drawings at 800 px (17.6 against 17.0 MiB, three sets of 3 rounds).
    let next = Atomic(0)
    let cores = min(runs.count, ThreadPlacement.onlineCores)
    ThreadPlacement.concurrentPerform(iterations: cores) { _ in
      while true {
        let i = next.add(1, ordering: .relaxed).oldValue
        guard i < runs.count else { return }
        let run = runs[i]
        run.nodes = Result { () throws(RenderError) in
          try run.builder.build(run.ids, state: state)
        }
      }
    }
    var nodes = try runs[0].nodes.get()
    for run in runs.dropFirst() {
      if case .success(let more) = run.nodes, context.join(run.builder.context) {
        nodes += more
      } else {
        nodes += try build(run.ids, state: state)
      }
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
