/*
 * The drawing path's SVG readers (Sources/CVipsShim/drawing.c): gz_svg_size, which measures a
 * document from its prologue and root start tag alone when the thumbnails are planned, and
 * gz_drawing_open / gz_drawing_render, which parse it whole with librsvg and render it with
 * cairo. The input is an SVG file's bytes, copied into a buffer of exactly its length so
 * that AddressSanitizer sees any read past the end. A size must come out positive and finite
 * or not at all. drawing.c is included whole; what it calls in the rest of the shim (saving)
 * is never reached here and is stubbed.
 * Built by `make fuzz` with clang -fsanitize=fuzzer,address.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../Sources/CVipsShim/drawing.c"

int gz_init(void) { abort(); }
int gz_save(VipsImage *in, const char *path, GzSaveFormat format, int quality)
{
    (void) in; (void) path; (void) format; (void) quality;
    abort();
}
int gz_png_palette_write_keys(const uint32_t *pixels, int width, int height, size_t stride,
    GzKeys kind, GzSaveFormat format, const char *path, int *exact)
{
    (void) pixels; (void) width; (void) height; (void) stride; (void) kind; (void) format; (void) path; (void) exact;
    abort();
}

static void
check_size(double width, double height)
{
    if (!(width >= 0.5 && height >= 0.5 && width < 1e300 && height < 1e300))
        abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *copy = malloc(size ? size : 1);
    GzDrawing *drawing = NULL;
    double width, height;

    if (!copy)
        return 0;
    memcpy(copy, data, size);
    if (gz_svg_size(copy, size, &width, &height) == 0)
        check_size(width, height);
    if (gz_drawing_open(copy, size, &drawing) == 0) {
        GzArgb pixels;

        gz_drawing_size(drawing, &width, &height);
        check_size(width, height);
        /* A small rendering: the wrapper's scaling and surface, not librsvg's speed. */
        if (gz_drawing_render(drawing, 8, 6, &pixels) == 0) {
            if (pixels.width != 8 || pixels.height != 6 || !pixels.data)
                abort();
            gz_argb_free(&pixels);
        }
        gz_drawing_close(drawing);
    }
    free(copy);
    return 0;
}
