#ifndef PHOTORY_CGPHOTO2_SHIM_H
#define PHOTORY_CGPHOTO2_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <gphoto2/gphoto2.h>

/* Loads libgphoto2 and its port library once (lazy_gphoto2.c); NULL, or why they could not be
 * loaded. Call it before any other gp_ function. */
const char *photory_gphoto2_load(void);

/* GP_OK and the file type and info flags, as plain values for Swift. */
static inline int photory_gp_ok(void) { return GP_OK; }
static inline CameraFileType photory_gp_file_type_normal(void) { return GP_FILE_TYPE_NORMAL; }
static inline int photory_gp_info_size(void) { return GP_FILE_INFO_SIZE; }
static inline int photory_gp_info_mtime(void) { return GP_FILE_INFO_MTIME; }
/* Thumbnails, tethered capture (issue 25). */
static inline CameraFileType photory_gp_file_type_preview(void) { return GP_FILE_TYPE_PREVIEW; }
static inline int photory_gp_can_capture(const CameraAbilities *abilities) {
    return (abilities->operations & GP_OPERATION_CAPTURE_IMAGE) != 0;
}
static inline CameraCaptureType photory_gp_capture_image(void) { return GP_CAPTURE_IMAGE; }
static inline const char *photory_gp_path_folder(const CameraFilePath *path) { return path->folder; }
static inline const char *photory_gp_path_name(const CameraFilePath *path) { return path->name; }
#endif
