#ifndef SQUARESTOCK_ICUSHIM_H
#define SQUARESTOCK_ICUSHIM_H

/*
 * Plain-C wrappers around the system ICU calendar and time-zone services, opened on first use.
 *
 * Only plain C types appear here: Foundation on Linux ships its own ICU module, so the
 * system ICU headers must never reach Swift (their type names clash). All ICU includes live in
 * icushim.c.
 *
 * Conventions: zone IDs and locales are NUL-terminated UTF-8; instants are milliseconds since
 * 1970-01-01T00:00:00Z as double (ICU's UDate) and must lie within +/-8.64e15 ms; offsets are
 * milliseconds east of UTC. Every function accepts NULL or unknown zone IDs and then reports
 * failure instead of silently using GMT (which is what ICU itself does).
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Total UTC offset (raw + DST) in ms at the instant. *ok (may be NULL) is 1 on success. */
int64_t ss_zone_offset_ms(const char *zone, double utc_ms, int *ok);

/* The instant (ms) of a wall clock in the zone. month is 1-12. Skipped wall times (spring-forward
 * gap) resolve with the offset before the transition, i.e. forward (02:30 -> 03:30 EDT); repeated
 * wall times (fall-back overlap) resolve to the earlier instant. The calendar is proleptic
 * Gregorian and lenient (out-of-range fields roll over). Year must be within +/-270000. */
double ss_zone_wall_to_utc_ms(const char *zone, int year, int month, int day,
                              int hour, int minute, int second, int *ok);

/* First offset transition strictly after utc_ms. Returns 1 and sets *out if one exists. */
int ss_zone_next_transition_ms(const char *zone, double utc_ms, double *out);

/* Last offset transition at or before utc_ms (inclusive). Returns 1 and sets *out if one exists. */
int ss_zone_previous_transition_ms(const char *zone, double utc_ms, double *out);

/* 1 if the ID names a zone in ICU's system database (IANA IDs and their aliases), else 0. */
int ss_zone_is_known(const char *zone);

/* Short display name ("EDT", "GMT+2", ...) in effect at the instant, in the given locale, as UTF-8
 * into buf (always NUL-terminated on success). Returns the byte length, or -1. */
int ss_zone_short_name(const char *zone, double utc_ms, const char *locale, char *buf, int cap);

/* Month names of the Gregorian calendar in a locale. kind: 0 format wide, 1 format abbreviated,
 * 2 standalone wide, 3 standalone abbreviated. Writes 12 UTF-8 names, each followed by NUL, into
 * buf. Returns 12, or -1 (bad arguments, unknown kind, or buffer too small). */
int ss_month_symbols(const char *locale, int kind, char *buf, int cap);

/* The Gregorian date of a day of the Chinese lunisolar calendar (ICU's astronomical "chinese"
 * calendar, computed for the meridian of UTC+8). gregorian_year names the lunar year that begins
 * in that Gregorian year (its month 1 day 1 falls in late January or February); month is 1-12,
 * is_leap selects the leap (intercalary) month of that number, day is 1-30. Days that do not
 * exist (day 30 of a short month, a leap month the year lacks) are refused. On success returns 1
 * and sets *out_days to the date as days since 1970-01-01. */
int ss_chinese_to_gregorian_days(int gregorian_year, int month, int is_leap, int day, int64_t *out_days);

#ifdef __cplusplus
}
#endif

#endif
