import CommandLineKit
import Glibc
import Testing

/// `Environment.variables` splits each `NAME=value` at its first `=` byte, as `getenv` does.
@Suite struct EnvironmentTests {
  @Test func aValueKeepsItsOwnEqualsSigns() {
    setenv("INKPATH_ENV_TEST_EQUALS", "a=b=c", 1)
    defer { unsetenv("INKPATH_ENV_TEST_EQUALS") }
    #expect(Environment.variables["INKPATH_ENV_TEST_EQUALS"] == "a=b=c")
  }

  @Test func aValueMayStartWithACombiningMark() {
    // `=` and U+0301 form one Character; the variable is still found and split there.
    setenv("INKPATH_ENV_TEST_MARK", "\u{301}x", 1)
    defer { unsetenv("INKPATH_ENV_TEST_MARK") }
    #expect(Environment.variables["INKPATH_ENV_TEST_MARK"] == "\u{301}x")
  }

  @Test func everyVariableIsRead() {
    setenv("INKPATH_ENV_TEST_EMPTY", "", 1)
    defer { unsetenv("INKPATH_ENV_TEST_EMPTY") }
    let variables = Environment.variables
    #expect(variables["INKPATH_ENV_TEST_EMPTY"] == "")
    #expect(variables["PATH"] == String(cString: getenv("PATH")))
  }
}
