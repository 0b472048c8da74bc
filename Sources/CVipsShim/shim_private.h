#ifndef GAZETTEER_SHIM_PRIVATE_H
#define GAZETTEER_SHIM_PRIVATE_H
/* Shared by the shim's C files; not part of what Swift sees. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Whether the AVX2 twins may run: the processor has AVX2 and the portable
 * code is not forced (gz_set_portable, Sources/CContentHash). */
int gz_may_use_avx2(void);

/* Whether a size `have` is within a pixel or two (and 1%) of `want`: close
 * enough that resampling would only blur, so the edge is trimmed or repeated
 * instead. */
static inline int
gz_near(int have, int want)
{
    int gap = abs(have - want);

    return gap == 0 || (gap <= 2 && gap * 100 <= want);
}

/* Whether an ICC profile is an RGB profile that names itself sRGB
 * ("sRGB IEC61966-2.1" and kin): its pixels are sRGB already. */
static inline int
gz_icc_is_srgb(const unsigned char *profile, size_t length)
{
    if (length < 132 || memcmp(profile + 16, "RGB ", 4) != 0)
        return 0;
    for (size_t i = 128; i + 4 <= length && i < 4096; i++)
        if (memcmp(profile + i, "sRGB", 4) == 0)
            return 1;
    return 0;
}

/* A premultiplied ARGB pixel (cairo's) as straight 8-bit R, G, B, A. */
static inline void
gz_unpremultiply(uint32_t argb, unsigned char rgba[4])
{
    unsigned a = argb >> 24, r = (argb >> 16) & 255, g = (argb >> 8) & 255, b = argb & 255;

    if (a != 0 && a != 255) {
        r = (r * 255 + a / 2) / a;
        g = (g * 255 + a / 2) / a;
        b = (b * 255 + a / 2) / a;
    }
    rgba[0] = (unsigned char) (r > 255 ? 255 : r);
    rgba[1] = (unsigned char) (g > 255 ? 255 : g);
    rgba[2] = (unsigned char) (b > 255 ? 255 : b);
    rgba[3] = (unsigned char) a;
}

/* A zlib stream of `length` bytes made of rows of `row` bytes (png_deflate.c):
 * matches at the previous byte and the row above only, one Huffman block.
 * Returns its length, or 0 when it does not fit in `capacity`. */
size_t gz_deflate_rows(const unsigned char *data, size_t length, size_t row,
    unsigned char *out, size_t capacity);

/* gz_ssim_rgba (vips_shim.h: SSIM as scikit-image measures it, ssim.c)
 * from planes: each channel of either picture over white (0 to 255,
 * gz_ssim_plane), whether each pixel differs, and rows[y] the rows
 * before y with a pixel that differs (height + 1 entries). 1 when the SSIM
 * is at least threshold, 0 when not (found as soon as it cannot be, unless
 * score, which then receives it), -1 when a side is under 7 pixels or out of
 * memory. */
typedef struct {
    int width, height;
    const float *a[3], *b[3];
    const uint8_t *differ;
    const int32_t *rows;
} GzSsimPlanes;
int gz_ssim_planes(const GzSsimPlanes *p, double threshold, double *score);
void gz_ssim_plane(float *plane, const uint32_t *rgba, size_t pixels, int channel);

/* Lossless WebP of width x height ARGB words (0xAARRGGBB) by libwebp
 * (webp_lossless.c): 0 with the file's bytes in *out (freed by gz_webp_free),
 * or -1 (libwebp missing, out of memory). */
int gz_webp_lossless_encode(const uint32_t *argb, int width, int height, unsigned char **out, size_t *length);
void gz_webp_free(unsigned char *data);

#endif
