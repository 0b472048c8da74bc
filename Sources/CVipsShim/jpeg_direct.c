/*
 * The direct path for the common case: a plain JPEG photo (YCbCr or grey,
 * no colour profile but sRGB, any EXIF orientation) made into JPEG
 * thumbnails, each the pixels libvips' thumbnail makes. libjpeg decodes
 * (shrinking by 2, 4 or 8 in the DCT, as libvips' shrink-on-load;
 * gz_planes_shrink imitates a further shrink without decoding again), the
 * resampler below reproduces libvips' resize, the output is turned upright,
 * and libjpeg encodes. Without libvips' pipelines, whose per-operation
 * overhead dominates on thumbnail-sized images.
 *
 * Anything unusual is declined, never guessed at: the caller then takes the
 * libvips path, which handles every case and words every failure. Declined:
 * CMYK/YCCK or other colour spaces, an embedded ICC profile other than
 * sRGB, an EXIF block that cannot be read, and any file libjpeg warns about
 * (truncated or corrupt data), so that a damaged file fails exactly as it
 * does through libvips.
 */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jpeglib.h>
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#endif

#include "vips_shim.h"
#include "shim_private.h"

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

#define GZ_TEXT(x) #x
#define GZ_VALUE_TEXT(x) GZ_TEXT(x)

const char *
gz_direct_version(void)
{
    return "libjpeg-turbo " GZ_VALUE_TEXT(LIBJPEG_TURBO_VERSION);
}

/* ---- processor-specific twins ----
 *
 * Each hot loop has a portable body, plain C written once as an
 * always-inline function, and an AVX2 twin; one dispatcher per loop (gz_split,
 * gz_join, gz_block_row, gz_down, gz_across) picks the twin when gz_may_use_avx2() says
 * so: the processor has AVX2 and the portable code is not forced
 * (gz_set_portable(1) or GAZETTEER_PORTABLE=1), asked once per picture.
 * The split, join and block twins are the same body compiled for AVX2 (the
 * compiler vectorises it); the down and across twins are intrinsics, for
 * instructions the compiler does not find (see each). All do integer
 * arithmetic with the same sums, so the twins give the same bytes; the
 * tests run both and compare. */
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define GZ_AVX2 1
#define GZ_AVX2_TARGET __attribute__((target("avx2")))
#else
#define GZ_AVX2 0
#endif
#define GZ_BODY static inline __attribute__((always_inline))

/* Planes carry this many readable bytes past their last pixel: the across
 * pass reads whole windows of up to 32 bytes (the weights past a window's
 * taps are zero). */
enum { GZ_SLACK = 32 };

/* Mask positions: 1/64 of a pixel apart, both ends included (libvips'
 * VIPS_TRANSFORM_SCALE). Taps of a mask: at most 32 (shrinks up to 5). */
enum { GZ_PHASES = 65, GZ_MAX_POINTS = 32 };

/* Interleaved pixels of one row into planes. */
GZ_BODY void
gz_split_body(const unsigned char *restrict p, int width, int bands, unsigned char *const *restrict planes)
{
    if (bands == 3) {
        unsigned char *restrict r = planes[0], *restrict g = planes[1], *restrict b = planes[2];

        for (int x = 0; x < width; x++) {
            r[x] = p[3 * x];
            g[x] = p[3 * x + 1];
            b[x] = p[3 * x + 2];
        }
    } else
        memcpy(planes[0], p, (size_t) width);
}

/* One row of planes into interleaved pixels. */
GZ_BODY void
gz_join_body(unsigned char *const *restrict planes, int width, int bands, unsigned char *restrict q)
{
    if (bands == 3) {
        const unsigned char *restrict r = planes[0], *restrict g = planes[1], *restrict b = planes[2];

        for (int x = 0; x < width; x++) {
            q[3 * x] = r[x];
            q[3 * x + 1] = g[x];
            q[3 * x + 2] = b[x];
        }
    } else
        memcpy(q, planes[0], (size_t) width);
}

/* The down pass of one output row (the portable twin; gz_down_avx2 below is
 * the other), as libvips' vector reducev: 6-bit weights
 * (1 = 64), sums in 16 bits starting at 32 (a half), shifted down 6 and
 * clamped to 0..255. rows[k] is the k-th input row of the output's window,
 * w[k] its weight; no sum can leave 16 bits (at most 255 x 127). Blocks of
 * 64 bytes keep the sums in registers (four AVX2 registers). */
GZ_BODY void
gz_down_body(const unsigned char *const *restrict rows, const short *restrict w, int n, int length,
    unsigned char *restrict q)
{
    enum { BLOCK = 64 };
    int i = 0;

    for (; i + BLOCK <= length; i += BLOCK) {
        short sum[BLOCK];

        for (int j = 0; j < BLOCK; j++)
            sum[j] = 32;
        for (int k = 0; k < n; k++) {
            const unsigned char *restrict p = rows[k] + i;
            short weight = w[k];

            for (int j = 0; j < BLOCK; j++)
                sum[j] = (short) (sum[j] + weight * p[j]);
        }
        for (int j = 0; j < BLOCK; j++) {
            int value = sum[j] >> 6;

            q[i + j] = (unsigned char) (value < 0 ? 0 : value > 255 ? 255 : value);
        }
        /* The last block ends at the row's end, over bytes already made
         * (the same values again). */
        if (i + BLOCK < length && i + 2 * BLOCK > length)
            i = length - 2 * BLOCK;
    }
    for (; i < length; i++) {
        int sum = 32;

        for (int k = 0; k < n; k++)
            sum += w[k] * rows[k][i];
        sum >>= 6;
        q[i] = (unsigned char) (sum < 0 ? 0 : sum > 255 ? 255 : sum);
    }
}

