/*
 * The drawing path: an SVG parsed once by librsvg, rendered by cairo into
 * memory, resampled by area averaging and written (palette PNG by
 * png_palette.c, other formats by libvips' savers). libvips' SVG loader
 * parses the document again for every load and renders it through a tile
 * cache: a flag's six thumbnails took four parses (the plan's header, then
 * one a preset) and three renderings there; here one of each (the plan reads
 * the size from the root element alone, gz_svg_size). Measured in
 * docs/decisions/0002-svg-drawing-path.md.
 *
 * librsvg's headers want include paths (gdk-pixbuf's among them) that
 * SwiftPM cannot be given without unsafe flags, so the few functions used are
 * declared in libraries.h as rsvg.h and rsvg-cairo.h (librsvg 2.52 and later)
 * declare them; cairo's header needs none. Both libraries are loaded at the
 * first call here (gz_load_drawing).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cairo/cairo.h>
#include <glib-object.h>

#include "vips_shim.h"
#include "drawing.h"
#include "libraries.h"
#include "shim_private.h"

/* ---- parsing and size ------------------------------------------------------- */

struct GzDrawing {
    RsvgHandle *handle;
    double width;
    double height;
};

/* A CSS length in pixels at `dpi`, as libvips' svgload counts it (a default
 * font size of 12); 0 for a percentage. */
static double
gz_length_pixels(RsvgLength length, double dpi)
{
    switch (length.unit) {
    case RSVG_UNIT_PX: return length.length;
    case RSVG_UNIT_EM: return length.length * 12;
    case RSVG_UNIT_EX: return length.length * 6;
    case RSVG_UNIT_IN: return length.length * dpi;
    case RSVG_UNIT_CM: return dpi * length.length / 2.54;
    case RSVG_UNIT_MM: return dpi * length.length / 25.4;
    case RSVG_UNIT_PT: return dpi * length.length / 72;
    case RSVG_UNIT_PC: return dpi * length.length / 6;
    default: return 0;
    }
}

/* libvips 8.14's natural size of a document (its svgload at 72 dpi, for
 * librsvg 2.54): the intrinsic size; else width or height and the viewBox's
 * shape; else the viewBox; else the extent of what it draws. */
static int
gz_natural_size(RsvgHandle *handle, double *out_width, double *out_height)
{
    double width, height;

    rsvg_handle_set_dpi(handle, 72.0);
    if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height)) {
        gboolean has_width, has_height, has_viewbox;
        RsvgLength intrinsic_width, intrinsic_height;
        RsvgRectangle viewbox;

        rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &intrinsic_width,
            &has_height, &intrinsic_height, &has_viewbox, &viewbox);
        width = gz_length_pixels(intrinsic_width, 72.0);
        height = gz_length_pixels(intrinsic_height, 72.0);
        has_width = width > 0.0;
        has_height = height > 0.0;
        if (has_width && has_height) {
        }
        else if (has_width && has_viewbox)
            height = width * viewbox.height / viewbox.width;
        else if (has_height && has_viewbox)
            width = height * viewbox.width / viewbox.height;
        else if (has_viewbox) {
            width = viewbox.width;
            height = viewbox.height;
        }
        if (width <= 0.0 || height <= 0.0) {
            if (!rsvg_handle_get_geometry_for_element(handle, NULL, &viewbox, NULL, NULL))
                return -1;
            width = viewbox.x + viewbox.width;
            height = viewbox.y + viewbox.height;
        }
    }
    /* A viewBox of no height (or width) makes the other side infinite. */
    if (!(width >= 0.5) || !(height >= 0.5) || !isfinite(width) || !isfinite(height))
        return -1;
    *out_width = width;
    *out_height = height;
    return 0;
}

int
gz_drawing_open(const void *buf, size_t len, GzDrawing **out)
{
    GError *error = NULL;
    GzDrawing *drawing = calloc(1, sizeof(*drawing));

    if (!drawing || gz_load_drawing()) {
        free(drawing);
        return -1;
    }
    /* From memory, without a base file: references to other files fail. */
    drawing->handle = rsvg_handle_new_from_data(buf, len, &error);
    if (!drawing->handle || gz_natural_size(drawing->handle, &drawing->width, &drawing->height)) {
        g_clear_error(&error);
        gz_drawing_close(drawing);
        return -1;
    }
    *out = drawing;
    return 0;
}

