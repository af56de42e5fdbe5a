import Foundation

/// The drawings of Debian's openclipart-svg, as paths under `/usr/share/openclipart/svg`;
/// an error when the package is missing.
package func openclipartDrawings() throws -> [String] {
  let dir = "/usr/share/openclipart/svg"
  guard let e = FileManager.default.enumerator(atPath: dir) else {
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: dir])
  }
  return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".svg") }.map { "\(dir)/\($0)" }
}
