#define _GNU_SOURCE
#include <pthread.h>
#include <errno.h>
#include <malloc.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "content_hash.h"
#include "vips_shim.h"
#include "shim_private.h"
#include "libraries.h"

/* ---- process-wide state ------------------------------------------------ */

static pthread_rwlock_t gz_guard;
static GMutex gz_log_mutex;
static GString *gz_log_text;   /* warnings captured while exclusive */
static gboolean gz_capturing;
static int gz_init_result = -1;

/* GLib messages: while a failed job re-runs alone they are collected for its
 * error message; otherwise warnings are dropped (libpng and friends warn
 * about many harmless things) and only criticals reach stderr. */
static void
gz_log_handler(const gchar *domain, GLogLevelFlags level,
    const gchar *message, gpointer user)
{
    gboolean forward = FALSE;

    g_mutex_lock(&gz_log_mutex);
    if (gz_capturing) {
        if (message && gz_log_text->len < 2048 &&
            !strstr(gz_log_text->str, message)) {
            if (gz_log_text->len)
                g_string_append(gz_log_text, "; ");
            g_string_append(gz_log_text, message);
        }
    }
    else if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL))
        forward = TRUE;
    g_mutex_unlock(&gz_log_mutex);

    if (forward)
        g_log_default_handler(domain, level, message, user);
}

/* What every path needs: malloc's settings, the guard, the log handler. */
static void
gz_prepare_once(void)
{
    pthread_rwlockattr_t attr;

    /* Every thumbnail allocates and frees a few buffers of up to a
     * megabyte or two; by default glibc soon maps and unmaps each (page
     * faults every time). Keep those in the heap and reuse them (about a
     * fifth less processor time through libvips), but no larger ones: a
     * fixed value, so that glibc's own adjustments cannot ratchet it up.
     * Freed memory is kept (trimming it would fault it back in job after
     * job); gz_release_free_memory hands it back between stages. */
    mallopt(M_MMAP_THRESHOLD, 2 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024 * 1024);

    pthread_rwlockattr_init(&attr);
    /* A waiting exclusive job must not starve behind a stream of shared ones. */
    pthread_rwlockattr_setkind_np(&attr,
        PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
    pthread_rwlock_init(&gz_guard, &attr);
    pthread_rwlockattr_destroy(&attr);

    gz_log_text = g_string_new(NULL);
    g_log_set_default_handler(gz_log_handler, NULL);
}

void
gz_prepare(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;

    pthread_once(&once, gz_prepare_once);
}

static void
gz_init_once(void)
{
    gz_prepare();
    if (gz_load_vips() || VIPS_INIT("gazetteer"))
        return;

    /* The operation cache would serve stale images in watch mode and holds
     * memory we want bounded; parallelism comes from running many jobs. */
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    vips_concurrency_set(1);

    /* Nothing but the four formats we accept is ever decoded. */
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    vips_operation_block_set("VipsForeignLoadPng", FALSE);
    vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    vips_operation_block_set("VipsForeignLoadSvg", FALSE);

    gz_init_result = 0;
}

int
gz_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;

    pthread_once(&once, gz_init_once);
    return gz_init_result;
}

/* The version of the headers the shim was built with, which needs no libvips loaded (Debian's
 * libvips-dev pins the library to its own version). */
const char *
gz_vips_version(void)
{
    return VIPS_VERSION;
}

/* ---- errors ------------------------------------------------------------ */

void gz_shared_begin(void) { pthread_rwlock_rdlock(&gz_guard); }
void gz_shared_end(void) { pthread_rwlock_unlock(&gz_guard); }

void
gz_exclusive_begin(void)
{
    pthread_rwlock_wrlock(&gz_guard);
    if (gz_init_result == 0)
        vips_error_clear();
    g_mutex_lock(&gz_log_mutex);
    g_string_truncate(gz_log_text, 0);
    gz_capturing = TRUE;
    g_mutex_unlock(&gz_log_mutex);
}

