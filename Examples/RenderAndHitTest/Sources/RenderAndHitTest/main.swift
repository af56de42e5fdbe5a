import Foundation
import Inkpath

let svg = """
  <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
    <rect id="sky" width="200" height="100" fill="skyblue"/>
    <circle id="sun" cx="150" cy="40" r="20" fill="gold"/>
  </svg>
  """
let scene = try Scene(document: try Document(string: svg))  // source tree, render tree, hits
let png = try scene.tree.rasterize(width: 400, height: 200).pngData()
try Data(png).write(to: URL(fileURLWithPath: "scene.png"))
for (x, y) in [(150, 40), (20, 20), (250, 50)] {
  let hit = scene.element(at: Point(Double(x), Double(y)))
  print("\(x),\(y): \(hit?.element.name ?? "nothing")")
}
