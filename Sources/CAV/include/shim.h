#ifndef PHOTORY_CAV_SHIM_H
#define PHOTORY_CAV_SHIM_H
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>

/* Function-like and compound-literal macros Swift cannot import. */
static inline int photory_averror_eof(void) { return AVERROR_EOF; }
static inline int photory_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int photory_averror_exit(void) { return AVERROR_EXIT; }
static inline int64_t photory_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int photory_avio_seek_size(void) { return AVSEEK_SIZE; }

/* Loads FFmpeg's libraries once (lazy_av.c); NULL, or why they could not be loaded.
 * Call it before any other FFmpeg function. */
const char *photory_av_load(void);
#endif
