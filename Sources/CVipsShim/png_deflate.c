/*
 * A zlib stream for the rows of a palette PNG, for the large ones (shown one
 * to a page, where a few per cent of bytes matter less than time): LZ77 that
 * looks for matches at two distances only, the pixel before (runs of one
 * colour) and the row above (stripes, fields, rows repeated), then one
 * dynamic Huffman block. Flags are made of little else: over Debian's 249 at
 * 640x480 it takes 35 ms where libdeflate's level 5 took 120, for 13% more
 * bytes (at 320x240: 14 against 38 ms, 6% more). Deterministic: a fixed
 * function of the data.
 *
 * Every stream is checked by the tests through a real decoder (libpng, in
 * libvips); see also RFC 1950 and 1951.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>

#include "shim_private.h"

/* ---- symbols ---------------------------------------------------------------- */

/* Length codes 257..285: base lengths and extra bits. */
static const uint16_t gz_length_base[29] = {
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
};
static const uint8_t gz_length_extra[29] = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
    3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
};
/* Distance codes 0..29. */
static const uint16_t gz_distance_base[30] = {
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
    257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
};
static const uint8_t gz_distance_extra[30] = {
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
    7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
};

/* The code of a base table's entry covering `value`: a binary search. */
static int
gz_code_of(const uint16_t *base, int count, int value)
{
    int lo = 0, hi = count - 1;

    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;

        if (base[mid] <= value)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

static int
gz_length_code(int length)
{
    return gz_code_of(gz_length_base, 29, length);
}

static int
gz_distance_code(int distance)
{
    return gz_code_of(gz_distance_base, 30, distance);
}

/* How far data[at...] repeats data[at - distance...], at most `most`. */
static inline int
gz_match(const unsigned char *data, size_t at, size_t distance, int most)
{
    const unsigned char *a = data + at, *b = a - distance;
    int n = 0;

    while (n + 8 <= most) {
        uint64_t x, y;

        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        /* The first byte that differs: the lowest in memory, whichever end of
         * the word that is. */
        if (x != y)
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            return n + (__builtin_clzll(x ^ y) >> 3);
#else
            return n + (__builtin_ctzll(x ^ y) >> 3);
#endif
        n += 8;
    }
    while (n < most && a[n] == b[n])
        n++;
    return n;
}

/* One parsed item: a literal (length 0) or a match. */
typedef struct {
    uint16_t length;    /* 0 for a literal */
    uint16_t value;     /* the literal, or the distance */
} GzItem;

/* ---- Huffman code lengths -------------------------------------------------------- */

typedef struct {
    uint32_t weight;
    uint16_t symbol;
} GzLeaf;

static int
gz_by_weight(const void *a, const void *b)
{
    const GzLeaf *x = a, *y = b;

    if (x->weight != y->weight)
        return x->weight < y->weight ? -1 : 1;
    return (int) x->symbol - (int) y->symbol;
}

/* Code lengths (at most `limit` bits) for symbols of the given frequencies:
 * Huffman's by Moffat and Katajainen's in-place method, then lengths over
 * the limit pushed down as zlib and miniz do (Kraft's inequality restored
 * by lengthening the shortest codes). At least two symbols get codes (one
 * alone would be an incomplete code, which some decoders refuse). */
static void
gz_code_lengths(const uint32_t *frequency, int count, int limit, uint8_t *lengths)
{
    GzLeaf leaves[288];
    uint32_t depth[288] = { 0 };
    int used = 0, per_length[33] = { 0 };

    memset(lengths, 0, count);
    for (int s = 0; s < count; s++)
        if (frequency[s]) {
            leaves[used].weight = frequency[s];
            leaves[used++].symbol = (uint16_t) s;
        }
    for (int s = 0; used < 2 && s < count; s++)
        if (!frequency[s]) {
            leaves[used].weight = 1;
            leaves[used++].symbol = (uint16_t) s;
        }
    qsort(leaves, used, sizeof(GzLeaf), gz_by_weight);
    /* Moffat-Katajainen, in place over the sorted weights: parent
     * pointers, then depths, then code lengths. */
    for (int i = 0; i < used; i++)
        depth[i] = leaves[i].weight;
    {
        int root = 0, leaf = 2, available, taken, level, next;

        depth[0] += depth[1];
        for (next = 1; next < used - 1; next++) {
            if (leaf >= used || depth[root] < depth[leaf]) {
                depth[next] = depth[root];
                depth[root++] = (uint32_t) next;
            }
            else
                depth[next] = depth[leaf++];
            if (leaf >= used || (root < next && depth[root] < depth[leaf])) {
                depth[next] += depth[root];
                depth[root++] = (uint32_t) next;
            }
            else
                depth[next] += depth[leaf++];
        }
        depth[used - 2] = 0;
        for (next = used - 3; next >= 0; next--)
            depth[next] = depth[depth[next]] + 1;
        available = 1;
        taken = level = 0;
        root = used - 2;
        next = used - 1;
        while (available > 0) {
            while (root >= 0 && (int) depth[root] == level) {
                taken++;
                root--;
            }
            while (available > taken) {
                depth[next--] = (uint32_t) level;
                available--;
            }
            available = 2 * taken;
            level++;
            taken = 0;
        }
    }
    /* depth[i] is now the length of leaves[i] (longest first among the
     * lightest). Enforce the limit. */
    for (int i = 0; i < used; i++)
        per_length[depth[i] > (uint32_t) limit ? limit : depth[i]]++;
    {
        uint32_t total = 0;

        for (int l = limit; l > 0; l--)
            total += (uint32_t) per_length[l] << (limit - l);
        while (total != (1u << limit)) {
            per_length[limit]--;
            for (int l = limit - 1; l > 0; l--)
                if (per_length[l]) {
                    per_length[l]--;
                    per_length[l + 1] += 2;
                    break;
                }
            total--;
        }
    }
    /* Lightest symbols get the longest codes. */
    {
        int i = 0;

        for (int l = limit; l > 0; l--)
            for (int k = per_length[l]; k > 0; k--)
                lengths[leaves[i++].symbol] = (uint8_t) l;
    }
}

/* Canonical codes, bit-reversed for the LSB-first stream. */
static void
gz_codes(const uint8_t *lengths, int count, uint16_t *codes)
{
    int per_length[16] = { 0 }, next[16];

    for (int s = 0; s < count; s++)
        per_length[lengths[s]]++;
    per_length[0] = 0;
    next[0] = 0;
    for (int l = 1, code = 0; l < 16; l++) {
        code = (code + per_length[l - 1]) << 1;
        next[l] = code;
    }
    for (int s = 0; s < count; s++) {
        int l = lengths[s], code, reversed = 0;

        if (!l)
            continue;
        code = next[l]++;
        for (int b = 0; b < l; b++)
            reversed |= ((code >> b) & 1) << (l - 1 - b);
        codes[s] = (uint16_t) reversed;
    }
}

/* ---- bits --------------------------------------------------------------------------- */

typedef struct {
    unsigned char *out, *end;
    uint64_t bits;
    int count;
    int overflow;
} GzBits;

static inline void
gz_put(GzBits *w, uint32_t value, int n)
{
    w->bits |= (uint64_t) value << w->count;
    w->count += n;
    while (w->count >= 8) {
        if (w->out < w->end)
            *w->out++ = (unsigned char) w->bits;
        else
            w->overflow = 1;
        w->bits >>= 8;
        w->count -= 8;
    }
}

/* ---- the stream ------------------------------------------------------------------- */

size_t
gz_deflate_rows(const unsigned char *data, size_t length, size_t row, unsigned char *out, size_t capacity)
{
    GzItem *items;
    size_t count = 0, at = 0;
    uint32_t litlen_frequency[286] = { 0 }, distance_frequency[30] = { 0 }, code_frequency[19] = { 0 };
    uint8_t litlen_lengths[286], distance_lengths[30], code_lengths[19], sequence[316], sequence_extra[316];
    uint16_t litlen_codes[286] = { 0 }, distance_codes[30] = { 0 }, code_codes[19] = { 0 };
    static const uint8_t order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
    int litlen_count = 286, distance_count = 30, code_count = 19, sequence_length = 0;
    GzBits w = { out, out + capacity, 0, 0, 0 };
    uint32_t adler;

    if (capacity < 16 || length == 0 || row == 0 || row > 32768 || length > 0x7fffffffu)
        return 0;
    if (!(items = malloc(sizeof(GzItem) * length)))
        return 0;
    /* Greedy: the longer of the two matches when 3 or more (more candidates,
     * the row above shifted by a pixel or two, saved 2% of bytes for a
     * quarter more time). */
    while (at < length) {
        int most = length - at > 258 ? 258 : (int) (length - at);
        int run = at >= 1 ? gz_match(data, at, 1, most) : 0;
        int up = at >= row ? gz_match(data, at, row, most) : 0;
        int best = up >= run ? up : run;
        size_t distance = up >= run ? row : 1;

        if (best >= 3) {
            int code = gz_length_code(best);

            items[count].length = (uint16_t) best;
            items[count++].value = (uint16_t) distance;
            litlen_frequency[257 + code]++;
            distance_frequency[gz_distance_code((int) distance)]++;
            at += best;
        }
        else {
            items[count].length = 0;
            items[count++].value = data[at];
            litlen_frequency[data[at]]++;
            at++;
        }
    }
    litlen_frequency[256] = 1;
    gz_code_lengths(litlen_frequency, 286, 15, litlen_lengths);
    gz_code_lengths(distance_frequency, 30, 15, distance_lengths);
    while (litlen_count > 257 && !litlen_lengths[litlen_count - 1])
        litlen_count--;
    while (distance_count > 1 && !distance_lengths[distance_count - 1])
        distance_count--;
    /* The code lengths, run-length coded (16: repeat the last 3-6 times,
     * 17: 3-10 zeros, 18: 11-138 zeros). */
    {
        uint8_t all[316];
        int n = litlen_count + distance_count;

        memcpy(all, litlen_lengths, litlen_count);
        memcpy(all + litlen_count, distance_lengths, distance_count);
        for (int i = 0; i < n;) {
            int value = all[i], same = 1;

            while (i + same < n && all[i + same] == value)
                same++;
            if (value == 0 && same >= 3) {
                int take = same > 138 ? 138 : same;

                sequence[sequence_length] = take >= 11 ? 18 : 17;
                sequence_extra[sequence_length++] = (uint8_t) (take >= 11 ? take - 11 : take - 3);
                i += take;
            }
            else if (value != 0 && same >= 4) {
                int take = same - 1 > 6 ? 6 : same - 1;

                sequence[sequence_length] = (uint8_t) value;
                sequence_extra[sequence_length++] = 0;
                sequence[sequence_length] = 16;
                sequence_extra[sequence_length++] = (uint8_t) (take - 3);
                i += 1 + take;
            }
            else {
                sequence[sequence_length] = (uint8_t) value;
                sequence_extra[sequence_length++] = 0;
                i++;
            }
        }
        for (int i = 0; i < sequence_length; i++)
            code_frequency[sequence[i]]++;
    }
    gz_code_lengths(code_frequency, 19, 7, code_lengths);
    while (code_count > 4 && !code_lengths[order[code_count - 1]])
        code_count--;
    gz_codes(litlen_lengths, 286, litlen_codes);
    gz_codes(distance_lengths, 30, distance_codes);
    gz_codes(code_lengths, 19, code_codes);

    /* zlib header: deflate, 32K window, no dictionary, FCHECK making it a
     * multiple of 31. */
    gz_put(&w, 0x78, 8);
    gz_put(&w, 0x01, 8);
    gz_put(&w, 1, 1);       /* the last block */
    gz_put(&w, 2, 2);       /* dynamic Huffman codes */
    gz_put(&w, litlen_count - 257, 5);
    gz_put(&w, distance_count - 1, 5);
    gz_put(&w, code_count - 4, 4);
    for (int i = 0; i < code_count; i++)
        gz_put(&w, code_lengths[order[i]], 3);
    for (int i = 0; i < sequence_length; i++) {
        int s = sequence[i];

        gz_put(&w, code_codes[s], code_lengths[s]);
        if (s == 16)
            gz_put(&w, sequence_extra[i], 2);
        else if (s == 17)
            gz_put(&w, sequence_extra[i], 3);
        else if (s == 18)
            gz_put(&w, sequence_extra[i], 7);
    }
    for (size_t i = 0; i < count && !w.overflow; i++) {
        if (items[i].length == 0)
            gz_put(&w, litlen_codes[items[i].value], litlen_lengths[items[i].value]);
        else {
            int code = gz_length_code(items[i].length), distance = gz_distance_code(items[i].value);

            gz_put(&w, litlen_codes[257 + code], litlen_lengths[257 + code]);
            if (gz_length_extra[code])
                gz_put(&w, items[i].length - gz_length_base[code], gz_length_extra[code]);
            gz_put(&w, distance_codes[distance], distance_lengths[distance]);
            if (gz_distance_extra[distance])
                gz_put(&w, items[i].value - gz_distance_base[distance], gz_distance_extra[distance]);
        }
    }
    gz_put(&w, litlen_codes[256], litlen_lengths[256]);
    if (w.count)
        gz_put(&w, 0, 8 - w.count);
    adler = libdeflate_adler32(1, data, length);
    gz_put(&w, adler >> 24, 8);
    gz_put(&w, (adler >> 16) & 255, 8);
    gz_put(&w, (adler >> 8) & 255, 8);
    gz_put(&w, adler & 255, 8);
    free(items);
    return w.overflow ? 0 : (size_t) (w.out - out);
}
