#ifndef GAZETTEER_DRAWING_H
#define GAZETTEER_DRAWING_H
/*
 * The drawing path (drawing.c, png_palette.c): SVG sources rendered by
 * librsvg and cairo straight into memory, resampled and written without
 * libvips' pipelines. Functions returning int return 0 on success and
 * non-zero when they decline or fail, after which the caller takes the
 * libvips path (which handles every case and words every failure). Only
 * gz_argb_save, for formats other than palette PNG, runs libvips (its
 * savers): call it under gz_shared_begin.
 *
 * Pixels are cairo's: 32-bit words, alpha in the top byte then red, green
 * and blue, premultiplied by alpha.
 */
#include <stddef.h>
#include <stdint.h>
#include "vips_shim.h"

typedef struct {
    int width;
    int height;
    uint32_t *data;     /* width * height words, rows packed */
} GzArgb;

void gz_argb_free(GzArgb *pixels);

/* A parsed SVG document (from memory: it cannot pull in files beside it). */
typedef struct GzDrawing GzDrawing;

/* Parse; the caller keeps buf alive while the drawing lives. */
int gz_drawing_open(const void *buf, size_t len, GzDrawing **out);
void gz_drawing_close(GzDrawing *drawing);
/* Its size at 72 dpi, worked out as libvips' SVG loader does. */
void gz_drawing_size(const GzDrawing *drawing, double *width, double *height);
/* Render the whole drawing onto width x height pixels (each axis onto its
 * size). */
int gz_drawing_render(GzDrawing *drawing, int width, int height, GzArgb *out);

/* The size of an SVG document as gz_drawing_size gives it, parsing no more
 * of it than it must: when the root element gives its own width and height
 * and nothing before it declares entities, only the prologue and that start
 * tag are parsed. -2 when its root's viewBox has no width or no height
 * (nothing of it would be drawn); -1 when the document gives no usable size
 * that way or does not parse (the caller then asks libvips, for the words). */
int gz_svg_size(const void *buf, size_t len, double *width, double *height);

/* Area-average (each output pixel the mean of the input it covers, flat
 * colour kept exactly) onto width x height. */
int gz_argb_area(const GzArgb *in, int width, int height, GzArgb *out);
/* Halve both sides, averaging 2x2 blocks. */
int gz_argb_halve(const GzArgb *in, GzArgb *out);
int gz_argb_crop(const GzArgb *in, int left, int top, int width, int height, GzArgb *out);

/* Write as `format`: palette PNG by png_palette.c, the others by libvips'
 * savers (gz_save). The alpha band goes when every pixel is (all but: 240 or
 * more) opaque. */
int gz_argb_save(const GzArgb *in, const char *path, GzSaveFormat format, int quality);

/* How png_palette.c reads 32-bit pixel values. */
typedef enum {
    /* Straight R, G, B, A bytes in memory order. */
    GZ_KEYS_RGBA = 0,
    /* cairo's premultiplied words, as above. */
    GZ_KEYS_ARGB_PREMULTIPLIED = 1,
} GzKeys;

/* Write width x height pixels (rows `stride` words apart) as a palette
 * picture. GZ_SAVE_PNG_PALETTE: a PNG of their own colours when at most 256,
 * else a median cut's (*exact, when not NULL, says which). GZ_SAVE_PNG_ADAPTIVE
 * (GZ_SAVE_WEBP_ADAPTIVE: as lossless WebP): the coarsest of a few median cuts
 * still at least GZ_PALETTE_SSIM like the picture, else the colours of the
 * palette PNG if they are (*exact says whether they are the picture's own). A picture all but opaque (alpha
 * 240 or more) is written opaque. 0 on success, -1 on failure, 1 (adaptive
 * formats) when no palette keeps the picture: nothing is written, the caller
 * writes it truecolour. */
int gz_png_palette_write_keys(const uint32_t *pixels, int width, int height, size_t stride,
    GzKeys kind, GzSaveFormat format, const char *path, int *exact);

#endif
