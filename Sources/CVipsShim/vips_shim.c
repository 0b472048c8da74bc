#include <vips/vips.h>
#include "vips_shim.h"

int gz_vips_init(const char *argv0) { return VIPS_INIT(argv0); }