/* The across pass of one output row (the portable twin; gz_across_avx2 below
 * is the other), as libvips' reduceh: 12-bit weights
 * (1 = 4096), sums in 32 bits, rounded, clamped. Output x reads `span`
 * bytes from p + start[x] with the weights at w + x * span (zero past its
 * taps); span is a constant at each call, so the compiler unrolls it. */
GZ_BODY void
gz_across_body(const unsigned char *restrict p, const int *restrict start, const short *restrict w,
    int span, int count, unsigned char *restrict q)
{
    for (int x = 0; x < count; x++) {
        const unsigned char *restrict s = p + start[x];
        const short *restrict c = w + (size_t) x * span;
        int sum = 2048;

        for (int k = 0; k < span; k++)
            sum += c[k] * s[k];
        sum >>= 12;
        q[x] = (unsigned char) (sum < 0 ? 0 : sum > 255 ? 255 : sum);
    }
}

/* One output row of a plane shrunk by averaging factor x factor blocks, as
 * libvips' shrink does: the factor rows averaged (rounded), then the factor
 * columns of that (rounded). p is the block row's first input row, rows
 * `stride` bytes apart; `column` holds width * factor sums. factor is a
 * constant at each call (2, 4 or 8), so the loops vectorise. */
GZ_BODY void
gz_block_row_body(const unsigned char *restrict p, size_t stride, int factor, int width,
    unsigned short *restrict column, unsigned char *restrict q)
{
    int span = width * factor;

    for (int i = 0; i < span; i++)
        column[i] = (unsigned short) (factor / 2 + p[i]);
    for (int k = 1; k < factor; k++)
        for (int i = 0; i < span; i++)
            column[i] = (unsigned short) (column[i] + p[(size_t) k * stride + i]);
    for (int i = 0; i < span; i++)
        column[i] = (unsigned short) (column[i] / factor);
    for (int x = 0; x < width; x++) {
        unsigned sum = (unsigned) factor / 2;

        for (int d = 0; d < factor; d++)
            sum += column[x * factor + d];
        q[x] = (unsigned char) (sum / (unsigned) factor);
    }
}

GZ_BODY void
gz_block_row_factors(const unsigned char *p, size_t stride, int factor, int width, unsigned short *column,
    unsigned char *q)
{
    switch (factor) {
    case 2: gz_block_row_body(p, stride, 2, width, column, q); break;
    case 4: gz_block_row_body(p, stride, 4, width, column, q); break;
    default: gz_block_row_body(p, stride, 8, width, column, q); break;
    }
}

GZ_BODY void
gz_across_spans(const unsigned char *p, const int *start, const short *w, int span, int count, unsigned char *q)
{
    switch (span) {
    case 8: gz_across_body(p, start, w, 8, count, q); break;
    case 16: gz_across_body(p, start, w, 16, count, q); break;
    default: gz_across_body(p, start, w, 32, count, q); break;
    }
}

#if GZ_AVX2
GZ_AVX2_TARGET static void
gz_split_avx2(const unsigned char *p, int width, int bands, unsigned char *const *planes)
{
    gz_split_body(p, width, bands, planes);
}

GZ_AVX2_TARGET static void
gz_join_avx2(unsigned char *const *planes, int width, int bands, unsigned char *q)
{
    gz_join_body(planes, width, bands, q);
}

GZ_AVX2_TARGET static void
gz_block_row_avx2(const unsigned char *p, size_t stride, int factor, int width, unsigned short *column,
    unsigned char *q)
{
    gz_block_row_factors(p, stride, factor, width, column, q);
}

/* The down pass's AVX2 twin, in intrinsics: two rows' bytes interleaved
 * and multiplied by their two weights in one instruction (pmaddubsw, which
 * the compiler does not find in gz_down_body), 64 bytes at a time. Its pair
 * sums and totals stay far inside 16 bits (at most 255 x the sum of the
 * weights' sizes, about 85), so its saturating adds never saturate: the
 * same sums, the same bytes as gz_down_body. Rows under 64 bytes, and
 * weights outside a signed byte (none that gz_axis_make makes), go to the
 * body. */
