// The calls that place a thread on cores (Linux system calls the Glibc module does not
// declare). A mask is `size` bytes of bits, one per core, as the kernel reads them.
#include <sys/syscall.h>
#include <unistd.h>

/// The core the calling thread runs on, or -1.
static inline int inkpath_current_core(void) {
  unsigned int core = 0;
  return syscall(SYS_getcpu, &core, NULL, NULL) == 0 ? (int)core : -1;
}

/// The calling thread's id.
static inline int inkpath_thread_id(void) { return (int)syscall(SYS_gettid); }

/// The cores the calling thread may run on, into `mask`; 0 on success.
static inline int inkpath_get_cores(unsigned long *mask, unsigned long size) {
  return syscall(SYS_sched_getaffinity, 0, size, mask) > 0 ? 0 : -1;
}

/// Lets the calling thread run only on the cores in `mask`; 0 on success.
static inline int inkpath_set_cores(const unsigned long *mask, unsigned long size) {
  return (int)syscall(SYS_sched_setaffinity, 0, size, mask);
}
