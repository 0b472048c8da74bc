/*
 * SSIM of two pictures of straight R, G, B, A bytes, each composited over
 * white, as Benchmarks/flag_formats.py measures it with scikit-image
 * (structural_similarity, channel_axis=2, data_range=255: 7x7 uniform
 * windows, sample covariance, K1 0.01, K2 0.03, the windows wholly inside the
 * picture, the mean of the three channels' means).
 *
 * The composite of a channel c at opacity a is (c a + 255 (255 - a)) / 255.
 * Sums are floats: for opaque pixels (integers to 255) every window sum is an
 * integer under 2^24, so exact; each window's score is then computed in
 * doubles. A window whose 49 pixels are the same in both pictures scores
 * exactly 1 and is not computed: palette pictures differ from their
 * originals mostly along edges. The result is a fixed function of the pixels.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vips_shim.h"
#include "shim_private.h"

enum { GZ_WINDOW = 7, GZ_AREA = GZ_WINDOW * GZ_WINDOW };

/* A channel over white, 0 to 255. */
static inline float
gz_over_white(uint32_t rgba, int channel)
{
    uint32_t c = (rgba >> (8 * channel)) & 255, a = rgba >> 24;

    return a == 255 ? (float) c : (float) (c * a + 255 * (255 - a)) / 255.0f;
}

/* One window's SSIM from its sums, scikit-image's formula with the means
 * and (sample) variances multiplied out: one division. */
static double
gz_window(double a, double b, double aa, double bb, double ab)
{
    const double n = GZ_AREA, c1 = (0.01 * 255) * (0.01 * 255) * n * n,
        c2 = (0.03 * 255) * (0.03 * 255) * n * (n - 1);

    return (2 * a * b + c1) * (2 * (n * ab - a * b) + c2) /
        ((a * a + b * b + c1) * ((n * aa - a * a) + (n * bb - b * b) + c2));
}

/* Scratch of one measurement. */
typedef struct {
    const GzSsimPlanes *p;
    float *column;      /* per x: sums over GZ_WINDOW rows of a, b, a², b², ab */
    int32_t *differ;    /* per x: pixels of those rows that differ */
} GzColumns;

/* Adds (sign 1) or takes off (-1) row y of channel c to the column sums. */
static void
gz_column_row(GzColumns *s, int y, int c, int sign)
{
    int width = s->p->width;
    float *ca = s->column, *cb = ca + width, *caa = cb + width, *cbb = caa + width, *cab = cbb + width;
    const float *pa = s->p->a[c] + (size_t) y * width, *pb = s->p->b[c] + (size_t) y * width;
    const uint8_t *differ = s->p->differ + (size_t) y * width;
    float f = (float) sign;

    for (int x = 0; x < width; x++) {
        ca[x] += f * pa[x];
        cb[x] += f * pb[x];
        caa[x] += f * pa[x] * pa[x];
        cbb[x] += f * pb[x] * pb[x];
        cab[x] += f * pa[x] * pb[x];
    }
    if (s->p->rows[y + 1] != s->p->rows[y])
        for (int x = 0; x < width; x++)
            s->differ[x] += sign * differ[x];
}

