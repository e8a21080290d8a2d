#ifndef PHOTORY_CGIF_SHIM_H
#define PHOTORY_CGIF_SHIM_H
#include <stddef.h>
#include <string.h>
#include <gif_lib.h>

/// A GIF in memory, read through giflib's input function (never a file descriptor).
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t pos;
} photory_gif_source;

static int photory_gif_read(GifFileType *gif, GifByteType *buf, int n) {
    photory_gif_source *s = (photory_gif_source *)gif->UserData;
    if (n <= 0 || s->pos >= s->size) return 0;
    size_t left = s->size - s->pos;
    size_t count = (size_t)n < left ? (size_t)n : left;
    memcpy(buf, s->data + s->pos, count);
    s->pos += count;
    return (int)count;
}

/// Opens `source`; NULL with `*error` (a D_GIF_ERR_* code) when it is not a GIF.
static inline GifFileType *photory_gif_open(photory_gif_source *source, int *error) {
    return DGifOpen(source, photory_gif_read, error);
}

/// Skips the LZW data of the image whose descriptor was just read; GIF_ERROR when truncated.
static inline int photory_gif_skip_image(GifFileType *gif) {
    int code_size = 0;
    GifByteType *block = NULL;
    if (DGifGetCode(gif, &code_size, &block) == GIF_ERROR) return GIF_ERROR;
    while (block != NULL) {
        if (DGifGetCodeNext(gif, &block) == GIF_ERROR) return GIF_ERROR;
    }
    return GIF_OK;
}

/// Skips the rest of an extension's sub-blocks; GIF_ERROR when truncated.
static inline int photory_gif_skip_extension(GifFileType *gif, GifByteType *block) {
    while (block != NULL) {
        if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return GIF_ERROR;
    }
    return GIF_OK;
}
#endif
