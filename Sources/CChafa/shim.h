#ifndef PHOTORY_CCHAFA_SHIM_H
#define PHOTORY_CCHAFA_SHIM_H
#include <chafa.h>
#endif