void
gz_drawing_close(GzDrawing *drawing)
{
    if (!drawing)
        return;
    if (drawing->handle)
        g_object_unref(drawing->handle);
    free(drawing);
}

void
gz_drawing_size(const GzDrawing *drawing, double *width, double *height)
{
    *width = drawing->width;
    *height = drawing->height;
}

int
gz_drawing_render(GzDrawing *drawing, int width, int height, GzArgb *out)
{
    cairo_surface_t *surface;
    cairo_t *cr;
    RsvgRectangle viewport = { 0, 0, drawing->width, drawing->height };
    GError *error = NULL;
    int ok;

    memset(out, 0, sizeof(*out));
    if (width <= 0 || height <= 0 || width > 32767 || height > 32767 ||
        cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width) != width * 4)
        return -1;
    if (!(out->data = calloc((size_t) width * height, 4)))
        return -1;
    out->width = width;
    out->height = height;
    surface = cairo_image_surface_create_for_data((unsigned char *) out->data,
        CAIRO_FORMAT_ARGB32, width, height, width * 4);
    cr = cairo_create(surface);
    cairo_scale(cr, width / drawing->width, height / drawing->height);
    ok = rsvg_handle_render_document(drawing->handle, cr, &viewport, &error) &&
        cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
    g_clear_error(&error);
    if (!ok) {
        gz_argb_free(out);
        return -1;
    }
    return 0;
}

void
gz_argb_free(GzArgb *pixels)
{
    free(pixels->data);
    memset(pixels, 0, sizeof(*pixels));
}

/* ---- the size without parsing everything ------------------------------------- */

static int
gz_name_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || c >= 0x80;
}

static const unsigned char *
gz_find(const unsigned char *p, const unsigned char *end, const char *what)
{
    size_t n = strlen(what);

    for (; p + n <= end; p++)
        if (memcmp(p, what, n) == 0)
            return p;
    return NULL;
}

int
gz_svg_size(const void *buf, size_t len, double *width, double *height)
{
    const unsigned char *start = buf, *p = buf, *end = start + len;
    const unsigned char *name, *name_end, *tag_end = NULL;
    unsigned char *prefix;
    size_t prefix_length;
    RsvgHandle *handle;
    GError *error = NULL;
    int result = -1;

    /* The prologue: a byte-order mark, the XML declaration, comments,
     * processing instructions and a document type without an internal
     * subset (entities would need the whole document). */
    if (len >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
        p += 3;
    for (;;) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
            p++;
        if (p + 1 >= end || *p != '<')
            return -1;
        if (p[1] == '?') {
            if (!(p = gz_find(p + 2, end, "?>")))
                return -1;
            p += 2;
        }
        else if (end - p >= 4 && memcmp(p, "<!--", 4) == 0) {
            if (!(p = gz_find(p + 4, end, "-->")))
                return -1;
            p += 3;
        }
        else if (end - p >= 9 && memcmp(p, "<!DOCTYPE", 9) == 0) {
            char quote = 0;

            for (p += 9; p < end; p++) {
                if (quote) {
                    if (*p == quote)
                        quote = 0;
                }
                else if (*p == '"' || *p == '\'')
                    quote = (char) *p;
                else if (*p == '[')
                    return -1;
                else if (*p == '>')
                    break;
            }
            if (p >= end)
                return -1;
            p++;
        }
        else if (gz_name_start(p[1]))
            break;
        else
            return -1;
    }
    /* The root element's start tag, quoted values skipped. */
    name = p + 1;
    for (name_end = name; name_end < end && !strchr(" \t\r\n/>", *name_end); name_end++)
        ;
    {
        char quote = 0;

        for (const unsigned char *q = name_end; q < end; q++) {
            if (quote) {
                if (*q == quote)
                    quote = 0;
            }
            else if (*q == '"' || *q == '\'')
                quote = (char) *q;
            else if (*q == '<')
                return -1;
            else if (*q == '>') {
                tag_end = q + 1;
                break;
            }
        }
    }
    if (!tag_end || name_end - name > 64)
        return -1;
    /* The prologue and the start tag, closed. */
    prefix_length = (size_t) (tag_end - start);
    if (!(prefix = malloc(prefix_length + (size_t) (name_end - name) + 3)))
        return -1;
    memcpy(prefix, start, prefix_length);
    if (tag_end[-2] != '/') {
        prefix[prefix_length++] = '<';
        prefix[prefix_length++] = '/';
        memcpy(prefix + prefix_length, name, (size_t) (name_end - name));
        prefix_length += (size_t) (name_end - name);
        prefix[prefix_length++] = '>';
    }
    handle = gz_load_drawing() ? NULL : rsvg_handle_new_from_data(prefix, prefix_length, &error);
    if (handle) {
        double w, h;
        gboolean has_width, has_height, has_viewbox;
        RsvgLength intrinsic_width, intrinsic_height;
        RsvgRectangle viewbox;

        rsvg_handle_set_dpi(handle, 72.0);
        rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &intrinsic_width,
            &has_height, &intrinsic_height, &has_viewbox, &viewbox);
        /* A viewBox of no width or height draws nothing (SVG 1.1, 7.7), and the
         * side libvips would work out from it is infinite. */
        if (has_viewbox && !(viewbox.width > 0 && viewbox.height > 0))
            result = -2;
        else if (rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) && w >= 0.5 && h >= 0.5 &&
            isfinite(w) && isfinite(h)) {
            *width = w;
            *height = h;
            result = 0;
        }
        g_object_unref(handle);
    }
    g_clear_error(&error);
    free(prefix);
    return result;
}

