/*
 * Palette PNG for drawings (flags): pixels written as an indexed PNG of 1, 2,
 * 4 or 8 bits a pixel. A picture of at most 256 colours (most flags at
 * thumbnail sizes, edges included) keeps exactly its colours: lossless. One
 * with more (anti-aliased diagonals and discs, coats of arms, gradients) is
 * reduced by a median cut of its colour histogram, stopped as soon as the
 * mean squared error is under GZ_PALETTE_ERROR (or at 256 colours).
 *
 * png-adaptive (and webp-adaptive, the same colours as lossless WebP) first
 * tries coarser cuts (gz_cuts) on pictures up to GZ_SMALL_PIXELS, keeping the
 * first whose SSIM against the picture is at least GZ_PALETTE_SSIM (ssim.c,
 * scikit-image's measure): the edges' in-between shades are what most of a
 * flag's bytes code, and most need not all be kept.
 *
 * Deterministic: the exact palette is in order of first appearance, the cut
 * is a fixed function of the histogram (ties broken by position), and libdeflate's
 * output depends only on its input and level.
 *
 * The median cut replaced libimagequant (quality 90, speed 6, dithering 0.5)
 * here: over Debian's 249 flags at the default theme's sizes it is about ten
 * times faster, its SSIM against truecolour is higher (worst 0.995 against
 * 0.994) and the index page's flags are smaller
 * (docs/decisions/0003-median-cut-palette.md).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libdeflate.h>

#include "vips_shim.h"
#include "drawing.h"
#include "shim_private.h"

/* Mean squared error a pixel (summed over the four channels, 0..255 each)
 * at which the cut stops: about 1.3 levels a channel. Measured over the
 * flags at the default theme's sizes
 * (docs/decisions/0003-median-cut-palette.md): SSIM 0.9950 at worst
 * against the truecolour picture (0.9938 at 8, 0.9955 at 6, where the
 * index page's flags are 2% larger). */
#define GZ_PALETTE_ERROR 7.0

/* ---- colour histogram ---------------------------------------------------- */

/* Open addressing from colour to entry number, grown as it fills. */
typedef struct {
    uint32_t *keys;
    int32_t *entry;
    size_t mask;
    int count;
    uint32_t *colour;   /* per entry */
    uint32_t *weight;   /* per entry: pixels of that colour */
    int capacity;
} GzHistogram;

static void
gz_histogram_free(GzHistogram *h)
{
    free(h->keys);
    free(h->entry);
    free(h->colour);
    free(h->weight);
}

static int
gz_histogram_init(GzHistogram *h, size_t slots)
{
    memset(h, 0, sizeof(*h));
    h->mask = slots - 1;
    h->keys = malloc(slots * sizeof(uint32_t));
    h->entry = malloc(slots * sizeof(int32_t));
    h->capacity = 1024;
    h->colour = malloc(h->capacity * sizeof(uint32_t));
    h->weight = malloc(h->capacity * sizeof(uint32_t));
    if (!h->keys || !h->entry || !h->colour || !h->weight) {
        gz_histogram_free(h);
        return -1;
    }
    memset(h->entry, 0xff, slots * sizeof(int32_t));
    return 0;
}

static inline size_t
gz_slot(uint32_t key, size_t mask)
{
    return (size_t) ((key * 2654435761u) ^ (key >> 15)) & mask;
}

static int
gz_histogram_grow(GzHistogram *h)
{
    size_t slots = (h->mask + 1) * 2;
    uint32_t *keys = malloc(slots * sizeof(uint32_t));
    int32_t *entry = malloc(slots * sizeof(int32_t));

    if (!keys || !entry) {
        free(keys);
        free(entry);
        return -1;
    }
    memset(entry, 0xff, slots * sizeof(int32_t));
    for (int i = 0; i < h->count; i++) {
        size_t slot = gz_slot(h->colour[i], slots - 1);

        while (entry[slot] >= 0)
            slot = (slot + 1) & (slots - 1);
        keys[slot] = h->colour[i];
        entry[slot] = i;
    }
    free(h->keys);
    free(h->entry);
    h->keys = keys;
    h->entry = entry;
    h->mask = slots - 1;
    return 0;
}

