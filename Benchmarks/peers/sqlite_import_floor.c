// Benchmarks/peers/sqlite_import_floor.c: SQLite's own cost of a ledger import, the floor under
// `squarestock portfolio import`. It copies the schema and the portfolio rows of a ledger the
// product wrote (REF) into a new file (OUT), reads REF's journal rows into memory first (no CSV,
// no checks, no replay), then times what the product's writer asks of SQLite for them: one
// transaction in WAL mode, the two indexes dropped and built again after the rows, the rows 32
// to a prepared INSERT with CHECKs ignored and foreign keys deferred, the commit and the close
// (the checkpoint). Prints the seconds of each step and the rows a second.
//
// Build: cc -O2 -o floor Benchmarks/peers/sqlite_import_floor.c -lsqlite3
// Usage: floor REF.sqlite OUT.sqlite [PAGE_SIZE]
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void check(int rc, sqlite3 *db, const char *what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: floor REF.sqlite OUT.sqlite [PAGE_SIZE]\n");
        return 2;
    }
    enum { per = 32 };
    sqlite3 *ref, *db;
    sqlite3_stmt *s;
    check(sqlite3_open_v2(argv[1], &ref, SQLITE_OPEN_READONLY, NULL), ref, "open REF");
    // The journal's rows, in id order, into memory.
    int n = 0, cap = 1024, columns = 0;
    sqlite3_value **values = NULL;
    check(sqlite3_prepare_v2(ref, "SELECT * FROM entry ORDER BY id", -1, &s, NULL), ref, "read entries");
    while (sqlite3_step(s) == SQLITE_ROW) {
        columns = sqlite3_column_count(s);
        if (values == NULL || n + 1 > cap) {
            cap *= 2;
            values = realloc(values, sizeof(sqlite3_value *) * (size_t)cap * (size_t)columns);
        }
        for (int i = 0; i < columns; i++) values[(size_t)n * columns + i] = sqlite3_value_dup(sqlite3_column_value(s, i));
        n++;
    }
    sqlite3_finalize(s);
    // The two indexes the product's writer sets aside and builds again, as REF defines them.
    char indexes[4096] = "";
    check(sqlite3_prepare_v2(ref, "SELECT sql FROM sqlite_master WHERE type = 'index' "
                                  "AND name IN ('entry_by_import', 'entry_by_symbol')", -1, &s, NULL), ref, "indexes");
    while (sqlite3_step(s) == SQLITE_ROW) {
        strncat(indexes, (const char *)sqlite3_column_text(s, 0), sizeof indexes - strlen(indexes) - 3);
        strcat(indexes, ";");
    }
    sqlite3_finalize(s);
    remove(argv[2]);
    char path[4096];
    snprintf(path, sizeof path, "%s-wal", argv[2]);
    remove(path);
    check(sqlite3_open(argv[2], &db), db, "open OUT");
    if (argc > 3) {
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA page_size = %d", atoi(argv[3]));
        check(sqlite3_exec(db, pragma, NULL, NULL, NULL), db, "page_size");
    }
    check(sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA cache_size = -65536; PRAGMA foreign_keys = ON",
                       NULL, NULL, NULL), db, "pragmas");
    // The same schema, and the portfolios, as REF has them.
    check(sqlite3_prepare_v2(ref, "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' "
                                  "ORDER BY type = 'table' DESC, rowid", -1, &s, NULL), ref, "schema");
    while (sqlite3_step(s) == SQLITE_ROW) check(sqlite3_exec(db, (const char *)sqlite3_column_text(s, 0), NULL, NULL, NULL), db, "create");
    sqlite3_finalize(s);
    {
        sqlite3_stmt *copy;
        char sql[4200];
        snprintf(sql, sizeof sql, "ATTACH '%s' AS ref", argv[1]);
        check(sqlite3_exec(db, sql, NULL, NULL, NULL), db, "attach");
        check(sqlite3_prepare_v2(db, "INSERT INTO main.portfolio SELECT * FROM ref.portfolio", -1, &copy, NULL), db, "copy");
        check(sqlite3_step(copy), db, "copy portfolios");
        sqlite3_finalize(copy);
        check(sqlite3_exec(db, "DETACH ref", NULL, NULL, NULL), db, "detach");
    }
    check(sqlite3_exec(db, "PRAGMA ignore_check_constraints = ON", NULL, NULL, NULL), db, "checks off");
    double t0 = now();
    check(sqlite3_exec(db, "BEGIN IMMEDIATE; PRAGMA defer_foreign_keys = ON; "
                           "DROP INDEX IF EXISTS entry_by_import; DROP INDEX IF EXISTS entry_by_symbol", NULL, NULL, NULL), db, "begin");
    char *insert = malloc(64 + (size_t)per * (size_t)(columns * 2 + 4));
    char *p = insert + sprintf(insert, "INSERT INTO entry VALUES ");
    for (int k = 0; k < per; k++) {
        p += sprintf(p, "%s(", k ? "," : "");
        for (int i = 0; i < columns; i++) p += sprintf(p, "%s?", i ? "," : "");
        p += sprintf(p, ")");
    }
    sqlite3_stmt *batch;
    check(sqlite3_prepare_v2(db, insert, -1, &batch, NULL), db, "prepare");
    int b = 0;
    for (; b + per <= n; b += per) {
        sqlite3_reset(batch);
        for (int k = 0; k < per; k++)
            for (int i = 0; i < columns; i++) sqlite3_bind_value(batch, k * columns + i + 1, values[(size_t)(b + k) * columns + i]);
        check(sqlite3_step(batch), db, "insert");
    }
    sqlite3_finalize(batch);
    for (; b < n; b++) {  // the rest one at a time
        sqlite3_stmt *one;
        char sql[4096];
        char *q = sql + sprintf(sql, "INSERT INTO entry VALUES (");
        for (int i = 0; i < columns; i++) q += sprintf(q, "%s?", i ? "," : "");
        sprintf(q, ")");
        check(sqlite3_prepare_v2(db, sql, -1, &one, NULL), db, "prepare one");
        for (int i = 0; i < columns; i++) sqlite3_bind_value(one, i + 1, values[(size_t)b * columns + i]);
        check(sqlite3_step(one), db, "insert one");
        sqlite3_finalize(one);
    }
    double t1 = now();
    check(sqlite3_exec(db, indexes, NULL, NULL, NULL), db, "indexes");
    double t2 = now();
    check(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), db, "commit");
    double t3 = now();
    sqlite3_close(db);
    double t4 = now();
    printf("rows %d insert %.3f indexes %.3f commit %.3f close %.3f total %.3f s: %.0f rows/s\n", n, t1 - t0, t2 - t1,
           t3 - t2, t4 - t3, t4 - t0, n / (t4 - t0));
    return 0;
}
