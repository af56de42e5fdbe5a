import Glibc
import TestSupport
import Testing

@testable import SVGTree

@Suite struct FileSystemTests {
  @Test func standardizedPathsAreAbsoluteWithoutDotComponents() {
    #expect(FileSystem.standardized("/a/./b/../c//d/") == "/a/c/d")
    #expect(FileSystem.standardized("/..") == "/")
    #expect(FileSystem.standardized("x/../y") == FileSystem.currentDirectory + "/y")
  }

  @Test func makeDirectoriesCreatesTheMissingFolders() throws {
    let folder = try TemporaryDirectory("inkpath-fs")
    let root = folder.path
    #expect(FileSystem.makeDirectories(root + "/a/b/c") == nil)
    #expect(FileSystem.isDirectory(root + "/a/b/c"))
    #expect(FileSystem.makeDirectories(root + "/a/b") == nil)
    let file = root + "/file"
    let descriptor = creat(file, 0o644)
    #expect(descriptor >= 0)
    close(descriptor)
    #expect(FileSystem.makeDirectories(file + "/sub") == ENOTDIR)
    #expect(FileSystem.exists(file) && !FileSystem.exists(root + "/none"))
  }
}
