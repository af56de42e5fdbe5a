extension Document {
  /// The cascade of the whole document in one walk: each element's winning declared values
  /// (``specifiedStyles(styleSheets:)`` by property number) and its computed style (what
  /// ``computeStyles(specified:inheritedDefaults:dpi:)`` gives from them), indexed by
  /// `NodeID.index`.
  ///
  /// With `concurrently`, a way to run a number of jobs at once (`DispatchQueue
  /// .concurrentPerform`: this module starts no thread), a document of
  /// ``concurrentElements`` elements or more is styled in ``runs`` runs of its elements in
  /// document order at once, each with its own cache of `style` texts: the same styles, on
  /// all cores (the cascade runs before the render-tree build, while the other cores would
  /// idle). An element's computed style needs its parent's, so the ancestors of each run's
  /// first element, which earlier runs hold, are styled before the runs start; every other
  /// ancestor of an element stands in the element's own run, before it.
  package func cascade(
    styleSheets sheets: [StyleSheet], inheritedDefaults: [String: String] = [:],
    dpi: Double = 96, concurrently: ((Int, (Int) -> Void) -> Void)? = nil
  ) -> (specified: [StyleEntries], styles: [ComputedStyle]) {
    let index = RuleIndex(sheets: sheets)
    return styled(inheritedDefaults: inheritedDefaults, dpi: dpi, concurrently: concurrently) {
      specifiedValues($0, nodes[$0.index].attributes, index, &$1)
    }
  }

  /// The walk of ``cascade(styleSheets:inheritedDefaults:dpi:concurrently:)`` and
  /// ``computeStyles(specified:inheritedDefaults:dpi:)``: each element's declared values
  /// (`declared`, with the walk's cache of `style` texts) and its computed style.
  func styled(
    inheritedDefaults: [String: String], dpi: Double,
    concurrently: ((Int, (Int) -> Void) -> Void)?,
    declared: (NodeID, inout InlineStyles) -> StyleEntries
  ) -> (specified: [StyleEntries], styles: [ComputedStyle]) {
    let elements = elementsInOrder()
    var specified = [StyleEntries](repeating: StyleEntries(), count: nodes.count)
    var styles = [ComputedStyle](repeating: ComputedStyle(), count: nodes.count)
    // What each element hands down: its computed entries, or the inherited ones of them
    // when it declares a property that is not inherited.
    var inheritable = [StyleEntries](repeating: StyleEntries(), count: nodes.count)
    if !inheritedDefaults.isEmpty {
      var top = StyleEntries()
      ComputedStyle.apply(
        StyleEntries(inheritedDefaults).inheritedOnly, parent: ComputedStyle(), to: &top, dpi: dpi)
      inheritable[Document.top.index] = top
      styles[Document.top.index] = ComputedStyle(entries: top)
    }
    specified.withUnsafeMutableBufferPointer { specified in
      styles.withUnsafeMutableBufferPointer { styles in
        inheritable.withUnsafeMutableBufferPointer { inheritable in
          func style(_ id: NodeID, _ inline: inout InlineStyles) {
            let own = declared(id, &inline)
            let parent = nodes[id.index].parent ?? Document.top
            var computed = inheritable[parent.index]
            let ownsNonInherited = ComputedStyle.apply(
              own, parent: styles[parent.index], to: &computed, dpi: dpi)
            inheritable[id.index] = ownsNonInherited ? computed.inheritedOnly : computed
            styles[id.index] = ComputedStyle(entries: computed)
            specified[id.index] = own
          }
          /// Styles `ids` in order but those of `done`, which stand among them in order.
          func run(_ ids: ArraySlice<NodeID>, except done: [NodeID] = []) {
            var inline = InlineStyles()
            var next = 0
            for id in ids {
              if next < done.count, done[next] == id {
                next += 1
                continue
              }
              style(id, &inline)
            }
          }
          guard let concurrently, elements.count >= Self.concurrentElements else {
            return run(elements[...])
          }
          let starts = (0...Self.runs).map { $0 * elements.count / Self.runs }
          // The ancestors of each run's first element, each once, in document order.
          var position = [Int](repeating: 0, count: nodes.count)
          for (i, id) in elements.enumerated() { position[id.index] = i }
          let spine = Set(starts.dropFirst().dropLast().flatMap { ancestors(of: elements[$0]) })
            .filter { $0 != Document.top }.sorted { position[$0.index] < position[$1.index] }
          run(spine[...])
          concurrently(Self.runs) { k in
            let (first, end) = (starts[k], starts[k + 1])
            run(
              elements[first..<end],
              except: spine.filter { (first..<end).contains(position[$0.index]) })
          }
        }
      }
    }
    return (specified, styles)
  }

  /// Documents with fewer elements are styled on one thread (see
  /// ``cascade(styleSheets:inheritedDefaults:dpi:concurrently:)``): a thread costs more
  /// than it saves. Rendered at 800 px, one process each, alternating runs: the 9 drawings
  /// of 1,000 to 2,000 elements among 2,000 random openclipart ones took 3% less time in
  /// halves, the 24 of 500 to 1,000 3.5% more (and the 40 largest, 14 of them between
  /// 1,000 and 2,000, 3% less than with halves from 2,000 elements).
  package static let concurrentElements = 1_000
  /// How many runs of elements of about the same count a document styled at once is cut
  /// into: more than the cores, each core taking the next run when done with one, since
  /// elements differ in what they declare. In two halves, one per core, one core waited
  /// for the other 16.5 ms in all of the 46 ms of styling the 40 largest openclipart
  /// drawings at 800 px (the second half of the 17 drawings of the zazou set took 2 to 6
  /// times the first's time); in 8 runs styling took 0.86x the time (7 alternating rounds,
  /// a throw-away timer build), and 4 or 16 runs a little longer than 8.
  package static let runs = 8

  /// Every element below the top, in document order (the order the cascade styles them:
  /// each after its parent).
  func elementsInOrder() -> [NodeID] {
    var elements: [NodeID] = []
    var stack = Array(self[Document.top].children.reversed())
    while let id = stack.popLast() {
      // Fields are read in place: a copy of the node retains each of its strings and arrays.
      guard nodes[id.index].kind == .element else { continue }
      elements.append(id)
      stack.append(contentsOf: nodes[id.index].children.reversed())
    }
    return elements
  }
}
