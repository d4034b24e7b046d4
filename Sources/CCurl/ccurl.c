// The table of libcurl entry points, filled by dlopen on first use (see include/ccurl.h).
#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// The sonames tried in order: Debian's OpenSSL build (libcurl4), then its GnuTLS build
// (libcurl3-gnutls), which keeps the same ABI under another name.
static const char *const sonames[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_recv)(CURL *, void *, size_t, size_t *);
    CURLcode (*easy_send)(CURL *, const void *, size_t, size_t *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char failure[256];

#define BIND(field, name)                                                                          \
    do {                                                                                           \
        *(void **)(&curl.field) = dlsym(handle, name);                                             \
        if (!curl.field) {                                                                         \
            snprintf(failure, sizeof failure, "%s has no %s (libcurl too old?)", soname, name);    \
            return;                                                                                \
        }                                                                                          \
    } while (0)

static void load_once(void) {
    void *handle = NULL;
    const char *soname = NULL;
    // SQUARESTOCK_LIBCURL names another libcurl (a build with other TLS, a test's missing one).
    const char *chosen = getenv("SQUARESTOCK_LIBCURL");
    if (chosen != NULL && chosen[0] != '\0') {
        soname = chosen;
        handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            snprintf(failure, sizeof failure,
                     "libcurl could not be opened from SQUARESTOCK_LIBCURL=%s; unset it to use the system's, "
                     "or install libcurl: apt install libcurl4", chosen);
            return;
        }
    }
    for (size_t i = 0; i < sizeof sonames / sizeof sonames[0] && !handle; i++) {
        soname = sonames[i];
        handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    }
    if (!handle) {
        snprintf(failure, sizeof failure,
                 "libcurl is not installed (libcurl.so.4 not found); install it: apt install libcurl4");
        return;
    }
    BIND(global_init, "curl_global_init");
    BIND(easy_init, "curl_easy_init");
    BIND(easy_cleanup, "curl_easy_cleanup");
    BIND(easy_perform, "curl_easy_perform");
    BIND(easy_recv, "curl_easy_recv");
    BIND(easy_send, "curl_easy_send");
    BIND(easy_strerror, "curl_easy_strerror");
    BIND(easy_setopt, "curl_easy_setopt");
    BIND(easy_getinfo, "curl_easy_getinfo");
    BIND(slist_append, "curl_slist_append");
    BIND(slist_free_all, "curl_slist_free_all");
    BIND(multi_init, "curl_multi_init");
    BIND(multi_cleanup, "curl_multi_cleanup");
    BIND(multi_add_handle, "curl_multi_add_handle");
    BIND(multi_remove_handle, "curl_multi_remove_handle");
    BIND(multi_perform, "curl_multi_perform");
    BIND(multi_poll, "curl_multi_poll");
    BIND(multi_info_read, "curl_multi_info_read");
    BIND(multi_setopt, "curl_multi_setopt");
    if (curl.global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
        snprintf(failure, sizeof failure, "%s could not initialise (curl_global_init failed)", soname);
        return;
    }
    loaded = 1;
}

int ss_curl_load(char *why, size_t cap) {
    pthread_once(&once, load_once);
    if (!loaded && why && cap > 0) snprintf(why, cap, "%s", failure);
    return loaded;
}

// Every wrapper below runs only after ss_curl_load answered 1: the Swift side loads before it
// makes the first handle, and a handle is the argument of every other call.
CURLcode ss_curl_global_init(long flags) { return curl.global_init(flags); }
CURL *ss_curl_easy_init(void) { return curl.easy_init(); }
void ss_curl_easy_cleanup(CURL *h) { curl.easy_cleanup(h); }
CURLcode ss_curl_easy_perform(CURL *h) { return curl.easy_perform(h); }
CURLcode ss_curl_easy_recv(CURL *h, void *b, size_t n, size_t *got) { return curl.easy_recv(h, b, n, got); }
CURLcode ss_curl_easy_send(CURL *h, const void *b, size_t n, size_t *sent) { return curl.easy_send(h, b, n, sent); }
const char *ss_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }
struct curl_slist *ss_curl_slist_append(struct curl_slist *l, const char *t) { return curl.slist_append(l, t); }
void ss_curl_slist_free_all(struct curl_slist *l) { curl.slist_free_all(l); }

CURLM *ss_curl_multi_init(void) { return curl.multi_init(); }
CURLMcode ss_curl_multi_cleanup(CURLM *m) { return curl.multi_cleanup(m); }
CURLMcode ss_curl_multi_add_handle(CURLM *m, CURL *h) { return curl.multi_add_handle(m, h); }
CURLMcode ss_curl_multi_remove_handle(CURLM *m, CURL *h) { return curl.multi_remove_handle(m, h); }
CURLMcode ss_curl_multi_perform(CURLM *m, int *running) { return curl.multi_perform(m, running); }
CURLMcode ss_curl_multi_poll(CURLM *m, struct curl_waitfd *fds, unsigned int count, int timeout_ms, int *ready) {
    return curl.multi_poll(m, fds, count, timeout_ms, ready);
}
CURLMsg *ss_curl_multi_info_read(CURLM *m, int *queued) { return curl.multi_info_read(m, queued); }

CURLcode ss_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl.easy_setopt(h, o, v); }
CURLcode ss_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl.easy_setopt(h, o, v); }
CURLcode ss_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl.easy_setopt(h, o, v); }
CURLcode ss_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl.easy_setopt(h, o, v); }
CURLcode ss_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl.easy_setopt(h, o, v); }
CURLcode ss_easy_setopt_write(CURL *h, CURLoption o, ss_curl_write_callback v) { return curl.easy_setopt(h, o, v); }

CURLcode ss_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl.easy_getinfo(h, i, v); }
CURLcode ss_easy_getinfo_double(CURL *h, CURLINFO i, double *v) { return curl.easy_getinfo(h, i, v); }
CURLcode ss_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl.easy_getinfo(h, i, v); }
CURLcode ss_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl.easy_getinfo(h, i, v); }
CURLcode ss_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl.easy_getinfo(h, i, v); }
CURLcode ss_easy_getinfo_socket(CURL *h, CURLINFO i, curl_socket_t *v) { return curl.easy_getinfo(h, i, v); }

CURLMcode ss_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl.multi_setopt(m, o, v); }
