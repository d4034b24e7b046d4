#include "icushim.h"

#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/ustring.h>

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
    u_strFromUTF8(out, SS_ZONE_CAP, len, zone, -1, &st);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING) return 0;
    return *len > 0 && *len < SS_ZONE_CAP;
}

static int uchars_known(const UChar *id, int32_t len) {
    static const UChar unknown[] = {'E', 't', 'c', '/', 'U', 'n', 'k', 'n', 'o', 'w', 'n', 0};
    if (u_strcmp(id, unknown) == 0) return 0;
    UChar canonical[SS_ZONE_CAP];
    UBool isSystem = 0;
    UErrorCode st = U_ZERO_ERROR;
    ucal_getCanonicalTimeZoneID(id, len, canonical, SS_ZONE_CAP, &isSystem, &st);
    return U_SUCCESS(st) && isSystem;
}

/* A proleptic Gregorian calendar in a known zone, or NULL. Caller closes it. */
static UCalendar *open_zone(const char *zone) {
    UChar id[SS_ZONE_CAP];
    int32_t len = 0;
    if (!zone_to_uchars(zone, id, &len) || !uchars_known(id, len)) return NULL;
    UErrorCode st = U_ZERO_ERROR;
    UCalendar *cal = ucal_open(id, len, "en_US_POSIX", UCAL_GREGORIAN, &st);
    if (U_FAILURE(st)) {
        if (cal != NULL) ucal_close(cal);
        return NULL;
    }
    ucal_setGregorianChange(cal, -SS_MAX_MS, &st);
    if (U_FAILURE(st)) {
        ucal_close(cal);
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
    ucal_setMillis(cal, utc_ms, &st);
    int32_t raw = ucal_get(cal, UCAL_ZONE_OFFSET, &st);
    int32_t dst = ucal_get(cal, UCAL_DST_OFFSET, &st);
    ucal_close(cal);
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
    ucal_setAttribute(cal, UCAL_LENIENT, 1);
    ucal_setAttribute(cal, UCAL_REPEATED_WALL_TIME, UCAL_WALLTIME_FIRST);
    ucal_setAttribute(cal, UCAL_SKIPPED_WALL_TIME, UCAL_WALLTIME_LAST);
    ucal_clear(cal);
    /* EXTENDED_YEAR rather than YEAR: no era, so years <= 0 work too. */
    ucal_set(cal, UCAL_EXTENDED_YEAR, year);
    ucal_set(cal, UCAL_MONTH, month - 1);
    ucal_set(cal, UCAL_DATE, day);
    ucal_set(cal, UCAL_HOUR_OF_DAY, hour);
    ucal_set(cal, UCAL_MINUTE, minute);
    ucal_set(cal, UCAL_SECOND, second);
    ucal_set(cal, UCAL_MILLISECOND, 0);
    UErrorCode st = U_ZERO_ERROR;
    UDate result = ucal_getMillis(cal, &st);
    ucal_close(cal);
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
    ucal_setMillis(cal, utc_ms, &st);
    UDate date = 0;
    UBool found = U_SUCCESS(st) ? ucal_getTimeZoneTransitionDate(cal, type, &date, &st) : 0;
    ucal_close(cal);
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
    UChar id[SS_ZONE_CAP];
    int32_t len = 0;
    return zone_to_uchars(zone, id, &len) && uchars_known(id, len);
}

/* UTF-16 to NUL-terminated UTF-8 in buf; returns the byte length or -1 if it does not fit. */
static int to_utf8(const UChar *src, int32_t srcLen, char *buf, int cap) {
    if (buf == NULL || cap <= 0) return -1;
    UErrorCode st = U_ZERO_ERROR;
    int32_t len = 0;
    u_strToUTF8(buf, cap, &len, src, srcLen, &st);
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
    ucal_setMillis(cal, utc_ms, &st);
    UBool dst = U_SUCCESS(st) ? ucal_inDaylightTime(cal, &st) : 0;
    UChar name[SS_NAME_CAP];
    int32_t n = 0;
    if (U_SUCCESS(st)) {
        n = ucal_getTimeZoneDisplayName(cal, dst ? UCAL_SHORT_DST : UCAL_SHORT_STANDARD, locale,
                                        name, SS_NAME_CAP, &st);
    }
    ucal_close(cal);
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
    UErrorCode st = U_ZERO_ERROR;
    UDateFormat *fmt = udat_open(UDAT_MEDIUM, UDAT_MEDIUM, locale, utc, 3, NULL, 0, &st);
    if (U_FAILURE(st)) {
        if (fmt != NULL) udat_close(fmt);
        return -1;
    }
    int pos = 0;
    int result = 12;
    for (int32_t i = 0; i < 12; i++) {
        UChar name[SS_NAME_CAP];
        int32_t n = udat_getSymbols(fmt, type, i, name, SS_NAME_CAP, &st);
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
    udat_close(fmt);
    if (result < 0) buf[0] = '\0';
    return result;
}

int ss_chinese_to_gregorian_days(int gregorian_year, int month, int is_leap, int day, int64_t *out_days) {
    if (out_days == NULL) return 0;
    *out_days = 0;
    if (gregorian_year < -SS_MAX_YEAR || gregorian_year > SS_MAX_YEAR) return 0;
    if (month < 1 || month > 12 || day < 1 || day > 30) return 0;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    UErrorCode st = U_ZERO_ERROR;
    UCalendar *cal = ucal_open(utc, 3, "en_US@calendar=chinese", UCAL_DEFAULT, &st);
    if (U_FAILURE(st)) {
        if (cal != NULL) ucal_close(cal);
        return 0;
    }
    ucal_setAttribute(cal, UCAL_LENIENT, 0);
    ucal_clear(cal);
    /* ICU counts Chinese extended years from 2637 BCE: the lunar year starting in Gregorian
     * year Y is extended year Y + 2637. */
    ucal_set(cal, UCAL_EXTENDED_YEAR, gregorian_year + 2637);
    ucal_set(cal, UCAL_MONTH, month - 1);
    ucal_set(cal, UCAL_IS_LEAP_MONTH, is_leap ? 1 : 0);
    ucal_set(cal, UCAL_DATE, day);
    UDate ms = ucal_getMillis(cal, &st);
    /* Non-lenient calendars only validate on a field read: confirm the fields survived. */
    int32_t gotMonth = U_SUCCESS(st) ? ucal_get(cal, UCAL_MONTH, &st) : -1;
    int32_t gotLeap = U_SUCCESS(st) ? ucal_get(cal, UCAL_IS_LEAP_MONTH, &st) : -1;
    int32_t gotDay = U_SUCCESS(st) ? ucal_get(cal, UCAL_DATE, &st) : -1;
    ucal_close(cal);
    if (U_FAILURE(st) || gotMonth != month - 1 || gotLeap != (is_leap ? 1 : 0) || gotDay != day) return 0;
    if (!ms_in_range(ms)) return 0;
    double days = ms / 86400000.0;
    int64_t whole = (int64_t)days;
    if ((double)whole > days) whole -= 1; /* floor for dates before 1970 */
    *out_days = whole;
    return 1;
}