char *
gz_exclusive_end(void)
{
    char *buffer = gz_error_take();
    GString *message = g_string_new(g_strstrip(buffer));

    g_free(buffer);

    g_mutex_lock(&gz_log_mutex);
    gz_capturing = FALSE;
    if (gz_log_text->len) {
        if (message->len)
            g_string_append(message, "; ");
        g_string_append(message, gz_log_text->str);
    }
    g_string_truncate(gz_log_text, 0);
    g_mutex_unlock(&gz_log_mutex);

    pthread_rwlock_unlock(&gz_guard);
    return g_string_free(message, FALSE);
}

char *
gz_error_take(void)
{
    if (gz_init_result != 0)
        return g_strdup(gz_library_error() ? gz_library_error() : "");
    return vips_error_buffer_copy();
}
void gz_free(void *p) { g_free(p); }

/* ---- processor-specific code -------------------------------------------- */

/* The switch that forces it off is Sources/CContentHash's (gz_set_portable),
 * shared with the SHA instructions of the content hash. */
int
gz_may_use_avx2(void)
{
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    return !gz_portable_now() && __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

/* ---- loading ------------------------------------------------------------ */

static VipsAccess
gz_access(int sequential)
{
    return sequential ? VIPS_ACCESS_SEQUENTIAL : VIPS_ACCESS_RANDOM;
}

/* fail_on ERROR: truncation, bad CRCs and other real damage fail the load
 * (libvips would otherwise grey-fill); mere warnings do not. */
int
gz_load_jpeg(const void *buf, size_t len, int shrink, int sequential,
    VipsImage **out)
{
    return vips_jpegload_buffer((void *) buf, len, out,
        "shrink", shrink,
        "access", gz_access(sequential),
        "fail_on", VIPS_FAIL_ON_ERROR,
        NULL);
}

int
gz_load_png(const void *buf, size_t len, int sequential, VipsImage **out)
{
    return vips_pngload_buffer((void *) buf, len, out,
        "access", gz_access(sequential),
        "fail_on", VIPS_FAIL_ON_ERROR,
        NULL);
}

int
gz_load_webp(const void *buf, size_t len, double scale, int sequential,
    VipsImage **out)
{
    return vips_webpload_buffer((void *) buf, len, out,
        "scale", scale,
        "access", gz_access(sequential),
        "fail_on", VIPS_FAIL_ON_ERROR,
        NULL);
}

/* From memory, so the document cannot pull in files beside it. */
int
gz_load_svg(const void *buf, size_t len, double scale, VipsImage **out)
{
    return vips_svgload_buffer((void *) buf, len, out,
        "scale", scale,
        "access", VIPS_ACCESS_SEQUENTIAL,
        "fail_on", VIPS_FAIL_ON_ERROR,
        NULL);
}

int gz_width(VipsImage *im) { return vips_image_get_width(im); }
int gz_height(VipsImage *im) { return vips_image_get_height(im); }
int gz_bands(VipsImage *im) { return vips_image_get_bands(im); }
int gz_orientation(VipsImage *im) { return vips_image_get_orientation(im); }
int gz_has_alpha(VipsImage *im) { return vips_image_hasalpha(im); }
int gz_is_palette(VipsImage *im) { return vips_image_get_typeof(im, "palette-bit-depth") != 0; }
void gz_unref(VipsImage *im) { if (im) g_object_unref(im); }

/* ---- processing --------------------------------------------------------- */

/* An operation with nothing to do hands back its input (a new reference). */
static int
gz_same(VipsImage *in, VipsImage **out)
{
    g_object_ref(in);
    *out = in;
    return 0;
}

/* Trim the overflow of `in` evenly from both sides, and repeat the last row
 * or column where it falls short, to exactly width x height. */
static int
gz_fix_size(VipsImage *in, VipsImage **out, int width, int height)
{
    VipsImage *t = NULL;
    int w = vips_image_get_width(in);
    int h = vips_image_get_height(in);
    int result;

    if (w == width && h == height)
        return gz_same(in, out);
    if (vips_extract_area(in, &t, VIPS_MAX(0, (w - width) / 2),
            VIPS_MAX(0, (h - height) / 2), VIPS_MIN(w, width),
            VIPS_MIN(h, height), NULL))
        return -1;
    result = vips_embed(t, out, 0, 0, width, height,
        "extend", VIPS_EXTEND_COPY, NULL);
    g_object_unref(t);
    return result;
}

/* Halve an opaque 8-bit picture, averaging 2x2 blocks as vips_shrink(2, 2)
 * does (rounded once where it rounds twice), for less work on the small
 * drawings it is used for: callgrind over ThumbnailsBench's flags (fit
 * 115x75, 1x and 2x) counts 29.0 million instructions a flag this way, 31.7
 * (+9%) by vips_shrink and 35.3 (+22%) by Lanczos; libvips' pipeline costs
 * more than the arithmetic at this size. */
static int
gz_halve(VipsImage *in, VipsImage **out)
{
    int bands = vips_image_get_bands(in);
    int width = vips_image_get_width(in) / 2;
    int height = vips_image_get_height(in) / 2;
    VipsImage *result;

    /* Pixels in memory (the image itself when it already is). Never turn
     * an operation's output into memory in place: libvips forbids it. */
    if (!(in = vips_image_copy_memory(in)))
        return -1;
    result = vips_image_new_memory();
    vips_image_init_fields(result, width, height, bands, VIPS_FORMAT_UCHAR,
        VIPS_CODING_NONE, vips_image_get_interpretation(in),
        vips_image_get_xres(in), vips_image_get_yres(in));
    if (vips_image_write_prepare(result)) {
        g_object_unref(result);
        g_object_unref(in);
        return -1;
    }
    for (int y = 0; y < height; y++) {
        const VipsPel *r0 = VIPS_IMAGE_ADDR(in, 0, 2 * y);
        const VipsPel *r1 = VIPS_IMAGE_ADDR(in, 0, 2 * y + 1);
        VipsPel *q = VIPS_IMAGE_ADDR(result, 0, y);

        for (int x = 0; x < width; x++, r0 += 2 * bands, r1 += 2 * bands, q += bands)
            for (int b = 0; b < bands; b++)
                q[b] = (r0[b] + r0[b + bands] + r1[b] + r1[b + bands] + 2) >> 2;
    }
    g_object_unref(in);
    *out = result;
    return 0;
}

int
gz_thumbnail(VipsImage *in, VipsImage **out, int width, int height, GzFit fit)
{
    int w = vips_image_get_width(in);
    int h = vips_image_get_height(in);
    int cover_width = width;
    int cover_height = height;
    VipsImage *t = NULL;
    int result;

    if (fit == GZ_FIT_CENTRE) {
        double scale = VIPS_MAX((double) width / w, (double) height / h);

        cover_width = VIPS_MAX(width, (int) rint(w * scale));
        cover_height = VIPS_MAX(height, (int) rint(h * scale));
    }
    if (gz_near(w, cover_width) && gz_near(h, cover_height))
        return gz_fix_size(in, out, width, height);
    if (fit == GZ_FIT_DRAWING && !vips_image_hasalpha(in) &&
        w % width == 0 && h % height == 0 && w / width == h / height)
        return w == 2 * width && vips_image_get_format(in) == VIPS_FORMAT_UCHAR &&
            vips_image_get_coding(in) == VIPS_CODING_NONE ?
            gz_halve(in, out) : vips_shrink(in, out, w / width, h / height, NULL);
    /* Opaque, each axis onto its size: libvips' resize is what the
     * thumbnail operation would run, without its colour and crop steps. */
    if (fit != GZ_FIT_CENTRE && !vips_image_hasalpha(in)) {
        if (vips_resize(in, &t, (double) width / w,
                "vscale", (double) height / h, NULL))
            return -1;
    }
    else if (vips_thumbnail_image(in, &t, width,
            "height", height,
            "size", fit == GZ_FIT_CENTRE ? VIPS_SIZE_BOTH : VIPS_SIZE_FORCE,
            "crop", fit == GZ_FIT_CENTRE ?
                VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
            "no_rotate", TRUE,
            NULL))
        return -1;
    /* The resampler's rounding can leave a pixel too many or too few. */
    result = gz_fix_size(t, out, width, height);
    g_object_unref(t);
    return result;
}

int
gz_to_srgb(VipsImage *in, VipsImage **out)
{
    VipsImage *t = NULL;
    VipsImage *u = NULL;
    int result;

    const void *profile = NULL;
    size_t profile_length = 0;
    int srgb_profile = vips_image_get_typeof(in, VIPS_META_ICC_NAME) &&
        !vips_image_get_blob(in, VIPS_META_ICC_NAME, &profile, &profile_length) &&
        gz_icc_is_srgb(profile, profile_length);

    /* An sRGB profile is sRGB already: transforming it would only round. */
    if ((!vips_image_get_typeof(in, VIPS_META_ICC_NAME) || srgb_profile) &&
        vips_image_get_interpretation(in) == VIPS_INTERPRETATION_sRGB &&
        vips_image_get_format(in) == VIPS_FORMAT_UCHAR)
        return gz_same(in, out);
    /* CMYK goes through libvips' own CMYK to sRGB (its embedded profile, or libvips'
     * fallback one, then XYZ to sRGB), as `vips thumbnail` converts it: a transform
     * straight to the sRGB profile comes out visibly redder (18 levels on a photo). */
    if (vips_image_get_typeof(in, VIPS_META_ICC_NAME) && !srgb_profile &&
        vips_image_get_interpretation(in) != VIPS_INTERPRETATION_CMYK) {
        if (vips_icc_transform(in, &t, "srgb",
                "embedded", TRUE,
                "intent", VIPS_INTENT_RELATIVE,
                NULL)) {
            /* A broken profile: fall back to the plain conversion. */
            vips_error_clear();
            t = NULL;
        }
    }
    if (!t) {
        if (vips_colourspace(in, &t, VIPS_INTERPRETATION_sRGB, NULL))
            return -1;
    }
    if (vips_image_get_format(t) != VIPS_FORMAT_UCHAR) {
        result = vips_cast_uchar(t, &u, NULL);
        g_object_unref(t);
        if (result)
            return -1;
        t = u;
    }
    *out = t;
    return 0;
}

VipsImage *
gz_copy_memory(VipsImage *in)
{
    return vips_image_copy_memory(in);
}

int
gz_autorot(VipsImage *in, VipsImage **out)
{
    return vips_autorot(in, out, NULL);
}

int
gz_crop(VipsImage *in, VipsImage **out, int left, int top, int width,
    int height)
{
    return vips_extract_area(in, out, left, top, width, height, NULL);
}

int
gz_crop_attention(VipsImage *in, VipsImage **out, int width, int height)
{
    int in_width = vips_image_get_width(in);
    int in_height = vips_image_get_height(in);
    /* libvips scores attention on a 32x32 grid: finding it on a copy a
     * few times smaller (libvips' box shrink, still 128 pixels or more a
     * side) places the crop the same, for a fraction of the work. */
    int factor = VIPS_MIN(VIPS_MIN(in_width, in_height) / 128, 8);
    VipsImage *small = NULL;
    VipsImage *probe = NULL;
    int left;
    int top;

    if (factor < 2 || width / factor < 1 || height / factor < 1)
        return vips_smartcrop(in, out, width, height,
            "interesting", VIPS_INTERESTING_ATTENTION, NULL);

    if (vips_shrink(in, &small, factor, factor, NULL))
        return -1;
    if (vips_smartcrop(small, &probe, width / factor, height / factor,
            "interesting", VIPS_INTERESTING_ATTENTION, NULL)) {
        g_object_unref(small);
        return -1;
    }
    /* The crop's place in the small copy, scaled back up. */
    left = VIPS_CLIP(0, -probe->Xoffset * factor, in_width - width);
    top = VIPS_CLIP(0, -probe->Yoffset * factor, in_height - height);
    g_object_unref(probe);
    g_object_unref(small);
    return vips_extract_area(in, out, left, top, width, height, NULL);
}

int
gz_drop_opaque_alpha(VipsImage *in, VipsImage **out)
{
    VipsImage *alpha = NULL;
    double min;
    int bands = vips_image_get_bands(in);

    if (!vips_image_hasalpha(in))
        return gz_same(in, out);
    if (vips_image_get_format(in) == VIPS_FORMAT_UCHAR) {
        /* Small images: a plain scan is far cheaper than a pipeline. */
        VipsImage *memory = vips_image_copy_memory(in);

        if (!memory)
            return -1;
        min = 255;
        for (int y = 0; y < vips_image_get_height(memory) && min >= 240; y++) {
            const VipsPel *p = VIPS_IMAGE_ADDR(memory, 0, y) + bands - 1;

            for (int x = 0; x < vips_image_get_width(memory); x++, p += bands)
                if (*p < min)
                    min = *p;
        }
        g_object_unref(memory);
    }
    else {
        if (vips_extract_band(in, &alpha, bands - 1, NULL))
            return -1;
        if (vips_min(alpha, &min, NULL)) {
            g_object_unref(alpha);
            return -1;
        }
        g_object_unref(alpha);
    }
    /* Renderers leave edge pixels of opaque drawings a shade short of
     * opaque (librsvg gives 251 at a corner); that is not transparency. */
    if (min < 240)
        return gz_same(in, out);
    return vips_extract_band(in, out, 0, "n", bands - 1, NULL);
}

static void *
gz_collect_field(VipsImage *image, const char *field, GValue *value, void *a)
{
    GSList **names = (GSList **) a;

    *names = g_slist_prepend(*names, g_strdup(field));
    return NULL;
}

void
gz_strip_metadata(VipsImage *image)
{
    GSList *names = NULL;

    vips_image_map(image, gz_collect_field, &names);
    for (GSList *p = names; p; p = p->next)
        vips_image_remove(image, (const char *) p->data);
    g_slist_free_full(names, g_free);
}

static guint32
gz_le32(const unsigned char *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | (guint32) p[3] << 24;
}

/* libvips 8.14's WebP saver writes an EXIF chunk even when stripping: drop
 * EXIF, XMP and ICC chunks from the RIFF container and their VP8X flags. */
static size_t
gz_webp_drop_metadata(unsigned char *buf, size_t len)
{
    size_t in = 12;
    size_t out = 12;

    if (len < 12 || memcmp(buf, "RIFF", 4) != 0 ||
        memcmp(buf + 8, "WEBP", 4) != 0)
        return len;
    while (in + 8 <= len) {
        guint32 size = gz_le32(buf + in + 4);
        size_t total = 8 + (size_t) size + (size & 1);

        if (total > len - in)
            total = len - in;
        if (memcmp(buf + in, "EXIF", 4) == 0 ||
            memcmp(buf + in, "XMP ", 4) == 0 ||
            memcmp(buf + in, "ICCP", 4) == 0) {
            in += total;
            continue;
        }
        if (memcmp(buf + in, "VP8X", 4) == 0 && size >= 1)
            buf[in + 8] &= ~(0x20 | 0x08 | 0x04);
        memmove(buf + out, buf + in, total);
        out += total;
        in += total;
    }
    buf[4] = (out - 8) & 0xFF;
    buf[5] = ((out - 8) >> 8) & 0xFF;
    buf[6] = ((out - 8) >> 16) & 0xFF;
    buf[7] = ((out - 8) >> 24) & 0xFF;
    return out;
}

static int
gz_save_webp(VipsImage *in, const char *path, int quality)
{
    void *buf = NULL;
    size_t len = 0;
    FILE *file;
    int ok;

    /* quality < 0: lossless. */
    if (quality < 0 ? vips_webpsave_buffer(in, &buf, &len,
            "strip", TRUE,
            "lossless", TRUE,
            NULL) : vips_webpsave_buffer(in, &buf, &len,
            "strip", TRUE,
            "Q", quality,
            NULL))
        return -1;
    len = gz_webp_drop_metadata(buf, len);
    if (!(file = fopen(path, "wb"))) {
        vips_error_system(errno, "webpsave", "cannot write %s", path);
        g_free(buf);
        return -1;
    }
    ok = fwrite(buf, 1, len, file) == len;
    ok = fclose(file) == 0 && ok;
    g_free(buf);
    if (!ok) {
        vips_error_system(errno, "webpsave", "cannot write %s", path);
        return -1;
    }
    return 0;
}

static int
gz_save_png_palette(VipsImage *in, const char *path, GzSaveFormat format)
{
    VipsImage *memory;
    GzPixels pixels;
    int result;

    if (vips_image_get_format(in) != VIPS_FORMAT_UCHAR ||
        vips_image_get_coding(in) != VIPS_CODING_NONE ||
        vips_image_get_bands(in) > 4)
        return format == GZ_SAVE_WEBP_ADAPTIVE ? gz_save_webp(in, path, -1)
            : vips_pngsave(in, path, "strip", TRUE, "palette", TRUE, NULL);
    if (!(memory = vips_image_copy_memory(in)))
        return -1;
    pixels.width = vips_image_get_width(memory);
    pixels.height = vips_image_get_height(memory);
    pixels.bands = vips_image_get_bands(memory);
    pixels.data = VIPS_IMAGE_ADDR(memory, 0, 0);
    result = gz_png_palette_write(&pixels, VIPS_IMAGE_SIZEOF_LINE(memory), format, path, NULL);
    if (result > 0)
        /* No palette keeps the picture (adaptive formats): truecolour. */
        result = format == GZ_SAVE_WEBP_ADAPTIVE ? gz_save_webp(memory, path, -1)
            : vips_pngsave(memory, path, "strip", TRUE, "compression", 6, NULL);
    else if (result)
        vips_error_system(errno, format == GZ_SAVE_WEBP_ADAPTIVE ? "webpsave" : "pngsave", "cannot write %s", path);
    g_object_unref(memory);
    return result;
}

int
gz_save(VipsImage *in, const char *path, GzSaveFormat format, int quality)
{
    VipsImage *flat = NULL;
    int result;

    switch (format) {
    case GZ_SAVE_PNG:
        return vips_pngsave(in, path,
            "strip", TRUE,
            "compression", 6,
            NULL);

    case GZ_SAVE_JPEG:
        /* JPEG has no alpha: composite over white. */
        if (vips_image_hasalpha(in)) {
            double white[] = { 255, 255, 255 };
            VipsArrayDouble *background = vips_array_double_new(white, 3);

            result = vips_flatten(in, &flat, "background", background, NULL);
            vips_area_unref(VIPS_AREA(background));
            if (result)
                return -1;
            in = flat;
        }
        result = vips_jpegsave(in, path,
            "strip", TRUE,
            "Q", quality,
            NULL);
        if (flat)
            g_object_unref(flat);
        return result;

    case GZ_SAVE_WEBP:
        return gz_save_webp(in, path, quality);

    case GZ_SAVE_WEBP_LOSSLESS:
        return gz_save_webp(in, path, -1);

    case GZ_SAVE_PNG_PALETTE:
    case GZ_SAVE_PNG_ADAPTIVE:
    case GZ_SAVE_WEBP_ADAPTIVE:
        return gz_save_png_palette(in, path, format);

    case GZ_SAVE_AVIF:
        return vips_heifsave(in, path,
            "strip", TRUE,
            "Q", quality,
            "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
            NULL);
    }
    vips_error("gazetteer", "unknown output format %d", (int) format);
    return -1;
}

void
gz_release_free_memory(void)
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
