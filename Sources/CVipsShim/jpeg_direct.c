/*
 * The direct path for the common case: a plain JPEG photo (YCbCr or grey,
 * no colour profile, upright) made into JPEG thumbnails. libjpeg decodes
 * (shrinking by 2, 4 or 8 in the DCT), the resampler below makes every size
 * from the one decoded picture, and libjpeg encodes. On this machine that is
 * about four times less CPU than the same work through libvips' pipelines,
 * whose per-operation overhead dominates on thumbnail-sized images.
 *
 * Anything unusual is declined, never guessed at: the caller then takes the
 * libvips path, which handles every case and words every failure. Declined:
 * CMYK/YCCK or other colour spaces, an embedded ICC profile, an EXIF
 * orientation other than 1, and any file libjpeg warns about (truncated or
 * corrupt data), so that a damaged file fails exactly as it does through
 * libvips.
 */
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jpeglib.h>

#include "vips_shim.h"
#include "shim_private.h"

/* The hot loops are compiled for AVX2 too, chosen at run time. */
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define GZ_AVX2 1
#else
#define GZ_AVX2 0
#endif

/* Every pixel buffer is allocated this much longer than its pixels, so that
 * a pixel can be read as four bytes. */
enum { GZ_SLACK = 4 };

/* ---- libjpeg error handling: every error and warning jumps out ---- */

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
} GzJpegError;

static void
gz_jpeg_error_exit(j_common_ptr cinfo)
{
    longjmp(((GzJpegError *) cinfo->err)->escape, 1);
}

static void
gz_jpeg_emit_message(j_common_ptr cinfo, int level)
{
    /* level < 0: a warning (corrupt data, premature end): decline. */
    if (level < 0)
        longjmp(((GzJpegError *) cinfo->err)->escape, 1);
}

static void
gz_jpeg_output_message(j_common_ptr cinfo)
{
    (void) cinfo;
}

static void
gz_jpeg_errors(GzJpegError *err)
{
    jpeg_std_error(&err->base);
    err->base.error_exit = gz_jpeg_error_exit;
    err->base.emit_message = gz_jpeg_emit_message;
    err->base.output_message = gz_jpeg_output_message;
}

/* ---- markers ---- */

static unsigned
gz_read16(const JOCTET *p, int little)
{
    return little ? (unsigned) p[0] | (unsigned) p[1] << 8
                  : (unsigned) p[0] << 8 | (unsigned) p[1];
}

static unsigned long
gz_read32(const JOCTET *p, int little)
{
    return little
        ? (unsigned long) p[0] | (unsigned long) p[1] << 8 |
            (unsigned long) p[2] << 16 | (unsigned long) p[3] << 24
        : (unsigned long) p[0] << 24 | (unsigned long) p[1] << 16 |
            (unsigned long) p[2] << 8 | (unsigned long) p[3];
}

/* The EXIF orientation in an APP1 marker: 1 when absent, 0 when the block
 * cannot be read (declined). */
static int
gz_exif_orientation(const JOCTET *data, unsigned length)
{
    const JOCTET *tiff;
    unsigned long size, ifd;
    unsigned entries;
    int little;

    if (length < 6 || memcmp(data, "Exif\0\0", 6) != 0)
        return 1;
    tiff = data + 6;
    size = length - 6;
    if (size < 8)
        return 0;
    if (tiff[0] == 'I' && tiff[1] == 'I')
        little = 1;
    else if (tiff[0] == 'M' && tiff[1] == 'M')
        little = 0;
    else
        return 0;
    ifd = gz_read32(tiff + 4, little);
    if (ifd > size - 2)
        return 0;
    entries = gz_read16(tiff + ifd, little);
    if ((unsigned long) entries * 12 > size - ifd - 2)
        return 0;
    for (unsigned i = 0; i < entries; i++) {
        const JOCTET *entry = tiff + ifd + 2 + 12 * i;

        if (gz_read16(entry, little) == 0x0112) {
            unsigned value = gz_read16(entry + 8, little);

            /* A SHORT, count 1. */
            if (gz_read16(entry + 2, little) != 3 || gz_read32(entry + 4, little) != 1)
                return 0;
            return value >= 1 && value <= 8 ? (int) value : 0;
        }
    }
    return 1;
}

