#ifndef PHOTORY_CPNG_SHIM_H
#define PHOTORY_CPNG_SHIM_H
#include <stddef.h>
#include <string.h>
#include <png.h>
#include <zlib.h>

/// zlib's inflateInit is a macro; Swift sees this instead. Starts a zlib (not raw, not gzip)
/// stream, as PNG's compressed text chunks hold.
static inline int photory_inflate_init(z_stream *stream) {
    memset(stream, 0, sizeof(*stream));
    return inflateInit(stream);
}

/// The simplified API's PNG_IMAGE_VERSION is a macro Swift does not import.
static inline void photory_png_image_init(png_image *image) {
    memset(image, 0, sizeof(*image));
    image->version = PNG_IMAGE_VERSION;
}
/// PNG_FORMAT_RGBA (8-bit sRGB, straight alpha) for the simplified API; the macro does not import.
static inline png_uint_32 photory_png_format_rgba(void) {
    return PNG_FORMAT_RGBA;
}
#endif
