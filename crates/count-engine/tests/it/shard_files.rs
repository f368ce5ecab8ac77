//! Shard files merged as claims, not facts: counts raised by 2^63, a cube that does not exist,
//! is counted twice or sits in the wrong shard, a shard that does not exist, another format,
//! keys whose numbers would make the merge allocate or wrap, and sums beyond 64 bits are each
//! refused naming the file (and the cube), never summed.

use crate::common::{brute_force, count, problem};
use count_engine::{
    merge, read_shard_files, EngineError, Merged, Shard, ShardFile, MAX_COUNT_BITS,
};

/// The common count in three shards, as `merge` gets them from files.
fn shards() -> Vec<(String, ShardFile)> {
    let p = problem("t");
    (1..=3)
        .map(|index| {
            let shard = Shard { index, of: 3 };
            let outcome = count(&p, None, Some(shard)).unwrap();
            let file = outcome.into_shard_file(shard);
            // Through JSON, as `nqueens merge` reads them.
            let json = serde_json::to_string(&file).unwrap();
            (
                format!("s{index}.json"),
                serde_json::from_str(&json).unwrap(),
            )
        })
        .collect()
}

fn refusal(files: &[(String, ShardFile)]) -> String {
    match merge(files) {
        Err(e @ EngineError::Merge(_)) => e.to_string(),
        Err(e) => panic!("not a refusal of the files: {e}"),
        Ok(m) => panic!("merged to {}", m.count),
    }
}

const RAISE: u64 = 1 << 63;

type Edit = fn(&mut Vec<(String, ShardFile)>);

/// Each damage: what it is, the edit, words the message must hold.
const DAMAGE: &[(&str, Edit, &[&str])] = &[
    ("found + 2^63", |f| f[1].1.cubes[0].found += RAISE, &["'s2.json'", "more than a cube of this count can hold"]),
    ("total + 2^63", |f| f[0].1.cubes[1].total += RAISE, &["'s1.json'", "more than a cube of this count can hold"]),
    ("every count + 2^63", |f| {
        let c = &mut f[2].1.cubes[0];
        c.found += RAISE;
        c.total += RAISE;
        c.orbits += RAISE;
    }, &["'s3.json'", "can hold"]),
    ("orbits beyond found", |f| f[0].1.cubes[0].orbits = (f[0].1.cubes[0].found + 1).into(), &["'s1.json'", "orbits among"]),
    ("one solution fewer (plausible, but not what was counted)", |f| {
        let c = f[1].1.cubes.iter_mut().max_by_key(|c| c.found).unwrap();
        c.found -= 1;
        c.total = c.found.into();
        c.orbits = c.found.into();
    }, &["'s2.json'", "its check value does not match its cubes"]),
    ("a found + 1", |f| f[2].1.cubes[0].found += 1, &["'s3.json'", "check value does not match"]),
    ("a cube left out of a file", |f| { f[0].1.cubes.pop(); }, &["missing"]),
    ("a cube that does not exist", |f| f[0].1.cubes[0].index = 10_000, &["'s1.json'", "cube 10000 does not exist"]),
    ("a cube of another shard", |f| {
        let c = f[0].1.cubes.remove(0);
        f[1].1.cubes.push(c);
    }, &["'s2.json'", "is not part of shard 2/3"]),
    ("a cube twice", |f| {
        let c = f[0].1.cubes[0].clone();
        f[0].1.cubes.push(c);
    }, &["counted twice", "'s1.json'"]),
    ("a file twice", |f| f.push(f[0].clone()), &["'s1.json' is given twice", "give each shard once"]),
    ("a shard twice", |f| {
        let mut copy = f[0].clone();
        copy.0 = "copy.json".into();
        f.push(copy);
    }, &["'s1.json' and 'copy.json' are both shard 1/3", "give each shard once"]),
    ("a file left out", |f| { f.pop(); }, &["missing", "is a shard file left out?"]),
    ("shard 0/0", |f| f[1].1.shard = Shard { index: 0, of: 0 }, &["'s2.json'", "shard 0/0, which does not exist"]),
    ("shard 4/3", |f| f[1].1.shard = Shard { index: 4, of: 3 }, &["'s2.json'", "does not exist"]),
    ("another format", |f| f[2].1.nqueens_shard = 2, &["'s3.json'", "format 2"]),
    ("another count", |f| f[2].1.key.free_vars += 1, &["'s3.json'", "different count"]),
    ("a negative wall time", |f| f[0].1.elapsed_s = -1.0, &["'s1.json'", "wall time"]),
    ("parts that wrap to the cube count", |f| {
        for (_, file) in f.iter_mut() {
            file.key.part_cubes = vec![usize::MAX, file.key.cubes + 1];
        }
    }, &["'s1.json'", "do not add up"]),
    ("2^60 cubes", |f| {
        for (_, file) in f.iter_mut() {
            file.key.cubes = 1 << 60;
            file.key.part_cubes = vec![1 << 60];
        }
    }, &["1152921504606846967 of 1152921504606846976 cubes are missing (first: 9, 10, 11, 12, 13)"]),
    ("2^40 free variables", |f| {
        for (_, file) in f.iter_mut() {
            file.key.free_vars = 1 << 40;
        }
    }, &["'s1.json'", "bits"]),
];

