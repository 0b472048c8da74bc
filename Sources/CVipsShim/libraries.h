#ifndef GAZETTEER_LIBRARIES_H
#define GAZETTEER_LIBRARIES_H
/*
 * libvips, librsvg with cairo, and libwebp's encoder (for webp-adaptive), loaded when first needed (libraries.c) instead of when the
 * process starts: the dynamic loader spent about 23 ms of every run on libvips and the 50
 * libraries it brings, and 8 ms on librsvg's, and most runs (a build with nothing to do, one
 * edit, a guide of plain JPEGs and SVG flags) never call them.
 *
 * A C file of the shim includes this and then calls the libraries as usual: each function
 * used is a macro for a pointer of the same type, filled by dlsym (libraries.c alone sees the
 * functions themselves). Calling another function means adding it to a list below.
 */

#include <cairo/cairo.h>
#include <glib-object.h>
#include <vips/vips.h>
#include <webp/encode.h>

/* ---- librsvg, as its headers declare it ------------------------------------ */

typedef struct _RsvgHandle RsvgHandle;

typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

typedef enum {
    RSVG_UNIT_PERCENT,
    RSVG_UNIT_PX,
    RSVG_UNIT_EM,
    RSVG_UNIT_EX,
    RSVG_UNIT_IN,
    RSVG_UNIT_CM,
    RSVG_UNIT_MM,
    RSVG_UNIT_PT,
    RSVG_UNIT_PC
} RsvgUnit;

typedef struct {
    double length;
    RsvgUnit unit;
} RsvgLength;

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *out_width, gdouble *out_height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width,
    gboolean *out_has_height, RsvgLength *out_height, gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
gboolean rsvg_handle_get_geometry_for_element(RsvgHandle *handle, const char *id, RsvgRectangle *out_ink_rect,
    RsvgRectangle *out_logical_rect, GError **error);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport,
    GError **error);

#define GZ_VIPS_FUNCTIONS(X) \
    X(vips_init) X(vips_version) X(vips_error) X(vips_area_unref) X(vips_array_double_new) \
    X(vips_autorot) X(vips_cache_set_max) X(vips_cache_set_max_files) \
    X(vips_cache_set_max_mem) X(vips_cast_uchar) X(vips_colourspace) \
    X(vips_concurrency_set) X(vips_copy) X(vips_embed) X(vips_error_buffer_copy) \
    X(vips_error_clear) X(vips_error_system) X(vips_extract_area) X(vips_extract_band) \
    X(vips_flatten) X(vips_heifsave) X(vips_icc_transform) X(vips_image_copy_memory) \
    X(vips_image_get_bands) X(vips_image_get_blob) X(vips_image_get_coding) \
    X(vips_image_get_format) X(vips_image_get_height) X(vips_image_get_interpretation) \
    X(vips_image_get_orientation) X(vips_image_get_typeof) X(vips_image_get_width) \
    X(vips_image_get_xres) X(vips_image_get_yres) X(vips_image_hasalpha) \
    X(vips_image_init_fields) X(vips_image_map) X(vips_image_new_from_memory) \
    X(vips_image_new_memory) X(vips_image_remove) X(vips_image_write_prepare) \
    X(vips_jpegload_buffer) X(vips_jpegsave) X(vips_min) X(vips_operation_block_set) \
    X(vips_pngload_buffer) X(vips_pngsave) X(vips_resize) X(vips_shrink) X(vips_smartcrop) \
    X(vips_svgload_buffer) X(vips_thumbnail_image) X(vips_webpload_buffer) \
    X(vips_webpsave_buffer) \
    X(vips_format_sizeof_unsafe)

#define GZ_DRAWING_FUNCTIONS(X) \
    X(rsvg_handle_new_from_data) X(rsvg_handle_set_dpi) \
    X(rsvg_handle_get_intrinsic_size_in_pixels) X(rsvg_handle_get_intrinsic_dimensions) \
    X(rsvg_handle_get_geometry_for_element) X(rsvg_handle_render_document) X(cairo_create) \
    X(cairo_destroy) X(cairo_format_stride_for_width) \
    X(cairo_image_surface_create_for_data) X(cairo_scale) X(cairo_status) \
    X(cairo_surface_destroy) X(cairo_surface_finish)

