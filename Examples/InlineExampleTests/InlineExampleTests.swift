import Foundation
import InlineExample
import Testing

@Test func badgeResourceHasTheScriptInlined() throws {
  let url = try #require(InlineExample.badgeURL)
  let text = try String(contentsOf: url, encoding: .utf8)
  #expect(!text.contains("src=\"badge.js\""))
  #expect(text.contains("<script type=\"text/ecmascript\"><![CDATA[// Counts clicks"))
  #expect(text.contains("var marker = \"]]]]><![CDATA[>\";"))
  #expect(text.contains("<!-- A badge that counts its clicks; the script lives in badge.js. -->"))
}

@Test func sameNamedFilesInTwoFoldersShipApartWithTheirStyles() throws {
  let day = try String(contentsOf: try #require(InlineExample.skyURL("Day")), encoding: .utf8)
  let night = try String(contentsOf: try #require(InlineExample.skyURL("Night")), encoding: .utf8)
  #expect(day.contains("<style") && day.contains("fill: skyblue"))
  #expect(night.contains("<style") && night.contains("fill: midnightblue"))
  #expect(!day.contains("xml-stylesheet") && !night.contains("xml-stylesheet"))
}
