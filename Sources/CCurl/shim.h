#ifndef PHOTORY_CCURL_SHIM_H
#define PHOTORY_CCURL_SHIM_H
// libcurl for the web client (`CurlFetcher`). `curl_easy_setopt` and `curl_easy_getinfo` are
// variadic, which Swift cannot call: these helpers fix the argument's type.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

static inline CURLcode photory_curl_setopt_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode photory_curl_setopt_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode photory_curl_setopt_pointer(CURL *curl, CURLoption option, const void *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode photory_curl_setopt_write(CURL *curl, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(curl, option, callback);
}

#endif
