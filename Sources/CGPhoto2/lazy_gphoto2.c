/*
 * libgphoto2 (cameras and phones over PTP/MTP, card readers and folders through its
 * "Directory Browse" driver), loaded on first use: see lazy_link.h for why and for the recipe.
 * Every function photory calls is in the list below; the stubs are hidden.
 */
#include "lazy_link.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/types.h>
#pragma GCC visibility push(hidden)
#include "shim.h"
#pragma GCC visibility pop

#define PHOTORY_GPHOTO2_FUNCTIONS(X, V) \
     X(GPContext *, gp_context_new, (void), ()) \
     V(void, gp_context_unref, (GPContext *context), (context)) \
     X(int, gp_list_new, (CameraList **list), (list)) \
     X(int, gp_list_free, (CameraList *list), (list)) \
     X(int, gp_list_count, (CameraList *list), (list)) \
     X(int, gp_list_get_name, (CameraList *list, int index, const char **name), (list, index, name)) \
     X(int, gp_list_get_value, (CameraList *list, int index, const char **value), (list, index, value)) \
     X(int, gp_camera_autodetect, (CameraList *list, GPContext *context), (list, context)) \
     X(int, gp_abilities_list_new, (CameraAbilitiesList **list), (list)) \
     X(int, gp_abilities_list_free, (CameraAbilitiesList *list), (list)) \
     X(int, gp_abilities_list_load, (CameraAbilitiesList *list, GPContext *context), (list, context)) \
     X(int, gp_abilities_list_lookup_model, (CameraAbilitiesList *list, const char *model), (list, model)) \
     X(int, gp_abilities_list_get_abilities, (CameraAbilitiesList *list, int index, CameraAbilities *abilities), \
       (list, index, abilities)) \
     X(int, gp_port_info_list_new, (GPPortInfoList **list), (list)) \
     X(int, gp_port_info_list_free, (GPPortInfoList *list), (list)) \
     X(int, gp_port_info_list_load, (GPPortInfoList *list), (list)) \
     X(int, gp_port_info_list_lookup_path, (GPPortInfoList *list, const char *path), (list, path)) \
     X(int, gp_port_info_list_get_info, (GPPortInfoList *list, int n, GPPortInfo *info), (list, n, info)) \
     X(int, gp_camera_new, (Camera **camera), (camera)) \
     X(int, gp_camera_set_abilities, (Camera *camera, CameraAbilities abilities), (camera, abilities)) \
     X(int, gp_camera_set_port_info, (Camera *camera, GPPortInfo info), (camera, info)) \
     X(int, gp_camera_init, (Camera *camera, GPContext *context), (camera, context)) \
     X(int, gp_camera_exit, (Camera *camera, GPContext *context), (camera, context)) \
     X(int, gp_camera_unref, (Camera *camera), (camera)) \
     X(int, gp_camera_folder_list_files, (Camera *camera, const char *folder, CameraList *list, GPContext *context), \
       (camera, folder, list, context)) \
     X(int, gp_camera_folder_list_folders, (Camera *camera, const char *folder, CameraList *list, GPContext *context), \
       (camera, folder, list, context)) \
     X(int, gp_camera_file_get_info, (Camera *camera, const char *folder, const char *file, CameraFileInfo *info, \
                                      GPContext *context), (camera, folder, file, info, context)) \
     X(int, gp_camera_file_get, (Camera *camera, const char *folder, const char *file, CameraFileType type, \
                                 CameraFile *camera_file, GPContext *context), (camera, folder, file, type, camera_file, context)) \
     X(int, gp_file_new_from_fd, (CameraFile **file, int fd), (file, fd)) \
     X(int, gp_file_unref, (CameraFile *file), (file)) \
     X(const char *, gp_result_as_string, (int result), (result)) \
     X(int, gp_file_new, (CameraFile **file), (file)) \
     X(int, gp_file_get_data_and_size, (CameraFile *file, const char **data, unsigned long *size), (file, data, size)) \
     X(int, gp_camera_file_delete, (Camera *camera, const char *folder, const char *file, GPContext *context), \
       (camera, folder, file, context)) \
     X(int, gp_camera_get_abilities, (Camera *camera, CameraAbilities *abilities), (camera, abilities)) \
     X(int, gp_camera_capture, (Camera *camera, CameraCaptureType type, CameraFilePath *path, GPContext *context), \
       (camera, type, path, context)) \

PHOTORY_LAZY_LIBRARY(PHOTORY_GPHOTO2_FUNCTIONS, "libgphoto2_port.so.12", "libgphoto2.so.6")

const char *photory_gphoto2_load(void) { return photory_lazy_load(&library); }
