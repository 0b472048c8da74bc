/*
 * The direct path for the common case: a plain JPEG photo (YCbCr or grey,
 * no colour profile but sRGB, any EXIF orientation) made into JPEG
 * thumbnails without libvips' pipelines (whose per-operation overhead
 * dominates on thumbnail-sized images), and without leaving JPEG's own
 * planes: libjpeg decodes Y, Cb and Cr as the file stores them (chroma at
 * its own resolution: no upsampling, no conversion to RGB), each plane is
 * resampled on its own straight to the output's planes (Y at the output's
 * size, Cb and Cr at half of it, as 4:2:0 keeps them) and turned upright;
 * their DCT and Huffman tables are made here, and libjpeg codes them. Each
 * output pixel stands where libvips' thumbnail puts it (the caller works
 * out the geometry); the filter is Lanczos-3, from the decoded planes or
 * their 2x2 averages (made once per picture, as the outputs ask for them),
 * whichever leaves it a shrink of about two.
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

/* The FDCT's twins must round alike: no multiply-adds fused in one and not
 * the other. */
#pragma STDC FP_CONTRACT OFF

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
 * (gz_halve_row, gz_down, gz_across, gz_fdct) picks the twin when
 * gz_may_use_avx2() says so: the processor has AVX2 and the portable code
 * is not forced (gz_set_portable(1) or GAZETTEER_PORTABLE=1), asked once
 * per output. The halving twin is the same body compiled for AVX2 (the
 * compiler vectorises it); the down, across and FDCT twins are intrinsics,
 * for instructions the compiler does not find (see each). The resampling
 * twins do integer arithmetic with the same sums, the FDCT twins the same
 * float operations in the same order, so the twins give the same bytes;
 * the tests run both and compare. */
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define GZ_AVX2 1
#define GZ_AVX2_TARGET __attribute__((target("avx2")))
#else
#define GZ_AVX2 0
#endif
#define GZ_BODY static inline __attribute__((always_inline))

/* Planes carry this many readable bytes past their last sample: the across
 * pass reads whole windows of up to 64 bytes (the weights past a window's
 * taps are zero). */
enum { GZ_SLACK = 64 };

/* Mask positions: 1/64 of a pixel apart, both ends included (as libvips'
 * VIPS_TRANSFORM_SCALE). Taps of a mask: at most 64 (shrinks up to 10:
 * the halvings leave at most about 4, twice that on the finer axis of a
 * plane sampled unevenly, as 4:2:2 chroma). */
enum { GZ_PHASES = 65, GZ_MAX_POINTS = 64 };

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

/* The 1-D DCT of each column of an 8 x 8 block, in place: libjpeg's float
 * FDCT (Arai, Agui and Nakajima's, 5 multiplications), output u scaled by
 * its scale factor and 2 sqrt(2) (undone with the quantisation). The
 * portable twin's; gz_dct_rows_avx2 is the same on the eight columns at
 * once. */
GZ_BODY void
gz_dct_columns(float b[8][8])
{
    for (int j = 0; j < 8; j++) {
        float tmp0 = b[0][j] + b[7][j], tmp7 = b[0][j] - b[7][j];
        float tmp1 = b[1][j] + b[6][j], tmp6 = b[1][j] - b[6][j];
        float tmp2 = b[2][j] + b[5][j], tmp5 = b[2][j] - b[5][j];
        float tmp3 = b[3][j] + b[4][j], tmp4 = b[3][j] - b[4][j];
        float tmp10 = tmp0 + tmp3, tmp13 = tmp0 - tmp3, tmp11 = tmp1 + tmp2, tmp12 = tmp1 - tmp2;
        float z1 = (tmp12 + tmp13) * 0.707106781f, z2, z3, z4, z5, z11, z13;

        /* Even part. */
        b[0][j] = tmp10 + tmp11;
        b[4][j] = tmp10 - tmp11;
        b[2][j] = tmp13 + z1;
        b[6][j] = tmp13 - z1;
        /* Odd part. */
        tmp10 = tmp4 + tmp5;
        tmp11 = tmp5 + tmp6;
        tmp12 = tmp6 + tmp7;
        z5 = (tmp10 - tmp12) * 0.382683433f;
        z2 = 0.541196100f * tmp10 + z5;
        z4 = 1.306562965f * tmp12 + z5;
        z3 = tmp11 * 0.707106781f;
        z11 = tmp7 + z3;
        z13 = tmp7 - z3;
        b[5][j] = z13 + z2;
        b[3][j] = z13 - z2;
        b[1][j] = z11 + z4;
        b[7][j] = z11 - z4;
    }
}