/* Whether the markers allow the direct path: no ICC profile, upright. */
static int
gz_markers_plain(j_decompress_ptr cinfo)
{
    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 2 && m->data_length >= 12 &&
            memcmp(m->data, "ICC_PROFILE\0", 12) == 0)
            return 0;
        if (m->marker == JPEG_APP0 + 1 && gz_exif_orientation(m->data, m->data_length) != 1)
            return 0;
    }
    return 1;
}

#define GZ_TEXT(x) #x
#define GZ_VALUE_TEXT(x) GZ_TEXT(x)

const char *
gz_direct_version(void)
{
    return "libjpeg-turbo " GZ_VALUE_TEXT(LIBJPEG_TURBO_VERSION);
}

/* ---- decode ---- */

int
gz_direct_decode(const void *buf, size_t len, int shrink, GzPixels *out)
{
    struct jpeg_decompress_struct cinfo;
    GzJpegError err;
    unsigned char *volatile data = NULL;

    memset(out, 0, sizeof(*out));
    if (len == 0 || len > ULONG_MAX || (shrink != 1 && shrink != 2 && shrink != 4 && shrink != 8))
        return 1;
    cinfo.err = NULL;
    gz_jpeg_errors(&err);
    cinfo.err = &err.base;
    if (setjmp(err.escape)) {
        jpeg_destroy_decompress(&cinfo);
        free(data);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (const unsigned char *) buf, (unsigned long) len);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    if (!gz_markers_plain(&cinfo) ||
        !((cinfo.jpeg_color_space == JCS_YCbCr && cinfo.num_components == 3) ||
          (cinfo.jpeg_color_space == JCS_GRAYSCALE && cinfo.num_components == 1))) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    cinfo.out_color_space = JCS_RGB;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned) shrink;
    cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_components != 3 || cinfo.output_width == 0 || cinfo.output_height == 0 ||
        cinfo.output_width > 65535 || cinfo.output_height > 65535) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    {
        size_t stride = (size_t) cinfo.output_width * 3;

        data = malloc(stride * cinfo.output_height + GZ_SLACK);
        if (!data) {
            jpeg_destroy_decompress(&cinfo);
            return 1;
        }
        while (cinfo.output_scanline < cinfo.output_height) {
            JSAMPROW rows[4];
            int count = 0;

            for (; count < 4 && cinfo.output_scanline + count < cinfo.output_height; count++)
                rows[count] = data + stride * (cinfo.output_scanline + count);
            jpeg_read_scanlines(&cinfo, rows, (JDIMENSION) count);
        }
    }
    jpeg_finish_decompress(&cinfo);
    out->width = (int) cinfo.output_width;
    out->height = (int) cinfo.output_height;
    out->bands = 3;
    out->data = data;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

/* ---- encode ---- */

int
gz_direct_save_jpeg(const GzPixels *in, const char *path, int quality)
{
    struct jpeg_compress_struct cinfo;
    GzJpegError err;
    FILE *volatile file;

    if (in->bands != 3 || in->width <= 0 || in->height <= 0)
        return 1;
    if (!(file = fopen(path, "wb")))
        return 1;
    gz_jpeg_errors(&err);
    cinfo.err = &err.base;
    if (setjmp(err.escape)) {
        jpeg_destroy_compress(&cinfo);
        fclose(file);
        unlink(path);
        return 1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, file);
    cinfo.image_width = (JDIMENSION) in->width;
    cinfo.image_height = (JDIMENSION) in->height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    /* As libvips writes below Q 90: 4:2:0, baseline, standard tables. */
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = in->data + (size_t) cinfo.next_scanline * in->width * 3;

        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    if (fclose(file) != 0) {
        unlink(path);
        return 1;
    }
    return 0;
}

