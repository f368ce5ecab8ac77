"""Counts the solutions of an exported N-Queens LP file with HiGHS (highspy), solving once and
then adding one no-good row per solution to the same model (incremental, no rebuild), as the
ILP issue's reference loop does. Every solution is checked to be a 0-1 vector before it counts.
Prints the count. Usage: python3 count_highs.py FILE.lp"""
import sys

import highspy
import numpy as np


def main(path):
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("mip_rel_gap", 0.0)
    if h.readModel(path) != highspy.HighsStatus.kOk:
        sys.exit(f"HiGHS cannot read {path}")
    num_cols = h.getNumCol()
    count = 0
    while True:
        h.run()
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            break
        x = np.array(h.getSolution().col_value)
        r = np.round(x)
        if np.max(np.abs(x - r)) > 1e-6:
            sys.exit("HiGHS returned a fractional solution")
        ones = [j for j in range(num_cols) if r[j] == 1]
        count += 1
        # sum over the true variables <= k - 1: this one-hot projection, excluded.
        h.addRow(-highspy.kHighsInf, len(ones) - 1, len(ones), np.array(ones, dtype=np.int32),
                 np.ones(len(ones)))
    print(count)


if __name__ == "__main__":
    main(sys.argv[1])
