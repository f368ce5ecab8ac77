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
