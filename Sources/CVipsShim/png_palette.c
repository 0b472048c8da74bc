/*
 * Palette PNG for drawings (flags): 8-bit pixels written as an indexed PNG
 * of 1, 2, 4 or 8 bits a pixel. A picture of at most 256 colours (most flags
 * at thumbnail sizes, edges included) keeps exactly its colours: lossless.
 * One with more (coats of arms, gradients) is reduced to at most 256 by
 * libimagequant first. Either way the result is deterministic: the palette
 * is in order of first appearance, or libimagequant's (which has no random
 * element), and zlib's output depends only on its input and level.
 *
 * libvips' own palette saver (pngsave palette=TRUE) quantises every picture,
 * exact or not, and took about 10 ms a 200x150 flag here; this takes well
 * under one for an exact picture. Measured in NOTES-17.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libimagequant.h>
#include <zlib.h>

#include "vips_shim.h"

/* The largest picture quantised (200x200). libimagequant's time grows with
 * the picture, to about 10 ms at 640x480 where a 200x150 flag takes 1.5: the
 * small thumbnails pages show by the hundred are worth it, a large flag shown
 * alone on its page is not. Larger pictures of more than 256 colours are
 * declined (truecolour PNG instead). */
enum { GZ_QUANTISE_PIXELS = 40000 };

static void
gz_be32(unsigned char *p, unsigned long value)
{
    p[0] = (unsigned char) (value >> 24);
    p[1] = (unsigned char) (value >> 16);
    p[2] = (unsigned char) (value >> 8);
    p[3] = (unsigned char) value;
}

static int
gz_png_chunk(FILE *file, const char *type, const unsigned char *data, size_t length)
{
    unsigned char head[8], tail[4];
    unsigned long crc = crc32(0, (const unsigned char *) type, 4);

    if (length > 0x7fffffffu)
        return -1;
    crc = crc32(crc, data, (uInt) length);
    gz_be32(head, length);
    memcpy(head + 4, type, 4);
    gz_be32(tail, crc);
    return fwrite(head, 1, 8, file) == 8 &&
        (length == 0 || fwrite(data, 1, length, file) == length) &&
        fwrite(tail, 1, 4, file) == 4 ? 0 : -1;
}

/* zlib's level 9 with its match chains cut from 4,096 to 256 links: over
 * Debian's flags at thumbnail sizes, 2% more bytes than level 9 in a fifth of
 * its time (0.36 against 1.66 ms a picture), and 3% fewer than level 6. */
