#include "icushim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/ustring.h>

/*
 * ICU is opened on first use, not linked: loading libicuuc, libicui18n and their 30 MB of data
 * at every start cost the commands that never ask ICU anything (`line` from its cache,
 * `--version`, an offline search) more than the rest of their work. Zone offsets come from the
 * system's tz database (SquarestockCore's TZif reader); ICU answers what it alone knows (display
 * names, month names, the Chinese calendar) and is the fallback for zones the system lacks.
 *
 * The header renames every ICU function with its major version (ucal_open is ucal_open_72), so
 * the names looked up are the renamed ones, and the library opened is the major version the
 * headers came from: the ABI ICU promises.
 */
#define SS_STR_(x) #x
#define SS_STR(x) SS_STR_(x)
#define SS_ICU_SONAME "libicui18n.so." SS_STR(U_ICU_VERSION_MAJOR_NUM)

/* Every ICU function the shim calls, as a pointer of the header's own type. */
#define SS_ICU_FUNCTIONS \
    X(u_strFromUTF8) \
    X(u_strcmp) \
    X(ucal_getCanonicalTimeZoneID) \
    X(ucal_open) \
    X(ucal_close) \
    X(ucal_setGregorianChange) \
    X(ucal_setMillis) \
    X(ucal_get) \
    X(ucal_setAttribute) \
    X(ucal_clear) \
    X(ucal_set) \
    X(ucal_getMillis) \
    X(ucal_getTimeZoneTransitionDate) \
    X(u_strToUTF8) \
    X(ucal_inDaylightTime) \
    X(ucal_getTimeZoneDisplayName) \
    X(udat_open) \
    X(udat_close) \
    X(udat_getSymbols) \

#define X(name) static __typeof__(name) *icu_##name;
SS_ICU_FUNCTIONS
#undef X
#define ICU(name) (*icu_##name)

static pthread_once_t icu_once = PTHREAD_ONCE_INIT;
static int icu_loaded;

