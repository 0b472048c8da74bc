#include <string.h>
#include <vips/vips.h>
#include "thumbnail_fixtures.h"
#include "vips_shim.h"

/* The outcome of a fixture function: NULL, or what went wrong with libvips'
 * reason. Fixtures run under the shared side of the shim's guard, so that a
 * production job re-run alone never sees their errors. */
static char *
gz_fixture_outcome(int failed, const char *context, const char *path)
{
    char *detail;
    char *message;

    gz_shared_end();
    if (!failed)
        return NULL;
    detail = vips_error_buffer_copy();
    message = g_strdup_printf("%s %s: %s", context, path, g_strstrip(detail));
    g_free(detail);
    return message;
}

static int
gz_fixture_start(void)
{
    if (gz_init())
        return -1;
    gz_shared_begin();
    return 0;
}

char *
gz_fixture_write(const char *path, const char *format, int width, int height,
    int seed, double sigma, int quality, int orientation,
    const char *exif_text)
{
    VipsImage *base;
    VipsImage **t;
    VipsImage *rgb;
    int failed;

    if (gz_fixture_start())
        return g_strdup("libvips could not be started");
    base = vips_image_new();
    t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 13);
    /* Three seeded noise planes, blurred a little so they compress like a
     * photograph rather than like static, over a diagonal ramp (x + y,
     * offset by the seed) so each picture looks different. */
    failed = vips_gaussnoise(&t[0], width, height,
            "mean", 0.0, "sigma", sigma, "seed", seed * 3, NULL) ||
        vips_gaussnoise(&t[1], width, height,
            "mean", 0.0, "sigma", sigma, "seed", seed * 3 + 1, NULL) ||
        vips_gaussnoise(&t[2], width, height,
            "mean", 0.0, "sigma", sigma, "seed", seed * 3 + 2, NULL) ||
        vips_bandjoin(t, &t[3], 3, NULL) ||
        vips_gaussblur(t[3], &t[4], 0.8, NULL) ||
        vips_xyz(&t[5], width, height, NULL) ||
        vips_linear1(t[5], &t[6],
            96.0 / (width + height), 32.0 + seed * 37 % 64, NULL) ||
        vips_extract_band(t[6], &t[7], 0, NULL) ||
        vips_extract_band(t[6], &t[8], 1, NULL) ||
        vips_add(t[7], t[8], &t[9], NULL) ||
        vips_add(t[4], t[9], &t[10], NULL) ||
        vips_cast_uchar(t[10], &t[11], NULL) ||
        vips_copy(t[11], &t[12],
            "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    if (!failed) {
        rgb = t[12];
        if (orientation > 0)
            vips_image_set_int(rgb, VIPS_META_ORIENTATION, orientation);
        if (exif_text) {
            vips_image_set_string(rgb, "exif-ifd0-Artist", exif_text);
            vips_image_set_string(rgb, "exif-ifd0-ImageDescription", exif_text);
        }
        if (strcmp(format, "jpeg") == 0)
            failed = vips_jpegsave(rgb, path, "Q", quality, NULL);
        else if (strcmp(format, "png") == 0)
            failed = vips_pngsave(rgb, path, NULL);
        else if (strcmp(format, "webp") == 0)
            failed = vips_webpsave(rgb, path, "Q", quality, NULL);
        else {
            vips_error("fixtures", "unknown fixture format %s", format);
            failed = -1;
        }
    }
    g_object_unref(base);
    return gz_fixture_outcome(failed, "cannot write", path);
}

char *
gz_fixture_inspect(const char *path, int band, int *width, int *height,
    int *bands, double *mean, int *has_exif)
{
    VipsImage *im;
    VipsImage *one = NULL;
    int failed;

    if (gz_fixture_start())
        return g_strdup("libvips could not be started");
    if (!(im = vips_image_new_from_file(path, NULL)))
        return gz_fixture_outcome(-1, "cannot read", path);
    *width = vips_image_get_width(im);
    *height = vips_image_get_height(im);
    *bands = vips_image_get_bands(im);
    *has_exif = vips_image_get_typeof(im, VIPS_META_EXIF_NAME) != 0;
    failed = vips_extract_band(im, &one, band, NULL) ||
        vips_avg(one, mean, NULL);
    if (one)
        g_object_unref(one);
    g_object_unref(im);
    return gz_fixture_outcome(failed, "cannot read", path);
}

char *
gz_fixture_difference(const char *first, const char *second, double *mean)
{
    VipsImage *a, *b = NULL, *difference = NULL, *magnitude = NULL;
    int failed;

    if (gz_fixture_start())
        return g_strdup("libvips could not be started");
    a = vips_image_new_from_file(first, NULL);
    b = a ? vips_image_new_from_file(second, NULL) : NULL;
    failed = !b ||
        vips_subtract(a, b, &difference, NULL) ||
        vips_abs(difference, &magnitude, NULL) ||
        vips_avg(magnitude, mean, NULL);
    if (magnitude)
        g_object_unref(magnitude);
    if (difference)
        g_object_unref(difference);
    if (b)
        g_object_unref(b);
    if (a)
        g_object_unref(a);
    return gz_fixture_outcome(failed, "cannot compare", first);
}

void
gz_fixture_free(char *message)
{
    g_free(message);
}

int
gz_fixture_start_libvips(void)
{
    return gz_init();
}

double
gz_fixture_ssim(const uint32_t *a, const uint32_t *b, int width, int height)
{
    return gz_ssim_rgba(a, b, width, height);
}