/* Bit n set where coefficient n of a block is nonzero. */
GZ_BODY unsigned long long
gz_nonzero_body(const short *restrict block)
{
    unsigned char flag[DCTSIZE2];
    unsigned long long mask = 0;

    for (int n = 0; n < DCTSIZE2; n++)
        flag[n] = block[n] != 0;
    /* Eight flags at a time: the multiplication moves flag i (byte i) to
     * bit 56 + i, the other products landing elsewhere without carries. */
    for (int r = 0; r < 8; r++) {
        unsigned long long w;

        memcpy(&w, flag + 8 * r, 8);
        mask |= (w * 0x0102040810204080ull) >> 56 << 8 * r;
    }
    return mask;
}

/* One 8 x 8 block of samples (rows `stride` apart) to quantised DCT
 * coefficients in natural order, as libjpeg's float FDCT and quantiser make
 * them (the portable twin; gz_fdct_avx2 below is the other): the samples
 * less 128, the DCT down, the block turned, the DCT down again (across the
 * block as it was), turned back, times `divisors` (1 / the step and the
 * scale), rounded to the nearest as libjpeg rounds. Returns the nonzero
 * coefficients' bits. */
GZ_BODY unsigned long long
gz_fdct_body(const unsigned char *restrict p, size_t stride, const float *restrict divisors, short *restrict out)
{
    float b[8][8], t[8][8];

    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            b[i][j] = (float) p[(size_t) i * stride + j] - 128.0f;
    gz_dct_columns(b);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            t[j][i] = b[i][j];
    gz_dct_columns(t);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            b[j][i] = t[i][j];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            out[8 * i + j] = (short) ((int) (b[i][j] * divisors[8 * i + j] + 16384.5f) - 16384);
    return gz_nonzero_body(out);
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
    case 32: gz_across_body(p, start, w, 32, count, q); break;
    default: gz_across_body(p, start, w, 64, count, q); break;
    }
}

#if GZ_AVX2
GZ_AVX2_TARGET static void
gz_halve_row_avx2(const unsigned char *a, const unsigned char *b, int width, unsigned char *q)
{
    gz_halve_row_body(a, b, width, q);
}

/* gz_dct_columns on rows b[0..7] of eight floats each: the same
 * operations, on the eight columns at once. */
GZ_BODY GZ_AVX2_TARGET void
gz_dct_rows_avx2(__m256 *b)
{
    __m256 tmp0 = b[0] + b[7], tmp7 = b[0] - b[7], tmp1 = b[1] + b[6], tmp6 = b[1] - b[6];
    __m256 tmp2 = b[2] + b[5], tmp5 = b[2] - b[5], tmp3 = b[3] + b[4], tmp4 = b[3] - b[4];
    __m256 tmp10 = tmp0 + tmp3, tmp13 = tmp0 - tmp3, tmp11 = tmp1 + tmp2, tmp12 = tmp1 - tmp2;
    __m256 z1 = (tmp12 + tmp13) * 0.707106781f, z2, z3, z4, z5, z11, z13;

    b[0] = tmp10 + tmp11;
    b[4] = tmp10 - tmp11;
    b[2] = tmp13 + z1;
    b[6] = tmp13 - z1;
    tmp10 = tmp4 + tmp5;
    tmp11 = tmp5 + tmp6;
    tmp12 = tmp6 + tmp7;
    z5 = (tmp10 - tmp12) * 0.382683433f;
    z2 = 0.541196100f * tmp10 + z5;
    z4 = 1.306562965f * tmp12 + z5;
    z3 = tmp11 * 0.707106781f;
    z11 = tmp7 + z3;
    z13 = tmp7 - z3;
    b[5] = z13 + z2;
    b[3] = z13 - z2;
    b[1] = z11 + z4;
    b[7] = z11 - z4;
}

