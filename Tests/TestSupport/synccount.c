/* An LD_PRELOAD library for durability tests: it reports, line by line to the file named by
 * $SYNC_REPORT, every fsync/fdatasync the process makes ("sync PATH", before the call
 * returns) and, after every COMMIT that SQLite runs, the `synchronous` level of the
 * committing connection ("commit N": 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA). The test compares
 * these lines with what its client saw acknowledged. Built by SyncCounter.swift. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

typedef struct sqlite3 sqlite3;
typedef int (*exec_callback)(void *, int, char **, char **);

static int report_fd = -1;
static __thread int inside_report;

static void report(const char *line) {
  if (report_fd < 0) {
    const char *path = getenv("SYNC_REPORT");
    if (!path) return;
    report_fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (report_fd < 0) return;
  }
  /* One write with O_APPEND: lines from several threads never interleave. */
  ssize_t ignored = write(report_fd, line, strlen(line));
  (void)ignored;
}

static void report_sync(int fd) {
  char link[64], path[4096], line[4200];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  path[n < 0 ? 0 : n] = 0;
  snprintf(line, sizeof line, "sync %s\n", path);
  report(line);
}

/* Calls the C library's `name` (fsync or fdatasync) and reports the file once it is synced. */
static int sync_and_report(const char *name, int fd) {
  int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, name);
  int r = real(fd);
  if (r == 0) report_sync(fd);
  return r;
}

int fsync(int fd) { return sync_and_report("fsync", fd); }

int fdatasync(int fd) { return sync_and_report("fdatasync", fd); }

static int first_column(void *out, int n, char **values, char **names) {
  (void)names;
  if (n > 0 && values[0]) *(int *)out = atoi(values[0]);
  return 0;
}

int sqlite3_exec(sqlite3 *db, const char *sql, exec_callback callback, void *argument,
                 char **error) {
  static int (*real)(sqlite3 *, const char *, exec_callback, void *, char **);
  if (!real) real = dlsym(RTLD_NEXT, "sqlite3_exec");
  int r = real(db, sql, callback, argument, error);
  const char *s = sql;
  while (s && (*s == ' ' || *s == '\n' || *s == '\t')) s++;
  if (r == 0 && s && !inside_report &&
      (strncasecmp(s, "COMMIT", 6) == 0 || strncasecmp(s, "END", 3) == 0)) {
    inside_report = 1;
    int level = -1;
    real(db, "PRAGMA synchronous", first_column, &level, NULL);
    inside_report = 0;
    char line[32];
    snprintf(line, sizeof line, "commit %d\n", level);
    report(line);
  }
  return r;
}
