"""Solves LP or MPS files with HiGHS (PyPI highspy) or SCIP (PyPI pyscipopt) and prints, for
each file in turn, a line `== FILE`, its status, then one `NAME VALUE` line per column, for
tests/cli/optimise.rs to check against the model. One process for all the files: importing a
solver takes about half a second. Usage: python3 mip_optimum.py highs|scip FILE..."""
import sys


def highs(path):
    import highspy

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("mip_rel_gap", 0.0)
    if h.readModel(path) != highspy.HighsStatus.kOk:
        sys.exit(f"HiGHS cannot read {path}")
    h.run()
    status = h.getModelStatus()
    if status == highspy.HighsModelStatus.kInfeasible:
        return None
    if status != highspy.HighsModelStatus.kOptimal:
        sys.exit(f"HiGHS: {h.modelStatusToString(status)}")
    values = h.getSolution().col_value
    return [(h.getColName(j)[1], values[j]) for j in range(h.getNumCol())]


def scip(path):
    import pyscipopt

    m = pyscipopt.Model()
    m.hideOutput()
    m.setParam("limits/gap", 0.0)
    m.readProblem(path)
    m.optimize()
    status = m.getStatus()
    if status == "infeasible":
        return None
    if status != "optimal":
        sys.exit(f"SCIP: {status}")
    return [(v.name, m.getVal(v)) for v in m.getVars()]


def main(solver, paths):
    for path in paths:
        # Solver banners go to stdout too: the header marks where each file's answer starts.
        print("==", path, flush=True)
        values = {"highs": highs, "scip": scip}[solver](path)
        if values is None:
            print("infeasible")
            continue
        print("optimal")
        for name, value in values:
            print(name, value)
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
