// SQLite's process-wide settings, which it takes only through sqlite3_config: a variadic call,
// which Swift cannot make. Each wrapper fixes one setting. Plain C types only; sqlite3.h is
// included by the .c file (the portfolio's Swift sees SQLite through GRDB's own module).
#ifndef SQUARESTOCK_CSQLITESHIM_H
#define SQUARESTOCK_CSQLITESHIM_H

/// Turns SQLite's memory statistics off (`SQLITE_CONFIG_MEMSTATUS`, 0): with them on, every
/// allocation and free SQLite makes takes a process-wide mutex to count it. Counts only before
/// SQLite's first connection of the process (afterwards SQLite refuses any change and the
/// statistics stay on). Returns SQLite's result code: 0 (SQLITE_OK) when taken.
int ss_sqlite_memory_statistics_off(void);

#endif