/* ---- resampling ------------------------------------------------------------ */

/* The input pixels an output pixel covers, and their weights (summing to
 * exactly 1 << bits, so that a flat area keeps its colour exactly). */
typedef struct {
    int first;
    int count;
    int weight_at;      /* into the weights array */
} GzTaps;

static int
gz_taps(int in, int out, int bits, GzTaps **taps_out, uint32_t **weights_out)
{
    double factor = (double) in / out;
    int most = (int) ceil(factor) + 1;
    GzTaps *taps = malloc(sizeof(GzTaps) * out);
    uint32_t *weights = malloc(sizeof(uint32_t) * (size_t) out * most);
    uint32_t whole = 1u << bits;
    int at = 0;

    if (!taps || !weights) {
        free(taps);
        free(weights);
        return -1;
    }
    for (int o = 0; o < out; o++) {
        double a = o * factor, b = (o + 1) * factor;
        int first = (int) floor(a), last = (int) ceil(b);
        uint32_t sum = 0;
        int big = 0;

        if (last > in)
            last = in;
        if (first >= last)
            first = last - 1;
        taps[o].first = first;
        taps[o].count = last - first;
        taps[o].weight_at = at;
        for (int i = first; i < last; i++) {
            double lo = i < a ? a : i, hi = i + 1 > b ? b : i + 1;
            uint32_t w = (uint32_t) lrint((hi - lo) / factor * whole);

            weights[at + i - first] = w;
            sum += w;
            if (w > weights[at + big])
                big = i - first;
        }
        /* The rounding left over goes to the largest weight. */
        weights[at + big] += whole - sum;
        at += last - first;
    }
    *taps_out = taps;
    *weights_out = weights;
    return 0;
}

