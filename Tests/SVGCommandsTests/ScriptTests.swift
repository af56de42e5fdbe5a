import SVGCommands
import SVGGeometry
import SVGTree
import Testing

private func commands(_ text: String) throws -> [Command] {
  try CommandScript.parse(text).map(\.command)
}

private func error(_ text: String) throws -> CommandError {
  try #require(throws: CommandError.self) { try CommandScript.parse(text) }
}

@Suite struct TextFormTests {
  @Test func everyCommand() throws {
    let script = """
      setActiveColor(255, 0, 0)
      fill(sky)
      fillAt(120.5, 40)
      setFill(wall, #00ff00)
      setStroke(/0/2, blue)
      setOpacity(door, 0.5)
      moveBy(house, -10, 2.5e1)
      moveToIndex(sun, 0)
      moveAt(1, 2, 3.5, -4)
      bringToFront(sun)
      sendToBack(/0/1)
      reset(sky)
      resetAll()
      """
    #expect(
      try commands(script) == [
        .setActiveColor(red), .fill("sky"), .fillAt(Point(120.5, 40)),
        .setFill("wall", Color(r: 0, g: 255, b: 0)), .setStroke("/0/2", Color(r: 0, g: 0, b: 255)),
        .setOpacity("door", 0.5), .moveBy("house", dx: -10, dy: 25), .moveToIndex("sun", 0),
        .moveAt(Point(1, 2), to: Point(3.5, -4)), .bringToFront("sun"), .sendToBack("/0/1"),
        .reset("sky"), .resetAll,
      ])
  }

  @Test(arguments: [
    "setActiveColor(255,0,0)", "setActiveColor( 255 , 0 , 0 )", "setActiveColor(#ff0000)",
    "setActiveColor(#F00)", "setActiveColor(rgb(255, 0, 0))", "setActiveColor(rgb(100%,0%,0%))",
    "setActiveColor(red)", "setActiveColor(RED)", "setActiveColor(hsl(0, 100%, 50%))",
    "svg://setActiveColor/255/0/0", "svg://setActiveColor/%23ff0000", "svg://setActiveColor/red",
    "svg://setActiveColor/rgb(255,0,0)",
  ])
  func colourForms(_ text: String) throws {
    #expect(try commands(text) == [.setActiveColor(red)])
  }

  @Test func alphaChannel() throws {
    #expect(
      try commands("setActiveColor(255, 0, 0, 0.5)")
        == [.setActiveColor(Color(r: 255, g: 0, b: 0, alpha: 0.5))])
    #expect(
      try commands("setFill(a, rgba(0, 0, 255, 0.25))")
        == [.setFill("a", Color(r: 0, g: 0, b: 255, alpha: 0.25))])
  }

  @Test func colourAsChannelsInSetFill() throws {
    #expect(try commands("setFill(a, 255, 0, 0)") == [.setFill("a", red)])
  }

  @Test func commentsBlankLinesAndSeparators() throws {
    let script =
      "# a colouring session\n\n  // another comment\r\n"
      + "setActiveColor(red); # trailing\n"
      + "fill(sky) // trailing\n   \n"
      + "svg://fill/sun # trailing\n"
    #expect(try commands(script) == [.setActiveColor(red), .fill("sky"), .fill("sun")])
  }

  @Test func quotedReferences() throws {
    #expect(try commands("fill(\"odd id, with comma\")") == [.fill("odd id, with comma")])
    #expect(try commands("fill('say \"hi\"')") == [.fill("say \"hi\"")])
  }

  @Test func locationsOfCommandsAndArguments() throws {
    let c = try CommandScript.parse("\n  setFill(a,  #fff)")
    #expect(c[0].location == SourceLocation(line: 2, column: 3))
    #expect(
      c[0].argumentLocations == [
        SourceLocation(line: 2, column: 11), SourceLocation(line: 2, column: 15),
      ])
  }
}

@Suite struct URLFormTests {
  @Test func examplesFromTheIssue() throws {
    #expect(try commands("svg://setActiveColor/255/0/0") == [.setActiveColor(red)])
    #expect(try commands("svg://fillAt/120.5/40") == [.fillAt(Point(120.5, 40))])
  }

  @Test func percentEncodedArguments() throws {
    #expect(try commands("svg://fill/%2F0%2F3") == [.fill("/0/3")])
    #expect(try commands("svg://setFill/my%20id/%23ff0000") == [.setFill("my id", red)])
    #expect(try commands("svg://setFill/a/#ff0000") == [.setFill("a", red)])
    #expect(try commands("svg://resetAll") == [.resetAll])
    #expect(try commands("svg://resetAll/") == [.resetAll])
    #expect(try commands("svg://moveBy/g1/-5/7.5") == [.moveBy("g1", dx: -5, dy: 7.5)])
  }

  @Test func argumentColumns() throws {
    let c = try CommandScript.parse("svg://fillAt/1/22")
    #expect(c[0].location.column == 7)
    #expect(c[0].argumentLocations.map(\.column) == [14, 16])
  }
}

