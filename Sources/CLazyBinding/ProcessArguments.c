/* The command line for Swift's `CommandLine.arguments`, taken from the arguments the C
   library passes to every ELF constructor (argc, argv, envp).

   The Swift runtime's own definition of these two functions (CommandLine.cpp in
   libswiftCore) finds argv at start by reading /proc/self/maps with sscanf to learn the
   stack's bounds and walking back from `environ`: about 110,000 instructions and four system
   calls in every process, an eighth of `--version`. Every tool links this target, so its
   definitions come before the runtime archive's and that object is never linked into a
   release build (`--static-swift-stdlib`). With the shared runtime (debug builds, tests)
   the runtime keeps its own copy and these give the same answers. */
#include <stddef.h>

static char **start_argv;
static int start_argc;
static char **override_argv;
static int override_argc;

static void capture_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  start_argc = argc;
  start_argv = argv;
}

__attribute__((section(".init_array"), used)) static void (*const capture_at_start)(
    int, char **, char **) = capture_arguments;

/* What `CommandLine.arguments` reads: an override set by the runtime's users, or argv. */
__attribute__((visibility("default"))) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  static char *empty[] = {NULL};
  if (override_argv) {
    *outArgLen = override_argc;
    return override_argv;
  }
  if (!start_argv) {
    *outArgLen = 0;
    return empty;
  }
  *outArgLen = start_argc;
  return start_argv;
}

__attribute__((visibility("default"))) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv,
                                                                                 int argc) {
  override_argv = argv;
  override_argc = argc;
}
