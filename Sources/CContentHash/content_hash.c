#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "content_hash.h"

/* ---- processor-specific code, and the switch that forces it off -------- */

static int gz_portable_forced = -1;     /* -1: not read from the environment yet */

int
gz_portable_now(void)
{
    int forced = __atomic_load_n(&gz_portable_forced, __ATOMIC_RELAXED);

    if (forced < 0) {
        const char *value = getenv("GAZETTEER_PORTABLE");
        int wanted = value != NULL && value[0] != '\0' && strcmp(value, "0") != 0;

        __atomic_compare_exchange_n(&gz_portable_forced, &forced, wanted, 0,
            __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        forced = __atomic_load_n(&gz_portable_forced, __ATOMIC_RELAXED);
    }
    return forced;
}

int
gz_set_portable(int portable)
{
    int previous = gz_portable_now();

    __atomic_store_n(&gz_portable_forced, portable != 0, __ATOMIC_RELAXED);
    return previous;
}

/* ---- hashing ------------------------------------------------------------ */

/* SHA-256 by the SHA extensions of x86 processors where present (several
 * times faster than plain C: hashing every source is a noticeable part of
 * planning), else by plain C (FIPS 180-4), the portable twin. Both give the
 * same digest; ContentHashTests compares them through gz_set_portable. */

static const uint32_t gz_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t gz_rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

/* Compress whole 64-byte blocks into state (a..h), in plain C. */
static void
gz_sha256_blocks_portable(uint32_t state[8], const unsigned char *data, size_t blocks)
{
    for (; blocks > 0; blocks--, data += 64) {
        uint32_t w[64];
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];

        for (int i = 0; i < 16; i++)
            w[i] = (uint32_t) data[4 * i] << 24 | (uint32_t) data[4 * i + 1] << 16 |
                (uint32_t) data[4 * i + 2] << 8 | (uint32_t) data[4 * i + 3];
        for (int i = 16; i < 64; i++) {
            uint32_t s0 = gz_rotr(w[i - 15], 7) ^ gz_rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
            uint32_t s1 = gz_rotr(w[i - 2], 17) ^ gz_rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        for (int i = 0; i < 64; i++) {
            uint32_t s1 = gz_rotr(e, 6) ^ gz_rotr(e, 11) ^ gz_rotr(e, 25);
            uint32_t t1 = h + s1 + ((e & f) ^ (~e & g)) + gz_sha256_k[i] + w[i];
            uint32_t s0 = gz_rotr(a, 2) ^ gz_rotr(a, 13) ^ gz_rotr(a, 22);
            uint32_t t2 = s0 + ((a & b) ^ (a & c) ^ (b & c));

            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

static int
gz_have_sha_extensions(void)
{
    static int have = -1;       /* -1: not asked yet; the answer never changes */
    int known = __atomic_load_n(&have, __ATOMIC_RELAXED);
    unsigned int a, b, c, d;

    if (known < 0) {
        known = __get_cpuid(1, &a, &b, &c, &d) &&
            (c & (1u << 9)) &&          /* SSSE3 */
            (c & (1u << 19)) &&         /* SSE4.1 */
            __get_cpuid_count(7, 0, &a, &b, &c, &d) &&
            (b & (1u << 29));           /* SHA */
        __atomic_store_n(&have, known, __ATOMIC_RELAXED);
    }
    return known;
}

/* Compress whole 64-byte blocks into state (a..h). */
__attribute__((target("sha,sse4.1,ssse3")))
static void
gz_sha256_blocks_x86(uint32_t state[8], const unsigned char *data, size_t blocks)
{
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL,
        0x0405060700010203ULL);
    __m128i abef, cdgh, tmp;

    /* state holds a b c d | e f g h; the instructions want ABEF, CDGH. */
    tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *) &state[0]), 0xB1);
    cdgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *) &state[4]), 0x1B);
    abef = _mm_alignr_epi8(tmp, cdgh, 8);
    cdgh = _mm_blend_epi16(cdgh, tmp, 0xF0);

    for (; blocks > 0; blocks--, data += 64) {
        __m128i saved_abef = abef;
        __m128i saved_cdgh = cdgh;
        __m128i w[4];

        for (int i = 0; i < 16; i++) {
            __m128i message;

            if (i < 4)
                w[i] = _mm_shuffle_epi8(
                    _mm_loadu_si128((const __m128i *) (data + 16 * i)), swap);
            else {
                /* W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16],
                 * four at a time. */
                __m128i x = _mm_sha256msg1_epu32(w[i % 4], w[(i + 1) % 4]);

                x = _mm_add_epi32(x,
                    _mm_alignr_epi8(w[(i + 3) % 4], w[(i + 2) % 4], 4));
                w[i % 4] = _mm_sha256msg2_epu32(x, w[(i + 3) % 4]);
            }
            message = _mm_add_epi32(w[i % 4],
                _mm_loadu_si128((const __m128i *) &gz_sha256_k[4 * i]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            abef = _mm_sha256rnds2_epu32(abef, cdgh,
                _mm_shuffle_epi32(message, 0x0E));
        }
        abef = _mm_add_epi32(abef, saved_abef);
        cdgh = _mm_add_epi32(cdgh, saved_cdgh);
    }

    tmp = _mm_shuffle_epi32(abef, 0x1B);
    cdgh = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *) &state[0], _mm_blend_epi16(tmp, cdgh, 0xF0));
    _mm_storeu_si128((__m128i *) &state[4], _mm_alignr_epi8(cdgh, tmp, 8));
}
#endif

int
gz_may_use_sha(void)
{
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    return !gz_portable_now() && gz_have_sha_extensions();
#else
    return 0;
#endif
}

void
gz_sha256(const void *data, size_t length, uint32_t out[8])
{
    uint32_t state[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    void (*blocks)(uint32_t[8], const unsigned char *, size_t) = gz_sha256_blocks_portable;
    unsigned char tail[128] = { 0 };
    size_t whole = length / 64;
    size_t rest = length % 64;
    size_t tail_length = rest < 56 ? 64 : 128;
    uint64_t bits = (uint64_t) length * 8;

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (gz_may_use_sha())
        blocks = gz_sha256_blocks_x86;
#endif
    blocks(state, data, whole);
    if (rest > 0)
        memcpy(tail, (const unsigned char *) data + whole * 64, rest);
    tail[rest] = 0x80;
    for (int i = 0; i < 8; i++)
        tail[tail_length - 1 - i] = (unsigned char) (bits >> (8 * i));
    blocks(state, tail, tail_length / 64);
    for (int i = 0; i < 8; i++)
        out[i] = state[i];
}

void
gz_sha256_hex(const void *data, size_t length, char *out)
{
    uint32_t state[8];

    gz_sha256(data, length, state);
    for (int i = 0; i < 8; i++)
        snprintf(out + 8 * i, 9, "%08x", (unsigned int) state[i]);
}