static void icu_load_once(void) {
    /* The i18n library's handle also finds the common library's functions (u_*): dlsym searches
     * a library's dependencies too. */
    /* Without ICU every function below reports failure, as for a zone it does not know. */
    void *lib = dlopen(SS_ICU_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) return;
#define X(name)                                                                                    \
    *(void **)(&icu_##name) = dlsym(lib, SS_STR(name));                                            \
    if (icu_##name == NULL) return;
    SS_ICU_FUNCTIONS
#undef X
    icu_loaded = 1;
}

static int icu_ready(void) {
    pthread_once(&icu_once, icu_load_once);
    return icu_loaded;
}


/* Longest zone ID accepted (IANA IDs are far shorter), in UTF-16 units including the NUL. */
#define SS_ZONE_CAP 128
/* Display names and month names are short; anything longer is treated as an error. */
#define SS_NAME_CAP 128
/* ECMAScript's instant range: +/-100,000,000 days. ICU itself accepts a little more. */
#define SS_MAX_MS 8.64e15
#define SS_MAX_YEAR 270000

static int ms_in_range(double ms) {
    return ms >= -SS_MAX_MS && ms <= SS_MAX_MS; /* also false for NaN */
}

/* UTF-8 zone ID to a NUL-terminated UTF-16 buffer. */
static int zone_to_uchars(const char *zone, UChar *out, int32_t *len) {
    if (zone == NULL || zone[0] == '\0') return 0;
    UErrorCode st = U_ZERO_ERROR;
    *len = 0;
    ICU(u_strFromUTF8)(out, SS_ZONE_CAP, len, zone, -1, &st);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING) return 0;
    return *len > 0 && *len < SS_ZONE_CAP;
}

static int uchars_known(const UChar *id, int32_t len) {
    static const UChar unknown[] = {'E', 't', 'c', '/', 'U', 'n', 'k', 'n', 'o', 'w', 'n', 0};
    if (ICU(u_strcmp)(id, unknown) == 0) return 0;
    UChar canonical[SS_ZONE_CAP];
    UBool isSystem = 0;
    UErrorCode st = U_ZERO_ERROR;
    ICU(ucal_getCanonicalTimeZoneID)(id, len, canonical, SS_ZONE_CAP, &isSystem, &st);
    return U_SUCCESS(st) && isSystem;
}

/* A proleptic Gregorian calendar in a known zone, or NULL. Caller closes it. */
static UCalendar *open_zone(const char *zone) {
    if (!icu_ready()) return NULL;
    UChar id[SS_ZONE_CAP];
    int32_t len = 0;
    if (!zone_to_uchars(zone, id, &len) || !uchars_known(id, len)) return NULL;
    UErrorCode st = U_ZERO_ERROR;
    UCalendar *cal = ICU(ucal_open)(id, len, "en_US_POSIX", UCAL_GREGORIAN, &st);
    if (U_FAILURE(st)) {
        if (cal != NULL) ICU(ucal_close)(cal);
        return NULL;
    }
    ICU(ucal_setGregorianChange)(cal, -SS_MAX_MS, &st);
    if (U_FAILURE(st)) {
        ICU(ucal_close)(cal);
        return NULL;
    }
    return cal;
}

int64_t ss_zone_offset_ms(const char *zone, double utc_ms, int *ok) {
    if (ok != NULL) *ok = 0;
    if (!ms_in_range(utc_ms)) return 0;
    UCalendar *cal = open_zone(zone);
    if (cal == NULL) return 0;
    UErrorCode st = U_ZERO_ERROR;
    ICU(ucal_setMillis)(cal, utc_ms, &st);
    int32_t raw = ICU(ucal_get)(cal, UCAL_ZONE_OFFSET, &st);
    int32_t dst = ICU(ucal_get)(cal, UCAL_DST_OFFSET, &st);
    ICU(ucal_close)(cal);
    if (U_FAILURE(st)) return 0;
    if (ok != NULL) *ok = 1;
    return (int64_t)raw + (int64_t)dst;
}

double ss_zone_wall_to_utc_ms(const char *zone, int year, int month, int day,
                              int hour, int minute, int second, int *ok) {
    if (ok != NULL) *ok = 0;
    if (year < -SS_MAX_YEAR || year > SS_MAX_YEAR) return 0;
    UCalendar *cal = open_zone(zone);
    if (cal == NULL) return 0;
    ICU(ucal_setAttribute)(cal, UCAL_LENIENT, 1);
    ICU(ucal_setAttribute)(cal, UCAL_REPEATED_WALL_TIME, UCAL_WALLTIME_FIRST);
    ICU(ucal_setAttribute)(cal, UCAL_SKIPPED_WALL_TIME, UCAL_WALLTIME_LAST);
    ICU(ucal_clear)(cal);
    /* EXTENDED_YEAR rather than YEAR: no era, so years <= 0 work too. */
    ICU(ucal_set)(cal, UCAL_EXTENDED_YEAR, year);
    ICU(ucal_set)(cal, UCAL_MONTH, month - 1);
    ICU(ucal_set)(cal, UCAL_DATE, day);
    ICU(ucal_set)(cal, UCAL_HOUR_OF_DAY, hour);
    ICU(ucal_set)(cal, UCAL_MINUTE, minute);
    ICU(ucal_set)(cal, UCAL_SECOND, second);
    ICU(ucal_set)(cal, UCAL_MILLISECOND, 0);
    UErrorCode st = U_ZERO_ERROR;
    UDate result = ICU(ucal_getMillis)(cal, &st);
    ICU(ucal_close)(cal);
    if (U_FAILURE(st)) return 0;
    if (ok != NULL) *ok = 1;
    return result;
}

static int transition(const char *zone, double utc_ms, UTimeZoneTransitionType type, double *out) {
    if (out == NULL) return 0;
    *out = 0;
    if (!ms_in_range(utc_ms)) return 0;
    UCalendar *cal = open_zone(zone);
    if (cal == NULL) return 0;
    UErrorCode st = U_ZERO_ERROR;
    ICU(ucal_setMillis)(cal, utc_ms, &st);
    UDate date = 0;
    UBool found = U_SUCCESS(st) ? ICU(ucal_getTimeZoneTransitionDate)(cal, type, &date, &st) : 0;
    ICU(ucal_close)(cal);
    if (U_FAILURE(st) || !found) return 0;
    *out = date;
    return 1;
}

int ss_zone_next_transition_ms(const char *zone, double utc_ms, double *out) {
    return transition(zone, utc_ms, UCAL_TZ_TRANSITION_NEXT, out);
}

int ss_zone_previous_transition_ms(const char *zone, double utc_ms, double *out) {
    return transition(zone, utc_ms, UCAL_TZ_TRANSITION_PREVIOUS_INCLUSIVE, out);
}

int ss_zone_is_known(const char *zone) {
    if (!icu_ready()) return 0;
    UChar id[SS_ZONE_CAP];
    int32_t len = 0;
    return zone_to_uchars(zone, id, &len) && uchars_known(id, len);
}

/* UTF-16 to NUL-terminated UTF-8 in buf; returns the byte length or -1 if it does not fit. */
static int to_utf8(const UChar *src, int32_t srcLen, char *buf, int cap) {
    if (buf == NULL || cap <= 0) return -1;
    UErrorCode st = U_ZERO_ERROR;
    int32_t len = 0;
    ICU(u_strToUTF8)(buf, cap, &len, src, srcLen, &st);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING || len < 0 || len >= cap) {
        buf[0] = '\0';
        return -1;
    }
    return len;
}

