import Foundation
import SVGGeometry
import SVGTree
import Testing

@testable import SVGRender

/// `<use href="file.svg#id">`: elements of other files, read under the resource policy,
/// once per render, with the cycle and count limits of local references.
@Suite struct ExternalUseTests {
  @Test func spriteSheetElementsAreDrawn() throws {
    let tree = try FixtureFiles.tree("external/page.svg")
    let bitmap = try tree.rasterize(width: 60, height: 20)
    // The symbol: its rect inherits blue from the page, its circle is red by the sprite
    // sheet's own style sheet.
    #expect(bitmap.colour(1, 1) == [0, 0, 255, 255])
    #expect(bitmap.colour(10, 10) == [255, 0, 0, 255])
    // The dot inherits green from its use; the square from sub/more.svg, which reaches
    // ../sprites.svg relative to its own folder, inherits yellow from its own use there.
    #expect(bitmap.colour(25, 5) == [0, 128, 0, 255])
    #expect(bitmap.colour(45, 5) == [255, 255, 0, 255])
    #expect(FixtureFiles.messages(tree).isEmpty, "\(FixtureFiles.messages(tree))")
  }

  @Test func drawnNodesAnswerForTheUse() throws {
    let document = try FixtureFiles.document("external/page.svg")
    let tree = try RenderTree(
      document: document, options: FixtureFiles.options("external/page.svg"))
    var sources: Set<NodeID> = []
    func walk(_ node: RenderNode) {
      if case .path(let p) = node, let s = p.source { sources.insert(s) }
      if case .group(let g) = node { g.children.forEach(walk) }
    }
    walk(.group(tree.root))
    let uses = Set(document.selectElements(named: "use"))
    #expect(!sources.isEmpty && sources.isSubset(of: uses))
  }

  @Test func aSpriteSheetIsReadOncePerRender() throws {
    // Its parse warning (no SVG namespace) comes once for three uses.
    let tree = try FixtureFiles.tree("external/three-uses.svg")
    let warnings = FixtureFiles.messages(tree).filter { $0.contains("read as SVG anyway") }
    #expect(warnings.count == 1, "\(FixtureFiles.messages(tree))")
    let bitmap = try tree.rasterize(width: 30, height: 10)
    #expect(bitmap.rgba(x: 25, y: 5).a == 255)
  }

  @Test func cyclesThroughTwoFilesEnd() throws {
    let tree = try FixtureFiles.tree("external/cycle-a.svg")
    #expect(FixtureFiles.messages(tree).contains { $0.contains("reference cycle") })
    let bitmap = try tree.rasterize(width: 20, height: 10)
    #expect(bitmap.colour(5, 5) == [0, 128, 0, 255])
    #expect(bitmap.colour(15, 5) == [0, 0, 255, 255])
  }

  @Test func aFileNamingItselfIsItsOwnDocument() throws {
    let tree = try FixtureFiles.tree("external/self.svg")
    #expect(
      FixtureFiles.messages(tree).contains { $0.contains("itself or an ancestor (self.svg#g)") })
    #expect(try tree.rasterize(width: 10, height: 10).rgba(x: 5, y: 5).a == 255)
  }

  @Test func refusedAndUnusableReferencesSayWhy() throws {
    let messages = FixtureFiles.messages(try FixtureFiles.tree("external/escape.svg"))
    #expect(messages.contains { $0.contains("outside the resource directory") })
    #expect(messages.contains { $0.contains("a #id is needed") })
    #expect(messages.contains { $0.contains("linearGradient") })
  }

  @Test func theDefaultPolicyReadsNoFile() throws {
    let tree = try FixtureFiles.tree("external/page.svg", options: RenderOptions())
    #expect(FixtureFiles.messages(tree).contains { $0.contains("external resources are disabled") })
    #expect(try tree.rasterize(width: 60, height: 20).rgba(x: 1, y: 1).a == 0)
  }

  @Test func documentResourcesNarrowThePolicyForDocuments() throws {
    var options = FixtureFiles.options("external/page.svg")
    options.documentResources = .dataOnly
    let tree = try FixtureFiles.tree("external/page.svg", options: options)
    #expect(FixtureFiles.messages(tree).contains { $0.contains("only data: URLs") })
  }

  @Test func aFileOverTheByteLimitIsRefused() throws {
    var options = FixtureFiles.options("external/page.svg")
    options.limits.maxInputBytes = 300  // sprites.svg is bigger; page.svg is read already
    let tree = try FixtureFiles.tree("external/page.svg", options: options)
    #expect(FixtureFiles.messages(tree).contains { $0.contains("over the limit of") })
  }

  /// The reference limit ends the build within a budget of work (checks, as in
  /// StructureTests), not of wall time, which a busy machine ran past.
  @Test func exponentialChainsAcrossFilesHitTheReferenceLimit() throws {
    var options = FixtureFiles.options("external/exponential.svg")
    options.limits.maxReferences = 10_000
    options.cancellation = RenderCancellation(checks: 10 * options.limits.maxReferences)
    #expect {
      try FixtureFiles.tree("external/exponential.svg", options: options)
    } throws: { error in
      guard let error = error as? RenderError else { return false }
      return error.kind == .limit && error.message.contains("more than 10000 references")
    }
  }
}
