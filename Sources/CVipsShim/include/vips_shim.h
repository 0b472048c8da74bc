#ifndef GAZETTEER_VIPS_SHIM_H
#define GAZETTEER_VIPS_SHIM_H
/* Non-variadic wrappers around libvips, for Swift. */
int gz_vips_init(const char *argv0);
#endif
