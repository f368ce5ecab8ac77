//! d4's textual format, written and read.
//!
//! The format, as the compiler d4 writes it and ddnnife reads it (ddnnife,
//! `ddnnife/src/parser/d4_lexer.rs` and `parser.rs`, SoftVarE-Group/d-dnnf-reasoner): one
//! item per line, each ending with `0`;
//!
//! - a node: `o N 0` (OR), `a N 0` (AND), `t N 0` (TRUE), `f N 0` (FALSE), numbered
//!   1, 2, ... in the order declared; node 1 is the root;
//! - an edge: `P C l1 l2 ... 0`, node `C` a child of node `P`, conjoined with the DIMACS
//!   literals `l1 l2 ...` (none for a plain edge).
//!
//! The number of variables is not in the file: the reader is told which variables to
//! count over (ddnnife's `total_features`). We write every node before every edge (ddnnife
//! needs both ends of an edge declared before it); our reader also takes edges before
//! their nodes, and skips empty lines and comment lines starting with `c`.

use super::{Kind, Nnf, NnfError};
use std::io::{BufRead, Write};

impl Nnf {
    /// Writes the nodes reachable from the root in d4's format, the root first (node 1),
    /// then the edges between them.
    ///
    /// # Errors
    ///
    /// What `out` returns.
    pub fn write_d4(&self, out: &mut impl Write) -> std::io::Result<()> {
        if self.kinds.is_empty() {
            return writeln!(out, "o 1 0");
        }
        let (order, number) = self.reachable_order();
        for &n in &order {
            let c = match self.kinds[n as usize] {
                Kind::And => 'a',
                Kind::Or => 'o',
                Kind::True => 't',
                Kind::False => 'f',
            };
            writeln!(out, "{c} {} 0", number[n as usize])?;
        }
        let mut line = String::new();
        let children = self.children();
        for &n in &order {
            for &e in &children[n as usize] {
                let e = &self.edges[e as usize];
                line.clear();
                use std::fmt::Write as _;
                let _ = write!(line, "{} {}", number[n as usize], number[e.to as usize]);
                for l in &e.lits {
                    let _ = write!(line, " {l}");
                }
                writeln!(out, "{line} 0")?;
            }
        }
        Ok(())
    }
}

/// Reads a formula in d4's format.
///
/// ```
/// let nnf = sharpcount::nnf::read_d4("o 1 0\nt 2 0\n1 2 1 0\n1 2 -1 0\n".as_bytes())?;
/// assert_eq!((nnf.nodes(), nnf.edges()), (2, 2));
/// # Ok::<(), sharpcount::nnf::NnfError>(())
/// ```
///
/// # Errors
///
/// [`NnfError::Io`] when reading fails; [`NnfError::Syntax`], [`NnfError::NodeOutOfOrder`],
/// [`NnfError::UnknownNode`] and [`NnfError::EdgeFromLeaf`] with the 1-based line
/// number; [`NnfError::Empty`] when no node is declared.
pub fn read_d4(input: impl BufRead) -> Result<Nnf, NnfError> {
    let mut nnf = Nnf::default();
    // Each edge's line and its ends as written, checked once every node is known.
    let mut ends: Vec<(usize, u64, u64)> = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        let lineno = i + 1;
        let text = line.trim();
        if text.is_empty() || text.starts_with('c') {
            continue;
        }
        let syntax = || NnfError::Syntax {
            line: lineno,
            text: text.chars().take(80).collect(),
        };
        let mut tokens = text.split_whitespace();
        let first = tokens.next().ok_or_else(syntax)?;
        let kind = match first {
            "o" => Some(Kind::Or),
            "a" => Some(Kind::And),
            "t" => Some(Kind::True),
            "f" => Some(Kind::False),
            _ => None,
        };
        if let Some(kind) = kind {
            let n: u64 = tokens
                .next()
                .and_then(|t| t.parse().ok())
                .ok_or_else(syntax)?;
            if tokens.next() != Some("0") || tokens.next().is_some() {
                return Err(syntax());
            }
            let expected = nnf.kinds.len() as u64 + 1;
            if n != expected {
                return Err(NnfError::NodeOutOfOrder {
                    line: lineno,
                    found: n,
                    expected,
                });
            }
            if nnf.kinds.len() >= u32::MAX as usize - 1 {
                return Err(syntax());
            }
            nnf.push_node(kind);
            continue;
        }
        let mut nums = Vec::new();
        for t in text.split_whitespace() {
            nums.push(t.parse::<i64>().map_err(|_| syntax())?);
        }
        if nums.len() < 3 || nums[nums.len() - 1] != 0 || nums[0] <= 0 || nums[1] <= 0 {
            return Err(syntax());
        }
        let lits = &nums[2..nums.len() - 1];
        if lits
            .iter()
            .any(|&l| l == 0 || l.unsigned_abs() > i32::MAX as u64)
        {
            return Err(syntax());
        }
        let (from, to) = (nums[0] as u64, nums[1] as u64);
        ends.push((lineno, from, to));
        nnf.push_edge(
            (from - 1).min(u64::from(u32::MAX)) as u32,
            (to - 1).min(u64::from(u32::MAX)) as u32,
            lits.iter().map(|&l| l as i32).collect(),
        );
    }
    if nnf.kinds.is_empty() {
        return Err(NnfError::Empty);
    }
    let declared = nnf.kinds.len() as u64;
    for (line, from, to) in ends {
        for node in [from, to] {
            if node > declared {
                return Err(NnfError::UnknownNode { line, node });
            }
        }
        if matches!(nnf.kinds[(from - 1) as usize], Kind::True | Kind::False) {
            return Err(NnfError::EdgeFromLeaf { line, node: from });
        }
    }
    Ok(nnf)
}
