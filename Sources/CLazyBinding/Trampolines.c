/* Written by scripts/lazy-bindings: do not edit. One trampoline per function of a
   lazily loaded library that Inkpath calls (see include/LazyBinding.h). */
#include "LazyBinding.h"
#include "Functions.h"

#include "../CLibXML2/shim.h"
#include "../CZlib/shim.h"
#include "../CCairo/shim.h"
#include "../CPNG/shim.h"
#include "../CJpeg/shim.h"
#include "../CGif/shim.h"
#include "../CWebP/shim.h"
#include "../CHarfBuzz/shim.h"
#include "../CFontconfig/shim.h"
#include "../CFriBidi/shim.h"

/* Every function, in the order of its slot: the loader looks up a library's functions
   when it opens the library, so one it lacks is that library's load error. */
const inkpath_function inkpath_functions[] = {
    {INKPATH_LIBRARY_XML2, "xmlAddChild"},
    {INKPATH_LIBRARY_XML2, "xmlBufferContent"},
    {INKPATH_LIBRARY_XML2, "xmlBufferCreate"},
    {INKPATH_LIBRARY_XML2, "xmlBufferFree"},
    {INKPATH_LIBRARY_XML2, "xmlCtxtGetLastError"},
    {INKPATH_LIBRARY_XML2, "xmlCtxtReadMemory"},
    {INKPATH_LIBRARY_XML2, "xmlDictOwns"},
    {INKPATH_LIBRARY_XML2, "xmlDocSetRootElement"},
    {INKPATH_LIBRARY_XML2, "xmlFreeDoc"},
    {INKPATH_LIBRARY_XML2, "xmlFreeParserCtxt"},
    {INKPATH_LIBRARY_XML2, "xmlGetDocEntity"},
    {INKPATH_LIBRARY_XML2, "xmlInitParser"},
    {INKPATH_LIBRARY_XML2, "xmlNewDoc"},
    {INKPATH_LIBRARY_XML2, "xmlNewDocNode"},
    {INKPATH_LIBRARY_XML2, "xmlNewNs"},
    {INKPATH_LIBRARY_XML2, "xmlNewNsProp"},
    {INKPATH_LIBRARY_XML2, "xmlNewParserCtxt"},
    {INKPATH_LIBRARY_XML2, "xmlNewProp"},
    {INKPATH_LIBRARY_XML2, "xmlNodeAddContent"},
    {INKPATH_LIBRARY_XML2, "xmlNodeDump"},
    {INKPATH_LIBRARY_XML2, "xmlSAX2Comment"},
    {INKPATH_LIBRARY_XML2, "xmlSAX2InternalSubset"},
    {INKPATH_LIBRARY_XML2, "xmlSAX2ProcessingInstruction"},
    {INKPATH_LIBRARY_XML2, "xmlSearchNsByHref"},
    {INKPATH_LIBRARY_XML2, "xmlSetExternalEntityLoader"},
    {INKPATH_LIBRARY_XML2, "xmlSetNs"},
    {INKPATH_LIBRARY_XML2, "xmlStopParser"},
    {INKPATH_LIBRARY_XML2, "xmlXPathEvalExpression"},
    {INKPATH_LIBRARY_XML2, "xmlXPathFreeContext"},
    {INKPATH_LIBRARY_XML2, "xmlXPathFreeObject"},
    {INKPATH_LIBRARY_XML2, "xmlXPathNewContext"},
    {INKPATH_LIBRARY_XML2, "xmlXPathRegisterNs"},
    {INKPATH_LIBRARY_Z, "adler32"},
    {INKPATH_LIBRARY_Z, "adler32_combine"},
    {INKPATH_LIBRARY_Z, "crc32"},
    {INKPATH_LIBRARY_Z, "deflate"},
    {INKPATH_LIBRARY_Z, "deflateBound"},
    {INKPATH_LIBRARY_Z, "deflateEnd"},
    {INKPATH_LIBRARY_Z, "deflateInit2_"},
    {INKPATH_LIBRARY_Z, "deflateReset"},
    {INKPATH_LIBRARY_Z, "inflate"},
    {INKPATH_LIBRARY_Z, "inflateEnd"},
    {INKPATH_LIBRARY_Z, "inflateInit2_"},
    {INKPATH_LIBRARY_CAIRO, "cairo_clip"},
    {INKPATH_LIBRARY_CAIRO, "cairo_clip_extents"},
    {INKPATH_LIBRARY_CAIRO, "cairo_close_path"},
    {INKPATH_LIBRARY_CAIRO, "cairo_create"},
    {INKPATH_LIBRARY_CAIRO, "cairo_curve_to"},
    {INKPATH_LIBRARY_CAIRO, "cairo_destroy"},
    {INKPATH_LIBRARY_CAIRO, "cairo_fill"},
    {INKPATH_LIBRARY_CAIRO, "cairo_fill_preserve"},
    {INKPATH_LIBRARY_CAIRO, "cairo_format_stride_for_width"},
    {INKPATH_LIBRARY_CAIRO, "cairo_get_matrix"},
    {INKPATH_LIBRARY_CAIRO, "cairo_get_source"},
    {INKPATH_LIBRARY_CAIRO, "cairo_get_target"},
    {INKPATH_LIBRARY_CAIRO, "cairo_identity_matrix"},
    {INKPATH_LIBRARY_CAIRO, "cairo_image_surface_create"},
    {INKPATH_LIBRARY_CAIRO, "cairo_image_surface_create_for_data"},
    {INKPATH_LIBRARY_CAIRO, "cairo_image_surface_create_from_png"},
    {INKPATH_LIBRARY_CAIRO, "cairo_image_surface_create_from_png_stream"},
    {INKPATH_LIBRARY_CAIRO, "cairo_image_surface_get_data"},
    {INKPATH_LIBRARY_CAIRO, "cairo_image_surface_get_format"},
    {INKPATH_LIBRARY_CAIRO, "cairo_image_surface_get_height"},
    {INKPATH_LIBRARY_CAIRO, "cairo_image_surface_get_stride"},
    {INKPATH_LIBRARY_CAIRO, "cairo_image_surface_get_width"},
    {INKPATH_LIBRARY_CAIRO, "cairo_in_stroke"},
    {INKPATH_LIBRARY_CAIRO, "cairo_line_to"},
    {INKPATH_LIBRARY_CAIRO, "cairo_move_to"},
    {INKPATH_LIBRARY_CAIRO, "cairo_new_path"},
    {INKPATH_LIBRARY_CAIRO, "cairo_paint"},
    {INKPATH_LIBRARY_CAIRO, "cairo_paint_with_alpha"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pattern_add_color_stop_rgba"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pattern_create_for_surface"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pattern_create_linear"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pattern_create_radial"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pattern_destroy"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pattern_get_matrix"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pattern_get_surface"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pattern_set_extend"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pattern_set_filter"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pattern_set_matrix"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pdf_surface_create_for_stream"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pdf_surface_set_size"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pop_group"},
    {INKPATH_LIBRARY_CAIRO, "cairo_pop_group_to_source"},
    {INKPATH_LIBRARY_CAIRO, "cairo_ps_surface_create_for_stream"},
    {INKPATH_LIBRARY_CAIRO, "cairo_ps_surface_set_eps"},
    {INKPATH_LIBRARY_CAIRO, "cairo_ps_surface_set_size"},
    {INKPATH_LIBRARY_CAIRO, "cairo_push_group"},
    {INKPATH_LIBRARY_CAIRO, "cairo_push_group_with_content"},
    {INKPATH_LIBRARY_CAIRO, "cairo_recording_surface_create"},
    {INKPATH_LIBRARY_CAIRO, "cairo_recording_surface_ink_extents"},
    {INKPATH_LIBRARY_CAIRO, "cairo_rectangle"},
    {INKPATH_LIBRARY_CAIRO, "cairo_restore"},
    {INKPATH_LIBRARY_CAIRO, "cairo_save"},
    {INKPATH_LIBRARY_CAIRO, "cairo_scale"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_antialias"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_dash"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_fill_rule"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_line_cap"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_line_join"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_line_width"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_matrix"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_miter_limit"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_operator"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_source"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_source_rgba"},
    {INKPATH_LIBRARY_CAIRO, "cairo_set_source_surface"},
    {INKPATH_LIBRARY_CAIRO, "cairo_show_page"},
    {INKPATH_LIBRARY_CAIRO, "cairo_status_to_string"},
    {INKPATH_LIBRARY_CAIRO, "cairo_stroke"},
    {INKPATH_LIBRARY_CAIRO, "cairo_stroke_preserve"},
    {INKPATH_LIBRARY_CAIRO, "cairo_surface_destroy"},
    {INKPATH_LIBRARY_CAIRO, "cairo_surface_finish"},
    {INKPATH_LIBRARY_CAIRO, "cairo_surface_flush"},
    {INKPATH_LIBRARY_CAIRO, "cairo_surface_get_device_offset"},
    {INKPATH_LIBRARY_CAIRO, "cairo_surface_get_type"},
    {INKPATH_LIBRARY_CAIRO, "cairo_surface_mark_dirty"},
    {INKPATH_LIBRARY_CAIRO, "cairo_surface_set_device_offset"},
    {INKPATH_LIBRARY_CAIRO, "cairo_surface_set_mime_data"},
    {INKPATH_LIBRARY_CAIRO, "cairo_surface_status"},
    {INKPATH_LIBRARY_CAIRO, "cairo_svg_surface_create_for_stream"},
    {INKPATH_LIBRARY_CAIRO, "cairo_transform"},
    {INKPATH_LIBRARY_CAIRO, "cairo_user_to_device"},
    {INKPATH_LIBRARY_PNG, "png_image_free"},
    {INKPATH_LIBRARY_PNG, "png_image_write_to_memory"},
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
    {INKPATH_LIBRARY_FONTCONFIG, "FcCharSetHasChar"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigAppFontAddDir"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigAppFontAddFile"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigBuildFonts"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigCreate"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigParseAndLoad"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcConfigSubstitute"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcDefaultSubstitute"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcFontList"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcFontMatch"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcFontSetDestroy"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcInitLoadConfigAndFonts"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcObjectSetAdd"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcObjectSetCreate"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcObjectSetDestroy"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternAddString"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternCreate"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternDestroy"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGetCharSet"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGetDouble"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGetInteger"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcPatternGetString"},
    {INKPATH_LIBRARY_FONTCONFIG, "FcWeightToOpenTypeDouble"},
    {INKPATH_LIBRARY_FRIBIDI, "fribidi_get_bidi_types"},
    {INKPATH_LIBRARY_FRIBIDI, "fribidi_get_bracket_types"},
    {INKPATH_LIBRARY_FRIBIDI, "fribidi_get_par_embedding_levels_ex"},
    {INKPATH_LIBRARY_FRIBIDI, "fribidi_reorder_line"},
};
const size_t inkpath_function_count = 217;
void *inkpath_function_slots[217];

/* The trampolines are hidden: a library's own calls (libpng's to zlib, cairo's to
   fontconfig) bind to the real function, never to these. (A header that declares its
   functions visible, as libwebp's do, keeps them visible.) */
#pragma GCC visibility push(hidden)

/* The real function in slot `index` (`name`), loading its library on the first call. */
#define INKPATH_RESOLVE(index, name)                                               \
  __typeof__(name) *f =                                                            \
      (__typeof__(name) *)__atomic_load_n(&inkpath_function_slots[index], __ATOMIC_ACQUIRE); \
  if (!f) f = (__typeof__(name) *)inkpath_function_address(index);

/* INKPATH_LIBRARY_XML2 */

xmlNodePtr xmlAddChild(xmlNodePtr a0, xmlNodePtr a1) {
  INKPATH_RESOLVE(0, xmlAddChild)
  return f(a0, a1);
}

const xmlChar * xmlBufferContent(const xmlBuffer * a0) {
  INKPATH_RESOLVE(1, xmlBufferContent)
  return f(a0);
}

xmlBufferPtr xmlBufferCreate(void) {
  INKPATH_RESOLVE(2, xmlBufferCreate)
  return f();
}

void xmlBufferFree(xmlBufferPtr a0) {
  INKPATH_RESOLVE(3, xmlBufferFree)
  f(a0);
}

xmlErrorPtr xmlCtxtGetLastError(void * a0) {
  INKPATH_RESOLVE(4, xmlCtxtGetLastError)
  return f(a0);
}

xmlDocPtr xmlCtxtReadMemory(xmlParserCtxtPtr a0, const char * a1, int a2, const char * a3, const char * a4, int a5) {
  INKPATH_RESOLVE(5, xmlCtxtReadMemory)
  return f(a0, a1, a2, a3, a4, a5);
}

int xmlDictOwns(xmlDictPtr a0, const xmlChar * a1) {
  INKPATH_RESOLVE(6, xmlDictOwns)
  return f(a0, a1);
}

xmlNodePtr xmlDocSetRootElement(xmlDocPtr a0, xmlNodePtr a1) {
  INKPATH_RESOLVE(7, xmlDocSetRootElement)
  return f(a0, a1);
}

void xmlFreeDoc(xmlDocPtr a0) {
  INKPATH_RESOLVE(8, xmlFreeDoc)
  f(a0);
}

void xmlFreeParserCtxt(xmlParserCtxtPtr a0) {
  INKPATH_RESOLVE(9, xmlFreeParserCtxt)
  f(a0);
}

xmlEntityPtr xmlGetDocEntity(const xmlDoc * a0, const xmlChar * a1) {
  INKPATH_RESOLVE(10, xmlGetDocEntity)
  return f(a0, a1);
}

void xmlInitParser(void) {
  INKPATH_RESOLVE(11, xmlInitParser)
  f();
}

xmlDocPtr xmlNewDoc(const xmlChar * a0) {
  INKPATH_RESOLVE(12, xmlNewDoc)
  return f(a0);
}

xmlNodePtr xmlNewDocNode(xmlDocPtr a0, xmlNsPtr a1, const xmlChar * a2, const xmlChar * a3) {
  INKPATH_RESOLVE(13, xmlNewDocNode)
  return f(a0, a1, a2, a3);
}

xmlNsPtr xmlNewNs(xmlNodePtr a0, const xmlChar * a1, const xmlChar * a2) {
  INKPATH_RESOLVE(14, xmlNewNs)
  return f(a0, a1, a2);
}

xmlAttrPtr xmlNewNsProp(xmlNodePtr a0, xmlNsPtr a1, const xmlChar * a2, const xmlChar * a3) {
  INKPATH_RESOLVE(15, xmlNewNsProp)
  return f(a0, a1, a2, a3);
}

xmlParserCtxtPtr xmlNewParserCtxt(void) {
  INKPATH_RESOLVE(16, xmlNewParserCtxt)
  return f();
}

xmlAttrPtr xmlNewProp(xmlNodePtr a0, const xmlChar * a1, const xmlChar * a2) {
  INKPATH_RESOLVE(17, xmlNewProp)
  return f(a0, a1, a2);
}

void xmlNodeAddContent(xmlNodePtr a0, const xmlChar * a1) {
  INKPATH_RESOLVE(18, xmlNodeAddContent)
  f(a0, a1);
}

int xmlNodeDump(xmlBufferPtr a0, xmlDocPtr a1, xmlNodePtr a2, int a3, int a4) {
  INKPATH_RESOLVE(19, xmlNodeDump)
  return f(a0, a1, a2, a3, a4);
}

void xmlSAX2Comment(void * a0, const xmlChar * a1) {
  INKPATH_RESOLVE(20, xmlSAX2Comment)
  f(a0, a1);
}

void xmlSAX2InternalSubset(void * a0, const xmlChar * a1, const xmlChar * a2, const xmlChar * a3) {
  INKPATH_RESOLVE(21, xmlSAX2InternalSubset)
  f(a0, a1, a2, a3);
}

void xmlSAX2ProcessingInstruction(void * a0, const xmlChar * a1, const xmlChar * a2) {
  INKPATH_RESOLVE(22, xmlSAX2ProcessingInstruction)
  f(a0, a1, a2);
}

xmlNsPtr xmlSearchNsByHref(xmlDocPtr a0, xmlNodePtr a1, const xmlChar * a2) {
  INKPATH_RESOLVE(23, xmlSearchNsByHref)
  return f(a0, a1, a2);
}

void xmlSetExternalEntityLoader(xmlExternalEntityLoader a0) {
  INKPATH_RESOLVE(24, xmlSetExternalEntityLoader)
  f(a0);
}

void xmlSetNs(xmlNodePtr a0, xmlNsPtr a1) {
  INKPATH_RESOLVE(25, xmlSetNs)
  f(a0, a1);
}

void xmlStopParser(xmlParserCtxtPtr a0) {
  INKPATH_RESOLVE(26, xmlStopParser)
  f(a0);
}

xmlXPathObjectPtr xmlXPathEvalExpression(const xmlChar * a0, xmlXPathContextPtr a1) {
  INKPATH_RESOLVE(27, xmlXPathEvalExpression)
  return f(a0, a1);
}

void xmlXPathFreeContext(xmlXPathContextPtr a0) {
  INKPATH_RESOLVE(28, xmlXPathFreeContext)
  f(a0);
}

void xmlXPathFreeObject(xmlXPathObjectPtr a0) {
  INKPATH_RESOLVE(29, xmlXPathFreeObject)
  f(a0);
}

xmlXPathContextPtr xmlXPathNewContext(xmlDocPtr a0) {
  INKPATH_RESOLVE(30, xmlXPathNewContext)
  return f(a0);
}

int xmlXPathRegisterNs(xmlXPathContextPtr a0, const xmlChar * a1, const xmlChar * a2) {
  INKPATH_RESOLVE(31, xmlXPathRegisterNs)
  return f(a0, a1, a2);
}

/* INKPATH_LIBRARY_Z */

uLong adler32(uLong a0, const Bytef * a1, uInt a2) {
  INKPATH_RESOLVE(32, adler32)
  return f(a0, a1, a2);
}

uLong adler32_combine(uLong a0, uLong a1, off_t a2) {
  INKPATH_RESOLVE(33, adler32_combine)
  return f(a0, a1, a2);
}

uLong crc32(uLong a0, const Bytef * a1, uInt a2) {
  INKPATH_RESOLVE(34, crc32)
  return f(a0, a1, a2);
}

int deflate(z_streamp a0, int a1) {
  INKPATH_RESOLVE(35, deflate)
  return f(a0, a1);
}

uLong deflateBound(z_streamp a0, uLong a1) {
  INKPATH_RESOLVE(36, deflateBound)
  return f(a0, a1);
}

int deflateEnd(z_streamp a0) {
  INKPATH_RESOLVE(37, deflateEnd)
  return f(a0);
}

int deflateInit2_(z_streamp a0, int a1, int a2, int a3, int a4, int a5, const char * a6, int a7) {
  INKPATH_RESOLVE(38, deflateInit2_)
  return f(a0, a1, a2, a3, a4, a5, a6, a7);
}

int deflateReset(z_streamp a0) {
  INKPATH_RESOLVE(39, deflateReset)
  return f(a0);
}

int inflate(z_streamp a0, int a1) {
  INKPATH_RESOLVE(40, inflate)
  return f(a0, a1);
}

int inflateEnd(z_streamp a0) {
  INKPATH_RESOLVE(41, inflateEnd)
  return f(a0);
}

int inflateInit2_(z_streamp a0, int a1, const char * a2, int a3) {
  INKPATH_RESOLVE(42, inflateInit2_)
  return f(a0, a1, a2, a3);
}

/* INKPATH_LIBRARY_CAIRO */

void cairo_clip(cairo_t * a0) {
  INKPATH_RESOLVE(43, cairo_clip)
  f(a0);
}

void cairo_clip_extents(cairo_t * a0, double * a1, double * a2, double * a3, double * a4) {
  INKPATH_RESOLVE(44, cairo_clip_extents)
  f(a0, a1, a2, a3, a4);
}

void cairo_close_path(cairo_t * a0) {
  INKPATH_RESOLVE(45, cairo_close_path)
  f(a0);
}

cairo_t * cairo_create(cairo_surface_t * a0) {
  INKPATH_RESOLVE(46, cairo_create)
  return f(a0);
}

void cairo_curve_to(cairo_t * a0, double a1, double a2, double a3, double a4, double a5, double a6) {
  INKPATH_RESOLVE(47, cairo_curve_to)
  f(a0, a1, a2, a3, a4, a5, a6);
}

void cairo_destroy(cairo_t * a0) {
  INKPATH_RESOLVE(48, cairo_destroy)
  f(a0);
}

void cairo_fill(cairo_t * a0) {
  INKPATH_RESOLVE(49, cairo_fill)
  f(a0);
}

void cairo_fill_preserve(cairo_t * a0) {
  INKPATH_RESOLVE(50, cairo_fill_preserve)
  f(a0);
}

int cairo_format_stride_for_width(cairo_format_t a0, int a1) {
  INKPATH_RESOLVE(51, cairo_format_stride_for_width)
  return f(a0, a1);
}

void cairo_get_matrix(cairo_t * a0, cairo_matrix_t * a1) {
  INKPATH_RESOLVE(52, cairo_get_matrix)
  f(a0, a1);
}

cairo_pattern_t * cairo_get_source(cairo_t * a0) {
  INKPATH_RESOLVE(53, cairo_get_source)
  return f(a0);
}

cairo_surface_t * cairo_get_target(cairo_t * a0) {
  INKPATH_RESOLVE(54, cairo_get_target)
  return f(a0);
}

void cairo_identity_matrix(cairo_t * a0) {
  INKPATH_RESOLVE(55, cairo_identity_matrix)
  f(a0);
}

cairo_surface_t * cairo_image_surface_create(cairo_format_t a0, int a1, int a2) {
  INKPATH_RESOLVE(56, cairo_image_surface_create)
  return f(a0, a1, a2);
}

cairo_surface_t * cairo_image_surface_create_for_data(unsigned char * a0, cairo_format_t a1, int a2, int a3, int a4) {
  INKPATH_RESOLVE(57, cairo_image_surface_create_for_data)
  return f(a0, a1, a2, a3, a4);
}

cairo_surface_t * cairo_image_surface_create_from_png(const char * a0) {
  INKPATH_RESOLVE(58, cairo_image_surface_create_from_png)
  return f(a0);
}

cairo_surface_t * cairo_image_surface_create_from_png_stream(cairo_read_func_t a0, void * a1) {
  INKPATH_RESOLVE(59, cairo_image_surface_create_from_png_stream)
  return f(a0, a1);
}

unsigned char * cairo_image_surface_get_data(cairo_surface_t * a0) {
  INKPATH_RESOLVE(60, cairo_image_surface_get_data)
  return f(a0);
}

cairo_format_t cairo_image_surface_get_format(cairo_surface_t * a0) {
  INKPATH_RESOLVE(61, cairo_image_surface_get_format)
  return f(a0);
}

int cairo_image_surface_get_height(cairo_surface_t * a0) {
  INKPATH_RESOLVE(62, cairo_image_surface_get_height)
  return f(a0);
}

int cairo_image_surface_get_stride(cairo_surface_t * a0) {
  INKPATH_RESOLVE(63, cairo_image_surface_get_stride)
  return f(a0);
}

int cairo_image_surface_get_width(cairo_surface_t * a0) {
  INKPATH_RESOLVE(64, cairo_image_surface_get_width)
  return f(a0);
}

cairo_bool_t cairo_in_stroke(cairo_t * a0, double a1, double a2) {
  INKPATH_RESOLVE(65, cairo_in_stroke)
  return f(a0, a1, a2);
}

void cairo_line_to(cairo_t * a0, double a1, double a2) {
  INKPATH_RESOLVE(66, cairo_line_to)
  f(a0, a1, a2);
}

void cairo_move_to(cairo_t * a0, double a1, double a2) {
  INKPATH_RESOLVE(67, cairo_move_to)
  f(a0, a1, a2);
}

void cairo_new_path(cairo_t * a0) {
  INKPATH_RESOLVE(68, cairo_new_path)
  f(a0);
}

void cairo_paint(cairo_t * a0) {
  INKPATH_RESOLVE(69, cairo_paint)
  f(a0);
}

void cairo_paint_with_alpha(cairo_t * a0, double a1) {
  INKPATH_RESOLVE(70, cairo_paint_with_alpha)
  f(a0, a1);
}

void cairo_pattern_add_color_stop_rgba(cairo_pattern_t * a0, double a1, double a2, double a3, double a4, double a5) {
  INKPATH_RESOLVE(71, cairo_pattern_add_color_stop_rgba)
  f(a0, a1, a2, a3, a4, a5);
}

cairo_pattern_t * cairo_pattern_create_for_surface(cairo_surface_t * a0) {
  INKPATH_RESOLVE(72, cairo_pattern_create_for_surface)
  return f(a0);
}

cairo_pattern_t * cairo_pattern_create_linear(double a0, double a1, double a2, double a3) {
  INKPATH_RESOLVE(73, cairo_pattern_create_linear)
  return f(a0, a1, a2, a3);
}

cairo_pattern_t * cairo_pattern_create_radial(double a0, double a1, double a2, double a3, double a4, double a5) {
  INKPATH_RESOLVE(74, cairo_pattern_create_radial)
  return f(a0, a1, a2, a3, a4, a5);
}

void cairo_pattern_destroy(cairo_pattern_t * a0) {
  INKPATH_RESOLVE(75, cairo_pattern_destroy)
  f(a0);
}

void cairo_pattern_get_matrix(cairo_pattern_t * a0, cairo_matrix_t * a1) {
  INKPATH_RESOLVE(76, cairo_pattern_get_matrix)
  f(a0, a1);
}

cairo_status_t cairo_pattern_get_surface(cairo_pattern_t * a0, cairo_surface_t ** a1) {
  INKPATH_RESOLVE(77, cairo_pattern_get_surface)
  return f(a0, a1);
}

void cairo_pattern_set_extend(cairo_pattern_t * a0, cairo_extend_t a1) {
  INKPATH_RESOLVE(78, cairo_pattern_set_extend)
  f(a0, a1);
}

void cairo_pattern_set_filter(cairo_pattern_t * a0, cairo_filter_t a1) {
  INKPATH_RESOLVE(79, cairo_pattern_set_filter)
  f(a0, a1);
}

void cairo_pattern_set_matrix(cairo_pattern_t * a0, const cairo_matrix_t * a1) {
  INKPATH_RESOLVE(80, cairo_pattern_set_matrix)
  f(a0, a1);
}

cairo_surface_t * cairo_pdf_surface_create_for_stream(cairo_write_func_t a0, void * a1, double a2, double a3) {
  INKPATH_RESOLVE(81, cairo_pdf_surface_create_for_stream)
  return f(a0, a1, a2, a3);
}

void cairo_pdf_surface_set_size(cairo_surface_t * a0, double a1, double a2) {
  INKPATH_RESOLVE(82, cairo_pdf_surface_set_size)
  f(a0, a1, a2);
}

cairo_pattern_t * cairo_pop_group(cairo_t * a0) {
  INKPATH_RESOLVE(83, cairo_pop_group)
  return f(a0);
}

void cairo_pop_group_to_source(cairo_t * a0) {
  INKPATH_RESOLVE(84, cairo_pop_group_to_source)
  f(a0);
}

cairo_surface_t * cairo_ps_surface_create_for_stream(cairo_write_func_t a0, void * a1, double a2, double a3) {
  INKPATH_RESOLVE(85, cairo_ps_surface_create_for_stream)
  return f(a0, a1, a2, a3);
}

void cairo_ps_surface_set_eps(cairo_surface_t * a0, cairo_bool_t a1) {
  INKPATH_RESOLVE(86, cairo_ps_surface_set_eps)
  f(a0, a1);
}

void cairo_ps_surface_set_size(cairo_surface_t * a0, double a1, double a2) {
  INKPATH_RESOLVE(87, cairo_ps_surface_set_size)
  f(a0, a1, a2);
}

void cairo_push_group(cairo_t * a0) {
  INKPATH_RESOLVE(88, cairo_push_group)
  f(a0);
}

void cairo_push_group_with_content(cairo_t * a0, cairo_content_t a1) {
  INKPATH_RESOLVE(89, cairo_push_group_with_content)
  f(a0, a1);
}

cairo_surface_t * cairo_recording_surface_create(cairo_content_t a0, const cairo_rectangle_t * a1) {
  INKPATH_RESOLVE(90, cairo_recording_surface_create)
  return f(a0, a1);
}

void cairo_recording_surface_ink_extents(cairo_surface_t * a0, double * a1, double * a2, double * a3, double * a4) {
  INKPATH_RESOLVE(91, cairo_recording_surface_ink_extents)
  f(a0, a1, a2, a3, a4);
}

void cairo_rectangle(cairo_t * a0, double a1, double a2, double a3, double a4) {
  INKPATH_RESOLVE(92, cairo_rectangle)
  f(a0, a1, a2, a3, a4);
}

void cairo_restore(cairo_t * a0) {
  INKPATH_RESOLVE(93, cairo_restore)
  f(a0);
}

void cairo_save(cairo_t * a0) {
  INKPATH_RESOLVE(94, cairo_save)
  f(a0);
}

void cairo_scale(cairo_t * a0, double a1, double a2) {
  INKPATH_RESOLVE(95, cairo_scale)
  f(a0, a1, a2);
}

void cairo_set_antialias(cairo_t * a0, cairo_antialias_t a1) {
  INKPATH_RESOLVE(96, cairo_set_antialias)
  f(a0, a1);
}

void cairo_set_dash(cairo_t * a0, const double * a1, int a2, double a3) {
  INKPATH_RESOLVE(97, cairo_set_dash)
  f(a0, a1, a2, a3);
}

void cairo_set_fill_rule(cairo_t * a0, cairo_fill_rule_t a1) {
  INKPATH_RESOLVE(98, cairo_set_fill_rule)
  f(a0, a1);
}

void cairo_set_line_cap(cairo_t * a0, cairo_line_cap_t a1) {
  INKPATH_RESOLVE(99, cairo_set_line_cap)
  f(a0, a1);
}

void cairo_set_line_join(cairo_t * a0, cairo_line_join_t a1) {
  INKPATH_RESOLVE(100, cairo_set_line_join)
  f(a0, a1);
}

void cairo_set_line_width(cairo_t * a0, double a1) {
  INKPATH_RESOLVE(101, cairo_set_line_width)
  f(a0, a1);
}

void cairo_set_matrix(cairo_t * a0, const cairo_matrix_t * a1) {
  INKPATH_RESOLVE(102, cairo_set_matrix)
  f(a0, a1);
}

void cairo_set_miter_limit(cairo_t * a0, double a1) {
  INKPATH_RESOLVE(103, cairo_set_miter_limit)
  f(a0, a1);
}

void cairo_set_operator(cairo_t * a0, cairo_operator_t a1) {
  INKPATH_RESOLVE(104, cairo_set_operator)
  f(a0, a1);
}

void cairo_set_source(cairo_t * a0, cairo_pattern_t * a1) {
  INKPATH_RESOLVE(105, cairo_set_source)
  f(a0, a1);
}

void cairo_set_source_rgba(cairo_t * a0, double a1, double a2, double a3, double a4) {
  INKPATH_RESOLVE(106, cairo_set_source_rgba)
  f(a0, a1, a2, a3, a4);
}

void cairo_set_source_surface(cairo_t * a0, cairo_surface_t * a1, double a2, double a3) {
  INKPATH_RESOLVE(107, cairo_set_source_surface)
  f(a0, a1, a2, a3);
}

void cairo_show_page(cairo_t * a0) {
  INKPATH_RESOLVE(108, cairo_show_page)
  f(a0);
}

const char * cairo_status_to_string(cairo_status_t a0) {
  INKPATH_RESOLVE(109, cairo_status_to_string)
  return f(a0);
}

void cairo_stroke(cairo_t * a0) {
  INKPATH_RESOLVE(110, cairo_stroke)
  f(a0);
}

void cairo_stroke_preserve(cairo_t * a0) {
  INKPATH_RESOLVE(111, cairo_stroke_preserve)
  f(a0);
}

void cairo_surface_destroy(cairo_surface_t * a0) {
  INKPATH_RESOLVE(112, cairo_surface_destroy)
  f(a0);
}

void cairo_surface_finish(cairo_surface_t * a0) {
  INKPATH_RESOLVE(113, cairo_surface_finish)
  f(a0);
}

void cairo_surface_flush(cairo_surface_t * a0) {
  INKPATH_RESOLVE(114, cairo_surface_flush)
  f(a0);
}

void cairo_surface_get_device_offset(cairo_surface_t * a0, double * a1, double * a2) {
  INKPATH_RESOLVE(115, cairo_surface_get_device_offset)
  f(a0, a1, a2);
}

cairo_surface_type_t cairo_surface_get_type(cairo_surface_t * a0) {
  INKPATH_RESOLVE(116, cairo_surface_get_type)
  return f(a0);
}

void cairo_surface_mark_dirty(cairo_surface_t * a0) {
  INKPATH_RESOLVE(117, cairo_surface_mark_dirty)
  f(a0);
}

void cairo_surface_set_device_offset(cairo_surface_t * a0, double a1, double a2) {
  INKPATH_RESOLVE(118, cairo_surface_set_device_offset)
  f(a0, a1, a2);
}

cairo_status_t cairo_surface_set_mime_data(cairo_surface_t * a0, const char * a1, const unsigned char * a2, unsigned long a3, cairo_destroy_func_t a4, void * a5) {
  INKPATH_RESOLVE(119, cairo_surface_set_mime_data)
  return f(a0, a1, a2, a3, a4, a5);
}

cairo_status_t cairo_surface_status(cairo_surface_t * a0) {
  INKPATH_RESOLVE(120, cairo_surface_status)
  return f(a0);
}

cairo_surface_t * cairo_svg_surface_create_for_stream(cairo_write_func_t a0, void * a1, double a2, double a3) {
  INKPATH_RESOLVE(121, cairo_svg_surface_create_for_stream)
  return f(a0, a1, a2, a3);
}

void cairo_transform(cairo_t * a0, const cairo_matrix_t * a1) {
  INKPATH_RESOLVE(122, cairo_transform)
  f(a0, a1);
}

void cairo_user_to_device(cairo_t * a0, double * a1, double * a2) {
  INKPATH_RESOLVE(123, cairo_user_to_device)
  f(a0, a1, a2);
}

/* INKPATH_LIBRARY_PNG */

void png_image_free(png_imagep a0) {
  INKPATH_RESOLVE(124, png_image_free)
  f(a0);
}

int png_image_write_to_memory(png_imagep a0, void * a1, png_alloc_size_t *restrict a2, int a3, const void * a4, png_int_32 a5, const void * a6) {
  INKPATH_RESOLVE(125, png_image_write_to_memory)
  return f(a0, a1, a2, a3, a4, a5, a6);
}

/* INKPATH_LIBRARY_JPEG */

void jpeg_CreateDecompress(j_decompress_ptr a0, int a1, size_t a2) {
  INKPATH_RESOLVE(126, jpeg_CreateDecompress)
  f(a0, a1, a2);
}

void jpeg_destroy_decompress(j_decompress_ptr a0) {
  INKPATH_RESOLVE(127, jpeg_destroy_decompress)
  f(a0);
}

boolean jpeg_finish_decompress(j_decompress_ptr a0) {
  INKPATH_RESOLVE(128, jpeg_finish_decompress)
  return f(a0);
}

void jpeg_mem_src(j_decompress_ptr a0, const unsigned char * a1, unsigned long a2) {
  INKPATH_RESOLVE(129, jpeg_mem_src)
  f(a0, a1, a2);
}

int jpeg_read_header(j_decompress_ptr a0, boolean a1) {
  INKPATH_RESOLVE(130, jpeg_read_header)
  return f(a0, a1);
}

JDIMENSION jpeg_read_scanlines(j_decompress_ptr a0, JSAMPARRAY a1, JDIMENSION a2) {
  INKPATH_RESOLVE(131, jpeg_read_scanlines)
  return f(a0, a1, a2);
}

boolean jpeg_start_decompress(j_decompress_ptr a0) {
  INKPATH_RESOLVE(132, jpeg_start_decompress)
  return f(a0);
}

struct jpeg_error_mgr * jpeg_std_error(struct jpeg_error_mgr * a0) {
  INKPATH_RESOLVE(133, jpeg_std_error)
  return f(a0);
}

/* INKPATH_LIBRARY_GIF */

int DGifCloseFile(GifFileType * a0, int * a1) {
  INKPATH_RESOLVE(134, DGifCloseFile)
  return f(a0, a1);
}

int DGifExtensionToGCB(const size_t a0, const GifByteType * a1, GraphicsControlBlock * a2) {
  INKPATH_RESOLVE(135, DGifExtensionToGCB)
  return f(a0, a1, a2);
}

int DGifGetExtension(GifFileType * a0, int * a1, GifByteType ** a2) {
  INKPATH_RESOLVE(136, DGifGetExtension)
  return f(a0, a1, a2);
}

int DGifGetExtensionNext(GifFileType * a0, GifByteType ** a1) {
  INKPATH_RESOLVE(137, DGifGetExtensionNext)
  return f(a0, a1);
}

int DGifGetImageDesc(GifFileType * a0) {
  INKPATH_RESOLVE(138, DGifGetImageDesc)
  return f(a0);
}

int DGifGetLine(GifFileType * a0, GifPixelType * a1, int a2) {
  INKPATH_RESOLVE(139, DGifGetLine)
  return f(a0, a1, a2);
}

int DGifGetRecordType(GifFileType * a0, GifRecordType * a1) {
  INKPATH_RESOLVE(140, DGifGetRecordType)
  return f(a0, a1);
}

GifFileType * DGifOpen(void * a0, InputFunc a1, int * a2) {
  INKPATH_RESOLVE(141, DGifOpen)
  return f(a0, a1, a2);
}

const char * GifErrorString(int a0) {
  INKPATH_RESOLVE(142, GifErrorString)
  return f(a0);
}

/* INKPATH_LIBRARY_WEBP */

VP8StatusCode WebPDecode(const uint8_t * a0, size_t a1, WebPDecoderConfig * a2) {
  INKPATH_RESOLVE(143, WebPDecode)
  return f(a0, a1, a2);
}

void WebPFreeDecBuffer(WebPDecBuffer * a0) {
  INKPATH_RESOLVE(144, WebPFreeDecBuffer)
  f(a0);
}

VP8StatusCode WebPGetFeaturesInternal(const uint8_t * a0, size_t a1, WebPBitstreamFeatures * a2, int a3) {
  INKPATH_RESOLVE(145, WebPGetFeaturesInternal)
  return f(a0, a1, a2, a3);
}

int WebPInitDecoderConfigInternal(WebPDecoderConfig * a0, int a1) {
  INKPATH_RESOLVE(146, WebPInitDecoderConfigInternal)
  return f(a0, a1);
}

/* INKPATH_LIBRARY_HARFBUZZ */

hb_blob_t * hb_blob_create_from_file_or_fail(const char * a0) {
  INKPATH_RESOLVE(147, hb_blob_create_from_file_or_fail)
  return f(a0);
}

void hb_blob_destroy(hb_blob_t * a0) {
  INKPATH_RESOLVE(148, hb_blob_destroy)
  f(a0);
}

void hb_buffer_add_utf8(hb_buffer_t * a0, const char * a1, int a2, unsigned int a3, int a4) {
  INKPATH_RESOLVE(149, hb_buffer_add_utf8)
  f(a0, a1, a2, a3, a4);
}

hb_buffer_t * hb_buffer_create(void) {
  INKPATH_RESOLVE(150, hb_buffer_create)
  return f();
}

void hb_buffer_destroy(hb_buffer_t * a0) {
  INKPATH_RESOLVE(151, hb_buffer_destroy)
  f(a0);
}

hb_glyph_info_t * hb_buffer_get_glyph_infos(hb_buffer_t * a0, unsigned int * a1) {
  INKPATH_RESOLVE(152, hb_buffer_get_glyph_infos)
  return f(a0, a1);
}

hb_glyph_position_t * hb_buffer_get_glyph_positions(hb_buffer_t * a0, unsigned int * a1) {
  INKPATH_RESOLVE(153, hb_buffer_get_glyph_positions)
  return f(a0, a1);
}

void hb_buffer_guess_segment_properties(hb_buffer_t * a0) {
  INKPATH_RESOLVE(154, hb_buffer_guess_segment_properties)
  f(a0);
}

void hb_buffer_set_direction(hb_buffer_t * a0, hb_direction_t a1) {
  INKPATH_RESOLVE(155, hb_buffer_set_direction)
  f(a0, a1);
}

void hb_buffer_set_language(hb_buffer_t * a0, hb_language_t a1) {
  INKPATH_RESOLVE(156, hb_buffer_set_language)
  f(a0, a1);
}

void hb_buffer_set_script(hb_buffer_t * a0, hb_script_t a1) {
  INKPATH_RESOLVE(157, hb_buffer_set_script)
  f(a0, a1);
}

hb_draw_funcs_t * hb_draw_funcs_create(void) {
  INKPATH_RESOLVE(158, hb_draw_funcs_create)
  return f();
}

void hb_draw_funcs_make_immutable(hb_draw_funcs_t * a0) {
  INKPATH_RESOLVE(159, hb_draw_funcs_make_immutable)
  f(a0);
}

void hb_draw_funcs_set_close_path_func(hb_draw_funcs_t * a0, hb_draw_close_path_func_t a1, void * a2, hb_destroy_func_t a3) {
  INKPATH_RESOLVE(160, hb_draw_funcs_set_close_path_func)
  f(a0, a1, a2, a3);
}

void hb_draw_funcs_set_cubic_to_func(hb_draw_funcs_t * a0, hb_draw_cubic_to_func_t a1, void * a2, hb_destroy_func_t a3) {
  INKPATH_RESOLVE(161, hb_draw_funcs_set_cubic_to_func)
  f(a0, a1, a2, a3);
}

void hb_draw_funcs_set_line_to_func(hb_draw_funcs_t * a0, hb_draw_line_to_func_t a1, void * a2, hb_destroy_func_t a3) {
  INKPATH_RESOLVE(162, hb_draw_funcs_set_line_to_func)
  f(a0, a1, a2, a3);
}

void hb_draw_funcs_set_move_to_func(hb_draw_funcs_t * a0, hb_draw_move_to_func_t a1, void * a2, hb_destroy_func_t a3) {
  INKPATH_RESOLVE(163, hb_draw_funcs_set_move_to_func)
  f(a0, a1, a2, a3);
}

void hb_draw_funcs_set_quadratic_to_func(hb_draw_funcs_t * a0, hb_draw_quadratic_to_func_t a1, void * a2, hb_destroy_func_t a3) {
  INKPATH_RESOLVE(164, hb_draw_funcs_set_quadratic_to_func)
  f(a0, a1, a2, a3);
}

hb_face_t * hb_face_create(hb_blob_t * a0, unsigned int a1) {
  INKPATH_RESOLVE(165, hb_face_create)
  return f(a0, a1);
}

void hb_face_destroy(hb_face_t * a0) {
  INKPATH_RESOLVE(166, hb_face_destroy)
  f(a0);
}

unsigned int hb_face_get_glyph_count(const hb_face_t * a0) {
  INKPATH_RESOLVE(167, hb_face_get_glyph_count)
  return f(a0);
}

unsigned int hb_face_get_upem(const hb_face_t * a0) {
  INKPATH_RESOLVE(168, hb_face_get_upem)
  return f(a0);
}

void hb_face_make_immutable(hb_face_t * a0) {
  INKPATH_RESOLVE(169, hb_face_make_immutable)
  f(a0);
}

hb_font_t * hb_font_create(hb_face_t * a0) {
  INKPATH_RESOLVE(170, hb_font_create)
  return f(a0);
}

void hb_font_destroy(hb_font_t * a0) {
  INKPATH_RESOLVE(171, hb_font_destroy)
  f(a0);
}

void hb_font_get_glyph_shape(hb_font_t * a0, hb_codepoint_t a1, hb_draw_funcs_t * a2, void * a3) {
  INKPATH_RESOLVE(172, hb_font_get_glyph_shape)
  f(a0, a1, a2, a3);
}

hb_bool_t hb_font_get_nominal_glyph(hb_font_t * a0, hb_codepoint_t a1, hb_codepoint_t * a2) {
  INKPATH_RESOLVE(173, hb_font_get_nominal_glyph)
  return f(a0, a1, a2);
}

void hb_font_make_immutable(hb_font_t * a0) {
  INKPATH_RESOLVE(174, hb_font_make_immutable)
  f(a0);
}

void hb_font_set_variations(hb_font_t * a0, const hb_variation_t * a1, unsigned int a2) {
  INKPATH_RESOLVE(175, hb_font_set_variations)
  f(a0, a1, a2);
}

hb_language_t hb_language_from_string(const char * a0, int a1) {
  INKPATH_RESOLVE(176, hb_language_from_string)
  return f(a0, a1);
}

unsigned int hb_ot_color_glyph_get_layers(hb_face_t * a0, hb_codepoint_t a1, unsigned int a2, unsigned int * a3, hb_ot_color_layer_t * a4) {
  INKPATH_RESOLVE(177, hb_ot_color_glyph_get_layers)
  return f(a0, a1, a2, a3, a4);
}

hb_bool_t hb_ot_color_has_layers(hb_face_t * a0) {
  INKPATH_RESOLVE(178, hb_ot_color_has_layers)
  return f(a0);
}

hb_bool_t hb_ot_color_has_png(hb_face_t * a0) {
  INKPATH_RESOLVE(179, hb_ot_color_has_png)
  return f(a0);
}

hb_bool_t hb_ot_color_has_svg(hb_face_t * a0) {
  INKPATH_RESOLVE(180, hb_ot_color_has_svg)
  return f(a0);
}

unsigned int hb_ot_color_palette_get_colors(hb_face_t * a0, unsigned int a1, unsigned int a2, unsigned int * a3, hb_color_t * a4) {
  INKPATH_RESOLVE(181, hb_ot_color_palette_get_colors)
  return f(a0, a1, a2, a3, a4);
}

hb_bool_t hb_ot_metrics_get_position(hb_font_t * a0, hb_ot_metrics_tag_t a1, hb_position_t * a2) {
  INKPATH_RESOLVE(182, hb_ot_metrics_get_position)
  return f(a0, a1, a2);
}

unsigned int hb_ot_var_get_axis_count(hb_face_t * a0) {
  INKPATH_RESOLVE(183, hb_ot_var_get_axis_count)
  return f(a0);
}

unsigned int hb_ot_var_get_axis_infos(hb_face_t * a0, unsigned int a1, unsigned int * a2, hb_ot_var_axis_info_t * a3) {
  INKPATH_RESOLVE(184, hb_ot_var_get_axis_infos)
  return f(a0, a1, a2, a3);
}

hb_bool_t hb_ot_var_has_data(hb_face_t * a0) {
  INKPATH_RESOLVE(185, hb_ot_var_has_data)
  return f(a0);
}

void hb_shape(hb_font_t * a0, hb_buffer_t * a1, const hb_feature_t * a2, unsigned int a3) {
  INKPATH_RESOLVE(186, hb_shape)
  f(a0, a1, a2, a3);
}

hb_unicode_funcs_t * hb_unicode_funcs_get_default(void) {
  INKPATH_RESOLVE(187, hb_unicode_funcs_get_default)
  return f();
}

hb_script_t hb_unicode_script(hb_unicode_funcs_t * a0, hb_codepoint_t a1) {
  INKPATH_RESOLVE(188, hb_unicode_script)
  return f(a0, a1);
}

/* INKPATH_LIBRARY_FONTCONFIG */

FcCharSet * FcCharSetCopy(FcCharSet * a0) {
  INKPATH_RESOLVE(189, FcCharSetCopy)
  return f(a0);
}

FcBool FcCharSetHasChar(const FcCharSet * a0, FcChar32 a1) {
  INKPATH_RESOLVE(190, FcCharSetHasChar)
  return f(a0, a1);
}

FcBool FcConfigAppFontAddDir(FcConfig * a0, const FcChar8 * a1) {
  INKPATH_RESOLVE(191, FcConfigAppFontAddDir)
  return f(a0, a1);
}

FcBool FcConfigAppFontAddFile(FcConfig * a0, const FcChar8 * a1) {
  INKPATH_RESOLVE(192, FcConfigAppFontAddFile)
  return f(a0, a1);
}

FcBool FcConfigBuildFonts(FcConfig * a0) {
  INKPATH_RESOLVE(193, FcConfigBuildFonts)
  return f(a0);
}

FcConfig * FcConfigCreate(void) {
  INKPATH_RESOLVE(194, FcConfigCreate)
  return f();
}

FcBool FcConfigParseAndLoad(FcConfig * a0, const FcChar8 * a1, FcBool a2) {
  INKPATH_RESOLVE(195, FcConfigParseAndLoad)
  return f(a0, a1, a2);
}

FcBool FcConfigSubstitute(FcConfig * a0, FcPattern * a1, FcMatchKind a2) {
  INKPATH_RESOLVE(196, FcConfigSubstitute)
  return f(a0, a1, a2);
}

void FcDefaultSubstitute(FcPattern * a0) {
  INKPATH_RESOLVE(197, FcDefaultSubstitute)
  f(a0);
}

FcFontSet * FcFontList(FcConfig * a0, FcPattern * a1, FcObjectSet * a2) {
  INKPATH_RESOLVE(198, FcFontList)
  return f(a0, a1, a2);
}

FcPattern * FcFontMatch(FcConfig * a0, FcPattern * a1, FcResult * a2) {
  INKPATH_RESOLVE(199, FcFontMatch)
  return f(a0, a1, a2);
}

void FcFontSetDestroy(FcFontSet * a0) {
  INKPATH_RESOLVE(200, FcFontSetDestroy)
  f(a0);
}

FcConfig * FcInitLoadConfigAndFonts(void) {
  INKPATH_RESOLVE(201, FcInitLoadConfigAndFonts)
  return f();
}

FcBool FcObjectSetAdd(FcObjectSet * a0, const char * a1) {
  INKPATH_RESOLVE(202, FcObjectSetAdd)
  return f(a0, a1);
}

FcObjectSet * FcObjectSetCreate(void) {
  INKPATH_RESOLVE(203, FcObjectSetCreate)
  return f();
}

void FcObjectSetDestroy(FcObjectSet * a0) {
  INKPATH_RESOLVE(204, FcObjectSetDestroy)
  f(a0);
}

FcBool FcPatternAddString(FcPattern * a0, const char * a1, const FcChar8 * a2) {
  INKPATH_RESOLVE(205, FcPatternAddString)
  return f(a0, a1, a2);
}

FcPattern * FcPatternCreate(void) {
  INKPATH_RESOLVE(206, FcPatternCreate)
  return f();
}

void FcPatternDestroy(FcPattern * a0) {
  INKPATH_RESOLVE(207, FcPatternDestroy)
  f(a0);
}

FcResult FcPatternGetCharSet(const FcPattern * a0, const char * a1, int a2, FcCharSet ** a3) {
  INKPATH_RESOLVE(208, FcPatternGetCharSet)
  return f(a0, a1, a2, a3);
}

FcResult FcPatternGetDouble(const FcPattern * a0, const char * a1, int a2, double * a3) {
  INKPATH_RESOLVE(209, FcPatternGetDouble)
  return f(a0, a1, a2, a3);
}

FcResult FcPatternGetInteger(const FcPattern * a0, const char * a1, int a2, int * a3) {
  INKPATH_RESOLVE(210, FcPatternGetInteger)
  return f(a0, a1, a2, a3);
}

FcResult FcPatternGetString(const FcPattern * a0, const char * a1, int a2, FcChar8 ** a3) {
  INKPATH_RESOLVE(211, FcPatternGetString)
  return f(a0, a1, a2, a3);
}

double FcWeightToOpenTypeDouble(double a0) {
  INKPATH_RESOLVE(212, FcWeightToOpenTypeDouble)
  return f(a0);
}

/* INKPATH_LIBRARY_FRIBIDI */

void fribidi_get_bidi_types(const FriBidiChar * a0, const FriBidiStrIndex a1, FriBidiCharType * a2) {
  INKPATH_RESOLVE(213, fribidi_get_bidi_types)
  f(a0, a1, a2);
}

void fribidi_get_bracket_types(const FriBidiChar * a0, const FriBidiStrIndex a1, const FriBidiCharType * a2, FriBidiBracketType * a3) {
  INKPATH_RESOLVE(214, fribidi_get_bracket_types)
  f(a0, a1, a2, a3);
}

FriBidiLevel fribidi_get_par_embedding_levels_ex(const FriBidiCharType * a0, const FriBidiBracketType * a1, const FriBidiStrIndex a2, FriBidiParType * a3, FriBidiLevel * a4) {
  INKPATH_RESOLVE(215, fribidi_get_par_embedding_levels_ex)
  return f(a0, a1, a2, a3, a4);
}

FriBidiLevel fribidi_reorder_line(FriBidiFlags a0, const FriBidiCharType * a1, const FriBidiStrIndex a2, const FriBidiStrIndex a3, const FriBidiParType a4, FriBidiLevel * a5, FriBidiChar * a6, FriBidiStrIndex * a7) {
  INKPATH_RESOLVE(216, fribidi_reorder_line)
  return f(a0, a1, a2, a3, a4, a5, a6, a7);
}

#pragma GCC visibility pop
