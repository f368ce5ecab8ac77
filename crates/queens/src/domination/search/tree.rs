//! The branch and bound under one node: branch on the undominated square with the fewest
//! candidate queens, over those candidates, branch i forbidding the candidates of the
//! branches before it (so every set is reached once), pruned by two lower bounds on the
//! queens still needed.
//!
//! - *Packing*: undominated squares no two of which share a candidate each need their own
//!   queen (taken greedily, fewest candidates first).
//! - *Coverage*: the r queens left cover at most the sum of the r largest numbers of
//!   undominated squares one candidate covers.
//!
//! With independence, a candidate must also be undominated (a dominated square is occupied
//! or attacked by a queen already placed), which is the only difference.

use super::bits::Bits;
use super::board::Board;
use std::sync::atomic::{AtomicBool, Ordering};

/// What stops a search: the caller's flag (Ctrl-C) or the run's own (a set found when one
/// is enough, or a set refused).
#[derive(Copy, Clone)]
pub(crate) struct Stops<'a> {
    pub(crate) user: &'a AtomicBool,
    pub(crate) done: &'a AtomicBool,
}

impl Stops<'_> {
    pub(crate) fn raised(&self) -> bool {
        self.user.load(Ordering::Relaxed) || self.done.load(Ordering::Relaxed)
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
/// More than the squares of any board the search takes.
const MAX_SQUARES: usize = 448;

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
        let Some(branches) = plan(self.board, &state) else {
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

/// The branching of a node with at least one queen left and a square undominated (its
/// allowed squares already restricted for independence): the candidates of the undominated
/// square with fewest, those covering most first; `None` when a lower bound shows the
/// queens left cannot dominate the rest.
pub(crate) fn plan<const W: usize>(board: &Board<W>, state: &State<W>) -> Option<Branches> {
    let (u, allowed, left) = (&state.undominated, &state.allowed, state.left);
    let mut keyed = [0u32; MAX_SQUARES];
    let mut len = 0;
    let mut best = (u32::MAX, 0);
    for s in u.iter() {
        let c = board.cover[s].count_and(allowed);
        if c == 0 {
            return None;
        }
        if c < best.0 {
            best = (c, s);
        }
        keyed[len] = (c << 16) | s as u32;
        len += 1;
    }
    if packing(board, allowed, &mut keyed[..len]) > left {
        return None;
    }
    let mut coverage = [0u32; MAX_SQUARES];
    let mut top = [0u32; 32];
    for q in allowed.iter() {
        let c = board.cover[q].count_and(u);
        coverage[q] = c;
        insert_top(&mut top[..left.min(32)], c);
    }
    let reach: u32 = top[..left.min(32)].iter().sum();
    if left <= top.len() && reach < u.len() {
        return None;
    }
    let mut branches = Branches {
        squares: [0; MAX_BRANCHES],
        len: 0,
    };
    for q in board.cover[best.1].and(allowed).iter() {
        branches.squares[branches.len] = q as u16;
        branches.len += 1;
    }
    branches.squares[..branches.len].sort_by_key(|&q| (std::cmp::Reverse(coverage[q as usize]), q));
    Some(branches)
}

/// How many undominated squares (`keyed`: candidates << 16 | square) pairwise share no
/// allowed candidate, taken greedily fewest candidates first: each needs a queen of its own.
fn packing<const W: usize>(board: &Board<W>, allowed: &Bits<W>, keyed: &mut [u32]) -> usize {
    keyed.sort_unstable();
    let mut taken = Bits::<W>::EMPTY;
    let mut count = 0;
    for &k in keyed.iter() {
        let candidates = board.cover[(k & 0xffff) as usize].and(allowed);
        if !candidates.intersects(&taken) {
            taken = taken.or(&candidates);
            count += 1;
        }
    }
    count
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
