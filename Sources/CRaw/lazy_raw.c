/*
 * LibRaw (the thread-safe build, libraw_r), loaded on first use: see lazy_link.h
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

#define PHOTORY_RAW_FUNCTIONS(X, V) \
     V(void, libraw_close, (libraw_data_t * a0), (a0)) \
     V(void, libraw_dcraw_clear_mem, (libraw_processed_image_t * a0), (a0)) \
     X(libraw_processed_image_t *, libraw_dcraw_make_mem_image, (libraw_data_t *lr, int *errc), (lr, errc)) \
     X(int, libraw_dcraw_process, (libraw_data_t *lr), (lr)) \
     X(libraw_data_t *, libraw_init, (unsigned int flags), (flags)) \
     X(int, libraw_open_buffer, (libraw_data_t * a0, void *buffer, size_t size), (a0, buffer, size)) \
     V(void, libraw_set_dataerror_handler, (libraw_data_t * a0, data_callback a1, void *a2), (a0, a1, a2)) \
     V(void, libraw_set_memerror_handler, (libraw_data_t * a0, memory_callback a1, void *a2), (a0, a1, a2)) \
     X(const char *, libraw_strerror, (int errorcode), (errorcode)) \
     X(int, libraw_unpack, (libraw_data_t * a0), (a0)) \
     X(int, libraw_unpack_thumb, (libraw_data_t * a0), (a0)) \
     X(const char *, libraw_version, (void), ()) \

PHOTORY_LAZY_LIBRARY(PHOTORY_RAW_FUNCTIONS,
                     "libraw_r.so." PHOTORY_STRINGIFY(LIBRAW_SHLIB_CURRENT))

const char *photory_raw_load(void) { return photory_lazy_load(&library); }
