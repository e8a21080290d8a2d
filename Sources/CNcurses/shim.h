#ifndef PHOTORY_CNCURSES_SHIM_H
#define PHOTORY_CNCURSES_SHIM_H
// SwiftPM drops pkg-config's -D_XOPEN_SOURCE, which hides the wide-char API: ask for it here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Swift 6 rejects C globals as shared mutable state and cannot import function-like macros.
static inline WINDOW *photory_stdscr(void) { return stdscr; }
static inline int photory_lines(void) { return LINES; }
static inline int photory_cols(void) { return COLS; }
static inline int photory_colors(void) { return COLORS; }
static inline int photory_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *photory_stdout(void) { return stdout; }
static inline FILE *photory_stdin(void) { return stdin; }
static inline attr_t photory_a_bold(void) { return A_BOLD; }
static inline attr_t photory_a_reverse(void) { return A_REVERSE; }
static inline attr_t photory_a_underline(void) { return A_UNDERLINE; }
static inline attr_t photory_a_dim(void) { return A_DIM; }
static inline attr_t photory_a_normal(void) { return A_NORMAL; }
static inline attr_t photory_a_invis(void) { return A_INVIS; }
static inline int photory_key_code_yes(void) { return KEY_CODE_YES; }
/// The mouse reports the browser asks for (BUTTONn_* are function-like macros): the left
/// button's press, release, click and double-click, and the wheel (buttons 4 and 5).
static inline mmask_t photory_mouse_mask(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED;
}
/// The window's size from TIOCGWINSZ (ioctl is variadic, which Swift cannot call): cells, and
/// pixels when the terminal fills them in (0 otherwise). Returns 0 on success.
static inline int photory_window_size(int fd, int *cell_columns, int *cell_rows, int *pixel_width, int *pixel_height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *cell_columns = size.ws_col; *cell_rows = size.ws_row; *pixel_width = size.ws_xpixel; *pixel_height = size.ws_ypixel;
    return 0;
}
#endif