static int
gz_deflate(const unsigned char *data, size_t length, unsigned char *out, uLongf *out_length)
{
    z_stream stream;
    int status;

    memset(&stream, 0, sizeof(stream));
    if (length > 0xffffffffu || deflateInit2(&stream, 9, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        return -1;
    deflateTune(&stream, 32, 258, 258, 256);
    stream.next_in = (Bytef *) data;
    stream.avail_in = (uInt) length;
    stream.next_out = out;
    stream.avail_out = (uInt) *out_length;
    status = deflate(&stream, Z_FINISH);
    *out_length = stream.total_out;
    deflateEnd(&stream);
    return status == Z_STREAM_END ? 0 : -1;
}

/* Exact palette: index of every pixel, colours in order of first
 * appearance. Returns the count, or 0 when there are more than 256. */
static int
gz_exact_palette(const unsigned char *rgba, size_t pixels, unsigned char *index,
    unsigned char palette[256 * 4])
{
    enum { SLOTS = 1024 };
    unsigned keys[SLOTS];
    unsigned char used[SLOTS] = { 0 };
    unsigned char value[SLOTS];
    int count = 0;

    for (size_t i = 0; i < pixels; i++) {
        unsigned key;
        unsigned slot;

        memcpy(&key, rgba + 4 * i, 4);
        slot = (key * 2654435761u) >> 22;
        for (;;) {
            if (!used[slot]) {
                if (count == 256)
                    return 0;
                used[slot] = 1;
                keys[slot] = key;
                value[slot] = (unsigned char) count;
                memcpy(palette + 4 * count, &key, 4);
                index[i] = (unsigned char) count++;
                break;
            }
            if (keys[slot] == key) {
                index[i] = value[slot];
                break;
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
    }
    return count;
}

/* More than 256 colours: libimagequant, aiming at quality 90 of its 100
 * (in flags that is invisible: SSIM 0.994 or more against the truecolour
 * picture over Debian's 249 flags at every preset size) with a little
 * dithering, at speed 6 of its 1 (slowest) to 10: speed 6 costs half what its
 * default 4 does for the same bytes, and 8 or more lets some flags fall to
 * SSIM 0.945 (Slovakia's coat of arms). */
static int
gz_quantised_palette(unsigned char *rgba, int width, int height, unsigned char *index,
    unsigned char palette[256 * 4])
{
    liq_attr *attr = liq_attr_create();
    liq_image *image = NULL;
    liq_result *result = NULL;
    int count = 0;

    if (!attr)
        return 0;
    liq_set_speed(attr, 6);
    liq_set_quality(attr, 0, 90);
    image = liq_image_create_rgba(attr, rgba, width, height, 0);
    if (image && liq_image_quantize(image, attr, &result) == LIQ_OK) {
        const liq_palette *colours;

        liq_set_dithering_level(result, 0.5f);
        if (liq_write_remapped_image(result, image, index, (size_t) width * height) == LIQ_OK) {
            colours = liq_get_palette(result);
            count = (int) colours->count;
            for (int i = 0; i < count; i++) {
                palette[4 * i] = colours->entries[i].r;
                palette[4 * i + 1] = colours->entries[i].g;
                palette[4 * i + 2] = colours->entries[i].b;
                palette[4 * i + 3] = colours->entries[i].a;
            }
        }
        liq_result_destroy(result);
    }
    if (image)
        liq_image_destroy(image);
    liq_attr_destroy(attr);
    return count;
}

int
gz_png_palette_write(const GzPixels *in, size_t stride, const char *path, int *exact)
{
    size_t pixels = (size_t) in->width * in->height;
    unsigned char *rgba = NULL, *index = NULL, *rows = NULL, *packed = NULL;
    unsigned char palette[256 * 4], header[13], colours[256 * 3], alphas[256];
    int count, depth, transparent = 0, result = -1;
    size_t row_bytes;
    uLongf packed_length;
    FILE *file = NULL;

    if (in->width <= 0 || in->height <= 0 || in->bands < 1 || in->bands > 4)
        return -1;
    rgba = malloc(pixels * 4);
    index = malloc(pixels);
    if (!rgba || !index)
        goto done;
    for (int y = 0; y < in->height; y++) {
        const unsigned char *p = in->data + (size_t) y * stride;
        unsigned char *q = rgba + (size_t) y * in->width * 4;

        for (int x = 0; x < in->width; x++, p += in->bands, q += 4) {
            int grey = in->bands < 3;

            q[0] = p[0];
            q[1] = grey ? p[0] : p[1];
            q[2] = grey ? p[0] : p[2];
            q[3] = in->bands == 2 ? p[1] : in->bands == 4 ? p[3] : 255;
        }
    }
    count = gz_exact_palette(rgba, pixels, index, palette);
    if (exact)
        *exact = count > 0;
    if (count == 0 && pixels > GZ_QUANTISE_PIXELS) {
        result = 1;
        goto done;
    }
    if (count == 0 && !(count = gz_quantised_palette(rgba, in->width, in->height, index, palette)))
        goto done;

    depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
    row_bytes = ((size_t) in->width * depth + 7) / 8;
    rows = calloc(in->height, row_bytes + 1);
    /* deflateBound's bound for level 9 and memLevel 9 (above compressBound's). */
    packed_length = (uLongf) ((size_t) in->height * (row_bytes + 1) * 9 / 8 + 1024);
    packed = malloc(packed_length);
    if (!rows || !packed)
        goto done;
    /* Filter type 0 on every row, the usual choice for palette pictures. */
    for (int y = 0; y < in->height; y++) {
        unsigned char *row = rows + (size_t) y * (row_bytes + 1) + 1;
        const unsigned char *from = index + (size_t) y * in->width;

        for (int x = 0; x < in->width; x++) {
            int bit = x * depth;

            row[bit / 8] |= (unsigned char) (from[x] << (8 - depth - bit % 8));
        }
    }
    if (gz_deflate(rows, (size_t) in->height * (row_bytes + 1), packed, &packed_length))
        goto done;

    for (int i = 0; i < count; i++) {
        memcpy(colours + 3 * i, palette + 4 * i, 3);
        alphas[i] = palette[4 * i + 3];
        if (alphas[i] != 255)
            transparent = i + 1;
    }
    gz_be32(header, (unsigned long) in->width);
    gz_be32(header + 4, (unsigned long) in->height);
    header[8] = (unsigned char) depth;
    header[9] = 3;   /* indexed colour */
    header[10] = header[11] = header[12] = 0;
    if (!(file = fopen(path, "wb")))
        goto done;
    if (fwrite("\x89PNG\r\n\x1a\n", 1, 8, file) != 8 ||
        gz_png_chunk(file, "IHDR", header, 13) ||
        gz_png_chunk(file, "PLTE", colours, (size_t) count * 3) ||
        (transparent && gz_png_chunk(file, "tRNS", alphas, (size_t) transparent)) ||
        gz_png_chunk(file, "IDAT", packed, packed_length) ||
        gz_png_chunk(file, "IEND", NULL, 0))
        goto done;
    result = 0;

done:
    if (file && fclose(file) != 0)
        result = -1;
    if (file && result)
        unlink(path);
    free(rgba);
    free(index);
    free(rows);
    free(packed);
    return result;
}