/* ---- resampling ---- */

void
gz_pixels_free(GzPixels *pixels)
{
    free(pixels->data);
    pixels->data = NULL;
}

enum { GZ_WEIGHT_BITS = 14 };

typedef unsigned char GzByte4 __attribute__((vector_size(4)));
typedef int GzInt4 __attribute__((vector_size(16)));

/* Taps of one axis: output i reads count[i] inputs from start[i]. */
typedef struct {
    int *start;
    int *count;
    int *weight;
    int taps;
} GzAxis;

static void
gz_axis_free(GzAxis *axis)
{
    free(axis->start);
    free(axis->count);
    free(axis->weight);
}

static double
gz_sinc(double x)
{
    if (x == 0)
        return 1;
    x *= M_PI;
    return sin(x) / x;
}

static double
gz_lanczos3(double x)
{
    return fabs(x) < 3 ? gz_sinc(x) * gz_sinc(x / 3) : 0;
}

/* Lanczos-3 weights mapping `size` inputs onto `target` outputs (pixel
 * centres aligned), for outputs `offset` .. `offset + count - 1`, edges
 * clamped, in fixed point summing exactly to 1 << GZ_WEIGHT_BITS. */
static int
gz_axis_make(GzAxis *axis, int size, int target, double given, int offset, int count)
{
    /* Input pixels per output pixel: the one scale of both axes when given
     * (as libvips' thumbnail resizes, then crops), else size over target. */
    double scale = given > 0 ? given : (double) size / target;
    double stretch = scale > 1 ? scale : 1;
    double support = 3 * stretch;
    int taps = (int) ceil(2 * support) + 2;
    double *exact = malloc(sizeof(double) * taps);

    axis->start = malloc(sizeof(int) * count);
    axis->count = malloc(sizeof(int) * count);
    axis->weight = calloc((size_t) count * taps, sizeof(int));
    axis->taps = taps;
    if (!exact || !axis->start || !axis->count || !axis->weight) {
        free(exact);
        gz_axis_free(axis);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        double centre = (i + offset + 0.5) * scale - 0.5;
        int first = (int) floor(centre - support) + 1;
        int last = (int) ceil(centre + support) - 1;
        int low = first < 0 ? 0 : first;
        int high = last > size - 1 ? size - 1 : last;

        /* A given scale may reach a little past the edge: the edge pixel. */
        if (high < 0)
            high = 0;
        if (low > high)
            low = high;
        double total = 0;
        int *w = axis->weight + (size_t) i * taps;
        int sum = 0, peak = 0;

        if (high - low + 1 > taps)
            high = low + taps - 1;
        for (int k = 0; k <= high - low; k++)
            exact[k] = 0;
        for (int j = first; j <= last; j++) {
            int at = j < low ? low : j > high ? high : j;
            double value = gz_lanczos3((j - centre) / stretch);

            exact[at - low] += value;
            total += value;
        }
        for (int k = 0; k <= high - low; k++) {
            w[k] = (int) lround(exact[k] / total * (1 << GZ_WEIGHT_BITS));
            sum += w[k];
            if (abs(w[k]) > abs(w[peak]))
                peak = k;
        }
        /* Rounding leftovers go to the heaviest tap: flat stays flat. */
        w[peak] += (1 << GZ_WEIGHT_BITS) - sum;
        axis->start[i] = low;
        axis->count[i] = high - low + 1;
    }
    free(exact);
    return 0;
}

static unsigned char
gz_clamp_pixel(int value)
{
    value = (value + (1 << (GZ_WEIGHT_BITS - 1))) >> GZ_WEIGHT_BITS;
    return value < 0 ? 0 : value > 255 ? 255 : (unsigned char) value;
}