int
gz_argb_area(const GzArgb *in, int width, int height, GzArgb *out)
{
    GzTaps *across = NULL, *down = NULL;
    uint32_t *across_weights = NULL, *down_weights = NULL;
    uint32_t *middle = NULL, *sums = NULL;
    const uint32_t **middle_rows = NULL;
    int result = -1;

    memset(out, 0, sizeof(*out));
    if (width <= 0 || height <= 0 || width > in->width || height > in->height)
        return -1;
    if (gz_taps(in->width, width, 12, &across, &across_weights) ||
        gz_taps(in->height, height, 11, &down, &down_weights))
        goto done;
    /* Across each row: four channels a pixel, times 1 << 12. A row like the
     * one above (flags are mostly stripes and fields) shares its result. */
    middle = malloc(sizeof(uint32_t) * 4 * (size_t) width * in->height);
    middle_rows = malloc(sizeof(uint32_t *) * in->height);
    sums = malloc(sizeof(uint32_t) * 4 * (size_t) width);
    out->data = malloc(sizeof(uint32_t) * (size_t) width * height);
    if (!middle || !middle_rows || !sums || !out->data)
        goto done;
    for (int y = 0; y < in->height; y++) {
        const uint32_t *row = in->data + (size_t) y * in->width;
        uint32_t *m = middle + (size_t) y * width * 4;

        if (y > 0 && memcmp(row, row - in->width, sizeof(uint32_t) * in->width) == 0) {
            middle_rows[y] = middle_rows[y - 1];
            continue;
        }
        middle_rows[y] = m;
        for (int o = 0; o < width; o++, m += 4) {
            const uint32_t *p = row + across[o].first;
            const uint32_t *w = across_weights + across[o].weight_at;
            int n = across[o].count, k = 1;
            uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;

            while (k < n && p[k] == p[0])
                k++;
            if (k == n) {
                /* Flat: the pixel itself. */
                m[0] = (p[0] & 255) << 12;
                m[1] = ((p[0] >> 8) & 255) << 12;
                m[2] = ((p[0] >> 16) & 255) << 12;
                m[3] = (p[0] >> 24) << 12;
                continue;
            }
            for (k = 0; k < n; k++) {
                uint32_t v = p[k], weight = w[k];

                s0 += (v & 255) * weight;
                s1 += ((v >> 8) & 255) * weight;
                s2 += ((v >> 16) & 255) * weight;
                s3 += (v >> 24) * weight;
            }
            m[0] = s0;
            m[1] = s1;
            m[2] = s2;
            m[3] = s3;
        }
    }
    /* Down each column: times 1 << 11 more, then rounded back to 8 bits. */
    for (int o = 0; o < height; o++) {
        const uint32_t *w = down_weights + down[o].weight_at;
        const uint32_t *first = middle_rows[down[o].first];
        uint32_t *q = out->data + (size_t) o * width;
        int n = down[o].count, same = 1;
        uint32_t half = 1u << 22;

        for (int k = 1; k < n; k++)
            same = same && middle_rows[down[o].first + k] == first;
        if (same) {
            /* Every row it covers alike: that row, rounded. */
            for (int x = 0; x < width; x++) {
                const uint32_t *s = first + 4 * x;

                q[x] = ((s[0] + 2048) >> 12) | ((s[1] + 2048) >> 12) << 8 |
                    ((s[2] + 2048) >> 12) << 16 | ((s[3] + 2048) >> 12) << 24;
            }
            continue;
        }
        memset(sums, 0, sizeof(uint32_t) * 4 * (size_t) width);
        for (int k = 0; k < n;) {
            const uint32_t *m = middle_rows[down[o].first + k];
            uint32_t weight = 0;

            /* Rows alike count once, with their weights summed. */
            do
                weight += w[k++];
            while (k < n && middle_rows[down[o].first + k] == m);
            for (int x = 0; x < 4 * width; x++)
                sums[x] += m[x] * weight;
        }
        for (int x = 0; x < width; x++) {
            const uint32_t *s = sums + 4 * x;

            q[x] = ((s[0] + half) >> 23) | ((s[1] + half) >> 23) << 8 |
                ((s[2] + half) >> 23) << 16 | ((s[3] + half) >> 23) << 24;
        }
    }
    out->width = width;
    out->height = height;
    result = 0;

done:
    free(across);
    free(down);
    free(across_weights);
    free(down_weights);
    free(middle);
    free(middle_rows);
    free(sums);
    if (result)
        gz_argb_free(out);
    return result;
}

