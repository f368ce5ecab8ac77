//! Checkpoints and shard files written by an earlier build (`fixtures/compat/`, see its
//! README) still resume and merge: their keys read back to the same count, and the check
//! values of their lines, which start from the key's bytes, still match.

use crate::common::{json_of, nqueens};
use std::path::{Path, PathBuf};

const DIR: &str = "fixtures/compat";

/// A copy of the checkpoint `name` in `dir` (resuming appends to it and locks it).
fn copy(dir: &Path, name: &str) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(Path::new(DIR).join(name), &to).unwrap();
    to
}

/// The key in the first line of the fixture `name`.
fn key_of(name: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(Path::new(DIR).join(name)).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    first["key"].clone()
}

/// The JSON report of `nqueens ARGS --json --checkpoint (a copy of) checkpoint`.
fn resume(args: &[&str], checkpoint: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let path = copy(dir.path(), checkpoint);
    json_of(
        nqueens()
            .args(args)
            .args(["--threads", "1", "--json", "--checkpoint"])
            .arg(&path)
            .output()
            .unwrap(),
    )
}

#[test]
fn board_checkpoints_of_an_earlier_build_resume_every_cube() {
    let r = resume(&["count", "6"], "q6.ckpt");
    assert_eq!(
        (r["count"].as_u64(), r["matches"].as_bool()),
        (Some(4), Some(true))
    );
    assert_eq!(r["cubes_resumed"], r["cubes"]);
    assert_eq!(r["cubes_resumed"], 3);
    let r = resume(&["count", "8", "--blocked", "0:0"], "q8-blocked.ckpt");
    assert_eq!(
        (r["count"].as_u64(), r["matches"].as_bool()),
        (Some(88), Some(true))
    );
    assert_eq!(r["cubes_resumed"], 36);
}

#[test]
fn cnf_checkpoints_of_an_earlier_build_resume_every_cube() {
    let cnf = format!("{DIR}/parts.cnf");
    let r = resume(&["count", "cnf", &cnf], "parts.ckpt");
    assert_eq!(r["count"], 28);
    assert_eq!(r["cubes_resumed"], 9);
    let r = resume(
        &["count", "cnf", &cnf, "--symmetry", "auto"],
        "parts-orbits.ckpt",
    );
    // 1 orbit of the path's colourings, 3 of the clause's models (by weight), 1 of the
    // free variable (its flip is a symmetry): 3. Earlier builds said 6, counting the free
    // variable as a factor 2; the files they wrote resume to the right number.
    assert_eq!(
        (r["count"].as_u64(), r["orbits"].as_u64()),
        (Some(28), Some(3))
    );
    assert_eq!(r["cubes_resumed"], 4);
    assert_eq!(r["group_orders"], serde_json::json!([4, 6]));
    assert_eq!(r["whole_groups"], serde_json::json!([true, true]));
}

#[test]
fn a_domination_checkpoint_of_an_earlier_build_resumes() {
    let r = resume(&["count", "domination", "5"], "domination5.ckpt");
    assert_eq!(
        (r["count"].as_str(), r["orbits"].as_str()),
        (Some("186"), Some("37"))
    );
    assert_eq!(r["cubes"], 37);
}

/// The JSON report of `nqueens merge --json` of the fixtures `names`.
fn merge(names: &[&str]) -> serde_json::Value {
    let paths: Vec<PathBuf> = names.iter().map(|n| Path::new(DIR).join(n)).collect();
    json_of(
        nqueens()
            .args(["merge", "--json"])
            .args(&paths)
            .output()
            .unwrap(),
    )
}

#[test]
fn shards_of_an_earlier_build_merge_with_their_keys_unchanged() {
    let r = merge(&["q8-1-of-2.json", "q8-2-of-2.json"]);
    assert_eq!(
        (r["count"].as_u64(), r["matches"].as_bool()),
        (Some(92), Some(true))
    );
    assert_eq!(r["fundamental"], 12);
    assert_eq!(r["key"], key_of("q8-1-of-2.json"));
    let r = merge(&["q8-given-1-of-2.json", "q8-given-2-of-2.json"]);
    assert_eq!(
        (r["count"].as_u64(), r["matches"].as_bool()),
        (Some(4), Some(true))
    );
    assert_eq!(
        r["rules"]["given"],
        serde_json::json!([{"row": 0, "col": 0}])
    );
    assert_eq!(r["key"], key_of("q8-given-1-of-2.json"));
    let r = merge(&["parts-1-of-2.json", "parts-2-of-2.json"]);
    assert_eq!(r["count"], 28);
    assert!(r.get("orbits").is_none(), "{r}");
    assert_eq!(r["key"], key_of("parts-1-of-2.json"));
    let r = merge(&["parts-orbits-1-of-2.json", "parts-orbits-2-of-2.json"]);
    assert_eq!(
        (r["count"].as_u64(), r["orbits"].as_u64()),
        (Some(28), Some(3))
    );
    assert_eq!(r["key"], key_of("parts-orbits-1-of-2.json"));
}

#[test]
fn a_merge_line_names_the_key_as_an_earlier_build_wrote_it() {
    let paths =
        ["parts-orbits-1-of-2.json", "parts-orbits-2-of-2.json"].map(|n| Path::new(DIR).join(n));
    let out = nqueens().arg("merge").args(&paths).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let problem = r#"{"about":"fixtures/compat/parts.cnf","depth":"Target(16)","generators_used":[2,2],"group_orders":[4,6],"model":"e3b02e8eee6de597","problem":"model-orbits","whole_groups":[true,true]}"#;
    assert!(
        text.starts_with(&format!(
            "28 models (3 orbits)   merged 2 shards, 4 cubes   ({problem}, backend dpll"
        )),
        "{text}"
    );
}