/* libwebp's encoder (webp_lossless.c). Its header's inline helpers (WebPConfigInit,
 * WebPPictureInit) call the *Internal functions, which are called here directly. */
#define GZ_WEBP_FUNCTIONS(X) \
    X(WebPConfigInitInternal) X(WebPPictureInitInternal) X(WebPPictureAlloc) X(WebPPictureFree) \
    X(WebPEncode) X(WebPMemoryWriterInit) X(WebPMemoryWrite) X(WebPMemoryWriterClear)

#define GZ_POINTER(name) __typeof__(name) *name;
typedef struct { GZ_VIPS_FUNCTIONS(GZ_POINTER) } GzVipsFunctions;
typedef struct { GZ_DRAWING_FUNCTIONS(GZ_POINTER) } GzDrawingFunctions;
typedef struct { GZ_WEBP_FUNCTIONS(GZ_POINTER) } GzWebpFunctions;
#undef GZ_POINTER

/* Loads libvips (the soname of the headers' ABI) once; 0, or -1 with the reason in
 * gz_library_error(). Every entry point that calls libvips calls gz_init, which calls this. */
int gz_load_vips(void);
/* The same for librsvg and cairo. */
int gz_load_drawing(void);
/* The same for libwebp (its encoder). */
int gz_load_webp_encoder(void);
/* Why a library could not be loaded, or NULL. */
const char *gz_library_error(void);

