//! The examples are a user's programs with one dependency: they import the facade and the
//! standard library, nothing else.

#[test]
fn every_example_imports_only_the_facade_and_std() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    let mut examples = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        examples += 1;
        for line in text.lines().map(str::trim_start) {
            let Some(import) = line
                .strip_prefix("use ")
                .or_else(|| line.strip_prefix("extern crate "))
            else {
                continue;
            };
            let root = import.split("::").next().unwrap_or_default();
            assert!(
                ["nqueens_kit", "std"].contains(&root),
                "{}: imports {root}",
                path.display()
            );
        }
    }
    assert_eq!(examples, 8);
}

/// The examples' names, without `.rs`, of the directory `dir` (none when it has none).
fn example_names(dir: &std::path::Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .to_str()?
                .strip_suffix(".rs")
                .map(String::from)
        })
        .collect()
}

/// Cargo puts every package's example binaries in one `target/<profile>/examples/`: a facade
/// example named as one of the root's (`colouring`, once) overwrote it, and the root's
/// tests, which run those binaries by name, ran ours.
#[test]
fn no_example_shares_its_binary_name_with_another_packages() {
    let ours = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = ours.join("../..");
    let mut others = example_names(&root.join("examples"));
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        let dir = krate.unwrap().path();
        if dir.canonicalize().unwrap() != ours.canonicalize().unwrap() {
            others.extend(example_names(&dir.join("examples")));
        }
    }
    assert!(
        others.contains(&"knapsack".to_string()),
        "the root's examples are found"
    );
    for name in example_names(&ours.join("examples")) {
        assert!(
            !others.contains(&name),
            "example {name} is also another package's"
        );
    }
}