/* The entry of `key`, added when new; -1 when out of memory. */
static inline int
gz_histogram_find(GzHistogram *h, uint32_t key, int add)
{
    size_t slot = gz_slot(key, h->mask);

    for (;;) {
        int32_t e = h->entry[slot];

        if (e < 0)
            break;
        if (h->keys[slot] == key)
            return e;
        slot = (slot + 1) & h->mask;
    }
    if (!add)
        return -1;
    if (h->count == h->capacity) {
        int capacity = h->capacity * 2;
        uint32_t *colour = realloc(h->colour, capacity * sizeof(uint32_t));
        uint32_t *weight = colour ? realloc(h->weight, capacity * sizeof(uint32_t)) : NULL;

        if (colour)
            h->colour = colour;
        if (!weight)
            return -1;
        h->weight = weight;
        h->capacity = capacity;
    }
    h->keys[slot] = key;
    h->entry[slot] = h->count;
    h->colour[h->count] = key;
    h->weight[h->count] = 0;
    if ((size_t) ++h->count * 2 > h->mask + 1 && gz_histogram_grow(h))
        return -1;
    return h->count - 1;
}

/* ---- median cut ------------------------------------------------------------ */

/* Weight, and sums and sums of squares of each channel, of a set of colours
 * (integers: exact, so the cut is the same on every machine). */
typedef struct {
    uint64_t mass, sum[4], squares[4];
} GzStats;

typedef struct {
    int lo, hi;         /* range of the order array */
    GzStats stats;
    double sse;         /* squared error around the box's mean */
    double gain;        /* what the best split takes off it */
    int channel;        /* of the best split, or -1 */
    int value;          /* entries with channel <= value go left */
    GzStats left;       /* of the entries going left */
} GzBox;

static inline int
gz_channel(uint32_t key, int c)
{
    return (int) (key >> (8 * c)) & 255;
}

/* Squared error of a set around its mean. */
static double
gz_sse(const GzStats *s)
{
    double error = 0;

    if (s->mass == 0)
        return 0;
    for (int c = 0; c < 4; c++)
        error += (double) s->squares[c] - (double) s->sum[c] * (double) s->sum[c] / (double) s->mass;
    return error;
}

static void
gz_stats_add(GzStats *s, uint32_t key, uint64_t w)
{
    s->mass += w;
    for (int c = 0; c < 4; c++) {
        uint64_t v = (uint64_t) gz_channel(key, c);

        s->sum[c] += v * w;
        s->squares[c] += v * v * w;
    }
}

/* Per value of the channel being split: the stats of its colours. Kept all
 * zero between uses. */
typedef struct {
    GzStats at[256];
} GzBins;

/* The box's error (from its stats), and its best split: along the channel of
 * most variance, the threshold leaving the least error on both sides, found
 * by one scan over that channel's values. */
static void
gz_box_measure(GzBox *box, const int *order, const uint32_t *colour, const uint32_t *weight, GzBins *bins)
{
    const GzStats *all = &box->stats;
    double best_variance = 0, total_term = 0;
    int channel = -1, lowest = 255, highest = 0;
    GzStats left;

    box->sse = gz_sse(all);
    box->gain = 0;
    box->channel = -1;
    if (box->hi - box->lo < 2 || box->sse <= 0)
        return;
    for (int c = 0; c < 4; c++) {
        double variance = (double) all->squares[c] - (double) all->sum[c] * (double) all->sum[c] / (double) all->mass;

        if (variance > best_variance) {
            best_variance = variance;
            channel = c;
        }
    }
    if (channel < 0)
        return;
    for (int i = box->lo; i < box->hi; i++) {
        uint32_t key = colour[order[i]];
        int v = gz_channel(key, channel);

        lowest = v < lowest ? v : lowest;
        highest = v > highest ? v : highest;
        gz_stats_add(&bins->at[v], key, weight[order[i]]);
    }
    memset(&left, 0, sizeof(left));
    for (int c = 0; c < 4; c++)
        total_term += (double) all->sum[c] * (double) all->sum[c] / (double) all->mass;
    for (int v = lowest; v < highest; v++) {
        const GzStats *bin = &bins->at[v];
        double gain, left_term = 0, right_term = 0;

        if (bin->mass == 0)
            continue;
        left.mass += bin->mass;
        for (int c = 0; c < 4; c++) {
            double right_sum;

            left.sum[c] += bin->sum[c];
            left.squares[c] += bin->squares[c];
            right_sum = (double) (all->sum[c] - left.sum[c]);
            left_term += (double) left.sum[c] * (double) left.sum[c];
            right_term += right_sum * right_sum;
        }
        /* The squares cancel out of the gain: only the means' terms count. */
        gain = left_term / (double) left.mass + right_term / (double) (all->mass - left.mass) - total_term;
        if (gain > box->gain) {
            box->gain = gain;
            box->channel = channel;
            box->value = v;
            box->left = left;
        }
    }
    if (box->hi - box->lo < highest - lowest)
        for (int i = box->lo; i < box->hi; i++)
            memset(&bins->at[gz_channel(colour[order[i]], channel)], 0, sizeof(GzStats));
    else
        memset(bins->at + lowest, 0, sizeof(GzStats) * (size_t) (highest - lowest + 1));
}