@Suite struct CanonicalFormTests {
  static let samples: [Command] = [
    .setActiveColor(red), .setActiveColor(Color(r: 1, g: 2, b: 3, alpha: 0.5)),
    .fill("sky"), .fill("/0/3"), .fill("odd, id"), .fillAt(Point(120.5, -40)),
    .setFill("a", Color(r: 0, g: 128, b: 255)),
    .setStroke("b", Color(r: 0, g: 0, b: 0, alpha: 0.2)),
    .setOpacity("c", 0.25), .moveBy("d", dx: 1.5, dy: -2), .moveToIndex("e", 3), .reset("f"),
    .resetAll, .moveAt(Point(1.5, -2), to: Point(30, 4e-3)), .bringToFront("/0/1"),
    .sendToBack("odd (id)"), .fillAt(Point(3, 4), tolerance: 2.5),
    .insertImage(
      Rect(x: 1, y: 2, width: 30, height: 40.5), dataURL: "data:image/png;base64,iV/+=="),
  ]

  @Test(arguments: samples)
  func textFormReadsBack(_ command: Command) throws {
    #expect(try commands(command.description) == [command])
  }

  @Test(arguments: samples)
  func urlFormReadsBack(_ command: Command) throws {
    #expect(try commands(command.url) == [command])
  }

  @Test func canonicalText() {
    #expect(Command.setActiveColor(red).description == "setActiveColor(255, 0, 0)")
    #expect(Command.fillAt(Point(120.5, 40)).url == "svg://fillAt/120.5/40")
    #expect(Command.fill("/0/3").url == "svg://fill/%2F0%2F3")
    #expect(Command.resetAll.description == "resetAll()")
  }
}

@Suite struct ScriptErrorTests {
  @Test func unknownCommand() throws {
    let e = try error("fill(a)\n  paint(a)")
    #expect(e.location == SourceLocation(line: 2, column: 3))
    #expect(e.message.contains("unknown command 'paint'"))
    #expect(try error("svg://paint/a").location.column == 7)
    #expect(try error("Fill(a)").message.contains("unknown command"))
  }

  @Test func wrongArgumentCount() throws {
    let few = try error("moveBy(a, 1)")
    #expect(few.message.contains("moveBy(ID, DX, DY) takes 3 arguments, not 2"))
    #expect(few.location.column == 1)
    let many = try error("fill(a, b)")
    #expect(many.location.column == 9)
    #expect(try error("resetAll(x)").message.contains("takes 0 arguments"))
    #expect(try error("setActiveColor(1, 2)").message.contains("not 2"))
    #expect(try error("setFill(a)").message.contains("not 1"))
    #expect(try error("svg://fillAt/1").message.contains("not 1"))
  }

  @Test func wrongArgumentTypes() throws {
    let e = try error("fillAt(10, ten)")
    #expect(e.message.contains("expected a number, not 'ten'"))
    #expect(e.location.column == 12)
    #expect(try error("fillAt(1px, 2)").message.contains("expected a number"))
    #expect(try error("moveToIndex(a, 1.5)").message.contains("whole number"))
    #expect(try error("setOpacity(a, 2)").message.contains("between 0 and 1"))
    #expect(try error("setOpacity(a, \"0.5\")").message.contains("expected a number"))
    #expect(try error("fill(/0/x)").message.contains("index path"))
    #expect(try error("fill(two words)").message.contains("element id"))
  }

  @Test func coloursThatDoNotParse() throws {
    let e = try error("setFill(a, #ggg)")
    #expect(e.message.hasPrefix("invalid colour"))
    #expect(e.location.column == 12)
    #expect(try error("setActiveColor(notacolour)").message.contains("unknown colour"))
    #expect(try error("setActiveColor(256, 0, 0)").message.contains("0 to 255"))
    #expect(try error("setActiveColor(1.5, 0, 0)").message.contains("0 to 255"))
    #expect(try error("setActiveColor(255, 0, 0, 2)").message.contains("alpha"))
    #expect(try error("svg://setFill/a/%23zz0000").message.contains("invalid colour"))
  }

  @Test func malformedSyntax() throws {
    #expect(try error("fill a").message.contains("expected '('"))
    #expect(try error("fill(a").message.contains("missing ')'"))
    #expect(try error("fill(a) b").message.contains("unexpected 'b'"))
    #expect(try error("fill(, a)").message.contains("empty argument"))
    #expect(try error("fill(\"a)").message.contains("missing closing quote"))
    #expect(try error("(a)").message.contains("expected a command name"))
    #expect(try error("svg://fill/%2").message.contains("percent-encoding"))
    #expect(try error("svg://fill//a").message.contains("empty argument"))
    #expect(try error("svg://").message.contains("command name"))
  }

  @Test func errorsNameTheLine() throws {
    let e = try error("setActiveColor(red)\n# comment\n\nfillAt(1, 2, 3, 4)")
    #expect(e.location.line == 4)
    #expect(e.description.hasPrefix("4:17: "))
  }
}
