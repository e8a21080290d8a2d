#ifndef PHOTORY_CRAW_SHIM_H
#define PHOTORY_CRAW_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <libraw/libraw.h>
#endif
