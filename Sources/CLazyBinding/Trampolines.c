/* Written by scripts/lazy-bindings: do not edit. One trampoline per function of a
   lazily loaded library that Inkpath calls (see include/LazyBinding.h). */
#include "LazyBinding.h"
#include "Functions.h"

/* The trampolines are hidden (below). Headers that mark their functions visible are
   read with those marks off (libwebp's, ICU's, FreeType's): a visible trampoline would
   be exported by the executable, and the libraries' own calls would bind to it. */
#define WEBP_EXTERN extern
#define U_EXPORT
#include <freetype/config/public-macros.h>
#undef FT_PUBLIC_FUNCTION_ATTRIBUTE
#define FT_PUBLIC_FUNCTION_ATTRIBUTE

#include "../CJpeg/shim.h"
#include "../CGif/shim.h"
#include "../CWebP/shim.h"
#include "../CHarfBuzz/shim.h"
#include "../CFontconfig/shim.h"
#include "ArchiveCalls.h"
#include "../CFriBidi/shim.h"
#include "../CIsal/shim.h"

/* Every function, in the order of its slot: the loader looks up a library's functions
   when it opens the library, so one it lacks is that library's load error. */
const inkpath_function inkpath_functions[] = {
    {INKPATH_LIBRARY_JPEG, "jpeg_CreateDecompress"},
    {INKPATH_LIBRARY_JPEG, "jpeg_destroy_decompress"},
    {INKPATH_LIBRARY_JPEG, "jpeg_finish_decompress"},
    {INKPATH_LIBRARY_JPEG, "jpeg_mem_src"},
    {INKPATH_LIBRARY_JPEG, "jpeg_read_header"},
    {INKPATH_LIBRARY_JPEG, "jpeg_read_scanlines"},
    {INKPATH_LIBRARY_JPEG, "jpeg_start_decompress"},
    {INKPATH_LIBRARY_JPEG, "jpeg_std_error"},
    {INKPATH_LIBRARY_GIF, "DGifCloseFile"},
    {INKPATH_LIBRARY_GIF, "DGifExtensionToGCB"},
    {INKPATH_LIBRARY_GIF, "DGifGetExtension"},
    {INKPATH_LIBRARY_GIF, "DGifGetExtensionNext"},
    {INKPATH_LIBRARY_GIF, "DGifGetImageDesc"},
    {INKPATH_LIBRARY_GIF, "DGifGetLine"},
    {INKPATH_LIBRARY_GIF, "DGifGetRecordType"},
    {INKPATH_LIBRARY_GIF, "DGifOpen"},
    {INKPATH_LIBRARY_GIF, "GifErrorString"},
    {INKPATH_LIBRARY_WEBP, "WebPDecode"},
    {INKPATH_LIBRARY_WEBP, "WebPFreeDecBuffer"},
    {INKPATH_LIBRARY_WEBP, "WebPGetFeaturesInternal"},
    {INKPATH_LIBRARY_WEBP, "WebPInitDecoderConfigInternal"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_blob_create_from_file_or_fail"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_blob_destroy"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_buffer_add_utf8"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_buffer_create"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_buffer_destroy"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_buffer_get_glyph_infos"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_buffer_get_glyph_positions"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_buffer_guess_segment_properties"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_buffer_set_direction"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_buffer_set_language"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_buffer_set_script"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_draw_funcs_create"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_draw_funcs_make_immutable"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_draw_funcs_set_close_path_func"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_draw_funcs_set_cubic_to_func"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_draw_funcs_set_line_to_func"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_draw_funcs_set_move_to_func"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_draw_funcs_set_quadratic_to_func"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_face_create"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_face_destroy"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_face_get_glyph_count"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_face_get_upem"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_face_make_immutable"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_font_create"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_font_destroy"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_font_get_glyph_shape"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_font_get_nominal_glyph"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_font_make_immutable"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_font_set_variations"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_language_from_string"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_ot_color_glyph_get_layers"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_ot_color_has_layers"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_ot_color_has_png"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_ot_color_has_svg"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_ot_color_palette_get_colors"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_ot_metrics_get_position"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_ot_var_get_axis_count"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_ot_var_get_axis_infos"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_ot_var_has_data"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_shape"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_unicode_funcs_get_default"},
    {INKPATH_LIBRARY_HARFBUZZ, "hb_unicode_script"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcCharSetCopy"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcCharSetEqual"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcCharSetHasChar"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigAppFontAddDir"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigAppFontAddFile"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigBuildFonts"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigCreate"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigDestroy"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigGetCacheDirs"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigGetConfigDirs"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigGetConfigFiles"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigGetCurrent"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigGetFontDirs"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigParseAndLoad"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigParseAndLoadFromMemory"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigSubstitute"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcDefaultSubstitute"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcFontList"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcFontMatch"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcFontSetDestroy"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcFreeTypeCharIndex"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcInitBringUptoDate"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcInitLoadConfigAndFonts"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcNameConstant"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcObjectSetAdd"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcObjectSetCreate"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcObjectSetDestroy"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternAddBool"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternAddDouble"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternAddInteger"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternAddString"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternCreate"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternDel"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternDestroy"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternDuplicate"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGet"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGetBool"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGetCharSet"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGetDouble"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGetFTFace"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGetInteger"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGetString"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcStrListDone"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcStrListNext"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcWeightToOpenTypeDouble"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Bitmap_Convert"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Bitmap_Done"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Bitmap_New"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Done_Face"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Done_FreeType"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Done_MM_Var"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Get_First_Char"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Get_Glyph_Name"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Get_MM_Var"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Get_Next_Char"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Get_Var_Blend_Coordinates"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Get_Var_Design_Coordinates"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Get_X11_Font_Format"},
    {INKPATH_LIBRARY_FREETYPE, "FT_GlyphSlot_Embolden"},
    {INKPATH_LIBRARY_FREETYPE, "FT_GlyphSlot_Oblique"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Init_FreeType"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Library_SetLcdFilter"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Load_Glyph"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Load_Sfnt_Table"},
    {INKPATH_LIBRARY_FREETYPE, "FT_New_Face"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Outline_Decompose"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Outline_Get_CBox"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Outline_Transform"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Outline_Translate"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Render_Glyph"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Set_Char_Size"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Set_Transform"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Set_Var_Design_Coordinates"},
    {INKPATH_LIBRARY_FREETYPE, "FT_Vector_Transform"},
    {INKPATH_LIBRARY_FRIBIDI, "fribidi_get_bidi_types"},
    {INKPATH_LIBRARY_FRIBIDI, "fribidi_get_bracket_types"},
    {INKPATH_LIBRARY_FRIBIDI, "fribidi_get_par_embedding_levels_ex"},
    {INKPATH_LIBRARY_FRIBIDI, "fribidi_reorder_line"},
    {INKPATH_LIBRARY_ICU, "UCNV_FROM_U_CALLBACK_STOP_72"},
    {INKPATH_LIBRARY_ICU, "UCNV_TO_U_CALLBACK_STOP_72"},
    {INKPATH_LIBRARY_ICU, "ucnv_close_72"},
    {INKPATH_LIBRARY_ICU, "ucnv_convertEx_72"},
    {INKPATH_LIBRARY_ICU, "ucnv_open_72"},
    {INKPATH_LIBRARY_ICU, "ucnv_setFromUCallBack_72"},
    {INKPATH_LIBRARY_ICU, "ucnv_setToUCallBack_72"},
    {INKPATH_LIBRARY_LZMA, "lzma_auto_decoder"},
    {INKPATH_LIBRARY_LZMA, "lzma_code"},
    {INKPATH_LIBRARY_LZMA, "lzma_end"},
    {INKPATH_LIBRARY_LZMA, "lzma_properties_decode"},
    {INKPATH_LIBRARY_ISAL, "isal_deflate"},
    {INKPATH_LIBRARY_ISAL, "isal_deflate_init"},
    {INKPATH_LIBRARY_ISAL, "isal_deflate_reset"},
    {INKPATH_LIBRARY_ISAL, "isal_deflate_set_dict"},
};
const size_t inkpath_function_count = 156;
void *inkpath_function_slots[156];

/* The trampolines are hidden: a library's own calls (HarfBuzz's to FreeType,
   fontconfig's to FreeType) bind to the real function, never to these. */
#pragma GCC visibility push(hidden)

/* The real function in slot `index` (`name`), loading its library on the first call. */
#define INKPATH_RESOLVE(index, name)                                               \
  __typeof__(name) *f =                                                            \
      (__typeof__(name) *)__atomic_load_n(&inkpath_function_slots[index], __ATOMIC_ACQUIRE); \
  if (!f) f = (__typeof__(name) *)inkpath_function_address(index);

/* INKPATH_LIBRARY_JPEG */

void jpeg_CreateDecompress(j_decompress_ptr a0, int a1, size_t a2) {
  INKPATH_RESOLVE(0, jpeg_CreateDecompress)
  f(a0, a1, a2);
}

void jpeg_destroy_decompress(j_decompress_ptr a0) {
  INKPATH_RESOLVE(1, jpeg_destroy_decompress)
  f(a0);
}

boolean jpeg_finish_decompress(j_decompress_ptr a0) {
  INKPATH_RESOLVE(2, jpeg_finish_decompress)
  return f(a0);
}

void jpeg_mem_src(j_decompress_ptr a0, const unsigned char * a1, unsigned long a2) {
  INKPATH_RESOLVE(3, jpeg_mem_src)
  f(a0, a1, a2);
}

int jpeg_read_header(j_decompress_ptr a0, boolean a1) {
  INKPATH_RESOLVE(4, jpeg_read_header)
  return f(a0, a1);
}

JDIMENSION jpeg_read_scanlines(j_decompress_ptr a0, JSAMPARRAY a1, JDIMENSION a2) {
  INKPATH_RESOLVE(5, jpeg_read_scanlines)
  return f(a0, a1, a2);
}

boolean jpeg_start_decompress(j_decompress_ptr a0) {
  INKPATH_RESOLVE(6, jpeg_start_decompress)
  return f(a0);
}

struct jpeg_error_mgr * jpeg_std_error(struct jpeg_error_mgr * a0) {
  INKPATH_RESOLVE(7, jpeg_std_error)
  return f(a0);
}

/* INKPATH_LIBRARY_GIF */

int DGifCloseFile(GifFileType * a0, int * a1) {
  INKPATH_RESOLVE(8, DGifCloseFile)
  return f(a0, a1);
}

int DGifExtensionToGCB(const size_t a0, const GifByteType * a1, GraphicsControlBlock * a2) {
  INKPATH_RESOLVE(9, DGifExtensionToGCB)
  return f(a0, a1, a2);
}

int DGifGetExtension(GifFileType * a0, int * a1, GifByteType ** a2) {
  INKPATH_RESOLVE(10, DGifGetExtension)
  return f(a0, a1, a2);
}

int DGifGetExtensionNext(GifFileType * a0, GifByteType ** a1) {
  INKPATH_RESOLVE(11, DGifGetExtensionNext)
  return f(a0, a1);
}

int DGifGetImageDesc(GifFileType * a0) {
  INKPATH_RESOLVE(12, DGifGetImageDesc)
  return f(a0);
}

int DGifGetLine(GifFileType * a0, GifPixelType * a1, int a2) {
  INKPATH_RESOLVE(13, DGifGetLine)
  return f(a0, a1, a2);
}

int DGifGetRecordType(GifFileType * a0, GifRecordType * a1) {
  INKPATH_RESOLVE(14, DGifGetRecordType)
  return f(a0, a1);
}

GifFileType * DGifOpen(void * a0, InputFunc a1, int * a2) {
  INKPATH_RESOLVE(15, DGifOpen)
  return f(a0, a1, a2);
}

const char * GifErrorString(int a0) {
  INKPATH_RESOLVE(16, GifErrorString)
  return f(a0);
}

/* INKPATH_LIBRARY_WEBP */

VP8StatusCode WebPDecode(const uint8_t * a0, size_t a1, WebPDecoderConfig * a2) {
  INKPATH_RESOLVE(17, WebPDecode)
  return f(a0, a1, a2);
}

void WebPFreeDecBuffer(WebPDecBuffer * a0) {
  INKPATH_RESOLVE(18, WebPFreeDecBuffer)
  f(a0);
}

VP8StatusCode WebPGetFeaturesInternal(const uint8_t * a0, size_t a1, WebPBitstreamFeatures * a2, int a3) {
  INKPATH_RESOLVE(19, WebPGetFeaturesInternal)
  return f(a0, a1, a2, a3);
}

int WebPInitDecoderConfigInternal(WebPDecoderConfig * a0, int a1) {
  INKPATH_RESOLVE(20, WebPInitDecoderConfigInternal)
  return f(a0, a1);
}

/* INKPATH_LIBRARY_HARFBUZZ */

hb_blob_t * hb_blob_create_from_file_or_fail(const char * a0) {
  INKPATH_RESOLVE(21, hb_blob_create_from_file_or_fail)
  return f(a0);
}

void hb_blob_destroy(hb_blob_t * a0) {
  INKPATH_RESOLVE(22, hb_blob_destroy)
  f(a0);
}

void hb_buffer_add_utf8(hb_buffer_t * a0, const char * a1, int a2, unsigned int a3, int a4) {
  INKPATH_RESOLVE(23, hb_buffer_add_utf8)
  f(a0, a1, a2, a3, a4);
}

hb_buffer_t * hb_buffer_create(void) {
  INKPATH_RESOLVE(24, hb_buffer_create)
  return f();
}

void hb_buffer_destroy(hb_buffer_t * a0) {
  INKPATH_RESOLVE(25, hb_buffer_destroy)
  f(a0);
}

hb_glyph_info_t * hb_buffer_get_glyph_infos(hb_buffer_t * a0, unsigned int * a1) {
  INKPATH_RESOLVE(26, hb_buffer_get_glyph_infos)
  return f(a0, a1);
}

hb_glyph_position_t * hb_buffer_get_glyph_positions(hb_buffer_t * a0, unsigned int * a1) {
  INKPATH_RESOLVE(27, hb_buffer_get_glyph_positions)
  return f(a0, a1);
}

void hb_buffer_guess_segment_properties(hb_buffer_t * a0) {
  INKPATH_RESOLVE(28, hb_buffer_guess_segment_properties)
  f(a0);
}

void hb_buffer_set_direction(hb_buffer_t * a0, hb_direction_t a1) {
  INKPATH_RESOLVE(29, hb_buffer_set_direction)
  f(a0, a1);
}

void hb_buffer_set_language(hb_buffer_t * a0, hb_language_t a1) {
  INKPATH_RESOLVE(30, hb_buffer_set_language)
  f(a0, a1);
}

void hb_buffer_set_script(hb_buffer_t * a0, hb_script_t a1) {
  INKPATH_RESOLVE(31, hb_buffer_set_script)
  f(a0, a1);
}

hb_draw_funcs_t * hb_draw_funcs_create(void) {
  INKPATH_RESOLVE(32, hb_draw_funcs_create)
  return f();
}

void hb_draw_funcs_make_immutable(hb_draw_funcs_t * a0) {
  INKPATH_RESOLVE(33, hb_draw_funcs_make_immutable)
  f(a0);
}

void hb_draw_funcs_set_close_path_func(hb_draw_funcs_t * a0, hb_draw_close_path_func_t a1, void * a2, hb_destroy_func_t a3) {
  INKPATH_RESOLVE(34, hb_draw_funcs_set_close_path_func)
  f(a0, a1, a2, a3);
}

void hb_draw_funcs_set_cubic_to_func(hb_draw_funcs_t * a0, hb_draw_cubic_to_func_t a1, void * a2, hb_destroy_func_t a3) {
  INKPATH_RESOLVE(35, hb_draw_funcs_set_cubic_to_func)
  f(a0, a1, a2, a3);
}

void hb_draw_funcs_set_line_to_func(hb_draw_funcs_t * a0, hb_draw_line_to_func_t a1, void * a2, hb_destroy_func_t a3) {
  INKPATH_RESOLVE(36, hb_draw_funcs_set_line_to_func)
  f(a0, a1, a2, a3);
}

void hb_draw_funcs_set_move_to_func(hb_draw_funcs_t * a0, hb_draw_move_to_func_t a1, void * a2, hb_destroy_func_t a3) {
  INKPATH_RESOLVE(37, hb_draw_funcs_set_move_to_func)
  f(a0, a1, a2, a3);
}

void hb_draw_funcs_set_quadratic_to_func(hb_draw_funcs_t * a0, hb_draw_quadratic_to_func_t a1, void * a2, hb_destroy_func_t a3) {
  INKPATH_RESOLVE(38, hb_draw_funcs_set_quadratic_to_func)
  f(a0, a1, a2, a3);
}

hb_face_t * hb_face_create(hb_blob_t * a0, unsigned int a1) {
  INKPATH_RESOLVE(39, hb_face_create)
  return f(a0, a1);
}

void hb_face_destroy(hb_face_t * a0) {
  INKPATH_RESOLVE(40, hb_face_destroy)
  f(a0);
}

unsigned int hb_face_get_glyph_count(const hb_face_t * a0) {
  INKPATH_RESOLVE(41, hb_face_get_glyph_count)
  return f(a0);
}

unsigned int hb_face_get_upem(const hb_face_t * a0) {
  INKPATH_RESOLVE(42, hb_face_get_upem)
  return f(a0);
}

void hb_face_make_immutable(hb_face_t * a0) {
  INKPATH_RESOLVE(43, hb_face_make_immutable)
  f(a0);
}

hb_font_t * hb_font_create(hb_face_t * a0) {
  INKPATH_RESOLVE(44, hb_font_create)
  return f(a0);
}

void hb_font_destroy(hb_font_t * a0) {
  INKPATH_RESOLVE(45, hb_font_destroy)
  f(a0);
}

void hb_font_get_glyph_shape(hb_font_t * a0, hb_codepoint_t a1, hb_draw_funcs_t * a2, void * a3) {
  INKPATH_RESOLVE(46, hb_font_get_glyph_shape)
  f(a0, a1, a2, a3);
}

hb_bool_t hb_font_get_nominal_glyph(hb_font_t * a0, hb_codepoint_t a1, hb_codepoint_t * a2) {
  INKPATH_RESOLVE(47, hb_font_get_nominal_glyph)
  return f(a0, a1, a2);
}

void hb_font_make_immutable(hb_font_t * a0) {
  INKPATH_RESOLVE(48, hb_font_make_immutable)
  f(a0);
}

void hb_font_set_variations(hb_font_t * a0, const hb_variation_t * a1, unsigned int a2) {
  INKPATH_RESOLVE(49, hb_font_set_variations)
  f(a0, a1, a2);
}

hb_language_t hb_language_from_string(const char * a0, int a1) {
  INKPATH_RESOLVE(50, hb_language_from_string)
  return f(a0, a1);
}

unsigned int hb_ot_color_glyph_get_layers(hb_face_t * a0, hb_codepoint_t a1, unsigned int a2, unsigned int * a3, hb_ot_color_layer_t * a4) {
  INKPATH_RESOLVE(51, hb_ot_color_glyph_get_layers)
  return f(a0, a1, a2, a3, a4);
}

hb_bool_t hb_ot_color_has_layers(hb_face_t * a0) {
  INKPATH_RESOLVE(52, hb_ot_color_has_layers)
  return f(a0);
}

hb_bool_t hb_ot_color_has_png(hb_face_t * a0) {
  INKPATH_RESOLVE(53, hb_ot_color_has_png)
  return f(a0);
}

hb_bool_t hb_ot_color_has_svg(hb_face_t * a0) {
  INKPATH_RESOLVE(54, hb_ot_color_has_svg)
  return f(a0);
}

unsigned int hb_ot_color_palette_get_colors(hb_face_t * a0, unsigned int a1, unsigned int a2, unsigned int * a3, hb_color_t * a4) {
  INKPATH_RESOLVE(55, hb_ot_color_palette_get_colors)
  return f(a0, a1, a2, a3, a4);
}

hb_bool_t hb_ot_metrics_get_position(hb_font_t * a0, hb_ot_metrics_tag_t a1, hb_position_t * a2) {
  INKPATH_RESOLVE(56, hb_ot_metrics_get_position)
  return f(a0, a1, a2);
}

unsigned int hb_ot_var_get_axis_count(hb_face_t * a0) {
  INKPATH_RESOLVE(57, hb_ot_var_get_axis_count)
  return f(a0);
}

unsigned int hb_ot_var_get_axis_infos(hb_face_t * a0, unsigned int a1, unsigned int * a2, hb_ot_var_axis_info_t * a3) {
  INKPATH_RESOLVE(58, hb_ot_var_get_axis_infos)
  return f(a0, a1, a2, a3);
}

hb_bool_t hb_ot_var_has_data(hb_face_t * a0) {
  INKPATH_RESOLVE(59, hb_ot_var_has_data)
  return f(a0);
}

void hb_shape(hb_font_t * a0, hb_buffer_t * a1, const hb_feature_t * a2, unsigned int a3) {
  INKPATH_RESOLVE(60, hb_shape)
  f(a0, a1, a2, a3);
}

hb_unicode_funcs_t * hb_unicode_funcs_get_default(void) {
  INKPATH_RESOLVE(61, hb_unicode_funcs_get_default)
  return f();
}

hb_script_t hb_unicode_script(hb_unicode_funcs_t * a0, hb_codepoint_t a1) {
  INKPATH_RESOLVE(62, hb_unicode_script)
  return f(a0, a1);
}

/* INKPATH_LIBRARY_FONTCONFIG */

FcCharSet * FcCharSetCopy(FcCharSet * a0) {
  INKPATH_RESOLVE(63, FcCharSetCopy)
  return f(a0);
}

FcBool FcCharSetEqual(const FcCharSet * a0, const FcCharSet * a1) {
  INKPATH_RESOLVE(64, FcCharSetEqual)
  return f(a0, a1);
}

FcBool FcCharSetHasChar(const FcCharSet * a0, FcChar32 a1) {
  INKPATH_RESOLVE(65, FcCharSetHasChar)
  return f(a0, a1);
}

FcBool FcConfigAppFontAddDir(FcConfig * a0, const FcChar8 * a1) {
  INKPATH_RESOLVE(66, FcConfigAppFontAddDir)
  return f(a0, a1);
}

FcBool FcConfigAppFontAddFile(FcConfig * a0, const FcChar8 * a1) {
  INKPATH_RESOLVE(67, FcConfigAppFontAddFile)
  return f(a0, a1);
}

FcBool FcConfigBuildFonts(FcConfig * a0) {
  INKPATH_RESOLVE(68, FcConfigBuildFonts)
  return f(a0);
}

FcConfig * FcConfigCreate(void) {
  INKPATH_RESOLVE(69, FcConfigCreate)
  return f();
}

void FcConfigDestroy(FcConfig * a0) {
  INKPATH_RESOLVE(70, FcConfigDestroy)
  f(a0);
}

FcStrList * FcConfigGetCacheDirs(FcConfig * a0) {
  INKPATH_RESOLVE(71, FcConfigGetCacheDirs)
  return f(a0);
}

FcStrList * FcConfigGetConfigDirs(FcConfig * a0) {
  INKPATH_RESOLVE(72, FcConfigGetConfigDirs)
  return f(a0);
}

FcStrList * FcConfigGetConfigFiles(FcConfig * a0) {
  INKPATH_RESOLVE(73, FcConfigGetConfigFiles)
  return f(a0);
}

FcConfig * FcConfigGetCurrent(void) {
  INKPATH_RESOLVE(74, FcConfigGetCurrent)
  return f();
}

FcStrList * FcConfigGetFontDirs(FcConfig * a0) {
  INKPATH_RESOLVE(75, FcConfigGetFontDirs)
  return f(a0);
}

FcBool FcConfigParseAndLoad(FcConfig * a0, const FcChar8 * a1, FcBool a2) {
  INKPATH_RESOLVE(76, FcConfigParseAndLoad)
  return f(a0, a1, a2);
}

FcBool FcConfigParseAndLoadFromMemory(FcConfig * a0, const FcChar8 * a1, FcBool a2) {
  INKPATH_RESOLVE(77, FcConfigParseAndLoadFromMemory)
  return f(a0, a1, a2);
}

FcBool FcConfigSubstitute(FcConfig * a0, FcPattern * a1, FcMatchKind a2) {
  INKPATH_RESOLVE(78, FcConfigSubstitute)
  return f(a0, a1, a2);
}

void FcDefaultSubstitute(FcPattern * a0) {
  INKPATH_RESOLVE(79, FcDefaultSubstitute)
  f(a0);
}

FcFontSet * FcFontList(FcConfig * a0, FcPattern * a1, FcObjectSet * a2) {
  INKPATH_RESOLVE(80, FcFontList)
  return f(a0, a1, a2);
}

FcPattern * FcFontMatch(FcConfig * a0, FcPattern * a1, FcResult * a2) {
  INKPATH_RESOLVE(81, FcFontMatch)
  return f(a0, a1, a2);
}

void FcFontSetDestroy(FcFontSet * a0) {
  INKPATH_RESOLVE(82, FcFontSetDestroy)
  f(a0);
}

FT_UInt FcFreeTypeCharIndex(FT_Face a0, FcChar32 a1) {
  INKPATH_RESOLVE(83, FcFreeTypeCharIndex)
  return f(a0, a1);
}

FcBool FcInitBringUptoDate(void) {
  INKPATH_RESOLVE(84, FcInitBringUptoDate)
  return f();
}

FcConfig * FcInitLoadConfigAndFonts(void) {
  INKPATH_RESOLVE(85, FcInitLoadConfigAndFonts)
  return f();
}

FcBool FcNameConstant(const FcChar8 * a0, int * a1) {
  INKPATH_RESOLVE(86, FcNameConstant)
  return f(a0, a1);
}

FcBool FcObjectSetAdd(FcObjectSet * a0, const char * a1) {
  INKPATH_RESOLVE(87, FcObjectSetAdd)
  return f(a0, a1);
}

FcObjectSet * FcObjectSetCreate(void) {
  INKPATH_RESOLVE(88, FcObjectSetCreate)
  return f();
}

void FcObjectSetDestroy(FcObjectSet * a0) {
  INKPATH_RESOLVE(89, FcObjectSetDestroy)
  f(a0);
}

FcBool FcPatternAddBool(FcPattern * a0, const char * a1, FcBool a2) {
  INKPATH_RESOLVE(90, FcPatternAddBool)
  return f(a0, a1, a2);
}

FcBool FcPatternAddDouble(FcPattern * a0, const char * a1, double a2) {
  INKPATH_RESOLVE(91, FcPatternAddDouble)
  return f(a0, a1, a2);
}

FcBool FcPatternAddInteger(FcPattern * a0, const char * a1, int a2) {
  INKPATH_RESOLVE(92, FcPatternAddInteger)
  return f(a0, a1, a2);
}

FcBool FcPatternAddString(FcPattern * a0, const char * a1, const FcChar8 * a2) {
  INKPATH_RESOLVE(93, FcPatternAddString)
  return f(a0, a1, a2);
}

FcPattern * FcPatternCreate(void) {
  INKPATH_RESOLVE(94, FcPatternCreate)
  return f();
}

FcBool FcPatternDel(FcPattern * a0, const char * a1) {
  INKPATH_RESOLVE(95, FcPatternDel)
  return f(a0, a1);
}

void FcPatternDestroy(FcPattern * a0) {
  INKPATH_RESOLVE(96, FcPatternDestroy)
  f(a0);
}

FcPattern * FcPatternDuplicate(const FcPattern * a0) {
  INKPATH_RESOLVE(97, FcPatternDuplicate)
  return f(a0);
}

FcResult FcPatternGet(const FcPattern * a0, const char * a1, int a2, FcValue * a3) {
  INKPATH_RESOLVE(98, FcPatternGet)
  return f(a0, a1, a2, a3);
}

FcResult FcPatternGetBool(const FcPattern * a0, const char * a1, int a2, FcBool * a3) {
  INKPATH_RESOLVE(99, FcPatternGetBool)
  return f(a0, a1, a2, a3);
}

FcResult FcPatternGetCharSet(const FcPattern * a0, const char * a1, int a2, FcCharSet ** a3) {
  INKPATH_RESOLVE(100, FcPatternGetCharSet)
  return f(a0, a1, a2, a3);
}

FcResult FcPatternGetDouble(const FcPattern * a0, const char * a1, int a2, double * a3) {
  INKPATH_RESOLVE(101, FcPatternGetDouble)
  return f(a0, a1, a2, a3);
}

FcResult FcPatternGetFTFace(const FcPattern * a0, const char * a1, int a2, FT_Face * a3) {
  INKPATH_RESOLVE(102, FcPatternGetFTFace)
  return f(a0, a1, a2, a3);
}

FcResult FcPatternGetInteger(const FcPattern * a0, const char * a1, int a2, int * a3) {
  INKPATH_RESOLVE(103, FcPatternGetInteger)
  return f(a0, a1, a2, a3);
}

FcResult FcPatternGetString(const FcPattern * a0, const char * a1, int a2, FcChar8 ** a3) {
  INKPATH_RESOLVE(104, FcPatternGetString)
  return f(a0, a1, a2, a3);
}

void FcStrListDone(FcStrList * a0) {
  INKPATH_RESOLVE(105, FcStrListDone)
  f(a0);
}

FcChar8 * FcStrListNext(FcStrList * a0) {
  INKPATH_RESOLVE(106, FcStrListNext)
  return f(a0);
}

double FcWeightToOpenTypeDouble(double a0) {
  INKPATH_RESOLVE(107, FcWeightToOpenTypeDouble)
  return f(a0);
}

/* INKPATH_LIBRARY_FREETYPE */

FT_Error FT_Bitmap_Convert(FT_Library a0, const FT_Bitmap * a1, FT_Bitmap * a2, FT_Int a3) {
  INKPATH_RESOLVE(108, FT_Bitmap_Convert)
  return f(a0, a1, a2, a3);
}

FT_Error FT_Bitmap_Done(FT_Library a0, FT_Bitmap * a1) {
  INKPATH_RESOLVE(109, FT_Bitmap_Done)
  return f(a0, a1);
}

void FT_Bitmap_New(FT_Bitmap * a0) {
  INKPATH_RESOLVE(110, FT_Bitmap_New)
  f(a0);
}

FT_Error FT_Done_Face(FT_Face a0) {
  INKPATH_RESOLVE(111, FT_Done_Face)
  return f(a0);
}

FT_Error FT_Done_FreeType(FT_Library a0) {
  INKPATH_RESOLVE(112, FT_Done_FreeType)
  return f(a0);
}

FT_Error FT_Done_MM_Var(FT_Library a0, FT_MM_Var * a1) {
  INKPATH_RESOLVE(113, FT_Done_MM_Var)
  return f(a0, a1);
}

FT_ULong FT_Get_First_Char(FT_Face a0, FT_UInt * a1) {
  INKPATH_RESOLVE(114, FT_Get_First_Char)
  return f(a0, a1);
}

FT_Error FT_Get_Glyph_Name(FT_Face a0, FT_UInt a1, FT_Pointer a2, FT_UInt a3) {
  INKPATH_RESOLVE(115, FT_Get_Glyph_Name)
  return f(a0, a1, a2, a3);
}

FT_Error FT_Get_MM_Var(FT_Face a0, FT_MM_Var ** a1) {
  INKPATH_RESOLVE(116, FT_Get_MM_Var)
  return f(a0, a1);
}

FT_ULong FT_Get_Next_Char(FT_Face a0, FT_ULong a1, FT_UInt * a2) {
  INKPATH_RESOLVE(117, FT_Get_Next_Char)
  return f(a0, a1, a2);
}

FT_Error FT_Get_Var_Blend_Coordinates(FT_Face a0, FT_UInt a1, FT_Fixed * a2) {
  INKPATH_RESOLVE(118, FT_Get_Var_Blend_Coordinates)
  return f(a0, a1, a2);
}

FT_Error FT_Get_Var_Design_Coordinates(FT_Face a0, FT_UInt a1, FT_Fixed * a2) {
  INKPATH_RESOLVE(119, FT_Get_Var_Design_Coordinates)
  return f(a0, a1, a2);
}

const char * FT_Get_X11_Font_Format(FT_Face a0) {
  INKPATH_RESOLVE(120, FT_Get_X11_Font_Format)
  return f(a0);
}

void FT_GlyphSlot_Embolden(FT_GlyphSlot a0) {
  INKPATH_RESOLVE(121, FT_GlyphSlot_Embolden)
  f(a0);
}

void FT_GlyphSlot_Oblique(FT_GlyphSlot a0) {
  INKPATH_RESOLVE(122, FT_GlyphSlot_Oblique)
  f(a0);
}

FT_Error FT_Init_FreeType(FT_Library * a0) {
  INKPATH_RESOLVE(123, FT_Init_FreeType)
  return f(a0);
}

FT_Error FT_Library_SetLcdFilter(FT_Library a0, FT_LcdFilter a1) {
  INKPATH_RESOLVE(124, FT_Library_SetLcdFilter)
  return f(a0, a1);
}

FT_Error FT_Load_Glyph(FT_Face a0, FT_UInt a1, FT_Int32 a2) {
  INKPATH_RESOLVE(125, FT_Load_Glyph)
  return f(a0, a1, a2);
}

FT_Error FT_Load_Sfnt_Table(FT_Face a0, FT_ULong a1, FT_Long a2, FT_Byte * a3, FT_ULong * a4) {
  INKPATH_RESOLVE(126, FT_Load_Sfnt_Table)
  return f(a0, a1, a2, a3, a4);
}

FT_Error FT_New_Face(FT_Library a0, const char * a1, FT_Long a2, FT_Face * a3) {
  INKPATH_RESOLVE(127, FT_New_Face)
  return f(a0, a1, a2, a3);
}

FT_Error FT_Outline_Decompose(FT_Outline * a0, const FT_Outline_Funcs * a1, void * a2) {
  INKPATH_RESOLVE(128, FT_Outline_Decompose)
  return f(a0, a1, a2);
}

void FT_Outline_Get_CBox(const FT_Outline * a0, FT_BBox * a1) {
  INKPATH_RESOLVE(129, FT_Outline_Get_CBox)
  f(a0, a1);
}

void FT_Outline_Transform(const FT_Outline * a0, const FT_Matrix * a1) {
  INKPATH_RESOLVE(130, FT_Outline_Transform)
  f(a0, a1);
}

void FT_Outline_Translate(const FT_Outline * a0, FT_Pos a1, FT_Pos a2) {
  INKPATH_RESOLVE(131, FT_Outline_Translate)
  f(a0, a1, a2);
}

FT_Error FT_Render_Glyph(FT_GlyphSlot a0, FT_Render_Mode a1) {
  INKPATH_RESOLVE(132, FT_Render_Glyph)
  return f(a0, a1);
}

FT_Error FT_Set_Char_Size(FT_Face a0, FT_F26Dot6 a1, FT_F26Dot6 a2, FT_UInt a3, FT_UInt a4) {
  INKPATH_RESOLVE(133, FT_Set_Char_Size)
  return f(a0, a1, a2, a3, a4);
}

void FT_Set_Transform(FT_Face a0, FT_Matrix * a1, FT_Vector * a2) {
  INKPATH_RESOLVE(134, FT_Set_Transform)
  f(a0, a1, a2);
}

FT_Error FT_Set_Var_Design_Coordinates(FT_Face a0, FT_UInt a1, FT_Fixed * a2) {
  INKPATH_RESOLVE(135, FT_Set_Var_Design_Coordinates)
  return f(a0, a1, a2);
}

void FT_Vector_Transform(FT_Vector * a0, const FT_Matrix * a1) {
  INKPATH_RESOLVE(136, FT_Vector_Transform)
  f(a0, a1);
}

/* INKPATH_LIBRARY_FRIBIDI */

void fribidi_get_bidi_types(const FriBidiChar * a0, const FriBidiStrIndex a1, FriBidiCharType * a2) {
  INKPATH_RESOLVE(137, fribidi_get_bidi_types)
  f(a0, a1, a2);
}

void fribidi_get_bracket_types(const FriBidiChar * a0, const FriBidiStrIndex a1, const FriBidiCharType * a2, FriBidiBracketType * a3) {
  INKPATH_RESOLVE(138, fribidi_get_bracket_types)
  f(a0, a1, a2, a3);
}

FriBidiLevel fribidi_get_par_embedding_levels_ex(const FriBidiCharType * a0, const FriBidiBracketType * a1, const FriBidiStrIndex a2, FriBidiParType * a3, FriBidiLevel * a4) {
  INKPATH_RESOLVE(139, fribidi_get_par_embedding_levels_ex)
  return f(a0, a1, a2, a3, a4);
}

FriBidiLevel fribidi_reorder_line(FriBidiFlags a0, const FriBidiCharType * a1, const FriBidiStrIndex a2, const FriBidiStrIndex a3, const FriBidiParType a4, FriBidiLevel * a5, FriBidiChar * a6, FriBidiStrIndex * a7) {
  INKPATH_RESOLVE(140, fribidi_reorder_line)
  return f(a0, a1, a2, a3, a4, a5, a6, a7);
}

/* INKPATH_LIBRARY_ICU */

void UCNV_FROM_U_CALLBACK_STOP_72(const void * a0, UConverterFromUnicodeArgs * a1, const UChar * a2, int32_t a3, UChar32 a4, UConverterCallbackReason a5, UErrorCode * a6) {
  INKPATH_RESOLVE(141, UCNV_FROM_U_CALLBACK_STOP_72)
  f(a0, a1, a2, a3, a4, a5, a6);
}

void UCNV_TO_U_CALLBACK_STOP_72(const void * a0, UConverterToUnicodeArgs * a1, const char * a2, int32_t a3, UConverterCallbackReason a4, UErrorCode * a5) {
  INKPATH_RESOLVE(142, UCNV_TO_U_CALLBACK_STOP_72)
  f(a0, a1, a2, a3, a4, a5);
}

void ucnv_close_72(UConverter * a0) {
  INKPATH_RESOLVE(143, ucnv_close_72)
  f(a0);
}

void ucnv_convertEx_72(UConverter * a0, UConverter * a1, char ** a2, const char * a3, const char ** a4, const char * a5, UChar * a6, UChar ** a7, UChar ** a8, const UChar * a9, UBool a10, UBool a11, UErrorCode * a12) {
  INKPATH_RESOLVE(144, ucnv_convertEx_72)
  f(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12);
}

UConverter * ucnv_open_72(const char * a0, UErrorCode * a1) {
  INKPATH_RESOLVE(145, ucnv_open_72)
  return f(a0, a1);
}

void ucnv_setFromUCallBack_72(UConverter * a0, UConverterFromUCallback a1, const void * a2, UConverterFromUCallback * a3, const void ** a4, UErrorCode * a5) {
  INKPATH_RESOLVE(146, ucnv_setFromUCallBack_72)
  f(a0, a1, a2, a3, a4, a5);
}

void ucnv_setToUCallBack_72(UConverter * a0, UConverterToUCallback a1, const void * a2, UConverterToUCallback * a3, const void ** a4, UErrorCode * a5) {
  INKPATH_RESOLVE(147, ucnv_setToUCallBack_72)
  f(a0, a1, a2, a3, a4, a5);
}

/* INKPATH_LIBRARY_LZMA */

lzma_ret lzma_auto_decoder(lzma_stream * a0, uint64_t a1, uint32_t a2) {
  INKPATH_RESOLVE(148, lzma_auto_decoder)
  return f(a0, a1, a2);
}

lzma_ret lzma_code(lzma_stream * a0, lzma_action a1) {
  INKPATH_RESOLVE(149, lzma_code)
  return f(a0, a1);
}

void lzma_end(lzma_stream * a0) {
  INKPATH_RESOLVE(150, lzma_end)
  f(a0);
}

lzma_ret lzma_properties_decode(lzma_filter * a0, const lzma_allocator * a1, const uint8_t * a2, size_t a3) {
  INKPATH_RESOLVE(151, lzma_properties_decode)
  return f(a0, a1, a2, a3);
}

/* INKPATH_LIBRARY_ISAL */

int isal_deflate(struct isal_zstream * a0) {
  INKPATH_RESOLVE(152, isal_deflate)
  return f(a0);
}

void isal_deflate_init(struct isal_zstream * a0) {
  INKPATH_RESOLVE(153, isal_deflate_init)
  f(a0);
}

void isal_deflate_reset(struct isal_zstream * a0) {
  INKPATH_RESOLVE(154, isal_deflate_reset)
  f(a0);
}

int isal_deflate_set_dict(struct isal_zstream * a0, uint8_t * a1, uint32_t a2) {
  INKPATH_RESOLVE(155, isal_deflate_set_dict)
  return f(a0, a1, a2);
}

#pragma GCC visibility pop
