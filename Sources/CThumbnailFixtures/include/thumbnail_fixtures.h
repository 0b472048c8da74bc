#ifndef GAZETTEER_THUMBNAIL_FIXTURES_H
#define GAZETTEER_THUMBNAIL_FIXTURES_H
#include <stdint.h>
/*
 * Pictures for the tests and benchmarks, made and read back with libvips:
 * not part of the production library (Sources/CVipsShim). Imported by
 * exactly one Swift file: Sources/ThumbnailsTestSupport/ThumbnailFixtures.swift.
 *
 * Each function starts libvips as the production code does (gz_init) and
 * returns NULL on success, else a message (free with gz_fixture_free).
 */

/* A noisy, blurred colour picture (seeded, so each seed gives a different
 * image) saved as format ("jpeg", "png", "webp") at quality (JPEG, WebP),
 * with an EXIF orientation (0 = none) and EXIF Artist and ImageDescription
 * text (NULL = none). */
char *gz_fixture_write(const char *path, const char *format, int width, int height,
                       int seed, double sigma, int quality, int orientation,
                       const char *exif_text);

/* Facts about an image file: size, bands, mean of band `band` over the
 * whole image, and whether it carries EXIF data. */
char *gz_fixture_inspect(const char *path, int band, int *width, int *height,
                         int *bands, double *mean, int *has_exif);

/* The mean absolute difference of two images of the same size and bands. */
char *gz_fixture_difference(const char *first, const char *second, double *mean);

void gz_fixture_free(char *message);

/* libvips started as the production code starts it (gz_init), before the
 * tests call libvips' own operations (LibvipsOperations.swift): 0 when it
 * is. */
int gz_fixture_start_libvips(void);

/* The shim's SSIM of two pictures of straight R, G, B, A bytes (gz_ssim_rgba,
 * vips_shim.h), for the tests that hold it to scikit-image's. */
double gz_fixture_ssim(const uint32_t *a, const uint32_t *b, int width, int height);

#endif
