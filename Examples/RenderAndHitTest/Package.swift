// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "RenderAndHitTest",
  dependencies: [.package(name: "Inkpath", path: "../..")],
  targets: [
    .executableTarget(
      name: "RenderAndHitTest", dependencies: [.product(name: "Inkpath", package: "Inkpath")])
  ]
)
