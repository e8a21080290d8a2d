/*
 * FFmpeg's libraries (libavformat, libavcodec, libswscale, libavutil), loaded on first use: see lazy_link.h
 * for why and for the recipe. Every function photory calls is in the list below; the stubs
 * are hidden, so they never stand in for the library's own functions once it is loaded.
 */
/* The C library first, with its own visibility: only the library's API is declared hidden. */
#include "lazy_link.h"
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>
#pragma GCC visibility push(hidden)
#include "shim.h"
#pragma GCC visibility pop

#define PHOTORY_AV_FUNCTIONS(X, V) \
     X(AVDictionaryEntry *, av_dict_get, (const AVDictionary *m, const char *key, const AVDictionaryEntry *prev, int flags), (m, key, prev, flags)) \
     X(double, av_display_rotation_get, (const int32_t matrix[9]), (matrix)) \
     X(int, av_find_best_stream, (AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream, const AVCodec **decoder_ret, int flags), (ic, type, wanted_stream_nb, related_stream, decoder_ret, flags)) \
     X(AVFrame *, av_frame_alloc, (void), ()) \
     V(void, av_frame_free, (AVFrame **frame), (frame)) \
     V(void, av_freep, (void *ptr), (ptr)) \
     V(void, av_log_set_level, (int level), (level)) \
     X(void *, av_malloc, (size_t size), (size)) \
     X(AVPacket *, av_packet_alloc, (void), ()) \
     V(void, av_packet_free, (AVPacket **pkt), (pkt)) \
     V(void, av_packet_unref, (AVPacket *pkt), (pkt)) \
     X(int, av_read_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt)) \
     X(int, av_seek_frame, (AVFormatContext *s, int stream_index, int64_t timestamp, int flags), (s, stream_index, timestamp, flags)) \
     X(char *, av_strdup, (const char *s), (s)) \
     X(uint8_t *, av_stream_get_side_data, (const AVStream *stream, enum AVPacketSideDataType type, size_t *size), (stream, type, size)) \
     X(int, av_strerror, (int errnum, char *errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size)) \
     X(const char *, av_version_info, (void), ()) \
     X(AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec)) \
     X(const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id)) \
     V(void, avcodec_flush_buffers, (AVCodecContext *avctx), (avctx)) \
     V(void, avcodec_free_context, (AVCodecContext **avctx), (avctx)) \
     X(const char *, avcodec_get_name, (enum AVCodecID id), (id)) \
     X(int, avcodec_open2, (AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options), (avctx, codec, options)) \
     X(int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par), (codec, par)) \
     X(int, avcodec_receive_frame, (AVCodecContext *avctx, AVFrame *frame), (avctx, frame)) \
     X(int, avcodec_send_packet, (AVCodecContext *avctx, const AVPacket *avpkt), (avctx, avpkt)) \
     X(AVFormatContext *, avformat_alloc_context, (void), ()) \
     V(void, avformat_close_input, (AVFormatContext **s), (s)) \
     X(int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options)) \
     X(int, avformat_open_input, (AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options), (ps, url, fmt, options)) \
     X(AVIOContext *, avio_alloc_context, (unsigned char *buffer, int buffer_size, int write_flag, void *opaque, int (*read_packet)(void *opaque, uint8_t *buf, int buf_size), int (*write_packet)(void *opaque, uint8_t *buf, int buf_size), int64_t (*seek)(void *opaque, int64_t offset, int whence)), (buffer, buffer_size, write_flag, opaque, read_packet, write_packet, seek)) \
     V(void, avio_context_free, (AVIOContext **s), (s)) \
     V(void, sws_freeContext, (struct SwsContext *swsContext), (swsContext)) \
     X(struct SwsContext *, sws_getContext, (int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH, enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter, SwsFilter *dstFilter, const double *param), (srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param)) \
     X(struct SwsContext *, sws_getCachedContext, (struct SwsContext *context, int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH, enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter, SwsFilter *dstFilter, const double *param), (context, srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param)) \
     X(int, sws_scale, (struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[], int srcSliceY, int srcSliceH, uint8_t *const dst[], const int dstStride[]), (c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride)) \

PHOTORY_LAZY_LIBRARY(PHOTORY_AV_FUNCTIONS,
                     "libavutil.so." PHOTORY_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
                     "libswscale.so." PHOTORY_STRINGIFY(LIBSWSCALE_VERSION_MAJOR),
                     "libavcodec.so." PHOTORY_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
                     "libavformat.so." PHOTORY_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR))

const char *photory_av_load(void) { return photory_lazy_load(&library); }
