/* See webcam_v4l2.h. */
#include "webcam_v4l2.h"
#include <errno.h>
#include <fcntl.h>
#include <libv4l2.h>
#include <linux/videodev2.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* The capabilities of the device node itself (a camera has several nodes; only one captures). */
static unsigned int node_capabilities(const struct v4l2_capability *cap) {
    return (cap->capabilities & V4L2_CAP_DEVICE_CAPS) ? cap->device_caps : cap->capabilities;
}

static void copy_card(const struct v4l2_capability *cap, char *card, size_t cardSize) {
    if (cardSize == 0) return;
    size_t n = strnlen((const char *)cap->card, sizeof cap->card);
    if (n >= cardSize) n = cardSize - 1;
    memcpy(card, cap->card, n);
    card[n] = 0;
}

int photory_webcam_name(const char *path, char *card, size_t cardSize) {
    int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return errno;
    struct v4l2_capability cap;
    memset(&cap, 0, sizeof cap);
    int result = ioctl(fd, VIDIOC_QUERYCAP, &cap) < 0 ? errno : 0;
    close(fd);
    if (result) return result == ENOTTY ? ENODEV : result;
    if (!(node_capabilities(&cap) & V4L2_CAP_VIDEO_CAPTURE)) return ENODEV;
    copy_card(&cap, card, cardSize);
    return 0;
}

int photory_webcam_open(const char *path, int width, int height, photory_webcam *webcam, char *card, size_t cardSize) {
    int fd = v4l2_open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return errno;
    struct v4l2_capability cap;
    memset(&cap, 0, sizeof cap);
    if (v4l2_ioctl(fd, VIDIOC_QUERYCAP, &cap) < 0) {
        int failure = errno == ENOTTY ? ENODEV : errno;
        v4l2_close(fd);
        return failure;
    }
    unsigned int caps = node_capabilities(&cap);
    if (!(caps & V4L2_CAP_VIDEO_CAPTURE) || !(caps & (V4L2_CAP_READWRITE | V4L2_CAP_STREAMING))) {
        v4l2_close(fd);
        return ENODEV;
    }
    copy_card(&cap, card, cardSize);
    struct v4l2_format format;
    memset(&format, 0, sizeof format);
    format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    format.fmt.pix.width = (unsigned)width;
    format.fmt.pix.height = (unsigned)height;
    format.fmt.pix.pixelformat = V4L2_PIX_FMT_RGB24;   /* libv4l2 converts into it */
    format.fmt.pix.field = V4L2_FIELD_ANY;
    if (v4l2_ioctl(fd, VIDIOC_S_FMT, &format) < 0) {
        int failure = errno;
        v4l2_close(fd);
        return failure;
    }
    if (format.fmt.pix.pixelformat != V4L2_PIX_FMT_RGB24 || format.fmt.pix.width == 0 || format.fmt.pix.height == 0) {
        v4l2_close(fd);
        return EINVAL;
    }
    webcam->fd = fd;
    webcam->width = (int)format.fmt.pix.width;
    webcam->height = (int)format.fmt.pix.height;
    webcam->frameSize = (size_t)webcam->width * (size_t)webcam->height * 3;
    return 0;
}

int photory_webcam_read(photory_webcam *webcam, unsigned char *buffer) {
    size_t done = 0;
    while (done < webcam->frameSize) {
        ssize_t n = v4l2_read(webcam->fd, buffer + done, webcam->frameSize - done);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return errno;
        }
        if (n == 0) return EIO;
        done += (size_t)n;
    }
    return 0;
}

void photory_webcam_close(photory_webcam *webcam) {
    if (webcam->fd >= 0) v4l2_close(webcam->fd);
    webcam->fd = -1;
}
