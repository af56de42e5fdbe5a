import CommandLineKit
import Glibc
import Testing

/// `Environment.values(of:)` reads the variables asked for, as `getenv` finds them.
@Suite struct EnvironmentTests {
  @Test func aValueKeepsItsOwnEqualsSigns() {
    setenv("INKPATH_ENV_TEST_EQUALS", "a=b=c", 1)
    defer { unsetenv("INKPATH_ENV_TEST_EQUALS") }
    #expect(
      Environment.values(of: ["INKPATH_ENV_TEST_EQUALS"]) == ["INKPATH_ENV_TEST_EQUALS": "a=b=c"])
  }

  @Test func aValueMayStartWithACombiningMark() {
    // `=` and U+0301 form one Character; the variable is still found and split there.
    setenv("INKPATH_ENV_TEST_MARK", "\u{301}x", 1)
    defer { unsetenv("INKPATH_ENV_TEST_MARK") }
    #expect(
      Environment.values(of: ["INKPATH_ENV_TEST_MARK"])["INKPATH_ENV_TEST_MARK"] == "\u{301}x")
  }

  @Test func onlyTheNamesAskedForAreRead() {
    setenv("INKPATH_ENV_TEST_EMPTY", "", 1)
    unsetenv("INKPATH_ENV_TEST_UNSET")
    defer { unsetenv("INKPATH_ENV_TEST_EMPTY") }
    let values = Environment.values(of: [
      "INKPATH_ENV_TEST_EMPTY", "INKPATH_ENV_TEST_UNSET", "PATH",
    ])
    #expect(values == ["INKPATH_ENV_TEST_EMPTY": "", "PATH": String(cString: getenv("PATH"))])
  }
}
