"""The DIMACS reading shared by the Ganak helpers: the `p cnf` header's variable count, the
clauses (ended by 0, possibly across lines), the `c p show` projection (several lines
joined; None without one) and the `c p weight LIT W 0` literal weights (as floats)."""


def read(path):
    num_vars, clauses, shown, current, weights = 0, [], None, [], {}
    with open(path) as f:
        for line in f:
            t = line.split()
            if not t:
                continue
            if t[0] == "c":
                if t[1:3] == ["p", "show"]:
                    shown = (shown or []) + [int(x) for x in t[3:] if x != "0"]
                elif t[1:3] == ["p", "weight"]:
                    weights[int(t[3])] = float(t[4])
                continue
            if t[0] == "p":
                num_vars = int(t[2])
                continue
            for x in map(int, t):
                if x == 0:
                    clauses.append(current)
                    current = []
                else:
                    current.append(x)
    return num_vars, clauses, shown, weights
