#ifndef PHOTORY_CRAW_SHIM_H
#define PHOTORY_CRAW_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <libraw/libraw.h>

/* Loads LibRaw once (lazy_raw.c); NULL, or why it could not be loaded.
 * Call it before any other LibRaw function. */
const char *photory_raw_load(void);
#endif
