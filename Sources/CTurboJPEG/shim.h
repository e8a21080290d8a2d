#ifndef PHOTORY_CTURBOJPEG_SHIM_H
#define PHOTORY_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
#endif