/* Cut the histogram into at most 256 boxes, the one of most error first,
 * until the error a pixel is at most max_error. Fills palette (one
 * colour a box: its commonest when that holds half its pixels, else its
 * mean, in the same 32-bit layout as the pixels) and box_of (per entry).
 * Returns the number of colours, 0 when out of memory. */
static int
gz_median_cut(const GzHistogram *h, size_t pixels, double max_error, uint32_t palette[256], uint8_t *box_of)
{
    int n = h->count;
    int *order = malloc(n * sizeof(int));
    int *spare = malloc(n * sizeof(int));
    GzBins *bins = calloc(1, sizeof(GzBins));
    GzBox boxes[256];
    int count = 1;

    if (!order || !spare || !bins) {
        free(order);
        free(spare);
        free(bins);
        return 0;
    }
    for (int i = 0; i < n; i++)
        order[i] = i;
    boxes[0].lo = 0;
    boxes[0].hi = n;
    memset(&boxes[0].stats, 0, sizeof(GzStats));
    for (int i = 0; i < n; i++)
        gz_stats_add(&boxes[0].stats, h->colour[i], h->weight[i]);
    gz_box_measure(&boxes[0], order, h->colour, h->weight, bins);
    while (count < 256) {
        double error = 0;
        int pick = -1;

        for (int b = 0; b < count; b++) {
            error += boxes[b].sse;
            if (boxes[b].channel >= 0 && (pick < 0 || boxes[b].sse > boxes[pick].sse))
                pick = b;
        }
        if (pick < 0 || error <= max_error * (double) pixels)
            break;
        {
            GzBox *box = &boxes[pick];
            int lo = box->lo, hi = box->hi, c = box->channel, v = box->value;
            int left = lo, right = 0;

            /* Stable partition: entries with channel c <= v first. */
            for (int i = lo; i < hi; i++) {
                if (gz_channel(h->colour[order[i]], c) <= v)
                    order[left++] = order[i];
                else
                    spare[right++] = order[i];
            }
            memcpy(order + left, spare, right * sizeof(int));
            box->hi = left;
            boxes[count].lo = left;
            boxes[count].hi = hi;
            boxes[count].stats.mass = box->stats.mass - box->left.mass;
            for (int k = 0; k < 4; k++) {
                boxes[count].stats.sum[k] = box->stats.sum[k] - box->left.sum[k];
                boxes[count].stats.squares[k] = box->stats.squares[k] - box->left.squares[k];
            }
            box->stats = box->left;
            gz_box_measure(box, order, h->colour, h->weight, bins);
            gz_box_measure(&boxes[count], order, h->colour, h->weight, bins);
            count++;
        }
    }
    for (int b = 0; b < count; b++) {
        double sum[4] = { 0 }, mass = 0;
        uint32_t top = 0, top_weight = 0;

        for (int i = boxes[b].lo; i < boxes[b].hi; i++) {
            int e = order[i];

            for (int c = 0; c < 4; c++)
                sum[c] += gz_channel(h->colour[e], c) * (double) h->weight[e];
            mass += h->weight[e];
            if (h->weight[e] > top_weight) {
                top_weight = h->weight[e];
                top = h->colour[e];
            }
            box_of[e] = (uint8_t) b;
        }
        if ((double) top_weight * 2 >= mass)
            palette[b] = top;
        else {
            uint32_t key = 0;

            for (int c = 0; c < 4; c++)
                key |= (uint32_t) (sum[c] / mass + 0.5) << (8 * c);
            palette[b] = key;
        }
    }
    free(order);
    free(spare);
    free(bins);
    return count;
}

/* ---- PNG ------------------------------------------------------------------ */

/* Packs indices of `depth` bits (1, 2, 4 or 8) into a row, the first pixel in
 * the high bits, as PNG wants; the row is zeroed by the caller. */
