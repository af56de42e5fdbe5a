import Foundation
import Testing

@Suite struct RenderRouteTests {
  @Test func rendersPNGAtTheAskedSize() throws {
    let t = try TestServer()
    let r = try t.client.post("/render?width=64", Fixture.square)
    #expect(r.status == 200)
    #expect(r.header("Content-Type") == "image/png")
    let size = try #require(PNG.size(r.body))
    #expect(size == (64, 32))
    #expect(try PNG.pixel(r.body, 10, 16) == [255, 0, 0, 255])
    #expect(try PNG.pixel(r.body, 50, 16) == [0, 0, 255, 255])
  }

  @Test func heightZoomScaleAndBackground() throws {
    let t = try TestServer()
    #expect(try PNG.size(t.client.post("/render?height=30", Fixture.square).body)! == (60, 30))
    #expect(try PNG.size(t.client.post("/render?zoom=3", Fixture.square).body)! == (60, 30))
    #expect(try PNG.size(t.client.post("/render?zoom=2&scale=2", Fixture.square).body)! == (80, 40))
    let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>"
    let bg = try t.client.post("/render?background=%23ff0", svg)
    #expect(try PNG.pixel(bg.body, 5, 5) == [255, 255, 0, 255])
    let clear = try t.client.post("/render", svg)
    #expect(try PNG.pixel(clear.body, 5, 5)[3] == 0)
  }

  @Test func pdfAndSVGFormats() throws {
    let t = try TestServer()
    let pdf = try t.client.post("/render?format=pdf", Fixture.square)
    #expect(pdf.status == 200)
    #expect(pdf.header("Content-Type") == "application/pdf")
    #expect(pdf.body.starts(with: Array("%PDF".utf8)))
    let svg = try t.client.post("/render?format=svg&width=40", Fixture.square)
    #expect(svg.header("Content-Type") == "image/svg+xml")
    #expect(svg.text.contains("<svg"))
  }

  @Test func etagAnswers304AndDependsOnBodyAndParameters() throws {
    let t = try TestServer()
    let first = try t.client.post("/render?width=64", Fixture.square)
    let etag = try #require(first.header("ETag"))
    #expect(etag.hasPrefix("\"") && etag.count == 66)
    #expect(first.header("Cache-Control")?.contains("immutable") == true)
    let again = try t.client.post(
      "/render?width=64", Fixture.square, headers: [("If-None-Match", "\"other\", \(etag)")])
    #expect(again.status == 304)
    #expect(again.body.isEmpty)
    #expect(again.header("ETag") == etag)
    let weak = try t.client.post(
      "/render?width=64", Fixture.square, headers: [("If-None-Match", "W/\(etag)")])
    #expect(weak.status == 304)
    let otherSize = try t.client.post("/render?width=65", Fixture.square)
    #expect(otherSize.header("ETag") != etag)
    let otherBody = try t.client.post("/render?width=64", Fixture.square + " ")
    #expect(otherBody.header("ETag") != etag)
    let stale = try t.client.post(
      "/render?width=64", Fixture.square, headers: [("If-None-Match", "\"nope\"")])
    #expect(stale.status == 200)
    #expect(stale.body == first.body)
  }

  @Test func malformedBodiesAre400WithLineAndColumn() throws {
    let t = try TestServer()
    let broken = try t.client.post(
      "/render", "<svg xmlns='http://www.w3.org/2000/svg'>\n  <rect></svg>")
    #expect(broken.status == 400)
    #expect(broken.header("Content-Type") == "application/json")
    #expect(broken.json["error"] is String)
    #expect(broken.json["line"] as? Int == 2)
    #expect((broken.json["column"] as? Int ?? 0) > 0)
    let empty = try t.client.post("/render", "")
    #expect(empty.status == 400)
    #expect((empty.json["error"] as? String)?.contains("empty") == true)
    let binary = try t.client.request("POST", "/render", body: [0, 1, 2, 255, 254])
    #expect(binary.status == 400)
    let notSVG = try t.client.post("/render", "<html><body/></html>")
    #expect(notSVG.status == 400)
  }

  @Test func badParametersAre400() throws {
    let t = try TestServer()
    for query in ["format=gif", "width=-3", "width=abc", "height=0", "zoom=nan", "background=nope"]
    {
      let r = try t.client.post("/render?\(query)", Fixture.square)
      #expect(r.status == 400, "\(query)")
      #expect(r.json["error"] is String, "\(query)")
    }
  }

  @Test func warningsRideAlongInHeaders() throws {
    let t = try TestServer()
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
        <rect width="10" height="10" fill="url(#missing)" filter="url(#f)"/>
      </svg>
      """
    let r = try t.client.post("/render", svg)
    #expect(r.status == 200)
    let count = Int(r.header("X-Inkpath-Warnings") ?? "0") ?? 0
    #expect(count >= 1)
    #expect(r.all("X-Inkpath-Warning").count == min(count, 20))
    #expect(r.all("X-Inkpath-Warning").contains { $0.hasPrefix("2:3: ") && $0.contains("filter") })
  }

  @Test func queryAndBBoxAnswerJSON() throws {
    let t = try TestServer()
    let top = try t.client.post("/query?at=150,40", Fixture.garden)
    #expect(top.status == 200)
    let hits = try #require(top.json["hits"] as? [[String: Any]])
    #expect(hits.map { $0["id"] as? String } == ["sun"])
    let all = try t.client.post("/query?at=150,40&all=1", Fixture.garden)
    #expect(
      (all.json["hits"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["sun", "sky"])
    // Viewport pixels: scrolled by (0, 100) at zoom 2, pixel (20, 160) is document (10, 130).
    let view = try t.client.post("/query?at=20,160&viewport=0,100,2", Fixture.garden)
    #expect((view.json["hits"] as? [[String: Any]])?.first?["id"] as? String == "grass")
    let none = try t.client.post("/query?at=500,500", Fixture.garden)
    #expect((none.json["hits"] as? [Any])?.isEmpty == true)

    let box = try t.client.post("/bbox?id=sun", Fixture.garden)
    #expect(box.json["bbox"] as? [Double] == [130, 20, 40, 40])
    let stroke = try t.client.post("/bbox?id=sun&kind=stroke", Fixture.garden)
    #expect(stroke.json["bbox"] as? [Double] == [128, 18, 44, 44])
    let byPath = try t.client.post("/bbox?id=%2F0%2F0", Fixture.garden)
    #expect(byPath.json["bbox"] as? [Double] == [0, 0, 200, 120])

    #expect(try t.client.post("/query", Fixture.garden).status == 400)
    #expect(try t.client.post("/query?at=1", Fixture.garden).status == 400)
    #expect(try t.client.post("/query?at=1,2&viewport=1", Fixture.garden).status == 400)
    #expect(try t.client.post("/bbox", Fixture.garden).status == 400)
    #expect(try t.client.post("/bbox?id=sun&kind=huge", Fixture.garden).status == 400)
    #expect(try t.client.post("/bbox?id=nope", Fixture.garden).status == 422)
    #expect(try t.client.post("/bbox?id=sun", "<svg").status == 400)
  }
}