/* One output row of a 2 x 2 average: the two rows summed (a loop the
 * compiler vectorises), then neighbouring pixels. Compiled for AVX2 too. */
#define GZ_BOX2_ROW(suffix, attributes)                                         \
    attributes static void                                                      \
    gz_box2_row_##suffix(const unsigned char *restrict top, size_t stride,      \
        int width, int bands, unsigned *restrict sums, unsigned char *restrict q) \
    {                                                                           \
        const unsigned char *restrict bottom = top + stride;                    \
        int span = 2 * width * bands;                                           \
        for (int i = 0; i < span; i++)                                          \
            sums[i] = (unsigned) top[i] + bottom[i];                            \
        if (bands == 3)                                                         \
            for (int x = 0; x < width; x++) {                                   \
                const unsigned *restrict p = sums + 6 * x;                      \
                q[3 * x] = (unsigned char) ((p[0] + p[3] + 2) >> 2);            \
                q[3 * x + 1] = (unsigned char) ((p[1] + p[4] + 2) >> 2);        \
                q[3 * x + 2] = (unsigned char) ((p[2] + p[5] + 2) >> 2);        \
            }                                                                   \
        else                                                                    \
            for (int x = 0; x < width; x++)                                     \
                for (int b = 0; b < bands; b++)                                 \
                    q[x * bands + b] = (unsigned char)                          \
                        ((sums[2 * x * bands + b] + sums[(2 * x + 1) * bands + b] + 2) >> 2); \
    }

#if GZ_AVX2
GZ_BOX2_ROW(avx2, __attribute__((target("avx2"))))
#endif
GZ_BOX2_ROW(baseline, )

static void
gz_box2_row(const unsigned char *top, size_t stride, int width, int bands,
    unsigned *sums, unsigned char *q)
{
#if GZ_AVX2
    if (gz_may_use_avx2()) {
        gz_box2_row_avx2(top, stride, width, bands, sums, q);
        return;
    }
#endif
    gz_box2_row_baseline(top, stride, width, bands, sums, q);
}

/* Average factor x factor blocks (the size rounded down). */
static int
gz_box(const GzPixels *in, int factor, GzPixels *out)
{
    int bands = in->bands;
    int width = in->width / factor, height = in->height / factor;
    size_t in_stride = (size_t) in->width * bands;
    int span = width * bands;
    /* sum / area, rounded, as a multiply and a shift. */
    unsigned area = (unsigned) (factor * factor);
    unsigned reciprocal = (65536 + area / 2) / area;
    unsigned *sums;

    out->width = width;
    out->height = height;
    out->bands = bands;
    out->data = malloc((size_t) width * height * bands + GZ_SLACK);
    sums = malloc(sizeof(unsigned) * (size_t) span * 2);
    if (!out->data || !sums) {
        free(sums);
        gz_pixels_free(out);
        return -1;
    }
    for (int y = 0; y < height; y++) {
        unsigned char *q = out->data + (size_t) y * span;

        if (factor == 2) {
            gz_box2_row(in->data + (size_t) y * 2 * in_stride, in_stride, width, bands, sums, q);
            continue;
        }
        memset(sums, 0, sizeof(unsigned) * (size_t) span);
        for (int dy = 0; dy < factor; dy++) {
            const unsigned char *p = in->data + (size_t) (y * factor + dy) * in_stride;

            for (int x = 0; x < width; x++)
                for (int dx = 0; dx < factor; dx++)
                    for (int b = 0; b < bands; b++)
                        sums[x * bands + b] += p[(x * factor + dx) * bands + b];
        }
        for (int i = 0; i < span; i++)
            q[i] = (unsigned char) ((sums[i] * reciprocal + (1u << 15)) >> 16);
    }
    free(sums);
    return 0;
}

/* The two passes of the resampler, in integers (so the same on every
 * machine), each compiled twice: for AVX2 when the processor has it, and
 * for the baseline. */
