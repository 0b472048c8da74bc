/*
 * The palette writers (Sources/CVipsShim/png_palette.c: png-palette, png-adaptive and
 * webp-adaptive, with ssim.c's SSIM and webp_lossless.c) on any pixels: the input's first
 * bytes give the size (1 to 64 a side), the format and how pixels are read (straight RGBA or
 * cairo's premultiplied words), the rest the pixel words (repeated to fill the picture, as
 * flags repeat rows). Each writer must write (0), or hand the picture back for truecolour (1,
 * adaptive formats), never fail; the shim's SSIM of any two pictures must be at most 1.
 * Built by `make fuzz` with clang -fsanitize=fuzzer,address.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "drawing.h"
#include "vips_shim.h"

int gz_may_use_avx2(void) { return 0; }

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const GzSaveFormat formats[] = { GZ_SAVE_PNG_PALETTE, GZ_SAVE_PNG_ADAPTIVE, GZ_SAVE_WEBP_ADAPTIVE };
    int width, height, result;
    GzSaveFormat format;
    GzKeys kind;
    uint32_t *pixels;
    size_t count, words;

    if (size < 8)
        return 0;
    width = data[0] % 64 + 1;
    height = data[1] % 64 + 1;
    format = formats[data[2] % 3];
    kind = data[3] & 1 ? GZ_KEYS_ARGB_PREMULTIPLIED : GZ_KEYS_RGBA;
    data += 4;
    size -= 4;
    count = (size_t) width * height;
    words = size / 4;
    if (!(pixels = malloc(sizeof(uint32_t) * count)))
        return 0;
    for (size_t i = 0; i < count; i++)
        memcpy(pixels + i, data + 4 * (i % words), 4);
    result = gz_png_palette_write_keys(pixels, width, height, width, kind, format, "/dev/null", NULL);
    if (result != 0 && !(result == 1 && format != GZ_SAVE_PNG_PALETTE))
        abort();
    if (width >= 7 && height >= 7) {
        uint32_t *other = malloc(sizeof(uint32_t) * count);

        if (other) {
            double score;

            for (size_t i = 0; i < count; i++)
                other[i] = pixels[count - 1 - i];
            score = gz_ssim_rgba(pixels, other, width, height);
            if (isnan(score) || score > 1 + 1e-9 || score < -1 - 1e-9)
                abort();
            if (fabs(gz_ssim_rgba(pixels, pixels, width, height) - 1) > 1e-9)
                abort();
            free(other);
        }
    }
    free(pixels);
    return 0;
}
