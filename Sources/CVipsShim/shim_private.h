#ifndef GAZETTEER_SHIM_PRIVATE_H
#define GAZETTEER_SHIM_PRIVATE_H
/* Shared by the shim's C files; not part of what Swift sees. */
#include <stdlib.h>

/* Whether a size `have` is within a pixel or two (and 1%) of `want`: close
 * enough that resampling would only blur, so the edge is trimmed or repeated
 * instead. */
static inline int
gz_near(int have, int want)
{
    int gap = abs(have - want);

    return gap == 0 || (gap <= 2 && gap * 100 <= want);
}

#endif
