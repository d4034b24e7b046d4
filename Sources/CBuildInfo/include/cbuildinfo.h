// What the build recorded about itself, set by Packaging/build.sh with
// `-Xcc -DSQUARESTOCK_COMMIT="\"<commit>\""`: a C macro is the one value SwiftPM can hand a build
// from its command line (Swift's -D flags carry no values). Plain C types only.
#ifndef SQUARESTOCK_CBUILDINFO_H
#define SQUARESTOCK_CBUILDINFO_H

/// The commit the binary was built from, or "" when the build did not say (a plain `swift build`).
const char *ss_build_commit(void);

#endif
