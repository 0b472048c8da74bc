/*
 * Lossless WebP of a palette picture (png_palette.c's webp-adaptive), by
 * libwebp's encoder, opened at its first use (libraries.h). With at most 256
 * colours libwebp codes the picture through its colour-indexing transform
 * (2, 4 or 8 pixels a code when there are at most 16 colours), 2D distances
 * and a colour cache: over Debian's flags at the default theme's table sizes
 * a quarter smaller than the same palette as PNG
 * (docs/decisions/0004-adaptive-palette.md).
 * Deterministic: libwebp's output is a fixed function of the pixels and the
 * settings (single-threaded here).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "libraries.h"
#include "shim_private.h"

/* Method 1 and quality 25, measured over the flags' palette pictures: 469 KB
 * against 465 KB at libwebp's method 2, quality 50, for 0.38 ms a picture
 * against 0.64 (method 0 doubles the bytes: it keeps no palette). */
enum { GZ_WEBP_METHOD = 1, GZ_WEBP_EFFORT = 25 };

int
gz_webp_lossless_encode(const uint32_t *argb, int width, int height, unsigned char **out, size_t *length)
{
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    int ok;

    *out = NULL;
    *length = 0;
    if (width <= 0 || height <= 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION || gz_load_webp_encoder())
        return -1;
    if (!WebPConfigInitInternal(&config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION) ||
        !WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION))
        return -1;
    config.lossless = 1;
    config.method = GZ_WEBP_METHOD;
    config.quality = GZ_WEBP_EFFORT;
    config.thread_level = 0;
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    if (!WebPPictureAlloc(&picture))
        return -1;
    for (int y = 0; y < height; y++)
        memcpy(picture.argb + (size_t) y * picture.argb_stride, argb + (size_t) y * width, sizeof(uint32_t) * width);
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    ok = WebPEncode(&config, &picture);
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        return -1;
    }
    *out = writer.mem;
    *length = writer.size;
    return 0;
}

void
gz_webp_free(unsigned char *data)
{
    /* WebPMemoryWriterClear frees with libwebp's own allocator (WebPSafeFree). */
    WebPMemoryWriter writer;

    memset(&writer, 0, sizeof(writer));
    writer.mem = data;
    WebPMemoryWriterClear(&writer);
}
