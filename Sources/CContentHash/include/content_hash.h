#ifndef GAZETTEER_CONTENT_HASH_H
#define GAZETTEER_CONTENT_HASH_H
/*
 * SHA-256 of content (source files, cache keys), and the process-wide switch
 * that forces processor-specific code off: the SHA instructions here, the
 * AVX2 loops of Sources/CVipsShim. Imported by exactly one Swift file:
 * Sources/Hashing/ContentHash.swift.
 */
#include <stddef.h>
#include <stdint.h>

/* Processor-specific code (the SHA instructions, the shim's AVX2 loops) runs
 * where the processor has it, unless the portable code is forced: by
 * gz_set_portable(1) (tests run both and compare the bytes) or by
 * GAZETTEER_PORTABLE=1 in the environment. Returns the previous setting. */
int gz_set_portable(int portable);
/* Whether the portable code is forced now. */
int gz_portable_now(void);

/* Whether gz_sha256_hex would use the SHA instructions now: the processor
 * has them and the portable code is not forced. */
int gz_may_use_sha(void);

/* SHA-256 of a buffer as 64 lowercase hex digits plus NUL into out[65]:
 * by the processor's SHA instructions where it has them (and the portable
 * code is not forced), else by plain C, the portable twin. */
void gz_sha256_hex(const void *data, size_t length, char *out);

/* The same SHA-256 as its eight 32-bit words, in order (word 0 is the first
 * eight hex digits of gz_sha256_hex). */
void gz_sha256(const void *data, size_t length, uint32_t out[8]);

#endif
