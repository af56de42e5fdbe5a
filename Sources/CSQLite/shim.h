#ifndef INKPATH_SQLITE_SHIM_H
#define INKPATH_SQLITE_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast macro Swift cannot import: binds that copy the value. */
static inline int inkpath_sqlite_bind_text(sqlite3_stmt *s, int i, const char *text, int n) {
  return sqlite3_bind_text(s, i, text, n, SQLITE_TRANSIENT);
}

static inline int inkpath_sqlite_bind_blob(sqlite3_stmt *s, int i, const void *bytes, int n) {
  return sqlite3_bind_blob(s, i, bytes, n, SQLITE_TRANSIENT);
}

#endif