/* Rows b[0..7] turned into columns. */
GZ_BODY GZ_AVX2_TARGET void
gz_turn8_avx2(__m256 *b)
{
    __m256 t[8], u[8];

    for (int i = 0; i < 4; i++) {
        t[2 * i] = _mm256_unpacklo_ps(b[2 * i], b[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_ps(b[2 * i], b[2 * i + 1]);
    }
    for (int i = 0; i < 2; i++) {
        u[4 * i] = _mm256_shuffle_ps(t[4 * i], t[4 * i + 2], 0x44);
        u[4 * i + 1] = _mm256_shuffle_ps(t[4 * i], t[4 * i + 2], 0xEE);
        u[4 * i + 2] = _mm256_shuffle_ps(t[4 * i + 1], t[4 * i + 3], 0x44);
        u[4 * i + 3] = _mm256_shuffle_ps(t[4 * i + 1], t[4 * i + 3], 0xEE);
    }
    for (int i = 0; i < 4; i++) {
        b[i] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x20);
        b[i + 4] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x31);
    }
}

/* The FDCT's AVX2 twin, in intrinsics: gz_fdct_body's operations, a row
 * of the block to a register, the block turned by shuffles (where the body
 * moves it element by element). The same float operations in the same
 * order (no fused multiply-adds: FP_CONTRACT is off), so the same
 * coefficients; they stay within 12 bits, so packing them with saturation
 * gives what the body's conversion does. */
GZ_AVX2_TARGET static unsigned long long
gz_fdct_avx2(const unsigned char *p, size_t stride, const float *divisors, short *out)
{
    const __m256i bias = _mm256_set1_epi32(16384);
    __m256 b[8];
    __m256i q[4], zero = _mm256_setzero_si256();
    unsigned long long mask;

    for (int i = 0; i < 8; i++)
        b[i] = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *) (p + (size_t) i * stride))))
            - 128.0f;
    gz_dct_rows_avx2(b);
    gz_turn8_avx2(b);
    gz_dct_rows_avx2(b);
    gz_turn8_avx2(b);
    for (int i = 0; i < 4; i++) {
        __m256i a = _mm256_sub_epi32(_mm256_cvttps_epi32(b[2 * i] * _mm256_loadu_ps(divisors + 16 * i) + 16384.5f), bias);
        __m256i c = _mm256_sub_epi32(_mm256_cvttps_epi32(b[2 * i + 1] * _mm256_loadu_ps(divisors + 16 * i + 8) + 16384.5f),
            bias);

        /* Packing works within 128-bit halves: put them back in order. */
        q[i] = _mm256_permute4x64_epi64(_mm256_packs_epi32(a, c), 0xD8);
        _mm256_storeu_si256((__m256i *) (out + 16 * i), q[i]);
    }
    /* The zero coefficients' bytes, in order, then their bits. */
    mask = (unsigned) _mm256_movemask_epi8(_mm256_permute4x64_epi64(
        _mm256_packs_epi16(_mm256_cmpeq_epi16(q[0], zero), _mm256_cmpeq_epi16(q[1], zero)), 0xD8));
    mask |= (unsigned long long) (unsigned) _mm256_movemask_epi8(_mm256_permute4x64_epi64(
        _mm256_packs_epi16(_mm256_cmpeq_epi16(q[2], zero), _mm256_cmpeq_epi16(q[3], zero)), 0xD8)) << 32;
    return ~mask;
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
    /* span a constant in each copy (64, rare, by the body). */
    int x = span == 8 ? gz_across8_avx2(p, start, w, 8, count, q)
        : span == 16 ? gz_across8_avx2(p, start, w, 16, count, q)
        : span == 32 ? gz_across8_avx2(p, start, w, 32, count, q) : 0;

    if (x < count)
        gz_across_spans(p, start + x, w + (size_t) x * span, span, count - x, q + x);
}
#endif