int ss_zone_short_name(const char *zone, double utc_ms, const char *locale, char *buf, int cap) {
    if (buf == NULL || cap <= 0) return -1;
    buf[0] = '\0';
    if (locale == NULL || !ms_in_range(utc_ms)) return -1;
    UCalendar *cal = open_zone(zone);
    if (cal == NULL) return -1;
    UErrorCode st = U_ZERO_ERROR;
    ICU(ucal_setMillis)(cal, utc_ms, &st);
    UBool dst = U_SUCCESS(st) ? ICU(ucal_inDaylightTime)(cal, &st) : 0;
    UChar name[SS_NAME_CAP];
    int32_t n = 0;
    if (U_SUCCESS(st)) {
        n = ICU(ucal_getTimeZoneDisplayName)(cal, dst ? UCAL_SHORT_DST : UCAL_SHORT_STANDARD, locale,
                                        name, SS_NAME_CAP, &st);
    }
    ICU(ucal_close)(cal);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING || n <= 0 || n >= SS_NAME_CAP) return -1;
    return to_utf8(name, n, buf, cap);
}

int ss_month_symbols(const char *locale, int kind, char *buf, int cap) {
    if (buf == NULL || cap <= 0) return -1;
    buf[0] = '\0';
    if (locale == NULL) return -1;
    UDateFormatSymbolType type;
    switch (kind) {
    case 0: type = UDAT_MONTHS; break;
    case 1: type = UDAT_SHORT_MONTHS; break;
    case 2: type = UDAT_STANDALONE_MONTHS; break;
    case 3: type = UDAT_STANDALONE_SHORT_MONTHS; break;
    default: return -1;
    }
    static const UChar utc[] = {'U', 'T', 'C', 0};
    if (!icu_ready()) return -1;
    UErrorCode st = U_ZERO_ERROR;
    UDateFormat *fmt = ICU(udat_open)(UDAT_MEDIUM, UDAT_MEDIUM, locale, utc, 3, NULL, 0, &st);
    if (U_FAILURE(st)) {
        if (fmt != NULL) ICU(udat_close)(fmt);
        return -1;
    }
    int pos = 0;
    int result = 12;
    for (int32_t i = 0; i < 12; i++) {
        UChar name[SS_NAME_CAP];
        int32_t n = ICU(udat_getSymbols)(fmt, type, i, name, SS_NAME_CAP, &st);
        if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING || n < 0 || n >= SS_NAME_CAP) {
            result = -1;
            break;
        }
        int written = to_utf8(name, n, buf + pos, cap - pos); /* cap - pos > 0: see below */
        if (written < 0) {
            result = -1;
            break;
        }
        pos += written + 1; /* past the NUL; written < cap - pos, so pos <= cap */
        if (i < 11 && pos >= cap) {
            result = -1;
            break;
        }
    }
    ICU(udat_close)(fmt);
    if (result < 0) buf[0] = '\0';
    return result;
}

int ss_chinese_to_gregorian_days(int gregorian_year, int month, int is_leap, int day, int64_t *out_days) {
    if (out_days == NULL) return 0;
    *out_days = 0;
    if (gregorian_year < -SS_MAX_YEAR || gregorian_year > SS_MAX_YEAR) return 0;
    if (month < 1 || month > 12 || day < 1 || day > 30) return 0;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    if (!icu_ready()) return 0;
    UErrorCode st = U_ZERO_ERROR;
    UCalendar *cal = ICU(ucal_open)(utc, 3, "en_US@calendar=chinese", UCAL_DEFAULT, &st);
    if (U_FAILURE(st)) {
        if (cal != NULL) ICU(ucal_close)(cal);
        return 0;
    }
    ICU(ucal_setAttribute)(cal, UCAL_LENIENT, 0);
    ICU(ucal_clear)(cal);
    /* ICU counts Chinese extended years from 2637 BCE: the lunar year starting in Gregorian
     * year Y is extended year Y + 2637. */
    ICU(ucal_set)(cal, UCAL_EXTENDED_YEAR, gregorian_year + 2637);
    ICU(ucal_set)(cal, UCAL_MONTH, month - 1);
    ICU(ucal_set)(cal, UCAL_IS_LEAP_MONTH, is_leap ? 1 : 0);
    ICU(ucal_set)(cal, UCAL_DATE, day);
    UDate ms = ICU(ucal_getMillis)(cal, &st);
    /* Non-lenient calendars only validate on a field read: confirm the fields survived. */
    int32_t gotMonth = U_SUCCESS(st) ? ICU(ucal_get)(cal, UCAL_MONTH, &st) : -1;
    int32_t gotLeap = U_SUCCESS(st) ? ICU(ucal_get)(cal, UCAL_IS_LEAP_MONTH, &st) : -1;
    int32_t gotDay = U_SUCCESS(st) ? ICU(ucal_get)(cal, UCAL_DATE, &st) : -1;
    ICU(ucal_close)(cal);
    if (U_FAILURE(st) || gotMonth != month - 1 || gotLeap != (is_leap ? 1 : 0) || gotDay != day) return 0;
    if (!ms_in_range(ms)) return 0;
    double days = ms / 86400000.0;
    int64_t whole = (int64_t)days;
    if ((double)whole > days) whole -= 1; /* floor for dates before 1970 */
    *out_days = whole;
    return 1;
}
