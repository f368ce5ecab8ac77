"""Sizes of PySAT's pseudo-Boolean encodings (PBEnc: pindakaas / PBLib behind python-sat)
on the constraints of bench/pb-sizes (dumped with `pb-sizes --dump FILE`), next to our
smallest encoding of each. Cells: auxiliary variables / clauses (units included), as in the
rustsat table; a cell that takes over CELL_SECONDS is stopped. Prints a Markdown table.

Usage: python3 bench/pb_sizes_pysat.py DUMP.jsonl   (pip install 'python-sat[pb]')
"""
import json
import multiprocessing as mp
import sys

CELL_SECONDS = 20
ENCODINGS = ["bdd", "seqcounter", "sortnetwrk", "adder", "binmerge", "totalizer", "mixedradix"]


def size(case, enc, queue):
    from pysat.pb import PBEnc, EncType

    lits = [l for _, l in case["terms"]]
    weights = [w for w, _ in case["terms"]]
    build = {"<=": PBEnc.atmost, ">=": PBEnc.atleast, "=": PBEnc.equals}[case["cmp"]]
    cnf = build(lits=lits, weights=weights, bound=case["k"], top_id=case["n"],
                encoding=getattr(EncType, enc))
    queue.put((max(cnf.nv - case["n"], 0), len(cnf.clauses)))


def cell(case, enc):
    queue = mp.Queue()
    p = mp.Process(target=size, args=(case, enc, queue))
    p.start()
    p.join(CELL_SECONDS)
    if p.is_alive():
        p.kill()
        p.join()
        return None, f"> {CELL_SECONDS} s"
    if queue.empty():
        return None, "failed"
    return queue.get(), None


def main():
    cases = [json.loads(line) for line in open(sys.argv[1])]
    print("| constraint | n | cmp k | " + " | ".join(f"py-{e}" for e in ENCODINGS)
          + " | best of PySAT | best of ours | smallest |")
    print("|---|---:|---|" + "---:|" * len(ENCODINGS) + "---|---|---|")
    no_larger = 0
    losses = []
    for case in cases:
        cells = [cell(case, e) for e in ENCODINGS]
        shown = [f"{s[0]}/{s[1]}" if s else f"– ({why})" for s, why in cells]
        done = [(s[1], s[0], e) for (s, _), e in zip(cells, ENCODINGS) if s]
        theirs = min(done) if done else None
        ours = case["ours"]
        ours_key = (ours["clauses"], ours["vars"]) if ours else None
        if ours_key and (theirs is None or ours_key <= theirs[:2]):
            verdict = "ours" if theirs is None or ours_key < theirs[:2] else "tie"
            no_larger += 1
        else:
            verdict = "PySAT"
            losses.append(f"{case['name']}: ours {ours and ours['vars']}/{ours and ours['clauses']}"
                          f" vs py-{theirs[2]} {theirs[1]}/{theirs[0]}")
        best_theirs = f"py-{theirs[2]} {theirs[1]}/{theirs[0]}" if theirs else "–"
        best_ours = f"{ours['encoding']} {ours['vars']}/{ours['clauses']}" if ours else "–"
        print(f"| {case['name']} | {case['n']} | {case['cmp']} {case['k']} | " + " | ".join(shown)
              + f" | {best_theirs} | {best_ours} | {verdict} |")
        sys.stdout.flush()
    print()
    print(f"Our smallest is no larger than PySAT's best on {no_larger} of {len(cases)} constraints.")
    if losses:
        print(f"PySAT is smaller on {len(losses)}:")
        for l in losses:
            print(f"- {l}")


if __name__ == "__main__":
    main()
