import Testing

@testable import SVGTree

private func color(_ text: String) throws(ValueError) -> Color { try Color(parsing: text) }

private func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: Double = 1) -> Color {
  Color(r: r, g: g, b: b, alpha: a)
}

@Suite struct ColorTests {
  @Test(arguments: [
    ("#ff0000", rgb(255, 0, 0)),
    ("#FF8000", rgb(255, 128, 0)),
    ("#f80", rgb(255, 136, 0)),
    ("#f008", rgb(255, 0, 0, 136.0 / 255)),
    ("#00ff0080", rgb(0, 255, 0, 128.0 / 255)),
    ("  #0000ff\n ", rgb(0, 0, 255)),
    ("#ff00", rgb(255, 255, 0, 0)),
  ])
  func hex(text: String, expected: Color) throws {
    #expect(try color(text) == expected)
  }

  /// `#ff00` is not here: it is CSS Color 4's `#rgba`, transparent yellow.
  @Test(arguments: ["#ff", "#", "#12345", "#1234567", "#qqq", "#aaz", "#ff0000z", "#ff0000ff0"])
  func malformedHex(text: String) {
    #expect(throws: ValueError.self) { try color(text) }
  }

  @Test func hexErrorSaysWhy() {
    do {
      _ = try color("#12345")
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains("5"))
      #expect(error.text == "#12345")
      #expect(error.position == 1)
    }
  }

  @Test(arguments: [
    ("rgb(254, 203, 231)", rgb(254, 203, 231)),
    (" rgb( 77 , 77 , 77 ) ", rgb(77, 77, 77)),
    ("RGB(1,2,3)", rgb(1, 2, 3)),
    ("rgb(50%, 50%, 50%)", rgb(128, 128, 128)),
    ("rgb(33.333%,46.666%,93.333%)", rgb(85, 119, 238)),
    ("rgb(140%, -10%, 130%)", rgb(255, 0, 255)),
    ("rgb(290.2, -5, 0.4)", rgb(255, 0, 0)),
    ("rgb(0.0, 129.82, 231.092)", rgb(0, 130, 231)),
    ("rgba(10, 20, 30, 0.5)", rgb(10, 20, 30, 0.5)),
    ("rgb(0, 127, 0, 0.5)", rgb(0, 127, 0, 0.5)),
    ("rgba(0, 127, 0, 50%)", rgb(0, 127, 0, 0.5)),
    ("rgba(10, 20, 30, -2)", rgb(10, 20, 30, 0)),
    ("rgba(10, 20, 30, 2)", rgb(10, 20, 30, 1)),
    ("rgb(255 0 0 / 50%)", rgb(255, 0, 0, 0.5)),
    ("rgb(255 0 0/0.25)", rgb(255, 0, 0, 0.25)),
    ("rgb(100% 0 50%)", rgb(255, 0, 128)),
    ("rgb(1e2, 0, 0)", rgb(100, 0, 0)),
  ])
  func rgbFunction(text: String, expected: Color) throws {
    #expect(try color(text) == expected)
  }

  @Test func clampsOutOfRangeChannels() throws {
    #expect(try color("rgb(300,-5,50)") == rgb(255, 0, 50))
    #expect(try color("rgb(300%,-5%,50%)") == rgb(255, 0, 128))
    // The legacy comma syntax may not mix numbers and percentages (browsers, resvg).
    let e = #expect(throws: ValueError.self) { try color("rgb(300,-5,50%)") }
    #expect(e?.message.contains("mixes") == true)
  }

  @Test(arguments: [
    "rgb(1, 2)", "rgb(1, 2, 3", "rgb(1 2, 3)", "rgb(1, 2 3)", "rgb(1,,2,3)",
    "rgba(0, 50%, 0, 0.5)", "rgb(140%, -10mm, 130pt)", "rgb (1, 2, 3)", "rgb(1 2 3, 0.5)",
    "rgb(1, 2, 3 / 0.5)", "rgb(-0\r", "rgb()", "rgb(a, b, c)",
  ])
  func malformedRGB(text: String) {
    #expect(throws: ValueError.self) { try color(text) }
  }

  @Test(arguments: [
    ("hsl(120, 100%, 75%)", rgb(128, 255, 128)),
    ("hsl(60, 100%, 50%)", rgb(255, 255, 0)),
    ("hsl(120, 100%, 25%)", rgb(0, 128, 0)),
    ("hsl(360, 100%, 100%)", rgb(255, 255, 255)),
    ("hsl(800, 150%, -50%)", rgb(0, 0, 0)),
    ("hsl(230, 57%, 54%)", rgb(71, 93, 205)),
    ("hsl(-120, 100%, 50%)", rgb(0, 0, 255)),
    ("hsla(120, 100%, 25%, 0.5)", rgb(0, 128, 0, 0.5)),
    ("hsl(120, 100%, 25%, 0.5)", rgb(0, 128, 0, 0.5)),
    ("hsl(0.5turn 100% 50%)", rgb(0, 255, 255)),
    ("hsl(240deg 100 50 / 10%)", rgb(0, 0, 255, 0.1)),
    ("HSL(0, 0%, 50%)", rgb(128, 128, 128)),
  ])
  func hslFunction(text: String, expected: Color) throws {
    #expect(try color(text) == expected)
  }

  @Test(arguments: ["hsl(120, 100, 50)", "hsl(120, 100%)", "hsl(120px, 100%, 50%)", "hsl(1,2%,3%"])
  func malformedHSL(text: String) {
    #expect(throws: ValueError.self) { try color(text) }
  }

  @Test func namedColoursAreCaseInsensitive() throws {
    #expect(try color("red") == rgb(255, 0, 0))
    #expect(try color(" ReD ") == rgb(255, 0, 0))
    #expect(try color("CORNFLOWERBLUE") == rgb(100, 149, 237))
    #expect(try color("lightgoldenrodyellow") == rgb(250, 250, 210))
    #expect(try color("grey") == color("gray"))
    #expect(try color("transparent") == Color.transparent)
    #expect(try color("Transparent").alpha == 0)
  }

  @Test func everyKeywordIsInTheTable() {
    #expect(Color.namedColors.count == 148)
    for name in Color.namedColors.keys {
      #expect(Color(named: name.uppercased()) != nil, "\(name)")
      #expect(name == name.lowercased())
    }
    #expect(Color(named: "rebeccapurple") == Color(rgb: 0x663399))
  }

  @Test(arguments: ["text", "qwe13212", "currentColor", "none", "", "   ", "red blue", "red,"])
  func notAColour(text: String) {
    #expect(throws: ValueError.self) { try color(text) }
  }

  @Test func iccColorMakesTheColourInvalid() throws {
    // CSS Color has no icc-color(); Chromium, rsvg-convert and resvg ignore the whole value.
    #expect(throws: ValueError.self) {
      try color("#CD853F icc-color(acmecmyk, 0.11, 0.48, 0.83, 0.00)")
    }
    #expect(throws: ValueError.self) { try color("red icc-color(p)") }
    #expect(throws: ValueError.self) { try color("#CD853F icc-color(acmecmyk, 0.11") }
  }

  @Test func descriptionRoundTrips() throws {
    #expect(rgb(255, 0, 128).description == "#ff0080")
    #expect(rgb(1, 2, 3, 0.5).description == "rgba(1, 2, 3, 0.5)")
    #expect(Color.transparent.description == "rgba(0, 0, 0, 0)")
    for c in [rgb(0, 10, 255), rgb(9, 99, 200, 0.25), rgb(1, 1, 1, 128.0 / 255)] {
      #expect(try color(c.description) == c)
    }
  }

  @Test func hslConversionMatchesPrimaryHues() {
    for (hue, expected) in [(0.0, (1.0, 0.0, 0.0)), (120, (0, 1, 0)), (240, (0, 0, 1))] {
      let c = Color.hslToRGB(hue: hue, saturation: 1, lightness: 0.5)
      #expect(abs(c.0 - expected.0) < 1e-9 && abs(c.1 - expected.1) < 1e-9)
      #expect(abs(c.2 - expected.2) < 1e-9)
    }
  }
}
