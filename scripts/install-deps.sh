#!/usr/bin/env bash
# Installs the Debian packages photory-tui builds and tests with. Uses sudo only when not root.
# Does nothing (and needs no network) when everything is already there.
set -euo pipefail
# Build: ncurses, libexif, turbojpeg, chafa (+glib), libheif, libpng (+zlib), libwebp, FFmpeg's
# libav* (videos), libraw (camera raw files).
# Tests: tmux and ncurses-term drive the real binary; imagemagick, webp (cwebp), libheif-examples
# (heif-enc) and exiftool make the PNG/WebP/HEIC/AVIF fixtures, ffmpeg the video fixtures; exiftool and exiv2 check what
# write-back wrote, as independent readers; python3 runs the local HTTP server of the web-import
# tests (on 127.0.0.1 only); xvfb, xterm, x11-apps (xwd), xauth and xfonts-base (the 6x13 core
# font) give the graphics tests a real sixel terminal to screenshot, and libsixel-bin (sixel2png,
# img2sixel) decodes the sixel we emit and draws a reference picture.
packages=(libncurses-dev libexif-dev libturbojpeg0-dev libchafa-dev libglib2.0-dev
          libheif-dev libpng-dev zlib1g-dev libwebp-dev libavformat-dev libavcodec-dev
          libswscale-dev libavutil-dev libraw-dev pkg-config tmux ncurses-term
          imagemagick webp libheif-examples libimage-exiftool-perl exiv2 python3 ffmpeg
          xvfb xterm x11-apps xauth xfonts-base libsixel-bin)
# The web client: libcurl (with OpenSSL and the system's CA store), used directly.
packages+=(libcurl4-openssl-dev)
# GIF and TIFF formats (issue 20): giflib and libtiff.
packages+=(libgif-dev libtiff-dev)
# Zoom (issue 20): libjpeg-turbo's libjpeg API, to decode only the zoomed part of a JPEG.
packages+=(libjpeg-dev)
# Cameras (issue 25): libgphoto2 (its "Directory Browse" driver turns a folder into a camera in the tests).
packages+=(libgphoto2-dev)
# PostgreSQL library (issue 26): libpq to talk to the server; the tests start their own server
# from Debian's postgresql package (initdb and pg_ctl in /usr/lib/postgresql/*/bin).
packages+=(libpq-dev postgresql)
# Webcams (issue 25): libv4l2 (V4L2 devices, their frames converted to RGB24).
packages+=(libv4l-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
