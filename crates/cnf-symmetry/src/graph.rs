//! The graph whose automorphisms are the formula's symmetries: a vertex per literal and per
//! clause, an edge from each clause to its literals and one between the two literals of each
//! variable (so a permutation commutes with negation). Literals of projection variables,
//! literals of hidden ones and clauses start in three different colours, so a symmetry maps
//! the projection onto itself. Clauses are taken as sets, duplicates and tautologies
//! dropped: every automorphism of the graph then acts faithfully on the literals.

use zero_one_model::Lit;

/// The clauses as a set: each a sorted set of literal codes, tautologies dropped (they hold
/// under every assignment), duplicates removed, sorted.
pub(crate) fn clause_set(clauses: &[Vec<Lit>]) -> Vec<Vec<u32>> {
    let mut set: Vec<Vec<u32>> = clauses
        .iter()
        .map(|c| {
            let mut c: Vec<u32> = c.iter().map(|l| l.code() as u32).collect();
            c.sort_unstable();
            c.dedup();
            c
        })
        .filter(|c| !c.windows(2).any(|w| w[0] ^ 1 == w[1]))
        .collect();
    set.sort_unstable();
    set.dedup();
    set
}

/// Whether variable `v`'s literals have no neighbour but each other: it is in no clause.
fn in_no_clause(adj: &[Vec<u32>], v: usize) -> bool {
    adj[2 * v].len() == 1 && adj[2 * v + 1].len() == 1
}

/// A CNF formula as the search sees it.
pub(crate) struct Graph {
    /// Literal vertices are `0..2 * vars` (a literal's [`Lit::code`]); clause vertices follow.
    pub vars: usize,
    /// Each clause's literal codes, sorted, duplicates and tautologies removed.
    pub clauses: Vec<Vec<u32>>,
    /// Neighbours of every vertex.
    pub adj: Vec<Vec<u32>>,
    /// The initial colour of every vertex.
    pub colour: Vec<u32>,
}

impl Graph {
    /// Builds the graph of `clauses` over `vars` variables, `shown[v]` telling projection
    /// variables apart.
    pub fn new(vars: usize, clauses: &[Vec<Lit>], shown: &[bool]) -> Graph {
        let set = clause_set(clauses);
        let lits = 2 * vars;
        let mut adj = vec![Vec::new(); lits + set.len()];
        for v in 0..vars {
            adj[2 * v].push(2 * v as u32 + 1);
            adj[2 * v + 1].push(2 * v as u32);
        }
        for (i, c) in set.iter().enumerate() {
            let cv = (lits + i) as u32;
            for &l in c {
                adj[l as usize].push(cv);
                adj[cv as usize].push(l);
            }
        }
        // A variable in no clause gets colours of its own, one per literal: the search fixes
        // it, and the caller adds the group of such variables (any permutation and any
        // flips among those of one kind) itself, which the search would take a level each
        // to find.
        let free = |x: usize| in_no_clause(&adj, x / 2);
        let colour = (0..lits + set.len())
            .map(|x| match x {
                x if x >= lits => 2,
                x if free(x) => 3 + x as u32,
                x if shown.get(x / 2).copied().unwrap_or(false) => 0,
                _ => 1,
            })
            .collect();
        Graph {
            vars,
            clauses: set,
            adj,
            colour,
        }
    }

    /// Whether variable `v` occurs in no clause.
    pub fn is_free(&self, v: usize) -> bool {
        in_no_clause(&self.adj, v)
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// Whether `perm` (a permutation of the vertices) maps every clause onto a clause and
    /// commutes with negation: a symmetry of the formula.
    pub fn is_automorphism(&self, perm: &[u32]) -> bool {
        let lits = 2 * self.vars;
        if (0..lits).any(|l| perm[l] as usize >= lits || perm[l ^ 1] != perm[l] ^ 1) {
            return false;
        }
        let mut image = Vec::new();
        self.clauses.iter().enumerate().all(|(i, c)| {
            let Some(target) = (perm[lits + i] as usize).checked_sub(lits) else {
                return false;
            };
            image.clear();
            image.extend(c.iter().map(|&l| perm[l as usize]));
            image.sort_unstable();
            self.clauses.get(target) == Some(&image)
        })
    }
}
