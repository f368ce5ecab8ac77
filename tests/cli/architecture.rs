//! ARCHITECTURE.md held to the workspace: its crate-dependency picture must list exactly the
//! workspace-internal `[dependencies]` of every workspace package, as `cargo metadata` reads
//! them from the manifests, so that a new crate or a new edge cannot leave the map behind;
//! and the document stays a map (at most 12 KiB).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// Each package and the workspace packages it depends on.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The line just before the fenced block that holds the picture.
const MARKER: &str = "<!-- crate-dependencies: checked by tests/cli/architecture.rs -->";

/// The most ARCHITECTURE.md may weigh: a map, with the details in the crates' own docs.
const MAX_BYTES: usize = 12 * 1024;

fn architecture_md() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The workspace's packages as `cargo metadata --no-deps` reads them from the manifests.
fn packages() -> Vec<serde_json::Value> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--manifest-path",
        ])
        .arg(&manifest)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    metadata["packages"]
        .as_array()
        .expect("a list of packages")
        .clone()
}

/// Each package and every package it names in `[dependencies]` (dev- and build-dependencies
/// left out), in the workspace or not.
fn normal_dependencies() -> Graph {
    let mut graph = Graph::new();
    for p in packages() {
        let deps = p["dependencies"]
            .as_array()
            .expect("a list of dependencies");
        let normal = deps
            .iter()
            .filter(|d| d["kind"].is_null()) // "dev" and "build" are not normal
            .map(|d| d["name"].as_str().expect("a dependency name").to_string())
            .collect();
        graph.insert(p["name"].as_str().unwrap().to_string(), normal);
    }
    graph
}

/// The normal dependencies between workspace packages, from `cargo metadata --no-deps`.
fn from_manifests() -> Graph {
    let all = normal_dependencies();
    let names: BTreeSet<String> = all.keys().cloned().collect();
    all.into_iter()
        .map(|(name, deps)| (name, deps.intersection(&names).cloned().collect()))
        .collect()
}

/// The picture: the fenced block after [`MARKER`], one `crate -> dep, dep` line per package
/// (`(none)` for no dependency); a line without `->` continues the one before.
fn from_picture(text: &str) -> Result<Graph, String> {
    let after = text
        .split_once(MARKER)
        .ok_or(format!("no line `{MARKER}` before the picture"))?
        .1;
    let mut lines = after.lines().skip_while(|l| l.trim().is_empty());
    if !lines.next().is_some_and(|l| l.starts_with("```")) {
        return Err("the picture is not a fenced block right after its marker".into());
    }
    let mut graph = Graph::new();
    let mut last: Option<String> = None;
    for line in lines {
        if line.starts_with("```") {
            return Ok(graph);
        }
        let (name, deps) = match (line.split_once("->"), &last) {
            (Some((name, _)), _) if graph.contains_key(name.trim()) => {
                return Err(format!("{} has two lines", name.trim()));
            }
            (Some((name, deps)), _) => (name.trim().to_string(), deps),
            (None, Some(last)) if line.starts_with(' ') => (last.clone(), line),
            (None, _) if line.trim().is_empty() => continue,
            (None, _) => return Err(format!("not `crate -> deps`: {line:?}")),
        };
        let entry = graph.entry(name.clone()).or_default();
        for dep in deps.split(',').map(str::trim).filter(|d| !d.is_empty()) {
            if dep != "(none)" && !entry.insert(dep.to_string()) {
                return Err(format!("{name} -> {dep} is listed twice"));
            }
        }
        last = Some(name);
    }
    Err("the picture's fenced block is not closed".into())
}