#define GZ_PASSES(suffix, attributes)                                           \
    attributes static void                                                      \
    gz_pass_across_##suffix(const GzPixels *in, const GzAxis *across,           \
        int first_row, int rows, int width, unsigned char *restrict middle)     \
    {                                                                           \
        int bands = in->bands;                                                  \
        for (int r = 0; r < rows; r++) {                                        \
            const unsigned char *restrict p =                                   \
                in->data + (size_t) (first_row + r) * in->width * bands;        \
            unsigned char *restrict q = middle + (size_t) r * width * bands;    \
            for (int x = 0; x < width; x++) {                                   \
                const int *restrict w = across->weight + (size_t) x * across->taps; \
                const unsigned char *restrict s = p + (size_t) across->start[x] * bands; \
                int n = across->count[x];                                       \
                if (bands == 3) {                                               \
                    /* A pixel and the next byte as one vector of four (the    \
                     * fourth lane ignored; buffers carry GZ_SLACK bytes).     */\
                    GzInt4 sum = { 0, 0, 0, 0 };                                \
                    for (int k = 0; k < n; k++) {                               \
                        GzByte4 bytes;                                          \
                        memcpy(&bytes, s + 3 * k, 4);                           \
                        sum += w[k] * __builtin_convertvector(bytes, GzInt4);   \
                    }                                                           \
                    q[3 * x] = gz_clamp_pixel(sum[0]);                          \
                    q[3 * x + 1] = gz_clamp_pixel(sum[1]);                      \
                    q[3 * x + 2] = gz_clamp_pixel(sum[2]);                      \
                }                                                               \
                else                                                            \
                    for (int b = 0; b < bands; b++) {                           \
                        int sum = 0;                                            \
                        for (int k = 0; k < n; k++)                             \
                            sum += w[k] * s[k * bands + b];                     \
                        q[x * bands + b] = gz_clamp_pixel(sum);                 \
                    }                                                           \
            }                                                                   \
        }                                                                       \
    }                                                                           \
                                                                                \
    attributes static void                                                      \
    gz_pass_down_##suffix(const unsigned char *restrict middle, int first_row,  \
        const GzAxis *down, int span, int height, int *restrict line,           \
        unsigned char *restrict out)                                            \
    {                                                                           \
        for (int y = 0; y < height; y++) {                                      \
            const int *restrict w = down->weight + (size_t) y * down->taps;     \
            const unsigned char *restrict s =                                   \
                middle + (size_t) (down->start[y] - first_row) * span;          \
            int n = down->count[y];                                             \
            unsigned char *restrict q = out + (size_t) y * span;                \
            for (int i = 0; i < span; i++)                                      \
                line[i] = 1 << (GZ_WEIGHT_BITS - 1);                            \
            for (int k = 0; k < n; k++, s += span) {                            \
                int weight = w[k];                                              \
                for (int i = 0; i < span; i++)                                  \
                    line[i] += weight * s[i];                                   \
            }                                                                   \
            for (int i = 0; i < span; i++) {                                    \
                int value = line[i] >> GZ_WEIGHT_BITS;                          \
                q[i] = (unsigned char) (value < 0 ? 0 : value > 255 ? 255 : value); \
            }                                                                   \
        }                                                                       \
    }

#if GZ_AVX2
GZ_PASSES(avx2, __attribute__((target("avx2"))))
#endif
GZ_PASSES(baseline, )

static void
gz_pass_across(const GzPixels *in, const GzAxis *across, int first_row, int rows,
    int width, unsigned char *middle)
{
#if GZ_AVX2
    if (gz_may_use_avx2()) {
        gz_pass_across_avx2(in, across, first_row, rows, width, middle);
        return;
    }
#endif
    gz_pass_across_baseline(in, across, first_row, rows, width, middle);
}

