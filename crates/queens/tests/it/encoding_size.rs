//! The file sizes [`Encoding::check`] estimates before anything is built are within a few
//! tenths of the files the models make, in every format.

use nqueens_queens::sizes::{Encoding, Limits};
use nqueens_queens::{file_comments, prefixes_for, Domain, FormulationKind, Rules};
use zero_one_model::dimacs::{write_model_with, Dialect, DimacsHeader};
use zero_one_model::ilp::{lower_to_ilp, IlpFormat};
use zero_one_model::shape::bytes::FileFormat;
use zero_one_model::{AmoEncoding, CnfOptions, Lit};

/// The bytes of board `n`'s model in `format`, written as `encode` writes it: the comments,
/// the projection lines with `ind`, the cubes of `depth` rows in incremental CNF.
fn written(
    n: usize,
    kind: FormulationKind,
    options: &CnfOptions,
    format: FileFormat,
    ind: bool,
    depth: usize,
) -> usize {
    let rules = Rules::classic();
    let formulation = kind.build_with(n, &rules);
    let model = formulation.model();
    let mut out = Vec::new();
    let ilp = match format {
        FileFormat::Lp => Some(IlpFormat::Lp),
        FileFormat::Mps => Some(IlpFormat::Mps),
        FileFormat::Opb => Some(IlpFormat::Opb),
        _ => None,
    };
    if let Some(ilp_format) = ilp {
        let title = format!(
            "nqueens: N-Queens, n = {n}, formulation = {kind}; {}",
            formulation.describe_vars()
        );
        let ilp = lower_to_ilp(model);
        ilp_format
            .write(&ilp, &format!("nqueens{n}"), &title, &mut out)
            .unwrap();
        return out.len();
    }
    let (dialect, cubes): (_, Vec<Vec<Lit>>) = match format {
        FileFormat::Mcc => (Dialect::Mcc, Vec::new()),
        FileFormat::Icnf => {
            let cubes = prefixes_for(n, depth, &rules)
                .iter()
                .map(|p| {
                    let places = p.iter().enumerate();
                    places.flat_map(|(r, &c)| formulation.place(r, c)).collect()
                })
                .collect();
            (Dialect::Icnf, cubes)
        }
        _ => (Dialect::Cnf, Vec::new()),
    };
    let info = zero_one_model::cnf_size(model, options).unwrap();
    let header = DimacsHeader {
        dialect,
        ind_lines: ind,
        comments: file_comments(n, formulation.as_ref(), options, &info),
        ..DimacsHeader::default()
    };
    write_model_with(model, options, header, &cubes, &mut out).unwrap();
    out.len()
}

#[test]
fn file_estimates_are_within_a_few_tenths_of_the_files_written() {
    let board = FormulationKind::Board;
    let column = FormulationKind::Column;
    let models = [
        (16, board, AmoEncoding::Pairwise, false),
        (16, board, AmoEncoding::Sequential, false),
        (16, board, AmoEncoding::Bimander, true),
        (12, column(Domain::Direct), AmoEncoding::Pairwise, false),
        (12, column(Domain::Order), AmoEncoding::Pairwise, false),
        (12, column(Domain::Log), AmoEncoding::Pairwise, false),
    ];
    let formats = FileFormat::ALL;
    let rules = Rules::classic();
    for (n, kind, amo, ind) in models {
        for format in formats {
            // ILP files have no projection line and no AMO encoding.
            if format.is_ilp() && (ind || amo != AmoEncoding::Pairwise) {
                continue;
            }
            let options = CnfOptions::with_amo(amo);
            let encoding = Encoding {
                n,
                kind,
                rules: &rules,
                format,
                options,
                cube_depth: 3,
                ind_lines: ind,
            };
            let estimate = encoding.check(&Limits::of_this_machine()).unwrap();
            let real = written(n, kind, &options, format, ind, 3) as f64;
            let ratio = estimate.file_bytes / real;
            let what = format!("n = {n}, {kind}, {amo:?}, ind {ind}, {format:?}");
            assert!(
                (0.75..=1.75).contains(&ratio),
                "{what}: {} for {real}",
                estimate.file_bytes
            );
        }
    }
}