/// What the picture gets wrong, one line each, naming the packages and edges.
fn differences(picture: &Graph, manifests: &Graph) -> Vec<String> {
    let mut wrong = Vec::new();
    for name in manifests.keys().filter(|n| !picture.contains_key(*n)) {
        wrong.push(format!("package {name} has no line"));
    }
    for name in picture.keys().filter(|n| !manifests.contains_key(*n)) {
        wrong.push(format!("{name} is no workspace package"));
    }
    let empty = BTreeSet::new();
    for (name, deps) in manifests {
        let drawn = picture.get(name).unwrap_or(&empty);
        for dep in deps.difference(drawn) {
            wrong.push(format!("missing edge {name} -> {dep} (in its Cargo.toml)"));
        }
    }
    for (name, drawn) in picture {
        let deps = manifests.get(name).unwrap_or(&empty);
        for dep in drawn.difference(deps) {
            wrong.push(format!(
                "extra edge {name} -> {dep} (not in its Cargo.toml)"
            ));
        }
    }
    wrong
}

#[test]
fn the_crate_dependency_picture_matches_cargo_metadata() {
    let picture = from_picture(&architecture_md()).unwrap_or_else(|e| panic!("{e}"));
    let wrong = differences(&picture, &from_manifests());
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's crate-dependency picture (the block after `{MARKER}`) differs \
         from the manifests:\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn a_picture_with_a_missing_and_an_extra_edge_is_refused_by_name() {
    let doc =
        format!("{MARKER}\n```text\nmodel  -> (none)\nengine -> model,\n          oracle\n```\n");
    let picture = from_picture(&doc).unwrap();
    let graph = |edges: &[(&str, &[&str])]| -> Graph {
        let set = |deps: &[&str]| deps.iter().map(|d| d.to_string()).collect();
        edges.iter().map(|(n, d)| (n.to_string(), set(d))).collect()
    };
    assert_eq!(
        picture,
        graph(&[("model", &[]), ("engine", &["model", "oracle"])])
    );
    let manifests = graph(&[
        ("model", &[]),
        ("engine", &["model", "backend"]),
        ("backend", &["model"]),
    ]);
    assert_eq!(
        differences(&picture, &manifests),
        [
            "package backend has no line",
            "missing edge backend -> model (in its Cargo.toml)",
            "missing edge engine -> backend (in its Cargo.toml)",
            "extra edge engine -> oracle (not in its Cargo.toml)",
        ]
    );
}

#[test]
fn a_picture_without_its_marker_or_with_a_package_twice_is_refused() {
    assert!(from_picture("```text\na -> (none)\n```\n").is_err());
    for lines in ["a -> (none)\nb -> a\na -> b", "a -> b\na -> c"] {
        let twice = format!("{MARKER}\n```text\n{lines}\n```\n");
        assert_eq!(from_picture(&twice), Err("a has two lines".to_string()));
    }
}

#[test]
fn architecture_md_stays_a_map() {
    let bytes = architecture_md().len();
    assert!(
        bytes <= MAX_BYTES,
        "ARCHITECTURE.md is {bytes} bytes, past {MAX_BYTES}: move details to the crates' docs"
    );
}

/// Everything the bitboard oracle may depend on, directly or through a workspace crate: the
/// board's definitions, the stop flag, and what those two use. No encoding, model or solver.
const ORACLE_MAY_USE: [&str; 4] = ["nqueens-board", "toolkit-base", "serde", "thiserror"];

/// The oracle's independence is its point (its counts check the encodings'): every package
/// it reaches through `[dependencies]` is one of [`ORACLE_MAY_USE`].
#[test]
fn the_oracle_depends_on_no_encoding() {
    let graph = normal_dependencies();
    let (mut reached, mut todo) = (BTreeSet::new(), vec!["nqueens-oracle".to_string()]);
    while let Some(name) = todo.pop() {
        for dep in graph.get(&name).into_iter().flatten() {
            if reached.insert(dep.clone()) {
                todo.push(dep.clone());
            }
        }
    }
    let foreign: Vec<&String> = reached
        .iter()
        .filter(|d| !ORACLE_MAY_USE.contains(&d.as_str()))
        .collect();
    assert!(
        foreign.is_empty(),
        "nqueens-oracle depends on {foreign:?}: it may use only {ORACLE_MAY_USE:?}"
    );
    assert!(reached.contains("nqueens-board") && reached.contains("toolkit-base"));
    // The client does reach the encodings: the walk sees them where they are.
    assert!(graph["nqueens-queens"].contains("zero-one-model"));
}
