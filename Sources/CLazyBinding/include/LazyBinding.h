#ifndef INKPATH_LAZY_BINDING_H
#define INKPATH_LAZY_BINDING_H
#include <stddef.h>

/* The C libraries Inkpath loads when it first calls them, not at start-up: the executables
   and modules do not link them. (The libraries every render needs, libxml2, cairo, pixman,
   libpng and zlib, are linked statically instead; see ArchiveCalls.h.) Trampolines.c (written by scripts/lazy-bindings) defines each
   function we call under its own name (hidden, so the libraries' own calls never bind to
   it); opening a library (dlopen, RTLD_LAZY | RTLD_LOCAL) looks up every function Inkpath
   calls in it (dlsym), and the trampolines call through those addresses.

   A library that cannot be opened, or that lacks one of the functions (an older version),
   is reported by inkpath_library_load, which the Swift modules call before the first use
   (SVGTree before parsing, SVGRender before drawing, text and image decoding before they
   start) and turn into their own error naming the library (and the function). A trampoline
   called before its library was loaded loads it then, and when that fails it can only write
   the library and function to stderr and abort, as the dynamic linker does. */

typedef enum {
  INKPATH_LIBRARY_JPEG,
  INKPATH_LIBRARY_GIF,
  INKPATH_LIBRARY_WEBP,
  INKPATH_LIBRARY_HARFBUZZ,
  INKPATH_LIBRARY_FONTCONFIG,
  INKPATH_LIBRARY_FREETYPE,
  INKPATH_LIBRARY_FRIBIDI,
  INKPATH_LIBRARY_ICU,  /* only libxml2 calls it (ArchiveCalls.h) */
  INKPATH_LIBRARY_LZMA, /* only libxml2 calls it (ArchiveCalls.h) */
  INKPATH_LIBRARY_ISAL, /* PNG output's deflate (ParallelPNG; zlib without it) */
  INKPATH_LIBRARY_COUNT
} inkpath_library;

/* The soname the library is opened by ("libharfbuzz.so.0"). */
const char *inkpath_library_soname(inkpath_library library);

/* Opens the library once (later calls return at once). 0 when it is loaded; -1 when it
   cannot be, or lacks a function Inkpath calls, with the reason, naming the file (and the
   function), in `message` (always terminated). */
int inkpath_library_load(inkpath_library library, char *message, size_t size);

#endif