static void
gz_pack(unsigned char *row, const uint8_t *from, int width, int depth)
{
    int per = 8 / depth, whole = width / per, x = 0;

    switch (depth) {
    case 8:
        memcpy(row, from, width);
        return;
    case 4:
        for (int i = 0; i < whole; i++, x += 2)
            row[i] = (unsigned char) (from[x] << 4 | from[x + 1]);
        break;
    case 2:
        for (int i = 0; i < whole; i++, x += 4)
            row[i] = (unsigned char) (from[x] << 6 | from[x + 1] << 4 | from[x + 2] << 2 | from[x + 3]);
        break;
    default:
        for (int i = 0; i < whole; i++, x += 8)
            row[i] = (unsigned char) (from[x] << 7 | from[x + 1] << 6 | from[x + 2] << 5 | from[x + 3] << 4 |
                from[x + 4] << 3 | from[x + 5] << 2 | from[x + 6] << 1 | from[x + 7]);
        break;
    }
    for (; x < width; x++) {
        int bit = x * depth;

        row[bit / 8] |= (unsigned char) (from[x] << (8 - depth - bit % 8));
    }
}

static void
gz_be32(unsigned char *p, unsigned long value)
{
    p[0] = (unsigned char) (value >> 24);
    p[1] = (unsigned char) (value >> 16);
    p[2] = (unsigned char) (value >> 8);
    p[3] = (unsigned char) value;
}

/* Appends a chunk at out (room checked by the caller); returns its end. */
static unsigned char *
gz_png_chunk(unsigned char *out, const char *type, const unsigned char *data, size_t length)
{
    uint32_t crc = libdeflate_crc32(0, type, 4);

    gz_be32(out, length);
    memcpy(out + 4, type, 4);
    if (length && data != out + 8)
        memmove(out + 8, data, length);
    crc = libdeflate_crc32(crc, out + 8, length);
    gz_be32(out + 8 + length, crc);
    return out + 12 + length;
}

/* Pictures up to GZ_SMALL_PIXELS (the ones list pages show by the hundred)
 * by libdeflate at level 6; larger ones (shown one to a page) by
 * png_deflate.c, which looks for matches at the pixel before and the row
 * above only. Measured over Debian's flags (processor time a file set;
 * docs/decisions/0003-median-cut-palette.md): the 200x150 table flags take
 * 23 ms at level 6, 89 at level 8 (7% fewer bytes), 17 at level 4 (6%
 * more), 9 by png_deflate.c (6% more); the 640x480 ones 35 ms by
 * png_deflate.c, 120 at level 5 (13% fewer bytes), 534 at level 8. zlib's level 9 with chains cut to 256 (the setting before)
 * took 80 and 478 ms for 5% and 16% fewer bytes. */
enum { GZ_SMALL_PIXELS = 40000 };

static int
gz_deflate(const unsigned char *data, size_t length, size_t row, size_t pixels, unsigned char *out,
    size_t *out_length)
{
    struct libdeflate_compressor *compressor;
    size_t written;

    if (pixels > GZ_SMALL_PIXELS && (written = gz_deflate_rows(data, length, row, out, *out_length))) {
        *out_length = written;
        return 0;
    }
    compressor = libdeflate_alloc_compressor(pixels <= GZ_SMALL_PIXELS ? 6 : 5);

    if (!compressor)
        return -1;
    written = libdeflate_zlib_compress(compressor, data, length, out, *out_length);
    libdeflate_free_compressor(compressor);
    if (!written)
        return -1;
    *out_length = written;
    return 0;
}

/* The palette entry of a pixel value as straight 8-bit R, G, B, A. */
static void
gz_straight(uint32_t key, GzKeys kind, unsigned char rgba[4])
{
    if (kind == GZ_KEYS_RGBA) {
        memcpy(rgba, &key, 4);
        return;
    }
    gz_unpremultiply(key, rgba);
}

/* Writes the whole file in one go (one open, one write). */
static int
gz_write_file(const char *path, const unsigned char *data, size_t length)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    size_t done = 0;

    if (fd < 0)
        return -1;
    while (done < length) {
        ssize_t wrote = write(fd, data + done, length - done);

        if (wrote <= 0) {
            close(fd);
            unlink(path);
            return -1;
        }
        done += (size_t) wrote;
    }
    if (close(fd) != 0) {
        unlink(path);
        return -1;
    }
    return 0;
}

/* ---- webp-adaptive: the coarsest cut still like the picture ------------------ */

