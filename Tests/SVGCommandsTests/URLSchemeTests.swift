import Foundation
import SVGCommands
import SVGGeometry
import SVGTree
import Testing

private let myapp = CommandURLScheme("myapp")!

private func commands(_ text: String, _ scheme: CommandURLScheme = myapp) throws -> [Command] {
  try CommandScript.parse(text, urlScheme: scheme).map(\.command)
}

private func error(_ text: String, _ scheme: CommandURLScheme = myapp) throws -> CommandError {
  try #require(throws: CommandError.self) { try CommandScript.parse(text, urlScheme: scheme) }
}

@Suite struct URLSchemeTests {
  @Test func slashAndColonFormsOfTheAppsScheme() throws {
    #expect(try commands("myapp://fillAt/10/20") == [.fillAt(Point(10, 20))])
    #expect(try commands("myapp:fillAt:10:20") == [.fillAt(Point(10, 20))])
    #expect(try commands("MyApp:fillAt:10:20:4") == [.fillAt(Point(10, 20), tolerance: 4)])
    #expect(try commands("myapp:setFill:%2F0%2F1:%23ff0000") == [.setFill("/0/1", red)])
    #expect(try commands("myapp:moveAt:1:2:3:4") == [.moveAt(Point(1, 2), to: Point(3, 4))])
    #expect(try commands("myapp:resetAll") == [.resetAll])
    #expect(try commands("myapp:resetAll:") == [.resetAll])
    let objc = try #require(CommandURLScheme("objc"))
    #expect(try commands("objc://bringToFront/sticker", objc) == [.bringToFront("sticker")])
    #expect(try commands("svg:sendToBack:a", .svg) == [.sendToBack("a")])
    // The text form is read whatever the scheme.
    #expect(try commands("fill(a)\nmyapp:fill:b") == [.fill("a"), .fill("b")])
  }

  @Test(arguments: CanonicalFormTests.samples)
  func everyCommandReadsBackInBothURLForms(_ command: Command) throws {
    #expect(try commands(command.url(scheme: myapp)) == [command])
    #expect(try commands(command.url(scheme: myapp, colons: true)) == [command])
  }

  @Test func canonicalURLs() {
    #expect(Command.fillAt(Point(10, 20)).url(scheme: myapp, colons: true) == "myapp:fillAt:10:20")
    #expect(Command.fill("/0/3").url(scheme: myapp) == "myapp://fill/%2F0%2F3")
    #expect(Command.fill("a:b").url(scheme: myapp, colons: true) == "myapp:fill:a%3Ab")
  }

  @Test func anotherSchemeIsAnErrorNamingTheRightOne() throws {
    let e = try error("fill(a)\n  svg://fillAt/1/2")
    #expect(e.location == SourceLocation(line: 2, column: 3))
    #expect(e.message.contains("'svg:' is not the commands' URL scheme"))
    #expect(e.message.contains("myapp://NAME/"))
    #expect(try error("myapp:fillAt:1").message.contains("not 1"))
    #expect(try error("myapp:fillAt:1:x").location.column == 16)
    #expect(try error("myapp:").message.contains("command name"))
    #expect(try error("myapp:fill:%2").message.contains("percent-encoding"))
  }

  @Test func schemesAreCheckedAsURLsSpellThem() {
    #expect(CommandURLScheme("my-app+x.1")?.name == "my-app+x.1")
    #expect(CommandURLScheme("MyApp")?.name == "myapp")
    for bad in ["", "1app", "my app", "my:app", "my/app", "ápp"] {
      #expect(CommandURLScheme(bad) == nil, "\(bad)")
    }
  }
}

@Suite struct CommandTableTests {
  /// The README's command table names every command with its arguments, and shows it in
  /// both URL forms.
  @Test func theREADMEListsEveryCommandInEveryForm() throws {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { root.deleteLastPathComponent() }
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let table = readme.split(separator: "\n").filter { $0.hasPrefix("| `") }.joined(separator: "\n")
    for usage in CommandScript.usages {
      let name = String(usage.prefix { $0 != "(" })
      #expect(table.contains("`\(usage)`"), "\(usage)")
      #expect(table.contains("`svg://\(name)"), "\(name) in the svg:// form")
      #expect(table.contains("`svg:\(name)"), "\(name) in the colon form")
      #expect(table.contains("`\(name)("), "\(name): an example of the text form")
    }
  }
}