int
gz_ssim_planes(const GzSsimPlanes *p, double threshold, double *score)
{
    int width = p->width, height = p->height, across = width - GZ_WINDOW + 1, down = height - GZ_WINDOW + 1;
    GzColumns s = { p, NULL, NULL };
    const float *ca, *cb, *caa, *cbb, *cab;
    /* SSIM is at most 1 a window: the mean stays under `threshold` as soon as
     * the windows' shortfall from 1 passes this. */
    double windows = 3.0 * across * down, budget = (1 - threshold) * windows, shortfall = 0;
    int result = -1;

    if (width < GZ_WINDOW || height < GZ_WINDOW)
        return -1;
    s.column = malloc(sizeof(float) * 5 * (size_t) width);
    s.differ = malloc(sizeof(int32_t) * (size_t) width);
    if (!s.column || !s.differ)
        goto done;
    ca = s.column;
    cb = ca + width;
    caa = cb + width;
    cbb = caa + width;
    cab = cbb + width;
    for (int channel = 0; channel < 3; channel++) {
        int columns_top = -2;   /* the first row the column sums hold, or -2 */

        for (int top = 0; top < down; top++) {
            int32_t differ = 0;
            float wa = 0, wb = 0, waa = 0, wbb = 0, wab = 0;

            /* No pixel of these rows differs: every window scores 1. */
            if (p->rows[top + GZ_WINDOW] == p->rows[top])
                continue;
            if (columns_top == top - 1) {
                gz_column_row(&s, top + GZ_WINDOW - 1, channel, 1);
                gz_column_row(&s, top - 1, channel, -1);
            } else {
                memset(s.column, 0, sizeof(float) * 5 * (size_t) width);
                memset(s.differ, 0, sizeof(int32_t) * (size_t) width);
                for (int y = top; y < top + GZ_WINDOW; y++)
                    gz_column_row(&s, y, channel, 1);
            }
            columns_top = top;
            /* Sliding sums along the row (exact for opaque pictures: integers). */
            for (int x = 0; x < GZ_WINDOW - 1; x++) {
                differ += s.differ[x];
                wa += ca[x];
                wb += cb[x];
                waa += caa[x];
                wbb += cbb[x];
                wab += cab[x];
            }
            for (int left = 0; left < across; left++) {
                int in = left + GZ_WINDOW - 1;

                differ += s.differ[in];
                wa += ca[in];
                wb += cb[in];
                waa += caa[in];
                wbb += cbb[in];
                wab += cab[in];
                if (differ != 0)
                    shortfall += 1 - gz_window(wa, wb, waa, wbb, wab);
                differ -= s.differ[left];
                wa -= ca[left];
                wb -= cb[left];
                waa -= caa[left];
                wbb -= cbb[left];
                wab -= cab[left];
            }
            if (shortfall > budget && !score) {
                result = 0;
                goto done;
            }
        }
    }
    if (score)
        *score = 1 - shortfall / windows;
    result = shortfall <= budget;

done:
    free(s.column);
    free(s.differ);
    return result;
}

void
gz_ssim_plane(float *plane, const uint32_t *rgba, size_t pixels, int channel)
{
    for (size_t i = 0; i < pixels; i++)
        plane[i] = gz_over_white(rgba[i], channel);
}

double
gz_ssim_rgba(const uint32_t *a, const uint32_t *b, int width, int height)
{
    size_t pixels = (size_t) width * height;
    float *planes = NULL;
    uint8_t *differ = NULL;
    int32_t *rows = NULL;
    GzSsimPlanes p;
    double score = -1;

    if (width < GZ_WINDOW || height < GZ_WINDOW || !(planes = malloc(sizeof(float) * 6 * pixels)) ||
        !(differ = malloc(pixels)) || !(rows = malloc(sizeof(int32_t) * ((size_t) height + 1))))
        goto done;
    p.width = width;
    p.height = height;
    for (int c = 0; c < 3; c++) {
        p.a[c] = planes + (size_t) c * pixels;
        p.b[c] = planes + (size_t) (3 + c) * pixels;
        gz_ssim_plane(planes + (size_t) c * pixels, a, pixels, c);
        gz_ssim_plane(planes + (size_t) (3 + c) * pixels, b, pixels, c);
    }
    rows[0] = 0;
    for (int y = 0; y < height; y++) {
        int any = 0;

        for (int x = 0; x < width; x++) {
            size_t i = (size_t) y * width + x;

            differ[i] = a[i] != b[i];
            any |= differ[i];
        }
        rows[y + 1] = rows[y] + any;
    }
    p.differ = differ;
    p.rows = rows;
    if (gz_ssim_planes(&p, 0, &score) < 0)
        score = -1;

done:
    free(planes);
    free(differ);
    free(rows);
    return score;
}
