#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* libjpeg reports fatal errors through error_exit, which by default calls exit(). Swift
   cannot longjmp, so the whole decode runs here, in C, behind a setjmp. */

typedef struct {
  struct jpeg_error_mgr base;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
} inkpath_jpeg_error;

static void inkpath_jpeg_error_exit(j_common_ptr cinfo) {
  inkpath_jpeg_error *err = (inkpath_jpeg_error *)cinfo->err;
  err->base.format_message(cinfo, err->message);
  longjmp(err->jump, 1);
}

static void inkpath_jpeg_silence(j_common_ptr cinfo, int level) {
  (void)cinfo;
  (void)level;
}

/* A progressive JPEG can hold thousands of tiny scans that each cost a pass over the whole
   image (a known denial of service); real files have at most a few dozen. */
#define INKPATH_JPEG_MAX_SCANS 500

static void inkpath_jpeg_progress(j_common_ptr cinfo) {
  if (cinfo->is_decompressor &&
      ((j_decompress_ptr)cinfo)->input_scan_number > INKPATH_JPEG_MAX_SCANS) {
    inkpath_jpeg_error *err = (inkpath_jpeg_error *)cinfo->err;
    snprintf(err->message, sizeof err->message, "more than %d progressive scans",
             INKPATH_JPEG_MAX_SCANS);
    longjmp(err->jump, 1);
  }
}

/* Decodes a JPEG into a malloc'd buffer of width*height native-endian ARGB32 words (opaque,
   so premultiplied is the same), rows of width*4 bytes. Returns NULL with `message` set on
   failure, or when the image has more than `max_pixels` pixels (checked from the header,
   before anything is allocated; `over_limit` is set then). The caller frees the buffer. */
static inline unsigned char *inkpath_jpeg_decode(
    const unsigned char *data, unsigned long size, long max_pixels, int *width, int *height,
    int *over_limit, char *message, size_t message_size) {
  struct jpeg_decompress_struct cinfo;
  struct jpeg_progress_mgr progress;
  inkpath_jpeg_error err;
  unsigned char *volatile pixels = NULL;
  unsigned char *volatile row = NULL;
  memset(&cinfo, 0, sizeof cinfo);
  cinfo.err = jpeg_std_error(&err.base);
  err.base.error_exit = inkpath_jpeg_error_exit;
  err.base.emit_message = inkpath_jpeg_silence;
  err.message[0] = 0;
  if (setjmp(err.jump)) {
    snprintf(message, message_size, "%s", err.message);
    jpeg_destroy_decompress(&cinfo);
    free(pixels);
    free(row);
    return NULL;
  }
  jpeg_create_decompress(&cinfo);
  progress.progress_monitor = inkpath_jpeg_progress;
  cinfo.progress = &progress;
  jpeg_mem_src(&cinfo, data, size);
  *over_limit = 0;
  jpeg_read_header(&cinfo, TRUE);
  if (cinfo.image_width == 0 || cinfo.image_height == 0 ||
      (double)cinfo.image_width * (double)cinfo.image_height > (double)max_pixels) {
    snprintf(message, message_size, "the image is %ux%u pixels, over the limit of %ld",
             cinfo.image_width, cinfo.image_height, max_pixels);
    *over_limit = 1;
    jpeg_destroy_decompress(&cinfo);
    return NULL;
  }
  int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
  if (cmyk) {
    cinfo.out_color_space = JCS_CMYK;
  } else {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    cinfo.out_color_space = JCS_EXT_BGRA;
#else
    cinfo.out_color_space = JCS_EXT_ARGB;
#endif
  }
  jpeg_start_decompress(&cinfo);
  size_t w = cinfo.output_width, h = cinfo.output_height;
  pixels = malloc(w * h * 4);
  if (cmyk) row = malloc(w * 4);
  if (!pixels || (cmyk && !row)) {
    snprintf(message, message_size, "out of memory");
    jpeg_destroy_decompress(&cinfo);
    free(pixels);
    free(row);
    return NULL;
  }
  int inverted = cinfo.saw_Adobe_marker;
  while (cinfo.output_scanline < h) {
    unsigned char *out = pixels + (size_t)cinfo.output_scanline * w * 4;
    JSAMPROW target = cmyk ? row : out;
    jpeg_read_scanlines(&cinfo, &target, 1);
    if (cmyk) {
      unsigned int *words = (unsigned int *)out;
      for (size_t x = 0; x < w; x++) {
        unsigned int c = row[x * 4], m = row[x * 4 + 1], y = row[x * 4 + 2], k = row[x * 4 + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        unsigned int r = c * k / 255, g = m * k / 255, b = y * k / 255;
        words[x] = 0xFF000000u | (r << 16) | (g << 8) | b;
      }
    }
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  free(row);
  *width = (int)w;
  *height = (int)h;
  return pixels;
}