GZ_AVX2_TARGET static void
gz_down_avx2(const unsigned char *const *rows, const short *w, int n, int length, unsigned char *q)
{
    const __m256i half = _mm256_set1_epi16(32);
    __m256i pairs[GZ_MAX_POINTS / 2 + 1];
    const unsigned char *row[GZ_MAX_POINTS + 1];
    int i = 0, fits = length >= 64;

    for (int k = 0; k < n; k++)
        fits = fits && w[k] >= -128 && w[k] <= 127;
    if (!fits) {
        gz_down_body(rows, w, n, length, q);
        return;
    }
    /* Rows in pairs, a last odd one paired with itself weighted 0. */
    for (int k = 0; k < n; k += 2) {
        int second = k + 1 < n ? w[k + 1] : 0;

        pairs[k / 2] = _mm256_set1_epi16((short) ((unsigned char) w[k] | (unsigned) (unsigned char) second << 8));
        row[k] = rows[k];
        row[k + 1] = rows[k + 1 < n ? k + 1 : k];
    }
    for (;;) {
        __m256i sum[4] = { half, half, half, half };

        for (int k = 0; k < n; k += 2) {
            for (int h = 0; h < 2; h++) {
                __m256i a = _mm256_loadu_si256((const __m256i *) (row[k] + i + 32 * h));
                __m256i b = _mm256_loadu_si256((const __m256i *) (row[k + 1] + i + 32 * h));

                sum[2 * h] = _mm256_adds_epi16(sum[2 * h],
                    _mm256_maddubs_epi16(_mm256_unpacklo_epi8(a, b), pairs[k / 2]));
                sum[2 * h + 1] = _mm256_adds_epi16(sum[2 * h + 1],
                    _mm256_maddubs_epi16(_mm256_unpackhi_epi8(a, b), pairs[k / 2]));
            }
        }
        /* Unpacking and packing both work within 128-bit halves: the bytes
         * come back in order. */
        for (int h = 0; h < 2; h++)
            _mm256_storeu_si256((__m256i *) (q + i + 32 * h),
                _mm256_packus_epi16(_mm256_srai_epi16(sum[2 * h], 6), _mm256_srai_epi16(sum[2 * h + 1], 6)));
        if (i + 64 == length)
            break;
        /* The last block ends at the row's end, over bytes already made. */
        i = i + 128 <= length ? i + 64 : length - 64;
    }
}

/* The across pass's AVX2 twin, in intrinsics: eight outputs at a time,
 * their products summed in one tree (where the compiler sums each output on
 * its own: about four times the instructions), the rest by the body. The
 * same integer sums, so the same bytes as gz_across_body. Returns how many
 * outputs it made. */
GZ_BODY GZ_AVX2_TARGET int
gz_across8_avx2(const unsigned char *p, const int *start, const short *w, int span, int count, unsigned char *q)
{
    const __m256i half = _mm256_set1_epi32(2048);
    int x = 0;

    for (; x + 8 <= count; x += 8) {
        __m256i v[8];

        for (int j = 0; j < 8; j++) {
            const unsigned char *s = p + start[x + j];
            const short *c = w + (size_t) (x + j) * span;

            if (span == 8)
                v[j] = _mm256_zextsi128_si256(_mm_madd_epi16(
                    _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *) s)), _mm_loadu_si128((const __m128i *) c)));
            else {
                v[j] = _mm256_madd_epi16(
                    _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *) s)), _mm256_loadu_si256((const __m256i *) c));
                if (span == 32)
                    v[j] = _mm256_add_epi32(v[j], _mm256_madd_epi16(
                        _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *) (s + 16))),
                        _mm256_loadu_si256((const __m256i *) (c + 16))));
            }
        }
        {
            /* Each 128-bit half: the partial sums of outputs 0-3, then 4-7. */
            __m256i low = _mm256_hadd_epi32(_mm256_hadd_epi32(v[0], v[1]), _mm256_hadd_epi32(v[2], v[3]));
            __m256i high = _mm256_hadd_epi32(_mm256_hadd_epi32(v[4], v[5]), _mm256_hadd_epi32(v[6], v[7]));
            __m256i sum = _mm256_add_epi32(_mm256_permute2x128_si256(low, high, 0x20),
                _mm256_permute2x128_si256(low, high, 0x31));
            __m128i words;

            sum = _mm256_srai_epi32(_mm256_add_epi32(sum, half), 12);
            /* Packed with saturation: clamped to 0..255. */
            words = _mm_packs_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
            _mm_storel_epi64((__m128i *) (q + x), _mm_packus_epi16(words, words));
        }
    }
    return x;
}

GZ_AVX2_TARGET static void
gz_across_avx2(const unsigned char *p, const int *start, const short *w, int span, int count, unsigned char *q)
{
    /* span a constant in each copy. */
    int x = span == 8 ? gz_across8_avx2(p, start, w, 8, count, q)
        : span == 16 ? gz_across8_avx2(p, start, w, 16, count, q) : gz_across8_avx2(p, start, w, 32, count, q);

    if (x < count)
        gz_across_spans(p, start + x, w + (size_t) x * span, span, count - x, q + x);
}
#endif

static void
gz_split_portable(const unsigned char *p, int width, int bands, unsigned char *const *planes)
{
    gz_split_body(p, width, bands, planes);
}

static void
gz_join_portable(unsigned char *const *planes, int width, int bands, unsigned char *q)
{
    gz_join_body(planes, width, bands, q);
}

static void
gz_block_row_portable(const unsigned char *p, size_t stride, int factor, int width, unsigned short *column,
    unsigned char *q)
{
    gz_block_row_factors(p, stride, factor, width, column, q);
}

static void
gz_down_portable(const unsigned char *const *rows, const short *w, int n, int length, unsigned char *q)
{
    gz_down_body(rows, w, n, length, q);
}

static void
gz_across_portable(const unsigned char *p, const int *start, const short *w, int span, int count, unsigned char *q)
{
    gz_across_spans(p, start, w, span, count, q);
}

/* The dispatchers: `avx2` is gz_may_use_avx2(), asked once per picture. */
static void
gz_split(int avx2, const unsigned char *p, int width, int bands, unsigned char *const *planes)
{
#if GZ_AVX2
    if (avx2) {
        gz_split_avx2(p, width, bands, planes);
        return;
    }
#endif
    (void) avx2;
    gz_split_portable(p, width, bands, planes);
}

