// libcurl, opened on first use.
//
// squarestock does not link libcurl: a command that answers from local data (`line` from its
// cache, `--version`, `market`, an offline search) would otherwise pay for loading libcurl and
// the two dozen libraries it brings (TLS, Kerberos, LDAP, SSH, ...) at every start. `ss_curl_load`
// opens it with dlopen the first time a request is made; every call below goes through the table
// it fills. The header's types and constants are still curl's own (libcurl4-openssl-dev at build
// time), so the ABI is the one libcurl.so.4 promises.
//
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt take `...`, which Swift cannot call:
// each `ss_easy_setopt_*` / `ss_easy_getinfo_*` wrapper fixes one argument type.
#ifndef SQUARESTOCK_CCURL_H
#define SQUARESTOCK_CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/// Opens libcurl once (thread-safe). Returns 1 when it is usable; otherwise 0 with the reason
/// (which library is missing and the package that provides it) written into `why`.
int ss_curl_load(char *why, size_t cap);

typedef size_t (*ss_curl_write_callback)(char *data, size_t size, size_t count, void *context);

CURLcode ss_curl_global_init(long flags);
CURL *ss_curl_easy_init(void);
void ss_curl_easy_cleanup(CURL *h);
CURLcode ss_curl_easy_perform(CURL *h);
CURLcode ss_curl_easy_recv(CURL *h, void *buffer, size_t length, size_t *got);
CURLcode ss_curl_easy_send(CURL *h, const void *buffer, size_t length, size_t *sent);
const char *ss_curl_easy_strerror(CURLcode code);
struct curl_slist *ss_curl_slist_append(struct curl_slist *list, const char *text);
void ss_curl_slist_free_all(struct curl_slist *list);

CURLM *ss_curl_multi_init(void);
CURLMcode ss_curl_multi_cleanup(CURLM *m);
CURLMcode ss_curl_multi_add_handle(CURLM *m, CURL *h);
CURLMcode ss_curl_multi_remove_handle(CURLM *m, CURL *h);
CURLMcode ss_curl_multi_perform(CURLM *m, int *running);
CURLMcode ss_curl_multi_poll(CURLM *m, struct curl_waitfd *fds, unsigned int count, int timeout_ms, int *ready);
CURLMsg *ss_curl_multi_info_read(CURLM *m, int *queued);

CURLcode ss_easy_setopt_string(CURL *h, CURLoption o, const char *v);
CURLcode ss_easy_setopt_long(CURL *h, CURLoption o, long v);
CURLcode ss_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v);
CURLcode ss_easy_setopt_pointer(CURL *h, CURLoption o, void *v);
CURLcode ss_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v);
CURLcode ss_easy_setopt_write(CURL *h, CURLoption o, ss_curl_write_callback v);

CURLcode ss_easy_getinfo_long(CURL *h, CURLINFO i, long *v);
CURLcode ss_easy_getinfo_double(CURL *h, CURLINFO i, double *v);
CURLcode ss_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v);
CURLcode ss_easy_getinfo_string(CURL *h, CURLINFO i, char **v);
CURLcode ss_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v);
CURLcode ss_easy_getinfo_socket(CURL *h, CURLINFO i, curl_socket_t *v);

CURLMcode ss_multi_setopt_long(CURLM *m, CURLMoption o, long v);

// CURLMsg keeps its result in a union; reading it here keeps the union out of Swift.
static inline CURLcode ss_msg_result(const CURLMsg *m) { return m->data.result; }

#endif