static void
gz_pass_down(const unsigned char *middle, int first_row, const GzAxis *down,
    int span, int height, int *line, unsigned char *out)
{
#if GZ_AVX2
    if (gz_may_use_avx2()) {
        gz_pass_down_avx2(middle, first_row, down, span, height, line, out);
        return;
    }
#endif
    gz_pass_down_baseline(middle, first_row, down, span, height, line, out);
}

int
gz_pixels_resample(const GzPixels *source, int target_width, int target_height,
    double scale, int left, int top, int width, int height, GzPixels *out)
{
    GzPixels boxed = { 0, 0, 0, NULL };
    const GzPixels *in = source;
    int bands = source->bands;
    int factor;
    int result = -1;

    memset(out, 0, sizeof(*out));
    if (target_width <= 0 || target_height <= 0 || width <= 0 || height <= 0 ||
        left < 0 || top < 0 || left + width > target_width || top + height > target_height)
        return -1;

    /* Whole factors first, by averaging blocks, as far as leaves the
     * Lanczos pass at least a factor of two (as libvips' resize does, with
     * its gap of 2): a box filter alone is soft and aliases, the Lanczos
     * pass after it is what keeps the picture sharp. */
    factor = source->width / target_width < source->height / target_height
        ? source->width / target_width : source->height / target_height;
    factor /= 2;
    if (factor >= 2) {
        if (gz_box(source, factor, &boxed))
            return -1;
        in = &boxed;
    }

    out->width = width;
    out->height = height;
    out->bands = bands;
    if (!(out->data = malloc((size_t) width * height * bands + GZ_SLACK)))
        goto done;

    if (gz_near(in->width, target_width) && gz_near(in->height, target_height)) {
        /* Within a pixel or two: resampling would only blur. Copy, the
         * last row or column repeated where the image is a little short. */
        for (int y = 0; y < height; y++) {
            int sy = y + top < in->height ? y + top : in->height - 1;
            int start = left < in->width ? left : in->width - 1;
            int have = in->width - start < width ? in->width - start : width;
            unsigned char *q = out->data + (size_t) y * width * bands;
            const unsigned char *p = in->data + ((size_t) sy * in->width + start) * bands;

            memcpy(q, p, (size_t) have * bands);
            for (int x = have; x < width; x++)
                memcpy(q + (size_t) x * bands, q + (size_t) (have - 1) * bands, (size_t) bands);
        }
        result = 0;
        goto done;
    }

    {
        GzAxis across, down;
        int first_row, last_row, rows;
        int *line;
        unsigned char *middle;

        /* The box pass divided the scale by its factor. */
        double rest = scale > 0 ? scale / (factor >= 2 ? factor : 1) : 0;

        if (gz_axis_make(&across, in->width, target_width, rest, left, width))
            goto done;
        if (gz_axis_make(&down, in->height, target_height, rest, top, height)) {
            gz_axis_free(&across);
            goto done;
        }
        /* Down first, over whole rows (the loop the compiler vectorises
         * best, so it takes the larger share), then across the rows it
         * made: a third less time than the other order for a halving. */
        (void) first_row;
        (void) last_row;
        (void) rows;
        middle = malloc((size_t) height * in->width * bands + GZ_SLACK);
        line = malloc(sizeof(int) * (size_t) in->width * bands);
        if (!middle || !line) {
            free(middle);
            free(line);
            gz_axis_free(&across);
            gz_axis_free(&down);
            goto done;
        }
        gz_pass_down(in->data, 0, &down, in->width * bands, height, line, middle);
        {
            GzPixels rows_made = { in->width, height, bands, middle };

            gz_pass_across(&rows_made, &across, 0, height, width, out->data);
        }
        free(middle);
        free(line);
        gz_axis_free(&across);
        gz_axis_free(&down);
        result = 0;
    }

done:
    gz_pixels_free(&boxed);
    if (result)
        gz_pixels_free(out);
    return result;
}
