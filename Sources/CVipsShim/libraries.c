/*
 * libvips, librsvg and cairo, and libwebp, opened with dlopen at their first use (see libraries.h: why,
 * and how the rest of the shim calls them).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define GZ_LIBRARIES_REAL
#include "libraries.h"

GzVipsFunctions gz_vips_functions;
GzDrawingFunctions gz_drawing_functions;
GzWebpFunctions gz_webp_functions;

static char gz_load_error[512];
static int gz_vips_loaded = -1, gz_drawing_loaded = -1, gz_webp_loaded = -1;

/* Opens the first of `names` that loads and fills `count` pointers from `symbols`; 0, or -1
 * with the reason kept. */
static int
gz_open(const char *const *names, int name_count, const char *const *symbols, void **pointers,
    int count)
{
    void *library = NULL;

    for (int i = 0; i < name_count && !library; i++)
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(gz_load_error, sizeof(gz_load_error), "%s could not be loaded: %s", names[0], dlerror());
        return -1;
    }
    for (int i = 0; i < count; i++) {
        if (!(pointers[i] = dlsym(library, symbols[i]))) {
            snprintf(gz_load_error, sizeof(gz_load_error), "%s has no %s: is it older than the headers "
                "gazetteer was built with?", names[0], symbols[i]);
            return -1;
        }
    }
    /* Never closed: the libraries stay for the life of the process. */
    return 0;
}

#define GZ_NAME(name) #name,

static void
gz_load_vips_once(void)
{
    /* The soname of the ABI the headers describe (libtool's current minus age: 42 for 8.x),
     * then the development link, for an unusual install. */
    char soname[64];
    const char *names[] = { soname, "libvips.so" };
    static const char *const symbols[] = { GZ_VIPS_FUNCTIONS(GZ_NAME) };

    snprintf(soname, sizeof(soname), "libvips.so.%d", VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
    gz_vips_loaded = gz_open(names, 2, symbols, (void **) &gz_vips_functions,
        (int) (sizeof(symbols) / sizeof(symbols[0])));
}

static void
gz_load_drawing_once(void)
{
    static const char *const rsvg[] = { "librsvg-2.so.2", "librsvg-2.so" };
    static const char *const cairo[] = { "libcairo.so.2", "libcairo.so" };
    static const char *const symbols[] = { GZ_DRAWING_FUNCTIONS(GZ_NAME) };
    enum { COUNT = sizeof(symbols) / sizeof(symbols[0]) };
    void **pointers = (void **) &gz_drawing_functions;
    int cairo_first = 0;

    /* The list holds librsvg's functions, then cairo's. */
    while (cairo_first < COUNT && strncmp(symbols[cairo_first], "rsvg_", 5) == 0)
        cairo_first++;
    gz_drawing_loaded = gz_open(rsvg, 2, symbols, pointers, cairo_first) ||
        gz_open(cairo, 2, symbols + cairo_first, pointers + cairo_first, COUNT - cairo_first) ? -1 : 0;
}

static void
gz_load_webp_once(void)
{
    /* libwebp 1.x keeps soname 7 for every encoder ABI 2.x its headers describe. */
    static const char *const names[] = { "libwebp.so.7", "libwebp.so" };
    static const char *const symbols[] = { GZ_WEBP_FUNCTIONS(GZ_NAME) };

    gz_webp_loaded = gz_open(names, 2, symbols, (void **) &gz_webp_functions,
        (int) (sizeof(symbols) / sizeof(symbols[0])));
}

int
gz_load_webp_encoder(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;

    pthread_once(&once, gz_load_webp_once);
    return gz_webp_loaded;
}

int
gz_load_vips(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;

    pthread_once(&once, gz_load_vips_once);
    return gz_vips_loaded;
}

int
gz_load_drawing(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;

    pthread_once(&once, gz_load_drawing_once);
    return gz_drawing_loaded;
}

const char *
gz_library_error(void)
{
    return gz_load_error[0] ? gz_load_error : NULL;
}
