//! Property test of the reader: random well-formed files (random clauses, split across lines;
//! random header spacing and declared clause count; `c p show`, `c ind` and, under a `p pcnf`
//! header, `vp` lines in random places, before the header included) read back to the clauses
//! and projection they were written from.

use super::*;
use crate::{Lit, Var};
use proptest::prelude::*;
use std::collections::HashSet;

/// One projection line: which kind, and its variables (0-based).
#[derive(Clone, Debug)]
struct ProjLine {
    kind: u8,
    vars: Vec<u32>,
}

/// A random well-formed file before rendering.
#[derive(Clone, Debug)]
struct Spec {
    num_vars: usize,
    clauses: Vec<Vec<Lit>>,
    /// Where each clause breaks onto a second line (taken modulo its length + 1).
    splits: Vec<usize>,
    projection: Vec<(usize, ProjLine)>,
    pcnf: bool,
    give_pcnf_count: bool,
    /// Clauses the header declares beyond those held.
    missing: u64,
    sep: &'static str,
    crlf: bool,
    bom: bool,
}

fn arb_spec() -> impl Strategy<Value = Spec> {
    (1usize..30).prop_flat_map(|num_vars| {
        let lit = (0..num_vars as u32, any::<bool>()).prop_map(|(v, p)| Var::new(v).lit(p));
        let clause = prop::collection::vec(lit, 0..6);
        let proj = (
            any::<usize>(),
            0u8..3,
            prop::collection::vec(0..num_vars as u32, 0..6),
        )
            .prop_map(|(at, kind, vars)| (at, ProjLine { kind, vars }));
        (
            prop::collection::vec(clause, 0..12),
            prop::collection::vec(any::<usize>(), 12),
            prop::collection::vec(proj, 0..5),
            (any::<bool>(), any::<bool>(), 0u64..3),
            (
                prop::sample::select(vec![" ", "\t", "  ", " \t "]),
                any::<bool>(),
                any::<bool>(),
            ),
        )
            .prop_map(
                move |(clauses, splits, projection, (pcnf, give, missing), (sep, crlf, bom))| {
                    Spec {
                        num_vars,
                        clauses,
                        splits,
                        projection,
                        pcnf,
                        give_pcnf_count: give,
                        missing,
                        sep,
                        crlf,
                        bom,
                    }
                },
            )
    })
}

fn join<T: ToString>(items: impl IntoIterator<Item = T>, sep: &str) -> String {
    items
        .into_iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

impl Spec {
    /// The kind a projection line is written as: `vp` lines only under a `p pcnf` header.
    fn prefix(&self, line: &ProjLine) -> &'static str {
        match line.kind {
            0 => "c p show",
            1 => "c ind",
            _ if self.pcnf => "vp",
            _ => "c p show",
        }
    }

    fn vp_vars(&self) -> HashSet<u32> {
        self.projection
            .iter()
            .filter(|(_, l)| self.prefix(l) == "vp")
            .flat_map(|(_, l)| l.vars.iter().copied())
            .collect()
    }

    fn header(&self) -> String {
        let declared = self.clauses.len() as u64 + self.missing;
        let mut words = vec![
            "p".to_string(),
            if self.pcnf { "pcnf" } else { "cnf" }.to_string(),
            self.num_vars.to_string(),
            declared.to_string(),
        ];
        if self.pcnf && self.give_pcnf_count {
            words.push(self.vp_vars().len().to_string());
        }
        join(words, self.sep)
    }

    /// The file's lines (without line ends) and the projection they should read back as.
    fn lines(&self) -> (Vec<String>, Option<Vec<Var>>) {
        let mut lines = vec![self.header()];
        for (i, clause) in self.clauses.iter().enumerate() {
            let cut = self.splits[i % self.splits.len()] % (clause.len() + 1);
            let mut words: Vec<String> = clause.iter().map(|l| l.to_dimacs().to_string()).collect();
            words.push("0".into());
            let tail = words.split_off(cut);
            if !words.is_empty() {
                lines.push(join(words, self.sep));
            }
            lines.push(join(tail, self.sep));
        }
        let mut placed: Vec<(String, Option<&ProjLine>)> =
            lines.into_iter().map(|l| (l, None)).collect();
        for (at, line) in &self.projection {
            let words = line.vars.iter().map(|v| v + 1).chain([0]);
            let text = format!("{}{}{}", self.prefix(line), self.sep, join(words, self.sep));
            placed.insert(at % (placed.len() + 1), (text, Some(line)));
        }
        let mut seen = HashSet::new();
        let mut shown: Vec<Var> = Vec::new();
        for line in placed.iter().filter_map(|(_, l)| *l) {
            shown.extend(
                line.vars
                    .iter()
                    .filter(|v| seen.insert(**v))
                    .map(|&v| Var::new(v)),
            );
        }
        let projected = self.pcnf || !self.projection.is_empty();
        (
            placed.into_iter().map(|(l, _)| l).collect(),
            projected.then_some(shown),
        )
    }

    fn render(&self) -> (String, Option<Vec<Var>>) {
        let (lines, shown) = self.lines();
        let end = if self.crlf { "\r\n" } else { "\n" };
        let bom = if self.bom { "\u{FEFF}" } else { "" };
        (format!("{bom}{}{end}", lines.join(end)), shown)
    }

    fn expected_warnings(&self, header_line: usize) -> Vec<String> {
        if self.missing == 0 {
            return vec![];
        }
        let found = self.clauses.len();
        let declared = found as u64 + self.missing;
        vec![format!(
            "line {header_line}: the header declares {declared} clauses but the file holds {found}; counting the {found} found"
        )]
    }
}

proptest! {
    #[test]
    fn random_well_formed_files_read_back_to_their_clauses_and_projection(spec in arb_spec()) {
        let (text, shown) = spec.render();
        let header_line = text
            .lines()
            .position(|l| l.trim_start_matches('\u{FEFF}').starts_with('p'))
            .unwrap() + 1;
        let cnf = read_dimacs(text.as_bytes()).unwrap();
        prop_assert_eq!(&cnf, &Cnf {
            num_vars: spec.num_vars,
            clauses: spec.clauses.clone(),
            shown,
            warnings: spec.expected_warnings(header_line),
            weights: None,
            repeated: 0,
        });
        let strict = read_dimacs_with(text.as_bytes(), &ReadOptions { strict: true, ..ReadOptions::default() });
        if spec.missing == 0 {
            prop_assert_eq!(strict, Ok(cnf));
        } else {
            let too_few = matches!(strict, Err(ParseError::TooFewClauses { .. }));
            prop_assert!(too_few, "{:?}", strict);
        }
    }
}
