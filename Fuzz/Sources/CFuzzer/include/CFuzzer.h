#ifndef GAZETTEER_CFUZZER_H
#define GAZETTEER_CFUZZER_H
#include <stddef.h>
#include <stdint.h>

/* What each fuzz target defines (in Swift, with @_cdecl). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libFuzzer's driver (compiler-rt, linked with -sanitize=fuzzer): parses the usual
 * libFuzzer options from argv and runs `test` on every input. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

#endif
