import Foundation
import Testing

@testable import SVGServer

/// The build ID that render ETags hash is the one binutils reads from the running program.
@Suite struct BuildIdentityTests {
  @Test func isTheProgramsGNUBuildID() throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
    p.arguments = ["-n", "/proc/\(getpid())/exe"]
    let output = Pipe()
    p.standardOutput = output
    try p.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    let line = try #require(text.split(separator: "\n").first { $0.contains("Build ID:") })
    let expected = line.split(separator: " ").last.map(String.init)
    let found = BuildIdentity.current.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    #expect(found.count == 40)
    #expect(found == expected)
  }

  @Test func skipsOtherNotesAndStopsAtATruncatedOne() {
    // An ABI tag note (name "GNU", type 1), then a build ID of 4 bytes, then a cut-off note.
    var notes: [UInt8] = []
    func word(_ v: UInt32) { notes += withUnsafeBytes(of: v.littleEndian, Array.init) }
    word(4); word(16); word(1); notes += Array("GNU\0".utf8) + Array(repeating: 0, count: 16)
    word(4); word(4); word(3); notes += Array("GNU\0".utf8) + [0xde, 0xad, 0xbe, 0xef]
    #expect(notes.withUnsafeBytes { BuildIdentity.gnuBuildID(in: $0) } == [0xde, 0xad, 0xbe, 0xef])
    #expect(notes.dropLast(2).withUnsafeBytes { BuildIdentity.gnuBuildID(in: $0) } == [])
  }
}
