//! Pseudo-Boolean encodings: `sum a_i * l_i cmp k` with arbitrary integer coefficients, one
//! encoding per file, selectable by name.
//!
//! Every encoding starts from the [`normalize`]d form (positive weights on distinct
//! variables, forced literals peeled off, weights divided by their common divisor), so each
//! only has to handle `sum w_i l_i cmp k` with `1 <= w_i <= k < total`. An encoding whose size
//! grows with the weights (BDD, totalizer, weight counter) stops with
//! [`PbError::TooLarge`] once it would pass [`MAX_CLAUSES`] clauses or steps for one
//! constraint, rather than exhausting memory; the adder network grows only with the number of
//! bits of the weights.
//!
//! ```
//! use model_core::{Cmp, Var, VarAlloc, VecSink};
//! use model_encodings::PbEncoding;
//! let x: Vec<_> = (0..3).map(|i| Var::new(i).positive()).collect();
//! let mut vars = VarAlloc::starting_at(3);
//! let mut sink = VecSink::default();
//! // 3x0 + 2x1 + 2x2 <= 4
//! PbEncoding::Bdd
//!     .encode_linear(&[(3, x[0]), (2, x[1]), (2, x[2])], Cmp::AtMost, 4, &mut vars, &mut sink)
//!     .unwrap();
//! assert!(!sink.clauses.is_empty());
//! ```

mod adder;
mod bdd;
mod gte;
mod normal;
mod swc;

pub use normal::{normalize, Normalized, PbConstraint};

use crate::{ClauseSink, Cmp, CountingSink, Lit, StopFlag, VarAlloc};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The most clauses (plus construction steps, for the BDD) one encoding may spend on one
/// constraint before it gives up with [`PbError::TooLarge`].
pub const MAX_CLAUSES: u64 = 1 << 25;

/// The pseudo-Boolean encodings this crate offers.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum PbEncoding {
    /// A reduced ordered BDD over the literals by decreasing weight (Eén & Sörensson,
    /// "Translating pseudo-Boolean constraints into SAT", JSAT 2006), one auxiliary per node
    /// and two clauses per node, as in Abío,
    /// Nieuwenhuis, Oliveras, Rodríguez-Carbonell & Mayer-Eichberger, "A new look at BDDs for
    /// pseudo-Boolean constraints", JAIR 2012: unit propagation on it is generalized arc
    /// consistent for at most and at least. Exponential in the worst case.
    #[default]
    Bdd,
    /// The generalized totalizer (Joshi, Martins & Manquinho, "Generalized totalizer encoding
    /// for pseudo-Boolean constraints", CP 2015): a balanced tree whose nodes have one output
    /// per distinct reachable sum up to k; exactly is two of them. Exponential in the worst
    /// case; arc consistent for at most and at least (checked by the test suite).
    Gte,
    /// The sequential weight counter (Hölldobler, Manthey & Steinke, "A compact encoding of
    /// pseudo-Boolean constraints into SAT", KI 2012): (n-1)·k auxiliaries and at most
    /// 3(n-1)·k + n clauses; exactly is two of them. Arc consistent for at most and at least
    /// (checked by the test suite).
    Swc,
    /// An adder network (Warners, "A linear-time transformation of linear inequalities into
    /// conjunctive normal form", IPL 1998; in the bucket form of Eén & Sörensson 2006): full
    /// and half adders sum the weights' bits into a binary number, compared with k by one
    /// clause per bit. Size O(n·log k); weak propagation.
    Adder,
}

/// Why a pseudo-Boolean constraint was not encoded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PbError {
    /// The encoding would pass its size limit on this constraint.
    #[error(
        "the {encoding} encoding of this constraint needs more than {limit} clauses or \
         construction steps; the adder encoding grows only with the number of bits of the weights"
    )]
    TooLarge {
        /// The encoding that gave up.
        encoding: PbEncoding,
        /// The limit it would have passed ([`MAX_CLAUSES`], or the BDD's memo bound).
        limit: u64,
    },
    /// The stop flag given to [`PbEncoding::encode_until`] (or to a lowering,
    /// [`crate::lower_to_cnf_until`]) was raised while the encoding ran.
    #[error("the {encoding} encoding was stopped on request")]
    Stopped {
        /// The encoding that stopped.
        encoding: PbEncoding,
    },
}

