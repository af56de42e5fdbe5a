#ifndef INKPATH_ARCHIVE_CALLS_H
#define INKPATH_ARCHIVE_CALLS_H
/* Private to CLazyBinding: the headers of the lazily loaded libraries that the statically
   linked archives call (Package.swift) and Swift does not. scripts/lazy-bindings reads
   their prototypes, and Trampolines.c defines those functions under their names:
   - cairo's FreeType font backend (cairo-ft, reached from cairo's toy font API, which
     Inkpath never draws with) calls FreeType and fontconfig;
   - libxml2 converts encodings that neither it nor iconv knows with ICU, and reads
     xz-compressed files with liblzma (Inkpath parses from memory, never from a file).
   So those libraries load only when one of these calls is made, and there is one copy
   of each in the process (the one HarfBuzz and fontconfig use). FreeType's headers are
   found through include/freetype and include/ft2build.h. */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_BITMAP_H
#include FT_SYNTHESIS_H
#include FT_MULTIPLE_MASTERS_H
#include FT_TRUETYPE_TABLES_H
#include FT_LCD_FILTER_H
#include FT_FONT_FORMATS_H
#include FT_GLYPH_H
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <lzma.h>
#endif
