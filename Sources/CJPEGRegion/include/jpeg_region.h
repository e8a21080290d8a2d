#ifndef PHOTORY_JPEG_REGION_H
#define PHOTORY_JPEG_REGION_H
/*
 * A part of a JPEG decoded through libjpeg-turbo's own API (turbojpeg 2.1 cannot crop), for the
 * photo view's zoom: a 12 MP photo at 8x shows a few percent of itself, so only that part is
 * decoded.
 *
 * - Rows above the part are skipped (`jpeg_skip_scanlines`: their entropy data is read, nothing
 *   else), rows below are never read, and columns outside it are neither transformed nor
 *   converted (`jpeg_crop_scanline`).
 * - The part is in the pixels of the photo scaled by 1/`scale_denom` (DCT scaling, as turbojpeg's
 *   decode at the same scale), its left edge moved left to the nearest iMCU column (libjpeg can
 *   only start there): `x` and `width` come back as decoded.
 * - With `fast` (fast upsampling, fast integer DCT: turbojpeg's TJFLAG_FASTUPSAMPLE and
 *   TJFLAG_FASTDCT) every pixel depends only on its own block, so the part's pixels are those of
 *   a whole decode at the same scale (tested): parts decoded apart fit together without a seam.
 * - libjpeg reports errors by calling `error_exit`, which must not return: it jumps back here
 *   (setjmp/longjmp never cross Swift frames). Nothing is printed; the first warning's text is
 *   kept (a truncated file still decodes, grey at the bottom).
 */
#include <stddef.h>

/// In: the wanted part of the scaled photo (inside it). Out: the part decoded and the scaled size.
typedef struct {
    int x, y, width, height;
    int full_width, full_height;
} photory_jpeg_region;

/// Decodes `region` of the JPEG in `data` at 1/`scale_denom` (1, 2, 4 or 8) into `out`, packed
/// rows of `region->width` (as decoded) pixels: RGBA, or libjpeg's CMYK when `cmyk` (CMYK and
/// YCCK files). `capacity` bytes must hold (width + 32) × height × 4 (the widest alignment).
/// Returns 0 (with `warning` set to the first warning's text, or empty) or -1 with `message` set.
/// `message` and `warning` hold at least 200 bytes (JMSG_LENGTH_MAX).
int photory_jpeg_decode_region(const unsigned char *data, size_t size, int scale_denom, int fast, int cmyk,
                               photory_jpeg_region *region, unsigned char *out, size_t capacity,
                               char *message, char *warning);

#endif