static void
gz_join(int avx2, unsigned char *const *planes, int width, int bands, unsigned char *q)
{
#if GZ_AVX2
    if (avx2) {
        gz_join_avx2(planes, width, bands, q);
        return;
    }
#endif
    (void) avx2;
    gz_join_portable(planes, width, bands, q);
}

static void
gz_block_row(int avx2, const unsigned char *p, size_t stride, int factor, int width, unsigned short *column,
    unsigned char *q)
{
#if GZ_AVX2
    if (avx2) {
        gz_block_row_avx2(p, stride, factor, width, column, q);
        return;
    }
#endif
    (void) avx2;
    gz_block_row_portable(p, stride, factor, width, column, q);
}

static void
gz_down(int avx2, const unsigned char *const *rows, const short *w, int n, int length, unsigned char *q)
{
#if GZ_AVX2
    if (avx2) {
        gz_down_avx2(rows, w, n, length, q);
        return;
    }
#endif
    (void) avx2;
    gz_down_portable(rows, w, n, length, q);
}

static void
gz_across(int avx2, const unsigned char *p, const int *start, const short *w, int span, int count,
    unsigned char *q)
{
#if GZ_AVX2
    if (avx2) {
        gz_across_avx2(p, start, w, span, count, q);
        return;
    }
#endif
    (void) avx2;
    gz_across_portable(p, start, w, span, count, q);
}

/* ---- decode ---- */

void
gz_planes_free(GzPlanes *planes)
{
    free(planes->data);
    planes->data = NULL;
}

void
gz_pixels_free(GzPixels *pixels)
{
    free(pixels->data);
    pixels->data = NULL;
}

/* Whether the markers allow the direct path: no colour profile or one that
 * names itself sRGB (whose pixels are sRGB already: libvips' thumbnail,
 * like our libvips path, leaves them as they are), and a readable EXIF
 * orientation. Returns the orientation (1..8, 1 without EXIF), 0 to
 * decline. */
static int
gz_markers_plain(j_decompress_ptr cinfo)
{
    int orientation = -1;

    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 2 && m->data_length >= 12 &&
            memcmp(m->data, "ICC_PROFILE\0", 12) == 0 &&
            !(m->data_length > 14 && gz_icc_is_srgb(m->data + 14, m->data_length - 14)))
            return 0;
        /* The first EXIF block's (an XMP block reads as 1). */
        if (m->marker == JPEG_APP0 + 1 && orientation < 0 && m->data_length >= 6 && memcmp(m->data, "Exif\0\0", 6) == 0)
            orientation = gz_exif_orientation(m->data, m->data_length);
    }
    return orientation < 0 ? 1 : orientation;
}

int
gz_direct_decode(const void *buf, size_t len, int shrink, GzPlanes *out)
{
    struct jpeg_decompress_struct cinfo;
    GzJpegError err;
    unsigned char *volatile data = NULL;
    unsigned char *volatile row = NULL;
    int avx2 = gz_may_use_avx2(), orientation;

    memset(out, 0, sizeof(*out));
    if (len == 0 || len > ULONG_MAX || (shrink != 1 && shrink != 2 && shrink != 4 && shrink != 8))
        return 1;
    cinfo.err = NULL;
    gz_jpeg_errors(&err);
    cinfo.err = &err.base;
    if (setjmp(err.escape)) {
        jpeg_destroy_decompress(&cinfo);
        free(data);
        free(row);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (const unsigned char *) buf, (unsigned long) len);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    if (!(orientation = gz_markers_plain(&cinfo)) ||
        !((cinfo.jpeg_color_space == JCS_YCbCr && cinfo.num_components == 3) ||
          (cinfo.jpeg_color_space == JCS_GRAYSCALE && cinfo.num_components == 1))) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    /* libjpeg's defaults otherwise, as libvips decodes: islow DCT, fancy
     * upsampling. Grey stays grey. */
    cinfo.out_color_space = cinfo.jpeg_color_space == JCS_GRAYSCALE ? JCS_GRAYSCALE : JCS_RGB;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned) shrink;
    cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&cinfo);
    if ((cinfo.output_components != 3 && cinfo.output_components != 1) ||
        cinfo.output_width == 0 || cinfo.output_height == 0 ||
        cinfo.output_width > 65535 || cinfo.output_height > 65535) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    {
        /* libjpeg rounds a shrunk size up, the last row or column partly
         * made up; libvips rounds down, and so do we. */
        int bands = cinfo.output_components;
        size_t width = cinfo.image_width / (unsigned) shrink, height = cinfo.image_height / (unsigned) shrink;
        size_t area = width * height;

        if (width == 0 || height == 0) {
            jpeg_destroy_decompress(&cinfo);
            return 1;
        }
        data = malloc(area * bands + GZ_SLACK);
        row = malloc((size_t) cinfo.output_width * bands + GZ_SLACK);
        if (!data || !row) {
            jpeg_destroy_decompress(&cinfo);
            free(data);
            free(row);
            return 1;
        }
        while (cinfo.output_scanline < cinfo.output_height) {
            size_t y = cinfo.output_scanline;
            JSAMPROW rows[1] = { row };
            unsigned char *planes[3];

            jpeg_read_scanlines(&cinfo, rows, 1);
            if (y >= height)
                continue;
            for (int b = 0; b < bands; b++)
                planes[b] = data + area * b + width * y;
            gz_split(avx2, row, (int) width, bands, planes);
        }
        out->width = (int) width;
        out->height = (int) height;
        out->bands = bands;
        out->orientation = orientation;
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    out->data = data;
    return 0;
}

