/*
 * The direct path for the common case: a plain JPEG photo (YCbCr or grey,
 * no colour profile but sRGB, any EXIF orientation) made into JPEG
 * thumbnails without libvips' pipelines (whose per-operation overhead
 * dominates on thumbnail-sized images), and without leaving JPEG's own
 * planes: libjpeg decodes Y, Cb and Cr as the file stores them (chroma at
 * its own resolution: no upsampling, no conversion to RGB), each plane is
 * resampled on its own straight to the output's planes (Y at the output's
 * size, Cb and Cr at half of it, as 4:2:0 keeps them), turned upright, and
 * libjpeg encodes those planes as they are. Each output pixel stands where
 * libvips' thumbnail puts it (the caller works out the geometry); the
 * filter is Lanczos-3, from the decoded planes or their 2x2 averages
 * (made once per picture, as the outputs ask for them), whichever leaves
 * it a shrink of about two.
 *
 * Anything unusual is declined, never guessed at: the caller then takes the
 * libvips path, which handles every case and words every failure. Declined:
 * CMYK/YCCK or other colour spaces, an embedded ICC profile other than
 * sRGB, an EXIF block that cannot be read, chroma sampled other than by
 * whole factors, and any file libjpeg warns about (truncated or corrupt
 * data), so that a damaged file fails exactly as it does through libvips.
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
 * always-inline function, and an AVX2 twin; one dispatcher per loop
 * (gz_halve_row, gz_down, gz_across) picks the twin when gz_may_use_avx2()
 * says so: the processor has AVX2 and the portable code is not forced
 * (gz_set_portable(1) or GAZETTEER_PORTABLE=1), asked once per output.
 * The halving twin is the same body compiled for AVX2 (the compiler
 * vectorises it); the down and across twins are intrinsics, for
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

/* Planes carry this many readable bytes past their last sample: the across
 * pass reads whole windows of up to 32 bytes (the weights past a window's
 * taps are zero). */
enum { GZ_SLACK = 32 };

/* Mask positions: 1/64 of a pixel apart, both ends included (as libvips'
 * VIPS_TRANSFORM_SCALE). Taps of a mask: at most 32 (shrinks up to 5). */
enum { GZ_PHASES = 65, GZ_MAX_POINTS = 32 };

/* One row of a plane halved on both axes: each output the rounded average
 * of a 2x2 block of rows a and b (b is a again at a plane's odd last row),
 * an odd last column averaged with itself. */
