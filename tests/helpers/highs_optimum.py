"""Solves an LP or MPS file with HiGHS (highspy) and prints its status, then one `NAME VALUE`
line per column, for tests/optimise.rs to check against the model. Usage:
python3 highs_optimum.py FILE"""
import sys

import highspy


def main(path):
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("mip_rel_gap", 0.0)
    if h.readModel(path) != highspy.HighsStatus.kOk:
        sys.exit(f"HiGHS cannot read {path}")
    h.run()
    status = h.getModelStatus()
    if status == highspy.HighsModelStatus.kInfeasible:
        print("infeasible")
        return
    if status != highspy.HighsModelStatus.kOptimal:
        sys.exit(f"HiGHS: {h.modelStatusToString(status)}")
    print("optimal")
    values = h.getSolution().col_value
    for j in range(h.getNumCol()):
        print(h.getColName(j)[1], values[j])


if __name__ == "__main__":
    main(sys.argv[1])