/* A DCT shrink imitated: the planes averaged over factor x factor blocks
 * (2, 4 or 8), the size rounded down as a shrunk decode's, each block the
 * pixels a shrunk decode's pixel stands for (libvips' shrink of the picture
 * cut to whole blocks). */
int
gz_planes_shrink(const GzPlanes *in, int factor, GzPlanes *out)
{
    int width = in->width / (factor > 0 ? factor : 1), height = in->height / (factor > 0 ? factor : 1);
    size_t area = (size_t) width * height, in_area = (size_t) in->width * in->height;
    unsigned short *column;
    int avx2 = gz_may_use_avx2();

    memset(out, 0, sizeof(*out));
    if ((factor != 2 && factor != 4 && factor != 8) || width == 0 || height == 0)
        return 1;
    out->data = malloc(area * in->bands + GZ_SLACK);
    column = malloc(sizeof(*column) * (size_t) width * factor);
    if (!out->data || !column) {
        free(column);
        gz_planes_free(out);
        return 1;
    }
    for (int b = 0; b < in->bands; b++)
        for (int y = 0; y < height; y++)
            gz_block_row(avx2, in->data + in_area * b + (size_t) y * factor * in->width, (size_t) in->width, factor,
                width, column, out->data + area * b + (size_t) y * width);
    free(column);
    out->width = width;
    out->height = height;
    out->bands = in->bands;
    out->orientation = in->orientation;
    return 0;
}

/* ---- encode ---- */

