//! The registry a signal handler empties (its own process: the registry is global, and the
//! unit tests write files in parallel).

use atomic_output::{temps, StagedDir};

#[test]
fn the_registry_removes_what_is_pending_and_holds_renames_back() {
    let dir = tempfile::tempdir().unwrap();
    let staged = StagedDir::new(&dir.path().join("b")).unwrap();
    std::fs::write(staged.path().join("x"), "1").unwrap();
    let held = temps::remove_all_and_hold();
    assert!(!staged.path().exists());
    assert_eq!(held.len(), 1);
    drop(held);
    // Committing what was removed fails, and says where.
    let e = staged.commit().unwrap_err();
    assert!(
        e.to_string()
            .starts_with("cannot move the directory into '"),
        "{e}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
