#ifndef INKPATH_LAZY_BINDING_H
#define INKPATH_LAZY_BINDING_H
#include <stddef.h>

/* The C libraries Inkpath loads when it first calls them, not at start-up: the executables
   and modules do not link them. Trampolines.c (written by scripts/lazy-bindings) defines each
   function we call under its own name; the first call opens the library by its soname
   (dlopen, RTLD_NOW | RTLD_LOCAL) and looks the function up (dlsym).

   A library that cannot be opened is reported by inkpath_library_load, which the Swift
   modules call before the first use (SVGTree before parsing, SVGRender before drawing, text
   and image decoding before they start) and turn into their own error naming the library.
   A trampoline that still cannot resolve its function (a library opened earlier but too old
   to have it) writes the library and function to stderr and aborts, as the dynamic linker
   does for a symbol it cannot find. */

typedef enum {
  INKPATH_LIBRARY_XML2,
  INKPATH_LIBRARY_Z,
  INKPATH_LIBRARY_CAIRO,
  INKPATH_LIBRARY_PNG,
  INKPATH_LIBRARY_JPEG,
  INKPATH_LIBRARY_GIF,
  INKPATH_LIBRARY_WEBP,
  INKPATH_LIBRARY_HARFBUZZ,
  INKPATH_LIBRARY_FONTCONFIG,
  INKPATH_LIBRARY_FREETYPE,
  INKPATH_LIBRARY_FRIBIDI,
  INKPATH_LIBRARY_COUNT
} inkpath_library;

/* The soname the library is opened by ("libcairo.so.2"). */
const char *inkpath_library_soname(inkpath_library library);

/* Opens the library once (later calls return at once). 0 when it is loaded; -1 when it
   cannot be, with the loader's reason, naming the file, in `message` (always terminated). */
int inkpath_library_load(inkpath_library library, char *message, size_t size);

/* The address of `name` in `library`, opening the library first; used by the trampolines.
   Aborts with a message naming both when either cannot be found. */
void *inkpath_library_symbol(inkpath_library library, const char *name);

#endif
