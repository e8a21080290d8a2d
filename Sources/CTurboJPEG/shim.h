#ifndef PHOTORY_CTURBOJPEG_SHIM_H
#define PHOTORY_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <stdio.h>
#include <turbojpeg.h>
// LIBJPEG_TURBO_VERSION_NUMBER, for `photory-tui --version`.
#include <jconfig.h>
#endif