static void
gz_halve_row_portable(const unsigned char *a, const unsigned char *b, int width, unsigned char *q)
{
    gz_halve_row_body(a, b, width, q);
}

static unsigned long long
gz_fdct_portable(const unsigned char *p, size_t stride, const float *divisors, short *out)
{
    return gz_fdct_body(p, stride, divisors, out);
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

static unsigned long long
gz_fdct(int avx2, const unsigned char *p, size_t stride, const float *divisors, short *out)
{
#if GZ_AVX2
    if (avx2)
        return gz_fdct_avx2(p, stride, divisors, out);
#endif
    (void) avx2;
    return gz_fdct_portable(p, stride, divisors, out);
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

/* A component's (and the least) DCT scaled size: libjpeg 7's API has one
 * across and one down, which libjpeg-turbo keeps equal. */
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

/* Reads the header of the JPEG in buf (cinfo created, its error escape set
 * by the caller); the orientation when the direct path takes the picture
 * (YCbCr or grey, plain markers, sides to 65,535), else 0. */
static int
gz_read_plain_header(j_decompress_ptr cinfo, const void *buf, size_t len)
{
    int orientation;

    jpeg_mem_src(cinfo, (const unsigned char *) buf, (unsigned long) len);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);
    if (!(orientation = gz_markers_plain(cinfo)) ||
        !((cinfo->jpeg_color_space == JCS_YCbCr && cinfo->num_components == 3) ||
          (cinfo->jpeg_color_space == JCS_GRAYSCALE && cinfo->num_components == 1)) ||
        cinfo->image_width > 65535 || cinfo->image_height > 65535)
        return 0;
    return orientation;
}

int
gz_direct_header(const void *buf, size_t len, int *width, int *height, int *bands, int *orientation)
{
    struct jpeg_decompress_struct cinfo;
    GzJpegError err;
    int result = 1;

    if (len == 0 || len > ULONG_MAX)
        return 1;
    cinfo.err = NULL;
    gz_jpeg_errors(&err);
    cinfo.err = &err.base;
    if (setjmp(err.escape)) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    if ((*orientation = gz_read_plain_header(&cinfo, buf, len))) {
        *width = (int) cinfo.image_width;
        *height = (int) cinfo.image_height;
        *bands = cinfo.num_components;
        result = 0;
    }
    jpeg_destroy_decompress(&cinfo);
    return result;
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
    if (!(orientation = gz_read_plain_header(&cinfo, buf, len))) {
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

/* 0, or -1 for a mask over 64 taps (a shrink over about 10) or without
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
    axis->span = points == 1 ? 1 : points <= 8 ? 8 : points <= 16 ? 16 : points <= 32 ? 32 : 64;
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
            if (tap0 >= 0 && tap0 + points <= size) {
                /* Inside the plane: the mask as it is. */
                memcpy(w, mask, sizeof(short) * (size_t) points);
                to = tap0 + points - 1;
            } else
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

/* ---- encode ----
 *
 * libjpeg codes the coefficients made here (jpeg_write_coefficients), with
 * Huffman tables made here for them: its own optimisation of the tables
 * (optimize_coding) counts the symbols of every coefficient one at a time,
 * which costs more than the rest of the encoding together. */

/* The natural (row by row) index of each coefficient in the order coded. */
static const unsigned char gz_natural[DCTSIZE2] = {
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
};

/* Symbol counts of one Huffman table pair (symbol 256 is
 * gz_huffman_table's). */
typedef struct {
    long dc[257];
    long ac[257];
} GzCounts;

/* Bits of a coefficient's magnitude: its Huffman size category. */
static int
gz_bits(int value)
{
    return value ? 32 - __builtin_clz((unsigned) abs(value)) : 0;
}

/* The zigzag position of each coefficient (the inverse of gz_natural). */
static const unsigned char gz_zigzag[DCTSIZE2] = {
    0, 1, 5, 6, 14, 15, 27, 28, 2, 4, 7, 13, 16, 26, 29, 42,
    3, 8, 12, 17, 25, 30, 41, 43, 9, 11, 18, 24, 31, 40, 44, 53,
    10, 19, 23, 32, 39, 45, 52, 54, 20, 22, 33, 38, 46, 51, 55, 60,
    21, 34, 37, 47, 50, 56, 59, 61, 35, 36, 48, 49, 57, 58, 62, 63,
};

/* Each byte of a block's nonzero bits in natural order (row r, bits of
 * columns) as bits in zigzag order: made once, then a block's mask takes
 * eight look-ups instead of a step per coefficient. */
static unsigned long long gz_zigzag_bits[8][256];
static pthread_once_t gz_zigzag_once = PTHREAD_ONCE_INIT;

static void
gz_zigzag_make(void)
{
    for (int r = 0; r < 8; r++)
        for (int v = 0; v < 256; v++)
            for (int j = 0; j < 8; j++)
                if (v >> j & 1)
                    gz_zigzag_bits[r][v] |= 1ull << gz_zigzag[8 * r + j];
}

/* Counts the AC symbols the Huffman coder codes a block with (F.1.2.2):
 * per nonzero coefficient in zigzag order, the zeros before it (16 at a
 * time past 15) and its size; then an end of block if zeros end it. (The
 * DC differences depend on the order blocks are coded in: counted apart.)
 * `natural`: the block's nonzero bits in natural order. */
static void
gz_count_ac(const short *block, unsigned long long natural, long *ac)
{
    unsigned long long zigzag = 0;
    int previous = 0;

    for (int r = 0; r < 8; r++)
        zigzag |= gz_zigzag_bits[r][natural >> 8 * r & 0xFF];
    for (zigzag &= ~1ull; zigzag; zigzag &= zigzag - 1) {
        int k = __builtin_ctzll(zigzag), run = k - previous - 1;

        for (; run > 15; run -= 16)
            ac[0xF0]++;
        ac[(run << 4) + gz_bits(block[gz_natural[k]])]++;
        previous = k;
    }
    if (previous < DCTSIZE2 - 1)
        ac[0]++;
}

/* The optimal Huffman table for symbol counts `freq` (the symbols of at
 * most 8 bits; 256 is set here), as JPEG's K.2 makes it: Huffman's code
 * lengths, with symbol 256 counted once so that no code is all ones (it
 * takes the last of the longest), then codes over 16 bits shortened. The
 * two least counts are merged first, a leaf before a tree of the same
 * count; leaves of the same count by symbol. */
static void
gz_huffman_table(long *freq, JHUFF_TBL *table)
{
    /* Leaves are nodes 0..256, the trees merged 257 on. */
    long weight[2 * 257];
    int leaf[257], parent[2 * 257], depth[2 * 257], leaves = 0, trees = 0, next_leaf = 0, next_tree = 257;
    unsigned char bits[33] = { 0 };
    int i, p = 0;

    freq[256] = 1;
    for (int s = 0; s <= 256; s++)
        if (freq[s]) {
            /* Sorted by count, then symbol (insertion: a few hundred at most). */
            for (i = leaves++; i > 0 && freq[leaf[i - 1]] > freq[s]; i--)
                leaf[i] = leaf[i - 1];
            leaf[i] = s;
            weight[s] = freq[s];
        }
    /* Two queues, both in order of weight: the leaves, and the trees as
     * they are made. */
    while (leaves - next_leaf + (257 + trees) - next_tree > 1) {
        int pick[2];

        for (int k = 0; k < 2; k++)
            pick[k] = next_leaf < leaves && (next_tree == 257 + trees || weight[leaf[next_leaf]] <= weight[next_tree])
                ? leaf[next_leaf++] : next_tree++;
        weight[257 + trees] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = 257 + trees++;
    }
    /* Depths from the root (the last tree) down: every parent made after
     * its children. (freq still tells the leaves: trees are weighed apart.) */
    depth[256 + trees] = 0;
    for (i = 255 + trees; i >= 257; i--)
        depth[i] = depth[parent[i]] + 1;
    for (i = 0; i < leaves; i++) {
        int d = trees ? depth[parent[leaf[i]]] + 1 : 1;

        depth[leaf[i]] = d;
        bits[d > 32 ? 32 : d]++;
    }
    /* Codes over 16 bits: two of the longest become one a bit shorter and
     * a shorter code becomes the prefix of two. */
    for (i = 32; i > 16; i--)
        while (bits[i] > 0) {
            int j = i - 2;

            while (bits[j] == 0)
                j--;
            bits[i] -= 2;
            bits[i - 1]++;
            bits[j + 1] += 2;
            bits[j]--;
        }
    /* Symbol 256 goes: it has the longest code. */
    while (bits[i] == 0)
        i--;
    bits[i]--;
    memcpy(table->bits, bits, sizeof(table->bits));
    /* The symbols by code length (before shortening, as K.2 lists them),
     * then by value. */
    for (int d = 1; p < leaves - 1; d++)
        for (int s = 0; s < 256; s++)
            if (freq[s] && depth[s] == d)
                table->huffval[p++] = (UINT8) s;
    table->sent_table = FALSE;
}

/* Y (and Cb, Cr at half its size on each axis, rounded up), padded as
 * gz_pad leaves them, written as a baseline JPEG at `quality`. */
static int
gz_write_planes(unsigned char *const *plane, const size_t *stride, int bands, int width, int height,
    const char *path, int quality, int avx2)
{
    /* The scale of gz_dct_columns' outputs (less 2 sqrt(2)): cos(u pi / 16) * sqrt(2), 1 for u = 0. */
    static const double aan[8] = { 1.0, 1.387039845, 1.306562965, 1.175875602, 1.0, 0.785694958, 0.541196100,
        0.275899379 };
    struct jpeg_compress_struct cinfo;
    GzJpegError err;
    FILE *volatile file;
    jvirt_barray_ptr arrays[3];
    int across[3], down[3], rows[3];
    float divisors[2][DCTSIZE2];
    GzCounts counts[2];

    pthread_once(&gz_zigzag_once, gz_zigzag_make);
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
    for (int t = 0; t < (bands == 3 ? 2 : 1); t++)
        for (int i = 0; i < DCTSIZE2; i++)
            divisors[t][i] = (float) (1.0 / (cinfo.quant_tbl_ptrs[t]->quantval[i] * aan[i / 8] * aan[i % 8] * 8.0));
    /* Whole blocks of each plane (chroma: of half the size, rounded up);
     * the arrays hold whole MCUs (libjpeg reads them by MCU rows, and
     * makes up the blocks past the plane's itself). */
    for (int b = 0; b < bands; b++) {
        int factor = b ? 2 : 1, mcu = bands == 3 && b == 0 ? 2 : 1;

        across[b] = ((width + factor - 1) / factor + DCTSIZE - 1) / DCTSIZE;
        down[b] = ((height + factor - 1) / factor + DCTSIZE - 1) / DCTSIZE;
        rows[b] = (down[b] + mcu - 1) / mcu * mcu;
        arrays[b] = (*cinfo.mem->request_virt_barray)((j_common_ptr) &cinfo, JPOOL_IMAGE, FALSE,
            (JDIMENSION) ((across[b] + mcu - 1) / mcu * mcu), (JDIMENSION) rows[b], (JDIMENSION) rows[b]);
    }
    jpeg_write_coefficients(&cinfo, arrays);
    memset(counts, 0, sizeof(counts));
    {
        JBLOCKARRAY blocks[3];
        int dc[3] = { 0, 0, 0 };

        for (int b = 0; b < bands; b++) {
            blocks[b] = (*cinfo.mem->access_virt_barray)((j_common_ptr) &cinfo, arrays[b], 0,
                (JDIMENSION) rows[b], TRUE);
            for (int y = 0; y < down[b]; y++)
                for (int x = 0; x < across[b]; x++) {
                    unsigned long long nonzero = gz_fdct(avx2, plane[b] + (size_t) DCTSIZE * y * stride[b] + DCTSIZE * x,
                        stride[b], divisors[b ? 1 : 0], blocks[b][y][x]);

                    gz_count_ac(blocks[b][y][x], nonzero, counts[b ? 1 : 0].ac);
                }
        }
        /* The DC differences in the order coded (F.1.2.1): grey block by
         * block; colour by MCUs of 2 x 2 Y blocks, Cb and Cr, an MCU's Y
         * blocks past the plane's made up by the coder (the DC of the block
         * before, no AC: a difference of 0 and an end of block). */
        if (bands == 1) {
            for (int y = 0; y < down[0]; y++)
                for (int x = 0; x < across[0]; x++) {
                    counts[0].dc[gz_bits(blocks[0][y][x][0] - dc[0])]++;
                    dc[0] = blocks[0][y][x][0];
                }
        } else
            for (int my = 0; my < down[1]; my++)
                for (int mx = 0; mx < across[1]; mx++) {
                    for (int k = 0; k < 4; k++) {
                        int y = 2 * my + k / 2, x = 2 * mx + k % 2;

                        if (y < down[0] && x < across[0]) {
                            counts[0].dc[gz_bits(blocks[0][y][x][0] - dc[0])]++;
                            dc[0] = blocks[0][y][x][0];
                        } else {
                            counts[0].dc[0]++;
                            counts[0].ac[0]++;
                        }
                    }
                    for (int b = 1; b < 3; b++) {
                        counts[1].dc[gz_bits(blocks[b][my][mx][0] - dc[b])]++;
                        dc[b] = blocks[b][my][mx][0];
                    }
                }
    }
    for (int t = 0; t < (bands == 3 ? 2 : 1); t++) {
        gz_huffman_table(counts[t].dc, cinfo.dc_huff_tbl_ptrs[t]);
        gz_huffman_table(counts[t].ac, cinfo.ac_huff_tbl_ptrs[t]);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    if (fclose(file) != 0) {
        unlink(path);
        return 1;
    }
    return 0;
}

/* How far a plane is halved for an output: as far as leaves a shrink of
 * at least this much for Lanczos, about libvips' two (its thumbnail leaves
 * its resize a factor of two after shrink-on-load). A little under two,
 * so that the 1x card of a 1000 x 750 photo (a shrink of 3.99) is made from
 * the halved planes: measured (make quality), 0.0005 of SSIM for a fifth
 * of the time of that output. */
#define GZ_KEEP 1.9

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

        stride[b] = (size_t) (shown_w + unit - 1) / unit * unit;
        if (!(plane[b] = malloc(stride[b] * rows + GZ_SLACK)))
            goto done;
        while (level + 1 < GZ_LEVELS && factor * across >= GZ_KEEP * source->step_x * (2 << level) &&
               factor * down >= GZ_KEEP * source->step_y * (2 << level))
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
    result = gz_write_planes(plane, stride, bands, width, height, path, quality, avx2);

done:
    free(stored);
    for (int b = 0; b < 3; b++)
        free(plane[b]);
    return result;
}
