#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include "jpeg_region.h"

/// libjpeg's error manager, jumping back to the decode on an error and keeping the first warning.
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *warning;
} region_error;

static void region_error_exit(j_common_ptr cinfo) {
    longjmp(((region_error *)cinfo->err)->jump, 1);
}

static void region_emit_message(j_common_ptr cinfo, int level) {
    region_error *error = (region_error *)cinfo->err;
    if (level < 0 && error->warning[0] == 0) {
        (*cinfo->err->format_message)(cinfo, error->warning);
    }
    if (level < 0) cinfo->err->num_warnings++;
}

static void region_output_message(j_common_ptr cinfo) { (void)cinfo; }

int photory_jpeg_decode_region(const unsigned char *data, size_t size, int scale_denom, int fast, int cmyk,
                               photory_jpeg_region *region, unsigned char *out, size_t capacity,
                               char *message, char *warning) {
    struct jpeg_decompress_struct cinfo;
    region_error error;
    message[0] = 0;
    warning[0] = 0;
    cinfo.err = jpeg_std_error(&error.pub);
    error.pub.error_exit = region_error_exit;
    error.pub.emit_message = region_emit_message;
    error.pub.output_message = region_output_message;
    error.warning = warning;
    if (setjmp(error.jump)) {
        (*cinfo.err->format_message)((j_common_ptr)&cinfo, message);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)scale_denom;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    if (fast) {
        cinfo.do_fancy_upsampling = FALSE;
        cinfo.dct_method = JDCT_IFAST;
    }
    jpeg_start_decompress(&cinfo);
    region->full_width = (int)cinfo.output_width;
    region->full_height = (int)cinfo.output_height;
    if (region->x < 0 || region->y < 0 || region->width <= 0 || region->height <= 0
        || region->x + region->width > region->full_width || region->y + region->height > region->full_height) {
        snprintf(message, JMSG_LENGTH_MAX, "region %dx%d+%d+%d outside the scaled photo %dx%d", region->width,
                 region->height, region->x, region->y, region->full_width, region->full_height);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    JDIMENSION xoffset = (JDIMENSION)region->x, width = (JDIMENSION)region->width;
    if (width < cinfo.output_width) jpeg_crop_scanline(&cinfo, &xoffset, &width);
    size_t stride = (size_t)width * 4;
    if (stride * (size_t)region->height > capacity) {
        snprintf(message, JMSG_LENGTH_MAX, "region wider than its buffer (%u pixels)", (unsigned)width);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    region->x = (int)xoffset;
    region->width = (int)width;
    if (region->y > 0) jpeg_skip_scanlines(&cinfo, (JDIMENSION)region->y);
    JDIMENSION end = (JDIMENSION)(region->y + region->height);
    while (cinfo.output_scanline < end) {
        JSAMPROW rows[16];
        JDIMENSION count = end - cinfo.output_scanline;
        if (count > 16) count = 16;
        for (JDIMENSION i = 0; i < count; i++) {
            rows[i] = out + (size_t)(cinfo.output_scanline - (JDIMENSION)region->y + i) * stride;
        }
        if (jpeg_read_scanlines(&cinfo, rows, count) == 0) {
            // Only a suspending source returns nothing; blank what is left rather than hand it over unset.
            size_t done = (size_t)(cinfo.output_scanline - (JDIMENSION)region->y);
            memset(out + done * stride, 0, ((size_t)region->height - done) * stride);
            break;
        }
    }
    // The rows below the part are never read: abort rather than finish.
    jpeg_abort_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}