GZ_BODY void
gz_halve_row_body(const unsigned char *restrict a, const unsigned char *restrict b, int width,
    unsigned char *restrict q)
{
    int pairs = width / 2;

    for (int x = 0; x < pairs; x++)
        q[x] = (unsigned char) ((a[2 * x] + a[2 * x + 1] + b[2 * x] + b[2 * x + 1] + 2) >> 2);
    if (width % 2)
        q[pairs] = (unsigned char) ((2 * a[width - 1] + 2 * b[width - 1] + 2) >> 2);
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
gz_halve_row_avx2(const unsigned char *a, const unsigned char *b, int width, unsigned char *q)
{
    gz_halve_row_body(a, b, width, q);
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
gz_halve_row_portable(const unsigned char *a, const unsigned char *b, int width, unsigned char *q)
{
    gz_halve_row_body(a, b, width, q);
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

/* The dispatchers: `avx2` is gz_may_use_avx2(), asked once per output. */
static void
gz_halve_row(int avx2, const unsigned char *a, const unsigned char *b, int width, unsigned char *q)
{
#if GZ_AVX2
    if (avx2) {
        gz_halve_row_avx2(a, b, width, q);
        return;
    }
#endif
    (void) avx2;
    gz_halve_row_portable(a, b, width, q);
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

#if JPEG_LIB_VERSION >= 70
#define GZ_DCT_SIZE(component) ((component)->DCT_h_scaled_size)
#define GZ_MIN_DCT_SIZE(cinfo) ((cinfo)->min_DCT_h_scaled_size)
#else
#define GZ_DCT_SIZE(component) ((component)->DCT_scaled_size)
#define GZ_MIN_DCT_SIZE(cinfo) ((cinfo)->min_DCT_scaled_size)
#endif

void
gz_planes_free(GzPlanes *planes)
{
    for (int b = 0; b < 3; b++)
        for (int level = 0; level < GZ_LEVELS; level++) {
            free(planes->plane[b][level].data);
            planes->plane[b][level].data = NULL;
        }
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
    int orientation;

    memset(out, 0, sizeof(*out));
    if (len == 0 || len > ULONG_MAX || (shrink != 1 && shrink != 2 && shrink != 4 && shrink != 8))
        return 1;
    cinfo.err = NULL;
    gz_jpeg_errors(&err);
    cinfo.err = &err.base;
    if (setjmp(err.escape)) {
        jpeg_destroy_decompress(&cinfo);
        gz_planes_free(out);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (const unsigned char *) buf, (unsigned long) len);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    if (!(orientation = gz_markers_plain(&cinfo)) ||
        !((cinfo.jpeg_color_space == JCS_YCbCr && cinfo.num_components == 3) ||
          (cinfo.jpeg_color_space == JCS_GRAYSCALE && cinfo.num_components == 1)) ||
        cinfo.image_width > 65535 || cinfo.image_height > 65535) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    /* The planes as stored, shrunk in the DCT (islow, as libvips decodes). */
    cinfo.raw_data_out = TRUE;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned) shrink;
    cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&cinfo);
    {
        int bands = cinfo.num_components, lines = cinfo.max_v_samp_factor * GZ_MIN_DCT_SIZE(&cinfo);
        /* At most 4 blocks of 8 rows each iMCU row. */
        JSAMPROW rows[3][32];
        JSAMPARRAY image[3] = { rows[0], rows[1], rows[2] };

        for (int b = 0; b < bands; b++) {
            jpeg_component_info *component = &cinfo.comp_info[b];
            GzPlane *plane = &out->plane[b][0];
            int size = GZ_DCT_SIZE(component);
            int across = cinfo.max_h_samp_factor * DCTSIZE, down = cinfo.max_v_samp_factor * DCTSIZE;

            /* Each sample stands for a whole number of source pixels. */
            if (size < 1 || component->v_samp_factor * size > 32 || across % (component->h_samp_factor * size) ||
                down % (component->v_samp_factor * size)) {
                jpeg_destroy_decompress(&cinfo);
                gz_planes_free(out);
                return 1;
            }
            plane->width = (int) component->downsampled_width;
            plane->height = (int) component->downsampled_height;
            /* libjpeg writes whole blocks, up to the last iMCU row's end. */
            plane->stride = (size_t) component->width_in_blocks * size;
            plane->step_x = across / (component->h_samp_factor * size);
            plane->step_y = down / (component->v_samp_factor * size);
            plane->data = malloc(plane->stride * cinfo.total_iMCU_rows * component->v_samp_factor * size + GZ_SLACK);
            if (!plane->data || plane->width == 0 || plane->height == 0) {
                jpeg_destroy_decompress(&cinfo);
                gz_planes_free(out);
                return 1;
            }
        }
        for (unsigned row = 0; cinfo.output_scanline < cinfo.output_height; row++) {
            for (int b = 0; b < bands; b++) {
                jpeg_component_info *component = &cinfo.comp_info[b];
                int count = component->v_samp_factor * GZ_DCT_SIZE(component);

                for (int k = 0; k < count; k++)
                    rows[b][k] = out->plane[b][0].data + ((size_t) row * count + k) * out->plane[b][0].stride;
            }
            jpeg_read_raw_data(&cinfo, image, (JDIMENSION) lines);
        }
        out->width = (int) cinfo.image_width;
        out->height = (int) cinfo.image_height;
        out->bands = bands;
        out->orientation = orientation;
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

/* Level `level` of band b: the decoded plane halved `level` times by 2x2
 * averages, made on first use from the level above; NULL without memory. */
static const GzPlane *
gz_plane_level(GzPlanes *planes, int b, int level, int avx2)
{
    GzPlane *plane = &planes->plane[b][level];
    const GzPlane *above;

    if (level == 0 || plane->data)
        return plane;
    if (!(above = gz_plane_level(planes, b, level - 1, avx2)))
        return NULL;
    plane->width = (above->width + 1) / 2;
    plane->height = (above->height + 1) / 2;
    plane->stride = (size_t) plane->width;
    plane->step_x = 2 * above->step_x;
    plane->step_y = 2 * above->step_y;
    if (!(plane->data = malloc(plane->stride * plane->height + GZ_SLACK)))
        return NULL;
    for (int y = 0; y < plane->height; y++) {
        const unsigned char *a = above->data + (size_t) 2 * y * above->stride;

        gz_halve_row(avx2, a, 2 * y + 1 < above->height ? a + above->stride : a, above->width,
            plane->data + (size_t) y * plane->stride);
    }
    return plane;
}

/* ---- resampling ----
 *
 * Separable Lanczos-3 as libvips' reduce: down first, then across; on each
 * axis 2 * rint(3 * shrink) + 1 taps at positions rounded to 1/64 of a
 * sample, edges repeated. The down pass has 6-bit weights summed in 16 bits
 * (libvips' vector reducev), the across pass 12-bit weights (its reduceh).
 * Where each output sample stands is the caller's: an affine map from the
 * output's samples to the input's. */

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
        gz_fixed_point(exact, fixed, points, 1 << bits);
        for (int i = 0; i < points; i++)
            masks->weight[phase][i] = (short) fixed[i];
    }
    free(gz_mask_cache[gz_mask_next]);
    gz_mask_cache[gz_mask_next] = masks;
    gz_mask_next = (gz_mask_next + 1) % GZ_MASK_CACHE;
    return masks;
}

/* One axis of a resample: output k (0 .. count - 1) centred at input
 * position u0 + k * r (input samples centred at 0 .. size - 1), r input
 * samples per output. Output k reads `span` inputs from start[k], with the
 * weights at weight + k * span (zero past its taps); taps past the edges
 * are folded onto the edge sample (the same sum as repeating it). */
typedef struct {
    int span;       /* weights per output: 8, 16 or 32 (or 1 for a copy) */
    int low, high;  /* inputs that any output reads */
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

/* 0, or -1 for a mask over 32 taps (a shrink over about 5) or without
 * memory. An enlargement (r < 1) interpolates with the mask of r = 1. */
static int
gz_axis_make(GzAxis *axis, int size, double u0, double r, int count, int bits)
{
    /* A copy where the outputs fall on the inputs. */
    int copy = r == 1.0 && u0 == floor(u0);
    double shrink = r > 1.0 ? r : 1.0;
    int points = copy ? 1 : 2 * (int) rint(3 * shrink) + 1;
    const GzMasks *masks = NULL;

    memset(axis, 0, sizeof(*axis));
    if (!(r > 0) || size <= 0 || count <= 0 || points > GZ_MAX_POINTS)
        return -1;
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
    axis->low = size;
    axis->high = 0;
    for (int k = 0; k < count; k++) {
        short *w = axis->weight + (size_t) k * axis->span;
        double u = u0 + k * r;
        int from, to;

        if (points == 1) {
            from = to = u < 0 ? 0 : u > size - 1 ? size - 1 : (int) u;
            w[0] = (short) (1 << bits);
        } else {
            /* A mask of 2q + 1 taps is centred at its tap q - 1/2 + phase / 64. */
            double t = u - (points - 1) / 2 + 0.5;
            int tap0 = (int) floor(t);
            const short *mask = masks->weight[(int) rint((t - tap0) * (GZ_PHASES - 1))];

            from = tap0 < 0 ? 0 : tap0 > size - 1 ? size - 1 : tap0;
            to = from;
            for (int i = 0; i < points; i++) {
                int tap = tap0 + i;

                tap = tap < 0 ? 0 : tap > size - 1 ? size - 1 : tap;
                w[tap - from] = (short) (w[tap - from] + mask[i]);
                if (tap > to)
                    to = tap;
            }
        }
        axis->start[k] = from;
        axis->taps[k] = to - from + 1;
        if (from < axis->low)
            axis->low = from;
        if (to + 1 > axis->high)
            axis->high = to + 1;
    }
    if (masks)
        pthread_mutex_unlock(&gz_mask_lock);
    return 0;
}

/* Plane `in` resampled to width x height samples, rows `stride` bytes
 * apart from q: output (x, y) centred at input (ux + x * rx, uy + y * ry).
 * Down first, then across; only the input columns the outputs read. */
static int
gz_resample(const GzPlane *in, double ux, double rx, double uy, double ry, int width, int height,
    unsigned char *q, size_t stride, int avx2)
{
    GzAxis across, down;
    unsigned char *middle = NULL;
    const unsigned char **rows = NULL;
    int result = -1, columns;

    if (gz_axis_make(&down, in->height, uy, ry, height, 6))
        return -1;
    if (gz_axis_make(&across, in->width, ux, rx, width, 12)) {
        gz_axis_free(&down);
        return -1;
    }
    columns = across.high - across.low;
    middle = malloc((size_t) columns + GZ_SLACK);
    rows = malloc(sizeof(*rows) * (size_t) down.span);
    if (!middle || !rows)
        goto done;
    /* The across pass reads from the first column read. */
    for (int x = 0; x < width; x++)
        across.start[x] -= across.low;
    for (int y = 0; y < height; y++) {
        const unsigned char *line = middle;
        unsigned char *out = q + (size_t) y * stride;

        for (int k = 0; k < down.taps[y]; k++)
            rows[k] = in->data + (size_t) (down.start[y] + k) * in->stride + across.low;
        if (down.span == 1)
            line = rows[0];
        else
            gz_down(avx2, rows, down.weight + (size_t) y * down.span, down.taps[y], columns, middle);
        if (across.span == 1)
            for (int x = 0; x < width; x++)
                out[x] = line[across.start[x]];
        else
            gz_across(avx2, line, across.start, across.weight, across.span, width, out);
    }
    result = 0;

done:
    free(middle);
    free(rows);
    gz_axis_free(&down);
    gz_axis_free(&across);
    return result;
}

/* Where the displayed point (x, y) of an orientation (libvips' autorot: a
 * turn clockwise, then a mirror for 2, 4, 5 and 7) is in a stored picture
 * of width x height pixels (pixel centres at whole numbers). */
static void
gz_stored_point(int orientation, int width, int height, double x, double y, double *sx, double *sy)
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

/* A stored plane of width x height turned upright into q (rows `stride`
 * apart). */
static void
gz_turn(int orientation, const unsigned char *in, int width, int height, unsigned char *q, size_t stride)
{
    int turned = orientation >= 5, shown_width = turned ? height : width, shown_height = turned ? width : height;
    double x0, y0, x1, y1, x2, y2;
    ptrdiff_t origin, dx, dy;

    /* Where the upright (0, 0), (1, 0) and (0, 1) are stored: the rest follows by steps. */
    gz_stored_point(orientation, width, height, 0, 0, &x0, &y0);
    gz_stored_point(orientation, width, height, 1, 0, &x1, &y1);
    gz_stored_point(orientation, width, height, 0, 1, &x2, &y2);
    origin = (ptrdiff_t) y0 * width + (ptrdiff_t) x0;
    dx = (ptrdiff_t) (y1 - y0) * width + (ptrdiff_t) (x1 - x0);
    dy = (ptrdiff_t) (y2 - y0) * width + (ptrdiff_t) (x2 - x0);
    for (int y = 0; y < shown_height; y++) {
        const unsigned char *p = in + origin + y * dy;

        for (int x = 0; x < shown_width; x++)
            q[(size_t) y * stride + x] = p[x * dx];
    }
}

/* The encoder reads whole blocks (and MCUs): the columns right of a plane's
 * width and the rows below its height repeat its last. */
static void
gz_pad(unsigned char *q, size_t stride, int width, int height, int rows)
{
    for (int y = 0; y < height; y++)
        memset(q + (size_t) y * stride + width, q[(size_t) y * stride + width - 1], stride - (size_t) width);
    for (int y = height; y < rows; y++)
        memcpy(q + (size_t) y * stride, q + (size_t) (height - 1) * stride, stride);
}

/* ---- encode ---- */

/* Y (and Cb, Cr at half its size on each axis, rounded up), padded as
 * gz_pad leaves them, written as a baseline JPEG at `quality`. */
static int
gz_write_planes(unsigned char *const *plane, const size_t *stride, int bands, int width, int height,
    const char *path, int quality)
{
    struct jpeg_compress_struct cinfo;
    GzJpegError err;
    FILE *volatile file;

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
    cinfo.image_width = (JDIMENSION) width;
    cinfo.image_height = (JDIMENSION) height;
    cinfo.input_components = bands;
    cinfo.in_color_space = bands == 3 ? JCS_YCbCr : JCS_GRAYSCALE;
    jpeg_set_defaults(&cinfo);
    /* As libvips writes below Q 90 (4:2:0, baseline, the standard tables
     * scaled by quality), with two differences: Huffman tables made for the
     * picture, which saves about 3.5% of the bytes, and the colour tables
     * scaled for quality + 5, which spends about as much. Measured on real
     * photographs (make quality), that raises SSIM more than any other use
     * of the bytes tried (finer luma tables, 4:4:4): colour errors show in
     * every channel of RGB. */
    if (bands == 3) {
        UINT16 colour[DCTSIZE2];

        jpeg_set_quality(&cinfo, quality + 5 < 100 ? quality + 5 : 100, TRUE);
        memcpy(colour, cinfo.quant_tbl_ptrs[1]->quantval, sizeof(colour));
        jpeg_set_quality(&cinfo, quality, TRUE);
        memcpy(cinfo.quant_tbl_ptrs[1]->quantval, colour, sizeof(colour));
    } else
        jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.optimize_coding = TRUE;
    cinfo.dct_method = JDCT_ISLOW;
    /* The planes as they are: no conversion, no downsampling. */
    cinfo.raw_data_in = TRUE;
    jpeg_start_compress(&cinfo, TRUE);
    {
        /* An MCU row: 16 rows of Y and 8 of each chroma plane, or 8 of grey. */
        int lines = bands == 3 ? 16 : 8;
        JSAMPROW rows[3][16];
        JSAMPARRAY image[3] = { rows[0], rows[1], rows[2] };

        while (cinfo.next_scanline < cinfo.image_height) {
            size_t y = cinfo.next_scanline;

            for (int b = 0; b < bands; b++)
                for (int k = 0; k < (b ? lines / 2 : lines); k++)
                    rows[b][k] = plane[b] + ((b ? y / 2 : y) + k) * stride[b];
            jpeg_write_raw_data(&cinfo, image, (JDIMENSION) lines);
        }
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    if (fclose(file) != 0) {
        unlink(path);
        return 1;
    }
    return 0;
}

/* A plane's shrink left after halving it: as far as leaves this much (as
 * libvips' thumbnail leaves its resize a factor of two after shrink-on-load). */
static double
gz_keep(void)
{
    const char *text = getenv("GZ_KEEP");

    return text ? atof(text) : 2.0;
}

int
gz_direct_make(GzPlanes *in, int width, int height, double ax, double bx, double ay, double by,
    const char *path, int quality)
{
    int orientation = in->orientation >= 1 && in->orientation <= 8 ? in->orientation : 1;
    int turned = orientation >= 5, avx2 = gz_may_use_avx2(), bands = in->bands, result = 1;
    /* The output as stored (the source's way round), and its steps in stored source pixels. */
    int stored_width = turned ? height : width, stored_height = turned ? width : height;
    double across = turned ? by : bx, down = turned ? bx : by;
    double mirrored_x, mirrored_y, sx, sy, origin_x, origin_y;
    unsigned char *plane[3] = { NULL, NULL, NULL }, *stored = NULL;
    size_t stride[3];

    if ((bands != 1 && bands != 3) || width <= 0 || height <= 0 || width > 65535 || height > 65535 ||
        !(bx > 0) || !(by > 0))
        return 1;
    /* The stored axes that run against the displayed ones (where a 2 x 2
     * picture keeps its displayed first pixel), and where the stored
     * output's first pixel stands in the stored source. */
    gz_stored_point(orientation, 2, 2, 0, 0, &mirrored_x, &mirrored_y);
    gz_stored_point(orientation, in->width, in->height, ax, ay, &sx, &sy);
    origin_x = sx - (mirrored_x > 0 ? stored_width - 1 : 0) * across;
    origin_y = sy - (mirrored_y > 0 ? stored_height - 1 : 0) * down;
    for (int b = 0; b < bands; b++) {
        int chroma = b > 0, factor = chroma ? 2 : 1, level = 0;
        /* Sizes upright and stored; the plane padded to whole MCUs. */
        int shown_w = (width + factor - 1) / factor, shown_h = (height + factor - 1) / factor;
        int w = (stored_width + factor - 1) / factor, h = (stored_height + factor - 1) / factor;
        int unit = (bands == 3 ? 16 : 8) / factor;
        int rows = (height + factor * unit - 1) / (factor * unit) * unit;
        /* A chroma sample's centre, in stored output pixels: between its two
         * pixels, the upright picture's first pair (on a stored axis running
         * against an odd displayed one, the stored first sample is one alone). */
        double fx = !chroma ? 0 : mirrored_x > 0 && stored_width % 2 ? -0.5 : 0.5;
        double fy = !chroma ? 0 : mirrored_y > 0 && stored_height % 2 ? -0.5 : 0.5;
        double x0 = origin_x + fx * across, y0 = origin_y + fy * down;
        const GzPlane *source = &in->plane[b][0];
        double keep = gz_keep();

        stride[b] = (size_t) (shown_w + unit - 1) / unit * unit;
        if (!(plane[b] = malloc(stride[b] * rows + GZ_SLACK)))
            goto done;
        while (level + 1 < GZ_LEVELS && factor * across >= keep * source->step_x * (2 << level) &&
               factor * down >= keep * source->step_y * (2 << level))
            level++;
        if (!(source = gz_plane_level(in, b, level, avx2)))
            goto done;
        {
            double ux = (x0 + 0.5) / source->step_x - 0.5, rx = factor * across / source->step_x;
            double uy = (y0 + 0.5) / source->step_y - 0.5, ry = factor * down / source->step_y;

            if (orientation == 1) {
                if (gz_resample(source, ux, rx, uy, ry, w, h, plane[b], stride[b], avx2))
                    goto done;
            } else {
                free(stored);
                if (!(stored = malloc((size_t) w * h + GZ_SLACK)) ||
                    gz_resample(source, ux, rx, uy, ry, w, h, stored, (size_t) w, avx2))
                    goto done;
                gz_turn(orientation, stored, w, h, plane[b], stride[b]);
            }
        }
        gz_pad(plane[b], stride[b], shown_w, shown_h, rows);
    }
    result = gz_write_planes(plane, stride, bands, width, height, path, quality);

done:
    free(stored);
    for (int b = 0; b < 3; b++)
        free(plane[b]);
    return result;
}
