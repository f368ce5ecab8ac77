//! Encoding comparison: for every formulation and encoding, the median time to the first
//! solution and to count every solution (plain blocking, one thread, no cubes: this compares
//! encodings, not the engine) through varisat, over a range of n. Writes a Markdown table and
//! SVG plots (time against n, one line per encoding).
//!
//! Run: `cargo run --release --example compare_encodings -- [OUT_DIR] [REPEATS]`
//! (default `bench/results`, 3 repeats).

use nqueens_queens::{combinations, count, enumerate, CountConfig, EngineCounter, Symmetry};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;
use varisat_enum::VarisatBackend;
use zero_one_model::CnfOptions;

const FIRST_NS: [usize; 7] = [8, 16, 24, 32, 48, 64, 96];
const COUNT_NS: [usize; 6] = [6, 7, 8, 9, 10, 11];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

struct Series {
    label: String,
    first: Vec<f64>,
    count: Vec<f64>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out_dir = std::path::PathBuf::from(args.get(1).map_or("bench/results", String::as_str));
    let repeats: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(3);
    std::fs::create_dir_all(&out_dir).expect("output directory");
    let mut all = Vec::new();
    for (kind, amo) in combinations() {
        let label = if kind.uses_amo() {
            format!("{kind} {amo}")
        } else {
            kind.to_string()
        };
        let backend = VarisatBackend::new(CnfOptions::with_amo(amo));
        let first = FIRST_NS
            .iter()
            .map(|&n| {
                median(
                    (0..repeats)
                        .map(|_| {
                            let start = Instant::now();
                            let f = kind.build(n);
                            let found = enumerate(f.as_ref(), &backend, &[], Some(1), |_| true)
                                .expect("solver works");
                            assert_eq!(found, 1);
                            start.elapsed().as_secs_f64()
                        })
                        .collect(),
                )
            })
            .collect();
        let config = CountConfig {
            formulation: kind,
            counter: Arc::new(EngineCounter::new(Arc::new(backend.clone()))),
            threads: 1,
            cube_depth: Some(0),
            symmetry: Symmetry::None,
            rules: Default::default(),
        };
        let count_times = COUNT_NS
            .iter()
            .map(|&n| {
                median(
                    (0..repeats)
                        .map(|_| {
                            let r = count(n, &config).expect("solver works");
                            assert_eq!(r.verdict.matches, Some(true), "{label} n={n}");
                            r.elapsed_s
                        })
                        .collect(),
                )
            })
            .collect();
        eprintln!("done: {label}");
        all.push(Series {
            label,
            first,
            count: count_times,
        });
    }
    let md = table(&all);
    std::fs::write(out_dir.join("encodings.md"), &md).expect("write table");
    let first: Vec<(String, Vec<f64>)> = all
        .iter()
        .map(|s| (s.label.clone(), s.first.clone()))
        .collect();
    let counts: Vec<(String, Vec<f64>)> = all
        .iter()
        .map(|s| (s.label.clone(), s.count.clone()))
        .collect();
    std::fs::write(
        out_dir.join("encodings_first.svg"),
        svg("First solution (varisat, median)", &FIRST_NS, &first),
    )
    .expect("write plot");
    std::fs::write(
        out_dir.join("encodings_count.svg"),
        svg(
            "Count all by blocking (varisat, 1 thread, median)",
            &COUNT_NS,
            &counts,
        ),
    )
    .expect("write plot");
    print!("{md}");
}

fn table(all: &[Series]) -> String {
    let mut s = String::new();
    let _ = write!(s, "| formulation / encoding |");
    for n in FIRST_NS {
        let _ = write!(s, " first n={n} |");
    }
    for n in COUNT_NS {
        let _ = write!(s, " count n={n} |");
    }
    s.push('\n');
    s.push_str(&"|---".repeat(1 + FIRST_NS.len() + COUNT_NS.len()));
    s.push_str("|\n");
    for series in all {
        let _ = write!(s, "| {} |", series.label);
        for t in series.first.iter().chain(&series.count) {
            let _ = write!(s, " {:.4} |", t);
        }
        s.push('\n');
    }
    s.push_str("\nSeconds, median of repeated runs.\n");
    s
}

const COLORS: [&str; 16] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#000000",
];

/// A line plot with a log-scale time axis.
fn svg(title: &str, ns: &[usize], series: &[(String, Vec<f64>)]) -> String {
    let (w, h, left, right, top, bottom) = (900.0, 520.0, 70.0, 250.0, 40.0, 50.0);
    let (pw, ph) = (w - left - right, h - top - bottom);
    let all: Vec<f64> = series.iter().flat_map(|(_, v)| v.iter().copied()).collect();
    let lo = all
        .iter()
        .copied()
        .fold(f64::MAX, f64::min)
        .max(1e-6)
        .log10()
        .floor();
    let hi = all
        .iter()
        .copied()
        .fold(0.0, f64::max)
        .max(1e-5)
        .log10()
        .ceil();
    let (nmin, nmax) = (ns[0] as f64, ns[ns.len() - 1] as f64);
    let x = |n: f64| left + (n - nmin) / (nmax - nmin) * pw;
    let y = |t: f64| top + ph - (t.max(1e-6).log10() - lo) / (hi - lo).max(1.0) * ph;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" font-size=\"15\">{title}</text>\n",
        left
    );
    let mut e = lo;
    while e <= hi {
        let yy = y(10f64.powf(e));
        let _ = writeln!(
            s,
            "<line x1=\"{left}\" x2=\"{}\" y1=\"{yy:.1}\" y2=\"{yy:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">1e{e}s</text>",
            left + pw,
            left - 6.0,
            yy + 4.0
        );
        e += 1.0;
    }
    for &n in ns {
        let xx = x(n as f64);
        let _ = writeln!(
            s,
            "<line x1=\"{xx:.1}\" x2=\"{xx:.1}\" y1=\"{top}\" y2=\"{}\" stroke=\"#eee\"/><text x=\"{xx:.1}\" y=\"{}\" text-anchor=\"middle\">{n}</text>",
            top + ph,
            top + ph + 18.0
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">n</text>",
        left + pw / 2.0,
        h - 10.0
    );
    for (i, (label, times)) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        let points: Vec<String> = ns
            .iter()
            .zip(times)
            .map(|(&n, &t)| format!("{:.1},{:.1}", x(n as f64), y(t)))
            .collect();
        let _ = writeln!(
            s,
            "<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"1.6\" points=\"{}\"/>",
            points.join(" ")
        );
        let ly = top + 14.0 * i as f64 + 6.0;
        let _ = writeln!(
            s,
            "<line x1=\"{}\" x2=\"{}\" y1=\"{ly:.1}\" y2=\"{ly:.1}\" stroke=\"{color}\" stroke-width=\"3\"/><text x=\"{}\" y=\"{:.1}\">{label}</text>",
            w - right + 15.0,
            w - right + 35.0,
            w - right + 40.0,
            ly + 4.0
        );
    }
    s.push_str("</svg>\n");
    s
}