#[test]
fn merged_shards_give_the_whole_count() {
    let Merged { count, shards, .. } = merge(&shards()).unwrap();
    assert_eq!(count, brute_force().into());
    assert_eq!(shards, 3);
}

#[test]
fn every_kind_of_damage_is_refused_naming_the_file() {
    let files = shards();
    assert_eq!(
        files.iter().map(|f| f.1.cubes.len()).sum::<usize>(),
        9,
        "the cube count the table assumes"
    );
    for &(what, edit, words) in DAMAGE {
        let mut damaged = files.clone();
        edit(&mut damaged);
        let message = refusal(&damaged);
        for w in words {
            assert!(message.contains(w), "{what}: {message}");
        }
        assert!(!message.contains('\n'), "{what}: {message}");
    }
}

#[test]
fn sums_beyond_64_bits_are_refused_naming_the_file() {
    let mut files = shards();
    for (_, file) in files.iter_mut() {
        file.key.cube_capacity = u64::MAX;
    }
    files[0].1.cubes[0].found = RAISE;
    files[2].1.cubes[0].found = RAISE;
    let message = refusal(&files);
    assert!(message.starts_with("'s3.json': cube "), "{message}");
    assert!(message.contains("overflows 64 bits"), "{message}");
}

#[test]
fn a_count_just_within_the_bit_limit_merges() {
    let mut files = shards();
    for (_, file) in files.iter_mut() {
        file.key.free_vars = MAX_COUNT_BITS - 64;
        *file = file.clone().sealed();
    }
    let merged = merge(&files).unwrap();
    assert_eq!(merged.count.bits(), MAX_COUNT_BITS - 64 + 6);
    for (_, file) in files.iter_mut() {
        file.key.free_vars = MAX_COUNT_BITS;
    }
    assert!(refusal(&files).contains("bits"));
}

#[test]
fn shards_joined_in_one_file_read_one_a_line_and_merge() {
    let dir = tempfile::tempdir().unwrap();
    let (one, rest) = (dir.path().join("s1.json"), dir.path().join("rest.json"));
    let files = shards();
    std::fs::write(&one, serde_json::to_string(&files[0].1).unwrap()).unwrap();
    let joined: Vec<String> = files[1..]
        .iter()
        .map(|(_, f)| serde_json::to_string(f).unwrap())
        .collect();
    std::fs::write(&rest, joined.join("\n\n") + "\n").unwrap();
    let read = read_shard_files(&[one.clone(), rest.clone()]).unwrap();
    let names: Vec<&str> = read.iter().map(|(n, _)| n.as_str()).collect();
    let rest = rest.display().to_string();
    assert_eq!(
        names,
        [
            one.display().to_string(),
            format!("{rest} line 1"),
            format!("{rest} line 3")
        ]
    );
    assert_eq!(merge(&read).unwrap().count, merge(&files).unwrap().count);
}
