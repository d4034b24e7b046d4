#!/usr/bin/env python3
"""An independent money-weighted return for squarestock's tests: XIRR (actual/365) of each case
read from stdin, one JSON object a line: {"flows": [[day, amount], ...]}. Prints one annual rate a
line. Solved in r itself with scipy.optimize.brentq when scipy is installed, else by a plain
bisection on r written here (Python's own floats), so it shares no code or method with the Swift
solver (which scans the period's log growth)."""
import json
import sys

try:
    from scipy.optimize import brentq
except ImportError:  # pragma: no cover - depends on the machine
    brentq = None


def npv(rate, flows):
    return sum(amount * (1.0 + rate) ** (-day / 365.0) for day, amount in flows)


def bisect(f, lo, hi):
    flo = f(lo)
    for _ in range(300):
        mid = (lo + hi) / 2.0
        fm = f(mid)
        if fm == 0.0:
            return mid
        if (fm < 0) == (flo < 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return (lo + hi) / 2.0


def xirr(flows):
    f = lambda r: npv(r, flows)
    lo, hi = -0.999999, 1.0
    while f(lo) * f(hi) > 0 and hi < 1e12:
        hi *= 4.0
    if brentq is not None:
        return brentq(f, lo, hi, xtol=1e-15, rtol=1e-15, maxiter=500)
    return bisect(f, lo, hi)


for line in sys.stdin:
    line = line.strip()
    if line:
        print(repr(xirr(json.loads(line)["flows"])))
