/*
 * The JPEG direct path's EXIF reader (Sources/CVipsShim/jpeg_direct.c): the input is the
 * payload of an APP1 marker, as libjpeg hands it over (at most 65,533 bytes). The reader is
 * static, so its file is included whole; the payload is copied into a buffer of exactly its
 * length, so that AddressSanitizer sees any read past the marker.
 * Built by `make fuzz` with clang -fsanitize=fuzzer,address.
 */
#include <stdint.h>

#include "../../Sources/CVipsShim/jpeg_direct.c"

/* jpeg_direct.c asks vips_shim.c, not linked here, whether its AVX2 twins may run. */
int
gz_may_use_avx2(void)
{
    return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    JOCTET *copy;
    int orientation;

    if (size > 65533)
        return 0;
    copy = malloc(size ? size : 1);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    orientation = gz_exif_orientation(copy, (unsigned) size);
    if (orientation < 0 || orientation > 8)
        abort();
    free(copy);
    return 0;
}