impl PbEncoding {
    /// Every encoding, in a stable order.
    pub const ALL: [PbEncoding; 4] = [
        PbEncoding::Bdd,
        PbEncoding::Gte,
        PbEncoding::Swc,
        PbEncoding::Adder,
    ];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            PbEncoding::Bdd => "bdd",
            PbEncoding::Gte => "gte",
            PbEncoding::Swc => "swc",
            PbEncoding::Adder => "adder",
        }
    }

    /// Writes the normalised constraint `pb` into `sink`.
    ///
    /// # Errors
    /// [`PbError::TooLarge`] when the encoding would pass [`MAX_CLAUSES`]; clauses written
    /// before it stopped stay in `sink` (call [`PbEncoding::size`] first to write nothing).
    pub fn encode(
        self,
        pb: &PbConstraint,
        vars: &mut VarAlloc,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), PbError> {
        self.encode_within(pb, MAX_CLAUSES, None, vars, sink)
    }

    /// [`PbEncoding::encode`], watching `stop`: once it is raised (from any thread), the
    /// encoding gives up within a few thousand clauses or steps. A large BDD can take minutes
    /// and gigabytes before its size limit; this is how a Ctrl-C reaches it.
    ///
    /// ```
    /// use model_encodings::pb::{normalize, Normalized, PbError};
    /// use model_core::{Cmp, StopFlag, Var, VarAlloc, VecSink};
    /// use model_encodings::PbEncoding;
    /// let x: Vec<_> = (0..3).map(|i| Var::new(i).positive()).collect();
    /// // 3x0 + 2x1 + 2x2 <= 4
    /// let Normalized::Reduced { rest: Some(pb), .. } =
    ///     normalize(&[(3, x[0]), (2, x[1]), (2, x[2])], Cmp::AtMost, 4)
    /// else {
    ///     unreachable!()
    /// };
    /// let stop = StopFlag::new();
    /// stop.raise();
    /// let mut sink = VecSink::default();
    /// let r = PbEncoding::Bdd.encode_until(&pb, &stop, &mut VarAlloc::starting_at(3), &mut sink);
    /// assert!(matches!(r, Err(PbError::Stopped { .. })));
    /// ```
    ///
    /// # Errors
    /// As [`PbEncoding::encode`], and [`PbError::Stopped`] once `stop` is raised.
    pub fn encode_until(
        self,
        pb: &PbConstraint,
        stop: &StopFlag,
        vars: &mut VarAlloc,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), PbError> {
        self.encode_within(pb, MAX_CLAUSES, Some(stop), vars, sink)
    }

    pub(crate) fn encode_within(
        self,
        pb: &PbConstraint,
        limit: u64,
        stop: Option<&StopFlag>,
        vars: &mut VarAlloc,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), PbError> {
        let mut out = Out {
            sink,
            spent: 0,
            limit,
            encoding: self,
            stop,
            next_check: STOP_CHECK,
        };
        out.check_stop()?;
        match self {
            PbEncoding::Bdd => bdd::encode(pb, vars, &mut out),
            PbEncoding::Gte => gte::encode(pb, vars, &mut out),
            PbEncoding::Swc => swc::encode(pb, vars, &mut out),
            PbEncoding::Adder => adder::encode(pb, vars, &mut out),
        }
    }

    /// The size of [`PbEncoding::encode`] on `pb` without writing it: (clauses, literal
    /// occurrences, auxiliary variables).
    ///
    /// # Errors
    /// [`PbError::TooLarge`] as for [`PbEncoding::encode`].
    pub fn size(self, pb: &PbConstraint) -> Result<(u64, u64, usize), PbError> {
        self.size_within(pb, None)
    }

    /// [`PbEncoding::size`], given up once `stop` is raised.
    pub(crate) fn size_within(
        self,
        pb: &PbConstraint,
        stop: Option<&StopFlag>,
    ) -> Result<(u64, u64, usize), PbError> {
        let mut vars = VarAlloc::starting_at(0);
        let mut count = CountingSink::default();
        self.encode_within(pb, MAX_CLAUSES, stop, &mut vars, &mut count)?;
        Ok((count.clauses, count.literals, vars.num_vars()))
    }

    /// Writes `sum a_i * l_i cmp rhs` into `sink`: normalises it, writes the literals it
    /// forces as unit clauses (an empty clause when it cannot hold), and encodes the rest.
    /// Repeated and complementary literals are allowed.
    ///
    /// # Errors
    /// [`PbError::TooLarge`] as for [`PbEncoding::encode`].
    pub fn encode_linear(
        self,
        terms: &[(i64, Lit)],
        cmp: Cmp,
        rhs: i64,
        vars: &mut VarAlloc,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), PbError> {
        self.encode_linear_within((terms, cmp, rhs), None, vars, sink)
    }

    /// [`PbEncoding::encode_linear`], watching `stop` as [`PbEncoding::encode_until`] does.
    ///
    /// # Errors
    /// As [`PbEncoding::encode_linear`], and [`PbError::Stopped`] once `stop` is raised.
    pub fn encode_linear_until(
        self,
        terms: &[(i64, Lit)],
        cmp: Cmp,
        rhs: i64,
        stop: &StopFlag,
        vars: &mut VarAlloc,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), PbError> {
        self.encode_linear_within((terms, cmp, rhs), Some(stop), vars, sink)
    }

    fn encode_linear_within(
        self,
        (terms, cmp, rhs): (&[(i64, Lit)], Cmp, i64),
        stop: Option<&StopFlag>,
        vars: &mut VarAlloc,
        sink: &mut dyn ClauseSink,
    ) -> Result<(), PbError> {
        match normalize(terms, cmp, rhs) {
            Normalized::False => sink.add_clause(&[]),
            Normalized::Reduced { units, rest } => {
                for u in units {
                    sink.add_clause(&[u]);
                }
                if let Some(rest) = rest {
                    self.encode_within(&rest, MAX_CLAUSES, stop, vars, sink)?;
                }
            }
        }
        Ok(())
    }
}

