#ifndef GAZETTEER_VIPS_SHIM_H
#define GAZETTEER_VIPS_SHIM_H
/*
 * Non-variadic wrappers around libvips, for Swift (Swift cannot call C
 * variadic functions, and VIPS_INIT is a macro). Imported by exactly one
 * Swift file: Sources/Thumbnails/Vips.swift.
 *
 * Every function returning int returns 0 on success and -1 on failure, with
 * the reason in libvips' error buffer (see gz_error_take) or, for failures
 * libvips only logs, in the captured GLib log (see gz_exclusive_end).
 */
#include <stddef.h>
#include <stdint.h>
#include <vips/vips.h>

/* Output encodings understood by gz_save. */
typedef enum {
    GZ_SAVE_PNG = 0,
    GZ_SAVE_JPEG = 1,
    GZ_SAVE_WEBP = 2,
    GZ_SAVE_AVIF = 3,
    /* Indexed PNG: exact when the picture has at most 256 colours, else
     * reduced by a median cut (png_palette.c). */
    GZ_SAVE_PNG_PALETTE = 4,
    GZ_SAVE_WEBP_LOSSLESS = 5,
    /* Indexed PNG of the coarsest of a few median cuts whose SSIM against
     * the picture is at least GZ_PALETTE_SSIM, else of the colours
     * GZ_SAVE_PNG_PALETTE keeps (png_palette.c). */
    GZ_SAVE_PNG_ADAPTIVE = 6,
    /* The same colours as a lossless WebP (libwebp). */
    GZ_SAVE_WEBP_ADAPTIVE = 7,
} GzSaveFormat;

/* What every path needs, once per process: glibc's malloc tuned (see
 * vips_shim.c), the guard below, GLib warnings routed to our capture.
 * Idempotent. */
void gz_prepare(void);

/* Load and start libvips once per process (gz_prepare first): operation
 * cache off, one worker thread per pipeline, every loader blocked except
 * JPEG, PNG, WebP and SVG. Returns 0 on success (else gz_library_error may
 * say why). Idempotent. Deferred to the first use of libvips: loading it and
 * its fifty libraries costs about 23 ms, its start-up registers hundreds of
 * classes (about 20 ms), and a guide of SVG flags and plain JPEG photos may
 * never need it. */
int gz_init(void);
/* Why libvips (or librsvg, or cairo) could not be loaded, or NULL. */
const char *gz_library_error(void);

/* Return freed memory to the system (glibc's malloc_trim; gz_init raised the
 * threshold below which glibc does this by itself). */
void gz_release_free_memory(void);
/* The libvips version the shim was built with. */
const char *gz_vips_version(void);

/* Concurrency guard around libvips' process-wide error buffer. Ordinary work
 * runs under the shared side; a failed job is re-run alone under the
 * exclusive side, so the error buffer and the captured GLib warnings belong
 * to it only. gz_exclusive_end returns a g_malloc'd message (error buffer
 * then captured warnings; maybe empty), free with gz_free. */
void gz_shared_begin(void);
void gz_shared_end(void);
void gz_exclusive_begin(void);
char *gz_exclusive_end(void);

/* Take (and clear) libvips' error buffer; g_malloc'd, free with gz_free. */
char *gz_error_take(void);
void gz_free(void *p);

/* Loaders, from memory (the caller keeps the buffer alive while the image
 * lives). They read the header only; pixels are decoded on demand.
 * sequential != 0 asks for top-to-bottom streaming access. */
int gz_load_jpeg(const void *buf, size_t len, int shrink, int sequential, VipsImage **out);
int gz_load_png(const void *buf, size_t len, int sequential, VipsImage **out);
int gz_load_webp(const void *buf, size_t len, double scale, int sequential, VipsImage **out);
int gz_load_svg(const void *buf, size_t len, double scale, VipsImage **out);

int gz_width(VipsImage *im);
int gz_height(VipsImage *im);
int gz_bands(VipsImage *im);
/* EXIF orientation 1..8 (1 when absent). */
int gz_orientation(VipsImage *im);
/* Whether the image has an alpha band; whether a PNG was stored with a palette. */
int gz_has_alpha(VipsImage *im);
int gz_is_palette(VipsImage *im);
void gz_unref(VipsImage *im);

/* How gz_thumbnail fits a picture to its size. */
typedef enum {
    /* Each axis onto its size (a fit, whose size keeps the aspect ratio). */
    GZ_FIT_EACH_AXIS = 0,
    /* One scale for both axes, covering the size, and the middle kept: as
     * `vips thumbnail --crop centre`. */
    GZ_FIT_CENTRE = 1,
    /* Each axis onto its size, by libvips' box filter (vips_shrink) when
     * that is a whole factor (the 1x of a drawing rendered at 2x) and the
     * picture is opaque: flat colours then come closer to a rendering at
     * the size than by Lanczos, for less work. */
    GZ_FIT_DRAWING = 2,
} GzFit;

/* Resize to exactly width x height by libvips' thumbnail operation (box
 * shrink then Lanczos-3, alpha premultiplied), without rotating. Within a
 * pixel or two (and 1%) of the size, resampling would only blur: the edge
 * is trimmed evenly or repeated instead. */
int gz_thumbnail(VipsImage *in, VipsImage **out, int width, int height, GzFit fit);
/* Convert to 8-bit sRGB (embedded ICC profile honoured when present). */
int gz_to_srgb(VipsImage *in, VipsImage **out);
/* Decode into memory (a new reference when the image is in memory
 * already). NULL on failure. */
