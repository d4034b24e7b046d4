#include "cbuildinfo.h"

#ifndef SQUARESTOCK_COMMIT
#define SQUARESTOCK_COMMIT ""
#endif

const char *ss_build_commit(void) { return SQUARESTOCK_COMMIT; }