/// The sink of one encoding run, keeping count against the limit.
pub(crate) struct Out<'a> {
    sink: &'a mut dyn ClauseSink,
    spent: u64,
    limit: u64,
    encoding: PbEncoding,
    /// The flag of [`PbEncoding::encode_until`], looked at every [`STOP_CHECK`] clauses or
    /// steps.
    stop: Option<&'a StopFlag>,
    /// `spent` at which the flag is looked at next.
    next_check: u64,
}

/// Clauses or steps between two looks at the stop flag.
const STOP_CHECK: u64 = 4096;

impl Out<'_> {
    fn check_stop(&mut self) -> Result<(), PbError> {
        if self.spent >= self.next_check {
            self.next_check = self.spent + STOP_CHECK;
        }
        match self.stop {
            Some(flag) if flag.is_raised() => Err(PbError::Stopped {
                encoding: self.encoding,
            }),
            _ => Ok(()),
        }
    }

    /// Fails with [`PbError::Stopped`] once the stop flag is raised; looks at it every
    /// [`STOP_CHECK`] clauses or steps. For loops that write clauses they made room for
    /// up front.
    pub(crate) fn poll(&mut self) -> Result<(), PbError> {
        if self.spent >= self.next_check {
            self.check_stop()?;
        }
        Ok(())
    }

    /// Writes one clause (the caller made room for it).
    pub(crate) fn clause(&mut self, lits: &[Lit]) {
        self.spent += 1;
        self.sink.add_clause(lits);
    }

    /// Fails unless `more` clauses or steps still fit under the limit.
    pub(crate) fn room(&mut self, more: u64) -> Result<(), PbError> {
        if self.spent >= self.next_check {
            self.check_stop()?;
        }
        match self.spent.checked_add(more) {
            Some(n) if n <= self.limit => Ok(()),
            _ => Err(PbError::TooLarge {
                encoding: self.encoding,
                limit: self.limit,
            }),
        }
    }

    /// Counts one construction step that writes no clause.
    pub(crate) fn step(&mut self) -> Result<(), PbError> {
        self.room(1)?;
        self.spent += 1;
        Ok(())
    }
}

impl fmt::Display for PbEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PbEncoding {
    type Err = crate::named::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::named::from_name(
            &PbEncoding::ALL,
            PbEncoding::name,
            "pseudo-Boolean encoding",
            s,
        )
    }
}

#[cfg(test)]
mod gac_tests;
#[cfg(test)]
mod tests;
