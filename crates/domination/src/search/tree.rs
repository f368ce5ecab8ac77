//! The branch and bound under one node: branch on the undominated square with the fewest
//! candidate queens, over those candidates, branch i forbidding the candidates of the
//! branches before it (so every set is reached once), pruned by a lower bound on the queens
//! still needed: the r queens left cover at most the sum of the r largest numbers of
//! undominated squares one candidate covers (a packing bound, squares with no candidate in
//! common, was tried too and pruned almost nothing here).
//!
//! The counts come from the lines through a square, so they are only as sound as that
//! structure: the board's attacks are along rows, columns and (wrapped) diagonals.
//!
//! With independence, a candidate must also be undominated (a dominated square is occupied
//! or attacked by a queen already placed), which is the only difference.

use super::bits::Bits;
use super::board::Board;
use std::sync::atomic::{AtomicBool, Ordering};
use zero_one_model::StopFlag;

/// What stops a search: the caller's flag (Ctrl-C) or the run's own (a set found when one
/// is enough, or a set refused).
#[derive(Copy, Clone)]
pub(crate) struct Stops<'a> {
    pub(crate) user: &'a StopFlag,
    pub(crate) done: &'a AtomicBool,
}

impl Stops<'_> {
    pub(crate) fn raised(&self) -> bool {
        self.user.is_raised() || self.done.load(Ordering::Relaxed)
    }
}

/// Whether the search goes on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Go,
    Halt,
}

/// A node: the squares not yet dominated, the squares a queen may still take, and how many
/// queens are left.
#[derive(Copy, Clone, Debug)]
pub(crate) struct State<const W: usize> {
    pub(crate) undominated: Bits<W>,
    pub(crate) allowed: Bits<W>,
    pub(crate) left: usize,
}

/// Candidates of one branching, best first.
pub(crate) struct Branches {
    squares: [u16; MAX_BRANCHES],
    len: usize,
}

/// More than the candidates of any square of a board the search takes (4n - 3 with n ≤ 21).
const MAX_BRANCHES: usize = 96;

impl Branches {
    pub(crate) fn as_slice(&self) -> &[u16] {
        &self.squares[..self.len]
    }
}

/// The search under one node, calling `found` with every dominating set reached (the
/// queens, the queens left unused and the squares still allowed).
pub(crate) struct Tree<'a, const W: usize, F> {
    board: &'a Board<W>,
    stop: Stops<'a>,
    pub(crate) queens: Vec<usize>,
    pub(crate) nodes: u64,
    scratch: Scratch,
    found: F,
}

impl<'a, const W: usize, F> Tree<'a, W, F>
where
    F: FnMut(&[usize], usize, &Bits<W>) -> Flow,
{
    pub(crate) fn new(board: &'a Board<W>, stop: Stops<'a>, found: F) -> Self {
        Tree {
            board,
            stop,
            queens: Vec::new(),
            nodes: 0,
            scratch: Scratch::new(board),
            found,
        }
    }

    /// Every set under `state` (the queens placed so far in `self.queens`).
    pub(crate) fn search(&mut self, state: State<W>) -> Flow {
        self.nodes += 1;
        if state.undominated.is_empty() {
            return (self.found)(&self.queens, state.left, &state.allowed);
        }
        if self.nodes & 255 == 0 && self.stop.raised() {
            return Flow::Halt;
        }
        if state.left == 0 {
            return Flow::Go;
        }
        let state = self.restrict(state);
        if state.left == 1 {
            return self.last(&state);
        }
        let Some(branches) = plan(self.board, &state, &mut self.scratch) else {
            return Flow::Go;
        };
        let mut rest = state.allowed;
        for &q in branches.as_slice() {
            let q = q as usize;
            rest.remove(q);
            let child = State {
                undominated: state.undominated.minus(&self.board.cover[q]),
                allowed: rest,
                left: state.left - 1,
            };
            self.queens.push(q);
            let flow = self.search(child);
            self.queens.pop();
            if flow == Flow::Halt {
                return Flow::Halt;
            }
        }
        Flow::Go
    }

    fn restrict(&self, mut state: State<W>) -> State<W> {
        if self.board.domination.independent {
            state.allowed = state.allowed.and(&state.undominated);
        }
        state
    }

    /// One queen left: the allowed squares that cover every undominated square.
    fn last(&mut self, state: &State<W>) -> Flow {
        let mut candidates = state.allowed;
        for s in state.undominated.iter() {
            candidates = candidates.and(&self.board.cover[s]);
            if candidates.is_empty() {
                return Flow::Go;
            }
        }
        let mut rest = state.allowed;
        for q in candidates.iter() {
            rest.remove(q);
            self.queens.push(q);
            let flow = (self.found)(&self.queens, 0, &rest);
            self.queens.pop();
            if flow == Flow::Halt {
                return Flow::Halt;
            }
        }
        Flow::Go
    }
}

