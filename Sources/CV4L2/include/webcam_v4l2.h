#ifndef PHOTORY_WEBCAM_V4L2_H
#define PHOTORY_WEBCAM_V4L2_H
/*
 * Webcams over V4L2 (issue 25), through libv4l2: it converts whatever the device gives (YUYV,
 * MJPEG...) into RGB24 and, for a device that only streams, reads through mmap buffers behind
 * v4l2_read. Each function returns 0, or an errno value (ENOENT missing, EBUSY in use by
 * another program, EACCES no permission; ENODEV for a device that cannot capture video).
 */
#include <stddef.h>

/* An open webcam: its descriptor and the frame size the driver agreed to. */
typedef struct {
    int fd;
    int width;
    int height;
    size_t frameSize;   /* width * height * 3 */
} photory_webcam;

/* The device's name (VIDIOC_QUERYCAP's card) into `card`, without taking the device:
 * ENODEV when it is not a video capture device (a metadata node, an output). */
int photory_webcam_name(const char *path, char *card, size_t cardSize);

/* Opens `path`, names it, and asks for RGB24 frames near width × height. */
int photory_webcam_open(const char *path, int width, int height, photory_webcam *webcam, char *card, size_t cardSize);

/* Reads the next frame (frameSize bytes of RGB24) into `buffer`. */
int photory_webcam_read(photory_webcam *webcam, unsigned char *buffer);

void photory_webcam_close(photory_webcam *webcam);
#endif