VipsImage *gz_copy_memory(VipsImage *in);
/* Apply and remove the EXIF orientation. */
int gz_autorot(VipsImage *in, VipsImage **out);
int gz_crop(VipsImage *in, VipsImage **out, int left, int top, int width, int height);
/* libvips' attention-based crop to width x height, the place found on a
 * copy shrunk by libvips' box filter. */
int gz_crop_attention(VipsImage *in, VipsImage **out, int width, int height);
/* Drop the alpha band when every pixel is (all but: 240 or more) opaque,
 * else hand back a new reference. */
int gz_drop_opaque_alpha(VipsImage *in, VipsImage **out);
/* Remove every metadata item (EXIF, XMP, IPTC, ICC, comments...) from an
 * image we own, in place: not every saver honours "strip" in 8.14. */
void gz_strip_metadata(VipsImage *image);
/* Save, asking the saver to strip metadata too; JPEG is flattened over
 * white. quality is 1..100 (ignored for PNG and lossless WebP). */
int gz_save(VipsImage *in, const char *path, GzSaveFormat format, int quality);

/* ---- The direct path (jpeg_direct.c): plain JPEG photos to JPEG ----
 * libjpeg and a resampler of our own, without libvips' pipelines. These do not
 * use libvips' error buffer: they return 0 on success, and non-zero when they
 * decline or fail, after which the caller takes the libvips path (which
 * handles every case and words every failure). */

/* 8-bit pixels, `bands` per pixel, rows packed. */
typedef struct {
    int width;
    int height;
    int bands;
    unsigned char *data;
} GzPixels;

/* One plane of a decoded picture: width x height samples, rows `stride`
 * bytes apart, readable a little past the end; each sample stands for
 * step_x x step_y pixels of the stored picture at full size, sample (i, j)
 * centred at pixel ((i + 0.5) * step_x - 0.5, (j + 0.5) * step_y - 0.5). */
typedef struct {
    int width;
    int height;
    size_t stride;
    double step_x;
    double step_y;
    unsigned char *data;
} GzPlane;

/* Levels of each plane: as decoded, then halved by 2x2 averages (made by
 * gz_direct_make as outputs ask for them). */
enum { GZ_LEVELS = 10 };

/* A decoded JPEG as stored, in its own planes: Y, or Y Cb Cr, each at the
 * resolution the file keeps it; width x height the stored picture's size at
 * full size, `orientation` its EXIF orientation (1..8, 1 when it has none). */
typedef struct {
    int width;
    int height;
    int bands;
    int orientation;
    GzPlane plane[3][GZ_LEVELS];
} GzPlanes;

/* The stored size, bands (1 or 3) and EXIF orientation of a JPEG that
 * gz_direct_decode would take, read by libjpeg from its header alone (libvips
 * not needed); non-zero for any other (the caller then asks libvips). */
int gz_direct_header(const void *buf, size_t len, int *width, int *height, int *bands, int *orientation);

/* Decode a JPEG's planes shrunk by `shrink` (1, 2, 4 or 8) in the DCT
 * (islow, as libvips decodes). Declines (non-zero) CMYK and other colour
 * spaces, an ICC profile other than sRGB, an EXIF block that cannot be
 * read, chroma sampled other than by whole factors, and any warning from
 * libjpeg (damaged data). */
int gz_direct_decode(const void *buf, size_t len, int shrink, GzPlanes *out);

/* Write a width x height thumbnail of `in`, upright, as a baseline JPEG at
 * `quality` (4:2:0 from a colour picture, grey from grey; Huffman tables
 * made for it; no metadata). The displayed output pixel (x, y) is centred
 * at the displayed source pixel (ax + x * bx, ay + y * by), in pixels of
 * the source at full size: each plane is resampled straight to the
 * output's (Lanczos-3, from the level of the plane that leaves a shrink of
 * about two), turned upright by in->orientation and encoded as it is.
 * Declines (non-zero) a shrink over about 10 left after halving. Adds the
 * levels it needs to `in`. */
int gz_direct_make(GzPlanes *in, int width, int height, double ax, double bx, double ay, double by,
    const char *path, int quality);

void gz_planes_free(GzPlanes *planes);
void gz_pixels_free(GzPixels *pixels);

/* Write 8-bit pixels (1 to 4 bands, rows `stride` bytes apart) as a palette
 * picture at path (png_palette.c), `format` GZ_SAVE_PNG_PALETTE (their own
 * colours when at most 256, else a median cut's; *exact, when not NULL, says
 * which), GZ_SAVE_PNG_ADAPTIVE or GZ_SAVE_WEBP_ADAPTIVE. 0 on success, -1 on
 * failure, 1 when no palette keeps the picture (adaptive formats; nothing
 * written). */
int gz_png_palette_write(const GzPixels *in, size_t stride, GzSaveFormat format, const char *path, int *exact);

/* SSIM of two width x height pictures of straight R, G, B, A bytes (a
 * uint32_t each, in memory order), both over white, as scikit-image's
 * structural_similarity measures it (ssim.c; png-adaptive keeps its cut by
 * it); -1 when a side is under 7 pixels. For the tests (gz_fixture_ssim). */
double gz_ssim_rgba(const uint32_t *a, const uint32_t *b, int width, int height);

/* The libjpeg the direct path was built with ("libjpeg-turbo 2.1.5"). */
const char *gz_direct_version(void);

#endif