int
gz_direct_save_jpeg(const GzPixels *in, const char *path, int quality)
{
    struct jpeg_compress_struct cinfo;
    GzJpegError err;
    FILE *volatile file;

    if ((in->bands != 3 && in->bands != 1) || in->width <= 0 || in->height <= 0)
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
    cinfo.input_components = in->bands;
    cinfo.in_color_space = in->bands == 3 ? JCS_RGB : JCS_GRAYSCALE;
    jpeg_set_defaults(&cinfo);
    /* As libvips writes below Q 90 (4:2:0, baseline, the standard tables
     * scaled by quality), with two differences: Huffman tables made for the
     * picture, which saves about 3.5% of the bytes, and the colour tables
     * scaled for quality + 5, which spends about as much. Measured on real
     * photographs (make quality), that raises SSIM more than any other use
     * of the bytes tried (finer luma tables, 4:4:4): colour errors show in
     * every channel of RGB. */
    if (in->bands == 3) {
        UINT16 colour[DCTSIZE2];

        jpeg_set_quality(&cinfo, quality + 5 < 100 ? quality + 5 : 100, TRUE);
        memcpy(colour, cinfo.quant_tbl_ptrs[1]->quantval, sizeof(colour));
        jpeg_set_quality(&cinfo, quality, TRUE);
        memcpy(cinfo.quant_tbl_ptrs[1]->quantval, colour, sizeof(colour));
    } else
        jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.optimize_coding = TRUE;
    cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = in->data + (size_t) cinfo.next_scanline * in->width * in->bands;

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

/* ---- resampling: libvips' reduce, reproduced ----
 *
 * gz_direct_resize does what libvips 8.14's resize does for a shrink (its
 * thumbnail's step after shrink-on-load), to the byte (the tests compare
 * with libvips' own thumbnail), then turns the result upright: down
 * first, then across; on each axis a whole factor averaged first where the
 * shrink leaves at least twice that (shrinkv / shrinkh, the "gap" of 2),
 * then Lanczos-3 over 2 * rint(3 * shrink) + 1 taps at positions rounded to
 * 1/64 of a pixel, edges repeated, output pixel centres placed so that the
 * input left over by rounding the size is shared by both edges. The down
 * pass has 6-bit weights summed in 16 bits (libvips' vector reducev), the
 * across pass 12-bit weights truncated toward zero (its reduceh). Only the
 * window kept by the crop is computed. */

/* libvips' Lanczos-3 mask at phase x (0..1) for a shrink: n weights
 * summing to 1. */
static void
gz_lanczos3_mask(double *c, int n, double shrink, double x)
{
    const double pi = 3.14159265358979323846;
    double half = x + n / 2.0 - 1, sum = 0;

    for (int i = 0; i < n; i++) {
        double xp = (i - half) / shrink;
        double l = xp == 0.0 ? 1.0 : xp < -3 || xp > 3 ? 0.0
            : 3.0 * sin(pi * xp) * sin(pi * xp / 3.0) / (pi * pi * xp * xp);

        c[i] = l;
        sum += l;
    }
    for (int i = 0; i < n; i++)
        c[i] /= sum;
}

/* Weights in fixed point summing to round(sum * scale), as libvips'
 * vips_vector_to_fixed_point: the mask scaled by a factor found by bisection
 * near `scale`, any error left spread over the first weights. */
static void
gz_fixed_point(const double *in, int *out, int n, int scale)
{
    double fsum = 0, high, low;
    int target, sum = 0;

    for (int i = 0; i < n; i++)
        fsum += in[i];
    target = (int) rint(fsum * scale);
    high = scale + (n + 1) / 2;
    low = scale - (n + 1) / 2;
    do {
        double guess = (high + low) / 2.0;

        sum = 0;
        for (int i = 0; i < n; i++) {
            out[i] = (int) rint(in[i] * guess);
            sum += out[i];
        }
        if (sum == target)
            break;
        if (sum < target)
            low = guess;
        if (sum > target)
            high = guess;
    } while (high - low > 0.01);
    if (sum != target) {
        int each = (target - sum) / n, extra = (target - sum) % n;
        int direction = extra > 0 ? 1 : -1, count = abs(extra);

        for (int i = 0; i < n; i++)
            out[i] += each;
        for (int i = 0; i < count; i++)
            out[i] += direction;
    }
}

/* The 65 masks of one shrink and precision, kept for the process: every
 * picture of a size and every thumbnail of a preset share them. */
typedef struct {
    double shrink;
    int bits;
    int points;
    short weight[GZ_PHASES][GZ_MAX_POINTS];
} GzMasks;

enum { GZ_MASK_CACHE = 16 };
static GzMasks *gz_mask_cache[GZ_MASK_CACHE];
static int gz_mask_next;
static pthread_mutex_t gz_mask_lock = PTHREAD_MUTEX_INITIALIZER;

/* The masks of a shrink, made on first use; NULL without memory. Taken with
 * gz_mask_lock held (entries are replaced, so a caller copies what it needs
 * before letting go). */
static const GzMasks *
gz_masks_locked(double shrink, int bits, int points)
{
    GzMasks *masks;
    double exact[GZ_MAX_POINTS];
    int fixed[GZ_MAX_POINTS];

    for (int i = 0; i < GZ_MASK_CACHE; i++)
        if (gz_mask_cache[i] && gz_mask_cache[i]->shrink == shrink && gz_mask_cache[i]->bits == bits)
            return gz_mask_cache[i];
    if (!(masks = calloc(1, sizeof(*masks))))
        return NULL;
    masks->shrink = shrink;
    masks->bits = bits;
    masks->points = points;
    for (int phase = 0; phase < GZ_PHASES; phase++) {
        /* The phase as libvips has it: a float, then a double. */
        gz_lanczos3_mask(exact, points, shrink, (double) ((float) phase / (GZ_PHASES - 1)));
        if (bits == 6)
            gz_fixed_point(exact, fixed, points, 64);
        else
            for (int i = 0; i < points; i++)
                fixed[i] = (int) (exact[i] * 4096);
        for (int i = 0; i < points; i++)
            masks->weight[phase][i] = (short) fixed[i];
    }
    free(gz_mask_cache[gz_mask_next]);
    gz_mask_cache[gz_mask_next] = masks;
    gz_mask_next = (gz_mask_next + 1) % GZ_MASK_CACHE;
    return masks;
}

/* One axis of a reduce: `size` inputs to round(size / shrink) outputs, of
 * which outputs first .. first + count - 1 are made. Output i reads `span`
 * inputs (after the box) from start[i], weights at weight + i * span, taps
 * past the edges folded onto the edge pixel (the same sum as repeating it). */
typedef struct {
    int box;        /* whole factor averaged first (1: none) */
    int boxed;      /* inputs after the box: ceil(size / box) */
    int span;       /* weights per output: 8, 16 or 32 (or 1 for a copy) */
    int low, high;  /* inputs (after the box) that any output reads */
    int *start;
    int *taps;      /* inputs each output reads (its weights past them are zero) */
    short *weight;
} GzAxis;

static void
gz_axis_free(GzAxis *axis)
{
    free(axis->start);
    free(axis->taps);
    free(axis->weight);
    axis->start = NULL;
    axis->taps = NULL;
    axis->weight = NULL;
}

/* 0, or -1 when the axis is not one this code makes (an enlargement, a
 * window outside the output, a mask over 32 taps) or without memory. */
static int
gz_axis_make(GzAxis *axis, int size, double shrink, int first, int count, int bits)
{
    int outputs = (int) ((double) size / shrink + 0.5);
    double extra = outputs * shrink - size;
    int points = 1, embed = 0;
    double offset = 0;
    const GzMasks *masks = NULL;

    memset(axis, 0, sizeof(*axis));
    if (!(shrink >= 1.0) || outputs <= 0 || first < 0 || count <= 0 || first + count > outputs)
        return -1;
    axis->box = 1;
    {
        int whole = (int) floor((double) size / outputs / 2.0);

        if (whole > 1) {
            axis->box = whole;
            shrink /= whole;
            extra /= whole;
        }
    }
    axis->boxed = (int) ceil((double) size / axis->box);
    if (shrink != 1.0) {
        points = 2 * (int) rint(3 * shrink) + 1;
        if (points > GZ_MAX_POINTS)
            return -1;
        offset = (1 + extra) / 2.0 - 1;
        embed = (int) ceil(points / 2.0) - 1;
    }
    axis->span = points == 1 ? 1 : points <= 8 ? 8 : points <= 16 ? 16 : 32;
    axis->start = malloc(sizeof(int) * (size_t) count);
    axis->taps = malloc(sizeof(int) * (size_t) count);
    axis->weight = calloc((size_t) count * axis->span, sizeof(short));
    if (!axis->start || !axis->taps || !axis->weight) {
        gz_axis_free(axis);
        return -1;
    }
    if (points > 1) {
        pthread_mutex_lock(&gz_mask_lock);
        masks = gz_masks_locked(shrink, bits, points);
        if (!masks) {
            pthread_mutex_unlock(&gz_mask_lock);
            gz_axis_free(axis);
            return -1;
        }
    }
    axis->low = axis->boxed;
    axis->high = 0;
    for (int i = 0; i < count; i++) {
        short *w = axis->weight + (size_t) i * axis->span;
        int from, to;

        if (points == 1) {
            from = to = first + i < axis->boxed ? first + i : axis->boxed - 1;
            w[0] = (short) (1 << bits);
        } else {
            /* libvips' arithmetic, in the coordinates of its input with
             * `embed` pixels repeated before the first. */
            double at = (first + i + 0.5) * shrink - 0.5 - offset;
            int whole = (int) at;
            int phase = (((int) (at * (GZ_PHASES - 1) * 2) & ((GZ_PHASES - 1) * 2 - 1)) + 1) >> 1;
            const short *mask = masks->weight[phase];
            int tap0 = whole - embed;

            from = tap0 < 0 ? 0 : tap0 > axis->boxed - 1 ? axis->boxed - 1 : tap0;
            to = from;
            for (int k = 0; k < points; k++) {
                int tap = tap0 + k;

                tap = tap < 0 ? 0 : tap > axis->boxed - 1 ? axis->boxed - 1 : tap;
                w[tap - from] = (short) (w[tap - from] + mask[k]);
                if (tap > to)
                    to = tap;
            }
        }
        axis->start[i] = from;
        axis->taps[i] = to - from + 1;
        if (from < axis->low)
            axis->low = from;
        if (to + 1 > axis->high)
            axis->high = to + 1;
    }
    if (masks)
        pthread_mutex_unlock(&gz_mask_lock);
    return 0;
}

/* The average of `box` inputs, the last repeated past the edge, rounded (as
 * libvips' shrinkv and shrinkh with ceil). Rows: outputs low..high-1 of a
 * plane, columns from..to-1; into `out`, rows of to - from bytes. The sums
 * row by row, in 16 bits (box <= 256 taps of 255), so that the loops
 * vectorise. */
static int
gz_box_rows(const unsigned char *plane, int width, int height, int box, int low, int high, int from, int to,
    unsigned char *out)
{
    int length = to - from;
    unsigned short *sum = malloc(sizeof(*sum) * (size_t) length);

    if (!sum)
        return -1;
    for (int r = low; r < high; r++) {
        unsigned char *restrict q = out + (size_t) (r - low) * length;

        for (int x = 0; x < length; x++)
            sum[x] = (unsigned short) (box / 2);
        for (int k = 0; k < box; k++) {
            int y = r * box + k < height ? r * box + k : height - 1;
            const unsigned char *restrict p = plane + (size_t) y * width + from;

            for (int x = 0; x < length; x++)
                sum[x] = (unsigned short) (sum[x] + p[x]);
        }
        if (box == 2)
            for (int x = 0; x < length; x++)
                q[x] = (unsigned char) (sum[x] >> 1);
        else
            for (int x = 0; x < length; x++)
                q[x] = (unsigned char) (sum[x] / box);
    }
    free(sum);
    return 0;
}

static void
gz_box_columns(const unsigned char *p, int width, int box, int low, int high, unsigned char *q)
{
    int c = low;

    /* Whole boxes inside the row first, then those reaching its end. */
    if (box == 2)
        for (; c < high && 2 * c + 1 < width; c++)
            q[c - low] = (unsigned char) ((p[2 * c] + p[2 * c + 1] + 1) >> 1);
    for (; c < high; c++) {
        unsigned sum = 0;

        for (int k = 0; k < box; k++)
            sum += p[c * box + k < width ? c * box + k : width - 1];
        q[c - low] = (unsigned char) ((sum + box / 2) / box);
    }
}

static int
gz_resize_window(const GzPlanes *in, double hshrink, double vshrink, int left, int top, int width,
    int height, GzPixels *out)
{
    GzAxis across, down;
    int bands = in->bands, avx2 = gz_may_use_avx2();
    int result = -1;
    /* The columns the across pass reads (before its box). */
    int columns_from, columns_to, columns;
    size_t plane_size = (size_t) in->width * in->height;
    unsigned char *boxed = NULL, *middle = NULL, *narrow = NULL, *made = NULL;
    const unsigned char **rows = NULL;

    memset(out, 0, sizeof(*out));
    if ((bands != 1 && bands != 3) || gz_axis_make(&down, in->height, vshrink, top, height, 6))
        return -1;
    if (gz_axis_make(&across, in->width, hshrink, left, width, 12)) {
        gz_axis_free(&down);
        return -1;
    }
    columns_from = across.low * across.box;
    columns_to = across.high * across.box < in->width ? across.high * across.box : in->width;
    columns = columns_to - columns_from;
    out->width = width;
    out->height = height;
    out->bands = bands;
    out->data = malloc((size_t) width * height * bands + GZ_SLACK);
    middle = malloc((size_t) columns + GZ_SLACK);
    narrow = malloc((size_t) (across.high - across.low) + GZ_SLACK);
    made = malloc((size_t) width * bands + GZ_SLACK);
    rows = malloc(sizeof(*rows) * (size_t) down.span);
    if (down.box > 1)
        boxed = malloc((size_t) bands * (down.high - down.low) * columns + GZ_SLACK);
    if (!out->data || !middle || !narrow || !made || !rows || (down.box > 1 && !boxed))
        goto done;
    /* The across pass reads from its window's first input. */
    for (int x = 0; x < width; x++)
        across.start[x] -= across.low;
    if (down.box > 1)
        for (int b = 0; b < bands; b++)
            if (gz_box_rows(in->data + plane_size * b, in->width, in->height, down.box, down.low, down.high,
                    columns_from, columns_to, boxed + (size_t) b * (down.high - down.low) * columns))
                goto done;

    for (int y = 0; y < height; y++) {
        for (int b = 0; b < bands; b++) {
            /* The down pass's input: the plane, or its rows averaged. */
            const unsigned char *source = in->data + plane_size * b + columns_from;
            size_t stride = (size_t) in->width;
            int first_row = 0, n = down.taps[y];
            const unsigned char *line;
            unsigned char *q = made + (size_t) width * b;

            if (down.box > 1) {
                source = boxed + (size_t) b * (down.high - down.low) * columns;
                stride = (size_t) columns;
                first_row = down.low;
            }
            for (int k = 0; k < n; k++)
                rows[k] = source + (size_t) (down.start[y] + k - first_row) * stride;
            if (down.span == 1) {
                line = rows[0];
            } else {
                gz_down(avx2, rows, down.weight + (size_t) y * down.span, n, columns, middle);
                line = middle;
            }
            if (across.box > 1) {
                gz_box_columns(line - columns_from, in->width, across.box, across.low, across.high, narrow);
                line = narrow;
            }
            if (across.span == 1)
                for (int x = 0; x < width; x++)
                    q[x] = line[across.start[x]];
            else
                gz_across(avx2, line, across.start, across.weight, across.span, width, q);
        }
        {
            unsigned char *planes[3] = { made, made + width, made + 2 * (size_t) width };

            gz_join(avx2, planes, width, bands, out->data + (size_t) y * width * bands);
        }
    }
    result = 0;

done:
    free(boxed);
    free(middle);
    free(narrow);
    free(made);
    free(rows);
    gz_axis_free(&down);
    gz_axis_free(&across);
    if (result)
        gz_pixels_free(out);
    return result;
}

/* Where the displayed pixel (x, y) of an orientation (libvips' autorot: a
 * turn clockwise, then a mirror for 2, 4, 5 and 7) comes from in a stored
 * picture of width x height. */
static void
gz_stored_point(int orientation, int width, int height, int x, int y, int *sx, int *sy)
{
    static const short turn[9] = { 0, 0, 0, 180, 180, 90, 90, 270, 270 };
    int mirror = orientation == 2 || orientation == 4 || orientation == 5 || orientation == 7;
    int angle = turn[orientation];

    if (mirror)
        x = (angle == 90 || angle == 270 ? height : width) - 1 - x;
    switch (angle) {
    case 90: *sx = y; *sy = height - 1 - x; break;
    case 180: *sx = width - 1 - x; *sy = height - 1 - y; break;
    case 270: *sx = width - 1 - y; *sy = x; break;
    default: *sx = x; *sy = y; break;
    }
}

int
gz_direct_resize(const GzPlanes *in, double hshrink, double vshrink, int left, int top, int width,
    int height, GzPixels *out)
{
    int orientation = in->orientation >= 1 && in->orientation <= 8 ? in->orientation : 1;
    int turned = orientation >= 5;
    /* The stored picture's axes and its resized size (libvips resizes, then
     * turns: thumbnail's order). */
    double across = turned ? vshrink : hshrink, down = turned ? hshrink : vshrink;
    int stored_width, stored_height, x0, y0, x1, y1;
    GzPixels stored;

    memset(out, 0, sizeof(*out));
    if (orientation == 1)
        return gz_resize_window(in, hshrink, vshrink, left, top, width, height, out);
    if (!(across >= 1.0) || !(down >= 1.0))
        return -1;
    stored_width = (int) ((double) in->width / across + 0.5);
    stored_height = (int) ((double) in->height / down + 0.5);
    if (width <= 0 || height <= 0 || left < 0 || top < 0 ||
        left + width > (turned ? stored_height : stored_width) || top + height > (turned ? stored_width : stored_height))
        return -1;
    /* The window's corners in the stored picture, then its pixels turned. */
    gz_stored_point(orientation, stored_width, stored_height, left, top, &x0, &y0);
    gz_stored_point(orientation, stored_width, stored_height, left + width - 1, top + height - 1, &x1, &y1);
    if (x0 > x1) { int t = x0; x0 = x1; x1 = t; }
    if (y0 > y1) { int t = y0; y0 = y1; y1 = t; }
    if (gz_resize_window(in, across, down, x0, y0, x1 - x0 + 1, y1 - y0 + 1, &stored))
        return -1;
    out->width = width;
    out->height = height;
    out->bands = stored.bands;
    if (!(out->data = malloc((size_t) width * height * stored.bands + GZ_SLACK))) {
        gz_pixels_free(&stored);
        return -1;
    }
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            int sx, sy;

            gz_stored_point(orientation, stored_width, stored_height, left + x, top + y, &sx, &sy);
            memcpy(out->data + ((size_t) y * width + x) * stored.bands,
                stored.data + ((size_t) (sy - y0) * stored.width + (sx - x0)) * stored.bands, (size_t) stored.bands);
        }
    gz_pixels_free(&stored);
    return 0;
}