/// Reusable buffers of [`plan`], so that a node allocates nothing.
pub(crate) struct Scratch {
    /// Per line: undominated squares on it.
    undominated: Vec<u32>,
    /// Per line: allowed squares on it.
    allowed: Vec<u32>,
}

impl Scratch {
    pub(crate) fn new<const W: usize>(board: &Board<W>) -> Scratch {
        Scratch {
            undominated: vec![0; board.lines.len()],
            allowed: vec![0; board.lines.len()],
        }
    }
}

/// |cover(q) ∩ X| from `on_line` (|line ∩ X| per line) and whether q ∈ X: the sum over the
/// four lines through q, less 3 when q ∈ X (the lines meet only at q on the classic board;
/// on the torus the diagonals of an even board meet twice, and the sum is an upper bound,
/// which the bound and the orderings allow).
fn through<const W: usize>(board: &Board<W>, on_line: &[u32], q: usize, inside: bool) -> u32 {
    let sum: u32 = board.lines_of[q].iter().map(|&l| on_line[l as usize]).sum();
    sum - if inside { 3 } else { 0 }
}

/// The branching of a node with at least one queen left and a square undominated (its
/// allowed squares already restricted for independence): the candidates of the undominated
/// square with fewest, those covering most first; `None` when the coverage bound shows the
/// queens left cannot dominate the rest (measured: it is where nearly every node with two
/// queens left ends, so it comes first and costs little).
pub(crate) fn plan<const W: usize>(
    board: &Board<W>,
    state: &State<W>,
    scratch: &mut Scratch,
) -> Option<Branches> {
    let (u, allowed, left) = (&state.undominated, &state.allowed, state.left);
    let n = board.n;
    for (count, line) in scratch.undominated.iter_mut().zip(&board.lines) {
        *count = line.count_and(u);
    }
    let mut top = [0u32; 32];
    if left <= top.len() {
        let need = u.len();
        // First the r longest rows, columns, diagonals and anti-diagonals, which bound the
        // r best queens from above; then the queens themselves, skipping every row whose
        // best queen (its row count plus the longest of each other kind) cannot enter the
        // top r.
        let mut longest = [0u32; 4];
        let mut relaxed = 0;
        let on = &scratch.undominated;
        let kinds = [&on[..n], &on[n..2 * n], &on[2 * n..4 * n], &on[4 * n..]];
        for (kind, counts) in kinds.into_iter().enumerate() {
            let mut best = [0u32; 32];
            for &c in counts {
                insert_top(&mut best[..left], c);
            }
            longest[kind] = best[0];
            relaxed += best[..left].iter().sum::<u32>();
        }
        if relaxed < need {
            return None;
        }
        let others = longest[1] + longest[2] + longest[3];
        for row in 0..n {
            if scratch.undominated[row] + others <= top[left - 1] {
                continue;
            }
            for q in board.lines[row].and(allowed).iter() {
                insert_top(
                    &mut top[..left],
                    through(board, &scratch.undominated, q, u.contains(q)),
                );
            }
        }
        if top[..left].iter().sum::<u32>() < need {
            return None;
        }
    }
    for (count, line) in scratch.allowed.iter_mut().zip(&board.lines) {
        *count = line.count_and(allowed);
    }
    let mut best = (u32::MAX, 0);
    for s in u.iter() {
        let c = through(board, &scratch.allowed, s, allowed.contains(s));
        if c == 0 {
            return None;
        }
        if c < best.0 {
            best = (c, s);
        }
    }
    let mut order = [(0u32, 0u16); MAX_BRANCHES];
    let mut len = 0;
    for q in board.cover[best.1].and(allowed).iter() {
        order[len] = (
            through(board, &scratch.undominated, q, u.contains(q)),
            q as u16,
        );
        len += 1;
    }
    // Those covering most first: later branches lose them, and prune sooner.
    order[..len].sort_unstable_by_key(|&(c, q)| (std::cmp::Reverse(c), q));
    let mut branches = Branches {
        squares: [0; MAX_BRANCHES],
        len,
    };
    for (slot, &(_, q)) in branches.squares.iter_mut().zip(&order[..len]) {
        *slot = q;
    }
    Some(branches)
}

/// Keeps the largest values in `top` (descending), inserting `c`.
fn insert_top(top: &mut [u32], c: u32) {
    let Some(last) = top.last() else { return };
    if c <= *last {
        return;
    }
    let mut i = top.len() - 1;
    while i > 0 && top[i - 1] < c {
        top[i] = top[i - 1];
        i -= 1;
    }
    top[i] = c;
}
