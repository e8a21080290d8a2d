#ifndef PHOTORY_CTIFF_SHIM_H
#define PHOTORY_CTIFF_SHIM_H
#include <stdint.h>
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <tiffio.h>

/// A TIFF in memory, read through libtiff's client I/O (never a file descriptor), plus the
/// first error libtiff reported while reading it.
typedef struct {
    const unsigned char *data;
    uint64_t size;
    uint64_t pos;
    char error[256];
} photory_tiff_source;

static tmsize_t photory_tiff_read(thandle_t h, void *buf, tmsize_t n) {
    photory_tiff_source *s = (photory_tiff_source *)h;
    if (n <= 0 || s->pos >= s->size) return 0;
    uint64_t left = s->size - s->pos;
    uint64_t count = (uint64_t)n < left ? (uint64_t)n : left;
    memcpy(buf, s->data + s->pos, (size_t)count);
    s->pos += count;
    return (tmsize_t)count;
}
static tmsize_t photory_tiff_write(thandle_t h, void *buf, tmsize_t n) { (void)h; (void)buf; (void)n; return -1; }
static toff_t photory_tiff_seek(thandle_t h, toff_t off, int whence) {
    photory_tiff_source *s = (photory_tiff_source *)h;
    uint64_t base = whence == SEEK_CUR ? s->pos : whence == SEEK_END ? s->size : 0;
    if (off > UINT64_MAX - base) return (toff_t)-1;
    s->pos = base + off;
    return s->pos;
}
static int photory_tiff_close(thandle_t h) { (void)h; return 0; }
static toff_t photory_tiff_size(thandle_t h) { return ((photory_tiff_source *)h)->size; }
static int photory_tiff_map(thandle_t h, void **base, toff_t *size) {
    photory_tiff_source *s = (photory_tiff_source *)h;
    *base = (void *)s->data;
    *size = s->size;
    return 1;
}
static void photory_tiff_unmap(thandle_t h, void *base, toff_t size) { (void)h; (void)base; (void)size; }

/// Keeps libtiff's first error for the message (nothing reaches stderr, which would draw over the browser).
static int photory_tiff_on_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)module;
    photory_tiff_source *s = (photory_tiff_source *)user;
    if (s && s->error[0] == 0) vsnprintf(s->error, sizeof(s->error), fmt, ap);
    return 1;
}
static int photory_tiff_on_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)user; (void)module; (void)fmt; (void)ap;
    return 1;
}

/// Opens `source` read-only ("rm": memory-mapped from the buffer, no write); NULL with
/// `source->error` set when it is not a TIFF with at least one readable directory.
/// libtiff refuses single allocations over `max_alloc` bytes.
static inline TIFF *photory_tiff_open(photory_tiff_source *source, int64_t max_alloc) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetErrorHandlerExtR(options, photory_tiff_on_error, source);
    TIFFOpenOptionsSetWarningHandlerExtR(options, photory_tiff_on_warning, source);
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)max_alloc);
    TIFF *tif = TIFFClientOpenExt("memory", "r", (thandle_t)source, photory_tiff_read, photory_tiff_write,
                                  photory_tiff_seek, photory_tiff_close, photory_tiff_size,
                                  photory_tiff_map, photory_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    return tif;
}

/// TIFFGetField is variadic, which Swift does not import: one typed shim per value kind.
static inline int photory_tiff_get_u32(TIFF *tif, uint32_t tag, uint32_t *value) {
    return TIFFGetField(tif, tag, value);
}
static inline int photory_tiff_get_u16(TIFF *tif, uint32_t tag, uint16_t *value) {
    return TIFFGetField(tif, tag, value);
}
static inline int photory_tiff_get_string(TIFF *tif, uint32_t tag, const char **value) {
    return TIFFGetField(tif, tag, value);
}
static inline int photory_tiff_get_u64(TIFF *tif, uint32_t tag, uint64_t *value) {
    return TIFFGetField(tif, tag, value);
}
/// A counted byte field (XMLPACKET, RICHTIFFIPTC, PHOTOSHOP).
static inline int photory_tiff_get_bytes(TIFF *tif, uint32_t tag, uint32_t *count, const void **bytes) {
    return TIFFGetField(tif, tag, count, bytes);
}
/// GPS rationals come as arrays of three floats (or doubles, as the field says).
static inline int photory_tiff_get_gps_triple(TIFF *tif, uint32_t tag, double out[3]) {
    const TIFFField *field = TIFFFieldWithTag(tif, tag);
    if (!field) return 0;
    void *values = NULL;
    if (!TIFFGetField(tif, tag, &values) || !values) return 0;
    if (TIFFFieldSetGetSize(field) == 8) {
        for (int i = 0; i < 3; i++) out[i] = ((double *)values)[i];
    } else {
        for (int i = 0; i < 3; i++) out[i] = ((float *)values)[i];
    }
    return 1;
}
static inline int photory_tiff_get_double(TIFF *tif, uint32_t tag, double *value) {
    const TIFFField *field = TIFFFieldWithTag(tif, tag);
    if (!field) return 0;
    if (TIFFFieldSetGetSize(field) == 8) return TIFFGetField(tif, tag, value);
    float f = 0;
    if (!TIFFGetField(tif, tag, &f)) return 0;
    *value = f;
    return 1;
}
#endif
