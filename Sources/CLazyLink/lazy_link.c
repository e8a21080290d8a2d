#include "lazy_link.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/* Opens the libraries and fills the slots; 0, or -1 with the reason in `failure`. */
static int link_library(photory_lazy_library *library) {
    void *handles[8];
    if (library->sonameCount > 8) {
        snprintf(library->failure, sizeof library->failure, "too many libraries");
        return -1;
    }
    for (int i = 0; i < library->sonameCount; i++) {
        handles[i] = dlopen(library->sonames[i], RTLD_NOW | RTLD_LOCAL);
        if (handles[i] == NULL) {
            const char *reason = dlerror();
            snprintf(library->failure, sizeof library->failure, "%s", reason ? reason : library->sonames[i]);
            return -1;
        }
    }
    for (int s = 0; s < library->symbolCount; s++) {
        void *address = NULL;
        for (int i = 0; i < library->sonameCount && address == NULL; i++) address = dlsym(handles[i], library->symbols[s]);
        if (address == NULL) {
            snprintf(library->failure, sizeof library->failure, "%s has no %s", library->sonames[0], library->symbols[s]);
            return -1;
        }
        *library->slots[s] = address;
    }
    return 0;
}

const char *photory_lazy_load(photory_lazy_library *library) {
    int state = atomic_load_explicit(&library->state, memory_order_acquire);
    if (state == 0) {
        pthread_mutex_lock(&library->lock);
        state = atomic_load_explicit(&library->state, memory_order_relaxed);
        if (state == 0) {
            state = link_library(library) == 0 ? 1 : -1;
            atomic_store_explicit(&library->state, state, memory_order_release);
        }
        pthread_mutex_unlock(&library->lock);
    }
    return state == 1 ? NULL : library->failure;
}

void photory_lazy_ready(photory_lazy_library *library, const char *function) {
    if (photory_lazy_load(library) == NULL) return;
    fprintf(stderr, "photory: %s called, but %s\n", function, library->failure);
    abort();
}
