#!/usr/bin/env python3
"""Runs a command in a new pty and relays it to the terminal this script runs in.

Usage: pty_relay.py KEYS_FIFO PID_FILE -- COMMAND [ARG...]

Used by XTermSession (the graphics end-to-end tests): xterm runs this script, this script runs
the program under test in a pty of its own and copies bytes both ways between xterm's tty and
that pty. Bytes written into KEYS_FIFO are copied to the program's input as well, so a test can
type keys exactly as a user would, without synthesising X events. The window size (with its
pixel size, which xterm fills in) is copied to the inner pty at start and on every SIGWINCH.
The child's pid is written to PID_FILE, with the window's rows, columns and pixel size
("PID ROWS COLUMNS XPIXELS YPIXELS"), so the test can check the terminal and end the child. The script exits with the
child's status when the child ends, and ends the child (SIGHUP) when xterm goes away.
"""
import errno
import fcntl
import os
import select
import signal
import struct
import sys
import termios
import time
import tty


def copy_window_size(source_fd, target_fd):
    try:
        size = fcntl.ioctl(source_fd, termios.TIOCGWINSZ, struct.pack("HHHH", 0, 0, 0, 0))
        fcntl.ioctl(target_fd, termios.TIOCSWINSZ, size)
    except OSError:
        pass


def write_all(fd, data):
    while data:
        try:
            written = os.write(fd, data)
        except InterruptedError:
            continue
        data = data[written:]


def end_child(pid):
    """SIGHUP, as a closing terminal sends; SIGKILL if it is still there after a second."""
    os.killpg(pid, signal.SIGHUP)
    for _ in range(20):
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return
        time.sleep(0.05)
    os.killpg(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def main():
    if len(sys.argv) < 5 or sys.argv[3] != "--":
        sys.stderr.write(__doc__)
        return 2
    fifo_path, pid_path, command = sys.argv[1], sys.argv[2], sys.argv[4:]
    outer = sys.stdin.fileno()
    # O_RDWR: the FIFO never reports end of file when a writer closes it.
    keys = os.open(fifo_path, os.O_RDWR | os.O_NONBLOCK)

    # Raw before the child starts: its bytes reach xterm untranslated from the first one.
    saved = termios.tcgetattr(outer)
    tty.setraw(outer)
    # The size is set before the child starts, so its first look at the window is right.
    master, slave = os.openpty()
    copy_window_size(outer, master)
    pid = os.fork()
    if pid == 0:
        try:
            os.close(master)
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for fd in (0, 1, 2):
                os.dup2(slave, fd)
            if slave > 2:
                os.close(slave)
            os.close(keys)
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    os.close(slave)
    rows, columns, x_pixels, y_pixels = struct.unpack(
        "HHHH", fcntl.ioctl(master, termios.TIOCGWINSZ, struct.pack("HHHH", 0, 0, 0, 0)))
    with open(pid_path + ".tmp", "w") as f:
        f.write(f"{pid} {rows} {columns} {x_pixels} {y_pixels}")
    os.rename(pid_path + ".tmp", pid_path)
    signal.signal(signal.SIGWINCH, lambda *_: copy_window_size(outer, master))
    status = 1
    try:
        sources = [outer, master, keys]
        while True:
            try:
                readable, _, _ = select.select(sources, [], [])
            except InterruptedError:
                continue
            if master in readable:
                try:
                    data = os.read(master, 65536)
                except OSError as error:
                    if error.errno != errno.EIO:
                        raise
                    data = b""
                if not data:
                    break  # the child closed its side: it has ended
                write_all(sys.stdout.fileno(), data)
            for source in (outer, keys):
                if source in readable:
                    try:
                        data = os.read(source, 65536)
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""
                    if not data:
                        if source == outer:  # xterm has gone: end the child
                            end_child(pid)
                            return 1
                        continue
                    write_all(master, data)
        _, wait_status = os.waitpid(pid, 0)
        status = os.waitstatus_to_exitcode(wait_status)
    finally:
        try:
            termios.tcsetattr(outer, termios.TCSADRAIN, saved)
        except termios.error:
            pass
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main())