/* A run of one colour along a row: its histogram entry and length. */
typedef struct {
    int32_t entry, length;
} GzRun;

/* The cuts png-adaptive and webp-adaptive try (mean squared error a pixel,
 * as GZ_PALETTE_ERROR), coarsest first, and the SSIM against the picture a
 * cut must keep. Measured over Debian's 249 flags at the default theme's
 * table sizes (docs/decisions/0004-adaptive-palette.md): the coarsest cut
 * of SSIM at least 0.99 among cuts to 500 would make the index page 382 KB as PNG, but cuts
 * over 40 lose the anti-aliasing of discs and diagonals (stair steps) while
 * SSIM stays above 0.99. These three at 0.993: 434 KB (the exact palette:
 * 645), 1.4 measurements a picture; all five of 40, 28, 20, 14, 10 at 0.995:
 * 449 KB, 2 measurements. */
static const double gz_cuts[] = { 40, 20, 10 };
enum { GZ_CUTS = sizeof(gz_cuts) / sizeof(gz_cuts[0]) };
#define GZ_PALETTE_SSIM 0.993

/* Straight R, G, B, A bytes of a pixel value in one word (memory order), all
 * opaque when the picture is written opaque. */
static uint32_t
gz_straight_word(uint32_t key, GzKeys kind, int opaque)
{
    unsigned char rgba[4];
    uint32_t word;

    gz_straight(key, kind, rgba);
    if (opaque)
        rgba[3] = 255;
    memcpy(&word, rgba, 4);
    return word;
}

/* Each channel of every pixel over white (gz_ssim_plane), from the runs:
 * value[3 * entry + channel]; when differ is not NULL, also whether each pixel
 * differs (changed[entry]) and, in rows, the rows before each with one that
 * does. */
static void
gz_fill_planes(float *const plane[3], uint8_t *differ, int32_t *rows, const float *value, const uint8_t *changed,
    const GzRun *runs, const int *row_runs, const uint8_t *repeats, int width, int height)
{
    if (rows)
        rows[0] = 0;
    for (int y = 0; y < height; y++) {
        size_t at = (size_t) y * width;
        int any = 0;

        if (repeats[y]) {
            for (int c = 0; c < 3; c++)
                memcpy(plane[c] + at, plane[c] + at - width, sizeof(float) * width);
            if (differ) {
                memcpy(differ + at, differ + at - width, width);
                any = rows[y] != rows[y - 1];
            }
        } else {
            for (int r = row_runs[y], x = 0; r < row_runs[y + 1]; r++) {
                const float *v = value + 3 * (size_t) runs[r].entry;

                for (int i = x; i < x + runs[r].length; i++) {
                    plane[0][at + i] = v[0];
                    plane[1][at + i] = v[1];
                    plane[2][at + i] = v[2];
                }
                if (differ) {
                    memset(differ + at + x, changed[runs[r].entry], (size_t) runs[r].length);
                    any |= changed[runs[r].entry];
                }
                x += runs[r].length;
            }
        }
        if (rows)
            rows[y + 1] = rows[y] + any;
    }
}

/* The three channels of a word over white, as gz_ssim_plane makes them. */
static void
gz_over_white3(uint32_t word, float out[3])
{
    float plane[3][1];
    float *planes[3] = { plane[0], plane[1], plane[2] };

    for (int c = 0; c < 3; c++) {
        gz_ssim_plane(planes[c], &word, 1, c);
        out[c] = plane[c][0];
    }
}

/* The coarsest of gz_cuts whose picture has SSIM at least GZ_PALETTE_SSIM
 * against the picture itself (tried coarsest first; SSIM falls as the cut
 * coarsens, nearly always, and the one chosen is always measured). When none
 * is: 0 for a picture of at most 256 colours (its own colours are kept), else
 * GZ_PALETTE_ERROR when png-palette's cut passes, else -2 (no palette keeps
 * the picture: truecolour). 0 also when the picture is under 7 pixels a side
 * (SSIM needs a 7x7 window) or over GZ_SMALL_PIXELS (shown one to a page,
 * where measuring would cost more than the bytes saved); -1 when out of
 * memory. box_of: scratch of one byte an entry. */