#ifndef GZ_LIBRARIES_REAL
extern GzVipsFunctions gz_vips_functions;
#define vips_init (*gz_vips_functions.vips_init)
#define vips_version (*gz_vips_functions.vips_version)
#define vips_error (*gz_vips_functions.vips_error)
#define vips_area_unref (*gz_vips_functions.vips_area_unref)
#define vips_array_double_new (*gz_vips_functions.vips_array_double_new)
#define vips_autorot (*gz_vips_functions.vips_autorot)
#define vips_cache_set_max (*gz_vips_functions.vips_cache_set_max)
#define vips_cache_set_max_files (*gz_vips_functions.vips_cache_set_max_files)
#define vips_cache_set_max_mem (*gz_vips_functions.vips_cache_set_max_mem)
#define vips_cast_uchar (*gz_vips_functions.vips_cast_uchar)
#define vips_colourspace (*gz_vips_functions.vips_colourspace)
#define vips_concurrency_set (*gz_vips_functions.vips_concurrency_set)
#define vips_copy (*gz_vips_functions.vips_copy)
#define vips_embed (*gz_vips_functions.vips_embed)
#define vips_error_buffer_copy (*gz_vips_functions.vips_error_buffer_copy)
#define vips_error_clear (*gz_vips_functions.vips_error_clear)
#define vips_error_system (*gz_vips_functions.vips_error_system)
#define vips_extract_area (*gz_vips_functions.vips_extract_area)
#define vips_extract_band (*gz_vips_functions.vips_extract_band)
#define vips_flatten (*gz_vips_functions.vips_flatten)
#define vips_heifsave (*gz_vips_functions.vips_heifsave)
#define vips_icc_transform (*gz_vips_functions.vips_icc_transform)
#define vips_image_copy_memory (*gz_vips_functions.vips_image_copy_memory)
#define vips_image_get_bands (*gz_vips_functions.vips_image_get_bands)
#define vips_image_get_blob (*gz_vips_functions.vips_image_get_blob)
#define vips_image_get_coding (*gz_vips_functions.vips_image_get_coding)
#define vips_image_get_format (*gz_vips_functions.vips_image_get_format)
#define vips_image_get_height (*gz_vips_functions.vips_image_get_height)
#define vips_image_get_interpretation (*gz_vips_functions.vips_image_get_interpretation)
#define vips_image_get_orientation (*gz_vips_functions.vips_image_get_orientation)
#define vips_image_get_typeof (*gz_vips_functions.vips_image_get_typeof)
#define vips_image_get_width (*gz_vips_functions.vips_image_get_width)
#define vips_image_get_xres (*gz_vips_functions.vips_image_get_xres)
#define vips_image_get_yres (*gz_vips_functions.vips_image_get_yres)
#define vips_image_hasalpha (*gz_vips_functions.vips_image_hasalpha)
#define vips_image_init_fields (*gz_vips_functions.vips_image_init_fields)
#define vips_image_map (*gz_vips_functions.vips_image_map)
#define vips_image_new_from_memory (*gz_vips_functions.vips_image_new_from_memory)
#define vips_image_new_memory (*gz_vips_functions.vips_image_new_memory)
#define vips_image_remove (*gz_vips_functions.vips_image_remove)
#define vips_image_write_prepare (*gz_vips_functions.vips_image_write_prepare)
#define vips_jpegload_buffer (*gz_vips_functions.vips_jpegload_buffer)
#define vips_jpegsave (*gz_vips_functions.vips_jpegsave)
#define vips_min (*gz_vips_functions.vips_min)
#define vips_operation_block_set (*gz_vips_functions.vips_operation_block_set)
#define vips_pngload_buffer (*gz_vips_functions.vips_pngload_buffer)
#define vips_pngsave (*gz_vips_functions.vips_pngsave)
#define vips_resize (*gz_vips_functions.vips_resize)
#define vips_shrink (*gz_vips_functions.vips_shrink)
#define vips_smartcrop (*gz_vips_functions.vips_smartcrop)
#define vips_svgload_buffer (*gz_vips_functions.vips_svgload_buffer)
#define vips_thumbnail_image (*gz_vips_functions.vips_thumbnail_image)
#define vips_webpload_buffer (*gz_vips_functions.vips_webpload_buffer)
#define vips_webpsave_buffer (*gz_vips_functions.vips_webpsave_buffer)
#define vips_format_sizeof_unsafe (*gz_vips_functions.vips_format_sizeof_unsafe)
extern GzDrawingFunctions gz_drawing_functions;
#define rsvg_handle_new_from_data (*gz_drawing_functions.rsvg_handle_new_from_data)
#define rsvg_handle_set_dpi (*gz_drawing_functions.rsvg_handle_set_dpi)
#define rsvg_handle_get_intrinsic_size_in_pixels (*gz_drawing_functions.rsvg_handle_get_intrinsic_size_in_pixels)
#define rsvg_handle_get_intrinsic_dimensions (*gz_drawing_functions.rsvg_handle_get_intrinsic_dimensions)
#define rsvg_handle_get_geometry_for_element (*gz_drawing_functions.rsvg_handle_get_geometry_for_element)
#define rsvg_handle_render_document (*gz_drawing_functions.rsvg_handle_render_document)
#define cairo_create (*gz_drawing_functions.cairo_create)
#define cairo_destroy (*gz_drawing_functions.cairo_destroy)
#define cairo_format_stride_for_width (*gz_drawing_functions.cairo_format_stride_for_width)
#define cairo_image_surface_create_for_data (*gz_drawing_functions.cairo_image_surface_create_for_data)
#define cairo_scale (*gz_drawing_functions.cairo_scale)
#define cairo_status (*gz_drawing_functions.cairo_status)
#define cairo_surface_destroy (*gz_drawing_functions.cairo_surface_destroy)
#define cairo_surface_finish (*gz_drawing_functions.cairo_surface_finish)
extern GzWebpFunctions gz_webp_functions;
#define WebPConfigInitInternal (*gz_webp_functions.WebPConfigInitInternal)
#define WebPPictureInitInternal (*gz_webp_functions.WebPPictureInitInternal)
#define WebPPictureAlloc (*gz_webp_functions.WebPPictureAlloc)
#define WebPPictureFree (*gz_webp_functions.WebPPictureFree)
#define WebPEncode (*gz_webp_functions.WebPEncode)
#define WebPMemoryWriterInit (*gz_webp_functions.WebPMemoryWriterInit)
#define WebPMemoryWrite (*gz_webp_functions.WebPMemoryWrite)
#define WebPMemoryWriterClear (*gz_webp_functions.WebPMemoryWriterClear)
#endif

#endif
