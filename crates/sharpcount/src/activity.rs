//! Variable activity (VSIDS, Moskewicz et al. 2001, "Chaff"), bumped by conflict analysis
//! and decayed geometrically, and the binary heap that orders the variables of a
//! satisfiability search by it (Eén & Sörensson 2003, "MiniSat").

/// Conflict activity per variable.
#[derive(Debug)]
pub(crate) struct Activity {
    score: Vec<f64>,
    inc: f64,
    decay: f64,
    /// While set, bumps and decay do nothing.
    pub frozen: bool,
}

impl Activity {
    /// Activities of `n` variables, all zero; `decay` in (0, 1) is the factor applied to all
    /// scores per conflict.
    pub(crate) fn new(n: u32, decay: f64) -> Activity {
        Activity {
            score: vec![0.0; n as usize],
            inc: 1.0,
            decay,
            frozen: false,
        }
    }

    /// Adds one unit of activity to `var`.
    #[inline]
    pub(crate) fn bump(&mut self, var: u32) {
        if self.frozen {
            return;
        }
        let s = &mut self.score[var as usize];
        *s += self.inc;
        if *s > 1e100 {
            self.rescale();
        }
    }

    /// Ages every score by one conflict.
    pub(crate) fn decay(&mut self) {
        if self.frozen {
            return;
        }
        self.inc /= self.decay;
    }

    fn rescale(&mut self) {
        for s in &mut self.score {
            *s *= 1e-100;
        }
        self.inc *= 1e-100;
    }

    /// The raw score, comparable between variables.
    #[inline]
    pub(crate) fn score(&self, var: u32) -> f64 {
        self.score[var as usize]
    }

    /// The score in units of the current increment: about the number of recent conflicts
    /// the variable took part in, comparable to occurrence counts (VSADS, Sang, Beame and
    /// Kautz 2005).
    #[inline]
    pub(crate) fn normalized(&self, var: u32) -> f64 {
        self.score[var as usize] / self.inc
    }
}

/// A max-heap of variables by activity, holding a chosen subset of the variables.
#[derive(Debug, Default)]
pub(crate) struct VarHeap {
    heap: Vec<u32>,
    pos: Vec<u32>,
}

const ABSENT: u32 = u32::MAX;

impl VarHeap {
    /// An empty heap over variables `0..n`.
    pub(crate) fn new(n: u32) -> VarHeap {
        VarHeap {
            heap: Vec::new(),
            pos: vec![ABSENT; n as usize],
        }
    }

    /// Empties the heap.
    pub(crate) fn clear(&mut self) {
        for &v in &self.heap {
            self.pos[v as usize] = ABSENT;
        }
        self.heap.clear();
    }

    /// True when `var` is in the heap.
    #[inline]
    pub(crate) fn contains(&self, var: u32) -> bool {
        self.pos[var as usize] != ABSENT
    }

    /// Adds `var` if absent.
    pub(crate) fn insert(&mut self, var: u32, act: &Activity) {
        if self.contains(var) {
            return;
        }
        self.pos[var as usize] = self.heap.len() as u32;
        self.heap.push(var);
        self.up(self.heap.len() - 1, act);
    }

    /// Restores the order after the activity of `var` grew.
    pub(crate) fn increased(&mut self, var: u32, act: &Activity) {
        if let Some(&p) = self.pos.get(var as usize).filter(|&&p| p != ABSENT) {
            self.up(p as usize, act);
        }
    }

    /// Removes and returns the most active variable.
    pub(crate) fn pop(&mut self, act: &Activity) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.pos[top as usize] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.down(0, act);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize, act: &Activity) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let pv = self.heap[parent];
            if act.score(pv) >= act.score(v) {
                break;
            }
            self.heap[i] = pv;
            self.pos[pv as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize, act: &Activity) {
        let v = self.heap[i];
        loop {
            let l = 2 * i + 1;
            if l >= self.heap.len() {
                break;
            }
            let r = l + 1;
            let c = if r < self.heap.len() && act.score(self.heap[r]) > act.score(self.heap[l]) {
                r
            } else {
                l
            };
            if act.score(self.heap[c]) <= act.score(v) {
                break;
            }
            self.heap[i] = self.heap[c];
            self.pos[self.heap[i] as usize] = i as u32;
            i = c;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }
}
