// Typed wrappers for libcurl's variadic calls.
//
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt take `...`, which Swift cannot call.
// Each wrapper below fixes one argument type; nothing else lives here.
#ifndef SQUARESTOCK_CCURL_SHIM_H
#define SQUARESTOCK_CCURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*ss_curl_write_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode ss_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ss_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ss_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ss_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ss_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ss_easy_setopt_write(CURL *h, CURLoption o, ss_curl_write_callback v) { return curl_easy_setopt(h, o, v); }

static inline CURLcode ss_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ss_easy_getinfo_double(CURL *h, CURLINFO i, double *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ss_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ss_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ss_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode ss_easy_getinfo_socket(CURL *h, CURLINFO i, curl_socket_t *v) { return curl_easy_getinfo(h, i, v); }

static inline CURLMcode ss_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

// CURLMsg keeps its result in a union; reading it here keeps the union out of Swift.
static inline CURLcode ss_msg_result(const CURLMsg *m) { return m->data.result; }

#endif