int
gz_argb_halve(const GzArgb *in, GzArgb *out)
{
    int width = in->width / 2, height = in->height / 2;

    memset(out, 0, sizeof(*out));
    if (width < 1 || height < 1 || !(out->data = malloc(sizeof(uint32_t) * (size_t) width * height)))
        return -1;
    out->width = width;
    out->height = height;
    for (int y = 0; y < height; y++) {
        const uint32_t *r0 = in->data + (size_t) 2 * y * in->width;
        const uint32_t *r1 = r0 + in->width;
        uint32_t *q = out->data + (size_t) y * width;

        /* Two rows like the two above (stripes, fields): the row below the last. */
        if (y > 0 && memcmp(r0 - 2 * in->width, r0, sizeof(uint32_t) * 2 * in->width) == 0) {
            memcpy(q, q - width, sizeof(uint32_t) * width);
            continue;
        }

        for (int x = 0; x < width; x++, r0 += 2, r1 += 2) {
            uint32_t a = r0[0], b = r0[1], c = r1[0], d = r1[1], v = 0;

            if (a == b && a == c && a == d) {
                q[x] = a;
                continue;
            }
            for (int shift = 0; shift < 32; shift += 8)
                v |= ((((a >> shift) & 255) + ((b >> shift) & 255) + ((c >> shift) & 255) +
                    ((d >> shift) & 255) + 2) >> 2) << shift;
            q[x] = v;
        }
    }
    return 0;
}

int
gz_argb_crop(const GzArgb *in, int left, int top, int width, int height, GzArgb *out)
{
    memset(out, 0, sizeof(*out));
    if (left < 0 || top < 0 || width < 1 || height < 1 || left + width > in->width ||
        top + height > in->height ||
        !(out->data = malloc(sizeof(uint32_t) * (size_t) width * height)))
        return -1;
    out->width = width;
    out->height = height;
    for (int y = 0; y < height; y++)
        memcpy(out->data + (size_t) y * width, in->data + (size_t) (top + y) * in->width + left,
            sizeof(uint32_t) * width);
    return 0;
}

/* ---- writing ------------------------------------------------------------------ */

int
gz_argb_save(const GzArgb *in, const char *path, GzSaveFormat format, int quality)
{
    size_t pixels = (size_t) in->width * in->height;
    unsigned min = 255;
    int bands, result;
    unsigned char *straight;
    VipsImage *image, *srgb = NULL;

    if (format == GZ_SAVE_PNG_PALETTE || format == GZ_SAVE_PNG_ADAPTIVE || format == GZ_SAVE_WEBP_ADAPTIVE) {
        result = gz_png_palette_write_keys(in->data, in->width, in->height, in->width,
            GZ_KEYS_ARGB_PREMULTIPLIED, format, path, NULL);
        if (result <= 0)
            return result;
        /* No palette keeps the picture (adaptive formats): truecolour. */
        format = format == GZ_SAVE_WEBP_ADAPTIVE ? GZ_SAVE_WEBP_LOSSLESS : GZ_SAVE_PNG;
    }
    if (gz_init())
        return -1;
    for (size_t i = 0; i < pixels; i++)
        if ((in->data[i] >> 24) < min)
            min = in->data[i] >> 24;
    /* All but opaque (librsvg leaves a corner at 251): no alpha band. */
    bands = min >= 240 ? 3 : 4;
    if (!(straight = malloc(pixels * bands)))
        return -1;
    for (size_t i = 0; i < pixels; i++) {
        unsigned char rgba[4];

        gz_unpremultiply(in->data[i], rgba);
        memcpy(straight + i * bands, rgba, bands);
    }
    image = vips_image_new_from_memory(straight, pixels * bands, in->width, in->height, bands,
        VIPS_FORMAT_UCHAR);
    /* sRGB, so that savers see the alpha band as alpha (JPEG flattens it over white). */
    if (!image || vips_copy(image, &srgb, "interpretation", VIPS_INTERPRETATION_sRGB, NULL)) {
        if (image)
            g_object_unref(image);
        free(straight);
        return -1;
    }
    result = gz_save(srgb, path, format, quality);
    g_object_unref(srgb);
    g_object_unref(image);
    free(straight);
    return result;
}