static double
gz_coarsest_cut(const GzHistogram *h, GzKeys kind, int opaque, const GzRun *runs, const int *row_runs,
    const uint8_t *repeats, int width, int height, uint8_t *box_of)
{
    size_t pixels = (size_t) width * height;
    uint32_t *word = NULL, palette[256], box_word[256];
    float *value = NULL, *cut_value = NULL, *planes = NULL, box_value[256][3];
    uint8_t *changed = NULL, *differ = NULL;
    int32_t *rows = NULL;
    double chosen = -1;
    int fine = 0;
    GzSsimPlanes p;

    if (width < 7 || height < 7 || pixels > GZ_SMALL_PIXELS)
        return 0;
    if (!(word = malloc(sizeof(uint32_t) * (size_t) h->count)) ||
        !(value = malloc(sizeof(float) * 3 * (size_t) h->count)) ||
        !(cut_value = malloc(sizeof(float) * 3 * (size_t) h->count)) || !(changed = malloc((size_t) h->count)) ||
        !(planes = malloc(sizeof(float) * 6 * pixels)) || !(differ = malloc(pixels)) ||
        !(rows = malloc(sizeof(int32_t) * ((size_t) height + 1))))
        goto done;
    p.width = width;
    p.height = height;
    for (int c = 0; c < 3; c++) {
        p.a[c] = planes + (size_t) c * pixels;
        p.b[c] = planes + (size_t) (3 + c) * pixels;
    }
    p.differ = differ;
    p.rows = rows;
    for (int i = 0; i < h->count; i++) {
        word[i] = gz_straight_word(h->colour[i], kind, opaque);
        gz_over_white3(word[i], value + 3 * (size_t) i);
    }
    gz_fill_planes((float *const *) p.a, NULL, NULL, value, NULL, runs, row_runs, repeats, width, height);
    /* A picture of more than 256 colours tries png-palette's cut (the finest)
     * first: when even it does not keep the SSIM, no coarser cut does (SSIM
     * falls as the cut coarsens), and the picture is truecolour after one
     * measurement instead of four. Anti-aliased photograph-like sources, such
     * as Debian's glossy iso-flags-png-320x240, nearly all end there
     * (docs/decisions/0010-png-flag-sources.md). */
    for (int i = h->count > 256 ? -1 : 0; i <= GZ_CUTS; i++) {
        double cut = i < 0 || i == GZ_CUTS ? GZ_PALETTE_ERROR : gz_cuts[i];
        int count;

        if (i == GZ_CUTS)
            break;
        count = gz_median_cut(h, pixels, cut, palette, box_of);

        if (!count)
            goto done;
        for (int b = 0; b < count; b++) {
            box_word[b] = gz_straight_word(palette[b], kind, opaque);
            gz_over_white3(box_word[b], box_value[b]);
        }
        for (int e = 0; e < h->count; e++) {
            memcpy(cut_value + 3 * (size_t) e, box_value[box_of[e]], sizeof(float) * 3);
            changed[e] = box_word[box_of[e]] != word[e];
        }
        gz_fill_planes((float *const *) p.b, differ, rows, cut_value, changed, runs, row_runs, repeats, width, height);
        if (gz_ssim_planes(&p, GZ_PALETTE_SSIM, NULL) > 0) {
            if (i < 0) {
                fine = 1;
                continue;
            }
            chosen = cut;
            goto done;
        }
        if (i < 0) {
            chosen = -2;
            goto done;
        }
    }
    chosen = h->count <= 256 ? 0 : fine ? GZ_PALETTE_ERROR : -2;

done:
    free(word);
    free(value);
    free(cut_value);
    free(changed);
    free(planes);
    free(differ);
    free(rows);
    return chosen;
}

/* Writes the indexed pixels as a lossless WebP (webp_lossless.c). */
static int gz_write_file(const char *path, const unsigned char *data, size_t length);

static int
gz_webp_palette_file(const uint8_t *index, int width, int height, const unsigned char *colours,
    const unsigned char *alphas, const char *path)
{
    size_t pixels = (size_t) width * height, length;
    uint32_t *argb = malloc(sizeof(uint32_t) * pixels), word[256];
    unsigned char *file;
    int result;

    if (!argb)
        return -1;
    for (int i = 0; i < 256; i++)
        word[i] = (uint32_t) alphas[i] << 24 | (uint32_t) colours[3 * i] << 16 | (uint32_t) colours[3 * i + 1] << 8 |
            colours[3 * i + 2];
    for (size_t i = 0; i < pixels; i++)
        argb[i] = word[index[i]];
    result = gz_webp_lossless_encode(argb, width, height, &file, &length);
    free(argb);
    if (result)
        return -1;
    result = gz_write_file(path, file, length);
    gz_webp_free(file);
    return result;
}

