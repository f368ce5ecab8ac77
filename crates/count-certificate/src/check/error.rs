//! Why a bundle is not certified: one kind per failure, located in a file and, where it
//! applies, on a 1-based line.

use std::fmt;

/// Why a check failed. The file and line are in [`FileError`] and [`VerifyError`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The file could not be opened or read.
    #[error("cannot read the file")]
    Io(#[source] std::io::Error),
    /// A line longer than the readers take.
    #[error("a line longer than {0} bytes")]
    LineTooLong(u64),
    /// Not a regular file (a FIFO, a device, a directory).
    #[error("not a regular file")]
    NotRegular,
    /// A `c ind` line: a projection some tools read, which a bundle does not use.
    #[error("a 'c ind' projection line: a bundle states its projection on 'c p show' lines only")]
    OtherProjection,
    /// A byte sequence that is not text DRAT (binary DRAT starts with `a` or `d` bytes
    /// followed by binary literals).
    #[error("binary data where text is expected (text DRAT only: binary DRAT is not supported)")]
    NotText,
    /// A token that should be a decimal integer.
    #[error("expected an integer, found '{0}'")]
    NotAnInteger(String),
    /// No `p cnf V C` line before the first clause, or none at all.
    #[error("no 'p cnf VARIABLES CLAUSES' header before the clauses")]
    MissingHeader,
    /// A header that is not `p cnf V C` with V below 2^31.
    #[error("expected a header 'p cnf VARIABLES CLAUSES' (variables below 2^31), found '{0}'")]
    BadHeader(String),
    /// A second `p` line.
    #[error("a second header")]
    DuplicateHeader,
    /// A literal (or shown variable) that is 0 where it cannot be, or beyond the header's
    /// variables.
    #[error("literal {literal} is out of range: the header declares {variables} variables")]
    LiteralOutOfRange {
        /// The literal as written.
        literal: i64,
        /// The header's variable count.
        variables: u32,
    },
    /// A clause, model or projection line that does not end with `0`.
    #[error("does not end with 0")]
    Unterminated,
    /// Tokens after the terminating `0` of a line that holds one item.
    #[error("tokens after the terminating 0")]
    TrailingTokens,
    /// The number of clauses differs from the header's.
    #[error("the header declares {header} clauses, the file has {found}")]
    ClauseCount {
        /// The header's count.
        header: u64,
        /// The clauses read (or the first beyond the header's count).
        found: u64,
    },
    /// A line that is empty where an item is expected.
    #[error("an empty line")]
    EmptyLine,
    /// A model that assigns a variable twice.
    #[error("variable {0} is assigned twice")]
    AssignedTwice(u32),
    /// A model that leaves a variable unassigned.
    #[error("variable {0} is not assigned")]
    Unassigned(u32),
    /// A model of the solutions file that falsifies a clause of the formula.
    #[error("not a model: it falsifies the clause on line {clause_line} of formula.cnf")]
    NotAModel {
        /// The formula's line where the clause starts.
        clause_line: u64,
    },
    /// Two models that agree on the projection.
    #[error("equals the model on line {first} on the projection")]
    Duplicate {
        /// The line of the first of the two.
        first: u64,
    },
    /// Two files with different variable counts.
    #[error("the header declares {found} variables, formula.cnf declares {expected}")]
    VariableCount {
        /// This file's count.
        found: u32,
        /// The formula's.
        expected: u32,
    },
    /// A clause of `blocked.cnf` that is not the formula's clause at the same position.
    #[error("differs from the clause on line {formula_line} of formula.cnf")]
    NotFormulaClause {
        /// The formula's line where the clause starts.
        formula_line: u64,
    },
    /// `blocked.cnf` ends before the formula's clauses do.
    #[error("ends before the clause on line {formula_line} of formula.cnf")]
    MissingFormulaClause {
        /// The formula's line where the clause starts.
        formula_line: u64,
    },
    /// A clause of `blocked.cnf` that is not the blocking clause of the model at its position.
    #[error("not the blocking clause of the model on line {solution_line} of solutions.txt")]
    NotBlockingClause {
        /// The model's line.
        solution_line: u64,
    },
    /// `blocked.cnf` ends before every model has its blocking clause.
    #[error("no blocking clause for the model on line {solution_line} of solutions.txt")]
    MissingBlockingClause {
        /// The model's line.
        solution_line: u64,
    },
    /// `blocked.cnf` has a clause beyond the blocking clauses of the models.
    #[error("a clause beyond the formula's {formula} clauses and the {models} blocking clauses")]
    ExtraClause {
        /// The formula's clauses.
        formula: usize,
        /// The models.
        models: u64,
    },
    /// A proof lemma whose negation does not propagate to a conflict (RAT steps included).
    #[error("lemma is not RUP")]
    NotRup,
    /// A formula and proof whose clauses pass the checker's limit of 2^32 words (16 GiB).
    #[error("the clauses pass the checker's limit of 2^32 literals and headers")]
    TooLarge,
    /// A proof that never adds the empty clause (and a formula that does not propagate to a
    /// conflict on its own).
    #[error("the proof does not derive the empty clause")]
    NoEmptyClause,
    /// A manifest that is not the JSON of a bundle manifest.
    #[error("not a bundle manifest")]
    Manifest(#[source] serde_json::Error),
    /// A manifest of another format version.
    #[error("format version {found}, this checker reads version {expected}")]
    Version {
        /// The manifest's version.
        found: u32,
        /// [`crate::bundle::VERSION`].
        expected: u32,
    },
    /// A manifest whose file table is not the bundle layout's.
    #[error("the file table is {found}, the bundle layout is {expected}")]
    Files {
        /// The manifest's table, as JSON.
        found: String,
        /// The layout's, as JSON.
        expected: String,
    },
    /// A manifest count that is not the number of models.
    #[error("count \"{manifest}\", but solutions.txt holds {models} models")]
    Count {
        /// The manifest's count.
        manifest: String,
        /// The models read.
        models: u64,
    },
    /// A manifest projection that is not the formula's.
    #[error("the projection differs from formula.cnf's (its `c p show` lines, or every variable without one): {0}")]
    Projection(String),
}

/// A failure within one file: the line (1-based) where there is one, and why. Displays as
/// `line N: why` (or `why`).
#[derive(Debug)]
pub struct FileError {
    /// The 1-based line, or `None` for the file as a whole.
    pub line: Option<u64>,
    /// Why.
    pub kind: ErrorKind,
}

impl FileError {
    /// A failure at `line`.
    pub fn at(line: u64, kind: ErrorKind) -> FileError {
        FileError {
            line: Some(line),
            kind,
        }
    }

    /// A failure of the file as a whole.
    pub fn whole(kind: ErrorKind) -> FileError {
        FileError { line: None, kind }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for FileError {
    /// The cause below [`ErrorKind`] (an I/O or JSON error), as [`ErrorKind`] is part of this
    /// error's own message.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&self.kind)
    }
}

/// The first failure found in a bundle: the file (its name within the bundle), the 1-based
/// line where there is one, and why. Displays as `file:line: why` (or `file: why`).
#[derive(Debug)]
pub struct VerifyError {
    /// The file's name within the bundle (`formula.cnf`, ...), or the bundle's path when the
    /// directory itself cannot be read.
    pub file: String,
    /// The 1-based line, or `None` for the file as a whole.
    pub line: Option<u64>,
    /// Why.
    pub kind: ErrorKind,
}

impl VerifyError {
    /// `error`, found in `file`.
    pub fn in_file(file: &str, error: FileError) -> VerifyError {
        VerifyError {
            file: file.to_string(),
            line: error.line,
            kind: error.kind,
        }
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.file, self.kind),
            None => write!(f, "{}: {}", self.file, self.kind),
        }
    }
}

impl std::error::Error for VerifyError {
    /// The cause below [`ErrorKind`] (an I/O or JSON error), as [`ErrorKind`] is part of this
    /// error's own message.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&self.kind)
    }
}
