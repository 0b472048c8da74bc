#ifndef GAZETTEER_SHIM_PRIVATE_H
#define GAZETTEER_SHIM_PRIVATE_H
/* Shared by the shim's C files; not part of what Swift sees. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Whether the AVX2 twins may run (see gz_set_portable; gz_may_use_sha is in
 * vips_shim.h, for the tests). */
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

#endif
