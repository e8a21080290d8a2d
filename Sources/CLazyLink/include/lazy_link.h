#ifndef PHOTORY_LAZY_LINK_H
#define PHOTORY_LAZY_LINK_H
/*
 * Libraries loaded on first use instead of at start-up.
 *
 * FFmpeg and LibRaw bring about a hundred shared libraries with them (codecs, colour
 * management, OpenMP...). Linked the usual way, every start of the browser, even one that
 * never shows a video, would map and relocate them all: tens of milliseconds and about 17 MB
 * of memory. Instead, a C wrapper target (CAV, CRaw) declares the library's API through its
 * headers and defines each function photory calls as a small hidden stub that calls the real
 * one, found by `photory_lazy_link` the first time any of them is wanted.
 *
 * The recipe for a library loaded this way (CAV and CRaw follow it):
 * 1. its module map has no `link` line; its target's C file includes the C library's headers
 *    first, then the library's own between `#pragma GCC visibility push(hidden)` and `pop` (the
 *    stubs stay inside the binary, so the library, once loaded, never calls our stubs instead
 *    of its own functions);
 * 2. one X-macro list names every function photory calls, with its parameters, as
 *    X(result, name, (parameters), (arguments)), or V(void, ...) for one without a result:
 *    the compiler checks each against the library's own declaration;
 * 3. `PHOTORY_LAZY_LIBRARY(list, sonames...)` makes the stubs and `library`, and a
 *    `photory_NAME_load()` returns `photory_lazy_load(&library)`: NULL, or why the library
 *    could not be loaded. Swift calls it before the first use and turns a failure into an
 *    outcome that names the library.
 * A function missing from the list fails the build at link time ("undefined reference").
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

/* "59" from 59: a library's major version in its soname. */
#define PHOTORY_STRINGIFY_(x) #x
#define PHOTORY_STRINGIFY(x) PHOTORY_STRINGIFY_(x)

/* One library loaded on first use: what to open and look up, and how that went. */
typedef struct {
    const char *const *sonames;   /* in order; each may need the ones before it */
    int sonameCount;
    const char *const *symbols;
    void **const *slots;          /* where each symbol's address goes */
    int symbolCount;
    pthread_mutex_t lock;
    atomic_int state;             /* 0 not tried, 1 loaded, -1 could not be */
    char failure[512];
} photory_lazy_library;

/* Loads `library` once; NULL, or why it could not be loaded (the loader's message). */
const char *photory_lazy_load(photory_lazy_library *library);

/* For a stub: loads `library`, and stops the program, saying so, if that is impossible (only a
 * caller that skipped the `load` check can get there). */
void photory_lazy_ready(photory_lazy_library *library, const char *function);

#define PHOTORY_LAZY_SLOT(ret, name, params, args) static ret (*slot_##name) params;
#define PHOTORY_LAZY_NAME(ret, name, params, args) #name,
#define PHOTORY_LAZY_ADDRESS(ret, name, params, args) (void **)&slot_##name,
#define PHOTORY_LAZY_STUB(ret, name, params, args) \
    ret name params { photory_lazy_ready(&library, #name); return slot_##name args; }
#define PHOTORY_LAZY_VOID_STUB(ret, name, params, args) \
    void name params { photory_lazy_ready(&library, #name); slot_##name args; }

/* The slots, the stubs and `library` for the function list FUNCTIONS(X, V), found in the
 * libraries named by the sonames that follow. */
#define PHOTORY_LAZY_LIBRARY(FUNCTIONS, ...) \
    FUNCTIONS(PHOTORY_LAZY_SLOT, PHOTORY_LAZY_SLOT) \
    static const char *const symbols[] = { FUNCTIONS(PHOTORY_LAZY_NAME, PHOTORY_LAZY_NAME) }; \
    static void **const slots[] = { FUNCTIONS(PHOTORY_LAZY_ADDRESS, PHOTORY_LAZY_ADDRESS) }; \
    static const char *const sonames[] = { __VA_ARGS__ }; \
    static photory_lazy_library library = { \
        sonames, (int)(sizeof sonames / sizeof *sonames), symbols, slots, \
        (int)(sizeof symbols / sizeof *symbols), PTHREAD_MUTEX_INITIALIZER, 0, "" }; \
    FUNCTIONS(PHOTORY_LAZY_STUB, PHOTORY_LAZY_VOID_STUB)
#endif