int
gz_png_palette_write_keys(const uint32_t *pixels, int width, int height, size_t stride,
    GzKeys kind, GzSaveFormat format, const char *path, int *exact)
{
    size_t count_pixels = (size_t) width * height;
    uint8_t *index = NULL, *rows = NULL, *file = NULL, *box_of = NULL, *repeats = NULL;
    GzRun *runs = NULL;
    int *row_runs = NULL, run_capacity = 0;
    uint32_t palette[256];
    unsigned char colours[256 * 3] = { 0 }, alphas[256] = { 0 }, header[13];
    GzHistogram histogram;
    int count = 0, depth, transparent = 0, result = -1, opaque;
    double error = GZ_PALETTE_ERROR;
    size_t row_bytes, packed_length, file_length;
    unsigned char *end;

    if (width <= 0 || height <= 0)
        return -1;
    index = malloc(count_pixels);
    if (!index || gz_histogram_init(&histogram, 1024)) {
        free(index);
        return -1;
    }
    /* One pass: the histogram, the runs of one colour (kept, for the remap
     * below) and, while there are at most 256 colours, the index of every
     * pixel. A run costs a comparison a pixel (four at a time), a row like
     * the one above a comparison of rows (flags are mostly stripes and
     * fields). */
    if (!(repeats = calloc(height, 1)) || !(row_runs = malloc(sizeof(int) * (height + 1))) ||
        !(runs = malloc(sizeof(*runs) * (run_capacity = 4096))))
        goto done;
    {
        uint32_t last = 0;
        int last_entry = -1, run_count = 0, last_first = 0, last_count = 0;

        for (int y = 0; y < height; y++) {
            const uint32_t *row = pixels + (size_t) y * stride;
            uint8_t *out = index + (size_t) y * width;

            row_runs[y] = run_count;
            if (y > 0 && memcmp(row, row - stride, sizeof(uint32_t) * width) == 0) {
                repeats[y] = 1;
                for (int r = last_first; r < last_first + last_count; r++)
                    histogram.weight[runs[r].entry] += runs[r].length;
                memcpy(out, out - width, width);
                continue;
            }
            last_first = run_count;
            for (int x = 0; x < width;) {
                uint32_t key = row[x];
                uint64_t pair = key | (uint64_t) key << 32;
                int start = x;

                x++;
                while (x + 4 <= width) {
                    uint64_t a, b;

                    memcpy(&a, row + x, 8);
                    memcpy(&b, row + x + 2, 8);
                    if (a != pair || b != pair)
                        break;
                    x += 4;
                }
                while (x < width && row[x] == key)
                    x++;
                if (key != last || last_entry < 0) {
                    last = key;
                    last_entry = gz_histogram_find(&histogram, key, 1);
                    if (last_entry < 0)
                        goto done;
                }
                histogram.weight[last_entry] += (uint32_t) (x - start);
                memset(out + start, (uint8_t) last_entry, (size_t) (x - start));
                if (run_count == run_capacity) {
                    void *more = realloc(runs, sizeof(*runs) * (run_capacity *= 2));

                    if (!more)
                        goto done;
                    runs = more;
                }
                runs[run_count].entry = last_entry;
                runs[run_count++].length = x - start;
            }
            last_count = run_count - last_first;
        }
        row_runs[height] = run_count;
        count = histogram.count <= 256 ? histogram.count : 0;
    }
    /* A picture whose every pixel is (all but: 240 or more) opaque is
     * written opaque, as gz_drop_opaque_alpha does for truecolour: judged
     * on its own colours, not the palette's (a mean may be more opaque). */
    opaque = 1;
    for (int i = 0; i < histogram.count && opaque; i++) {
        unsigned char rgba[4];

        gz_straight(histogram.colour[i], kind, rgba);
        if (rgba[3] < 240)
            opaque = 0;
    }
    if (!(box_of = malloc(histogram.count)))
        goto done;
    if (format == GZ_SAVE_PNG_ADAPTIVE || format == GZ_SAVE_WEBP_ADAPTIVE) {
        double coarsest = gz_coarsest_cut(&histogram, kind, opaque, runs, row_runs, repeats, width, height, box_of);

        if (coarsest == -2) {
            result = 1;
            goto done;
        }
        if (coarsest < 0)
            goto done;
        if (coarsest > 0) {
            count = 0;
            error = coarsest;
        }
    }
    if (exact)
        *exact = count > 0;
    if (count > 0) {
        memcpy(palette, histogram.colour, count * sizeof(uint32_t));
    }
    else {
        /* More than 256 colours (or a coarser cut chosen): the median cut,
         * then every run through its colour's box. */
        if (!(count = gz_median_cut(&histogram, count_pixels, error, palette, box_of)))
            goto done;
        for (int y = 0; y < height; y++) {
            uint8_t *out = index + (size_t) y * width;

            if (repeats[y]) {
                memcpy(out, out - width, width);
                continue;
            }
            for (int r = row_runs[y], x = 0; r < row_runs[y + 1]; r++) {
                memset(out + x, box_of[runs[r].entry], (size_t) runs[r].length);
                x += runs[r].length;
            }
        }
    }

    for (int i = 0; i < count; i++) {
        unsigned char rgba[4];

        gz_straight(palette[i], kind, rgba);
        if (opaque)
            rgba[3] = 255;
        memcpy(colours + 3 * i, rgba, 3);
        alphas[i] = rgba[3];
        if (alphas[i] != 255)
            transparent = i + 1;
    }

    if (format == GZ_SAVE_WEBP_ADAPTIVE) {
        result = gz_webp_palette_file(index, width, height, colours, alphas, path);
        goto done;
    }
    depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
    row_bytes = ((size_t) width * depth + 7) / 8;
    rows = calloc(height, row_bytes + 1);
    /* Room for incompressible data (libdeflate's bound is below this), and
     * the signature and chunks around it. */
    packed_length = (size_t) height * (row_bytes + 1) * 9 / 8 + 1024;
    file_length = packed_length + 8 + 25 + 12 + 768 + 12 + 256 + 12 + 12;
    file = malloc(file_length);
    if (!rows || !file)
        goto done;
    /* Filter type 0 on every row, the usual choice for palette pictures. */
    for (int y = 0; y < height; y++) {
        unsigned char *row = rows + (size_t) y * (row_bytes + 1) + 1;
        const uint8_t *from = index + (size_t) y * width;

        if (repeats[y])
            memcpy(row, row - (row_bytes + 1), row_bytes);
        else
            gz_pack(row, from, width, depth);
    }
    gz_be32(header, (unsigned long) width);
    gz_be32(header + 4, (unsigned long) height);
    header[8] = (unsigned char) depth;
    header[9] = 3;   /* indexed colour */
    header[10] = header[11] = header[12] = 0;
    memcpy(file, "\x89PNG\r\n\x1a\n", 8);
    end = gz_png_chunk(file + 8, "IHDR", header, 13);
    end = gz_png_chunk(end, "PLTE", colours, (size_t) count * 3);
    if (transparent)
        end = gz_png_chunk(end, "tRNS", alphas, (size_t) transparent);
    if (gz_deflate(rows, (size_t) height * (row_bytes + 1), row_bytes + 1, count_pixels, end + 8, &packed_length))
        goto done;
    end = gz_png_chunk(end, "IDAT", end + 8, packed_length);
    end = gz_png_chunk(end, "IEND", NULL, 0);
    result = gz_write_file(path, file, (size_t) (end - file));

done:
    gz_histogram_free(&histogram);
    free(index);
    free(box_of);
    free(runs);
    free(row_runs);
    free(repeats);
    free(rows);
    free(file);
    return result;
}

int
gz_png_palette_write(const GzPixels *in, size_t stride, GzSaveFormat format, const char *path, int *exact)
{
    size_t pixels = (size_t) in->width * in->height;
    uint32_t *rgba;
    int result;

    if (in->width <= 0 || in->height <= 0 || in->bands < 1 || in->bands > 4)
        return -1;
    if (!(rgba = malloc(pixels * 4)))
        return -1;
    for (int y = 0; y < in->height; y++) {
        const unsigned char *p = in->data + (size_t) y * stride;
        unsigned char *q = (unsigned char *) (rgba + (size_t) y * in->width);

        for (int x = 0; x < in->width; x++, p += in->bands, q += 4) {
            int grey = in->bands < 3;

            q[0] = p[0];
            q[1] = grey ? p[0] : p[1];
            q[2] = grey ? p[0] : p[2];
            q[3] = in->bands == 2 ? p[1] : in->bands == 4 ? p[3] : 255;
        }
    }
    result = gz_png_palette_write_keys(rgba, in->width, in->height, in->width, GZ_KEYS_RGBA, format, path, exact);
    free(rgba);
    return result;
}
