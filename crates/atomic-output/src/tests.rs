use super::*;
use std::fs;
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::PathBuf;

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_file_appears_whole_and_keeps_the_old_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    fs::write(&path, "old").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    write_file(&path, true, |w| w.write_all(b"new")).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "new");
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert_eq!(names(dir.path()), ["f"]);
}

#[test]
fn a_failing_writer_changes_nothing_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    fs::write(&path, "old").unwrap();
    let e = write_file(&path, false, |w| {
        w.write_all(b"half")?;
        Err(std::io::Error::other("gave up"))
    })
    .unwrap_err();
    assert!(!e.is_usage());
    let chain = format!("{e}: {}", e.source().unwrap());
    assert!(
        chain.starts_with("cannot write '") && chain.ends_with("': gave up"),
        "{chain}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "old");
    assert_eq!(names(dir.path()), ["f"]);
}

#[test]
fn a_symlink_is_followed_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real");
    let link = dir.path().join("link");
    symlink(&real, &link).unwrap();
    write_file(&link, false, |w| w.write_all(b"x")).unwrap();
    assert_eq!(fs::read_to_string(&real).unwrap(), "x");
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
}

#[test]
fn a_hard_linked_file_is_written_in_place_for_every_link() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    let b = dir.path().join("b");
    fs::write(&a, "old").unwrap();
    fs::hard_link(&a, &b).unwrap();
    write_file(&a, false, |w| w.write_all(b"new")).unwrap();
    assert_eq!(fs::read_to_string(&b).unwrap(), "new");
    assert_eq!(names(dir.path()), ["a", "b"]);
}

#[test]
fn paths_that_cannot_name_an_output_are_refused_with_where_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let loop_a = dir.path().join("la");
    symlink(dir.path().join("lb"), &loop_a).unwrap();
    symlink(&loop_a, dir.path().join("lb")).unwrap();
    let cases: [(&Path, &str); 4] = [
        (Path::new(""), "the output path is empty"),
        (dir.path(), "is a directory, not an output file"),
        (
            &dir.path().join("new/"),
            "names a directory, not an output file",
        ),
        (&loop_a, "too many levels of symbolic links"),
    ];
    for (path, message) in cases {
        let e = classify(path).unwrap_err();
        assert!(e.is_usage(), "{e}");
        assert!(e.to_string().ends_with(message), "{e}");
    }
}

#[test]
fn a_read_only_file_is_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ro");
    fs::write(&path, "old").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let e = write_file(&path, false, |w| w.write_all(b"new")).unwrap_err();
    assert!(matches!(e, OutputError::ReadOnly(_)), "{e}");
    assert_eq!(fs::read_to_string(&path).unwrap(), "old");
}

#[test]
fn a_staged_directory_appears_only_when_committed() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("bundle");
    let staged = StagedDir::new(&target).unwrap();
    fs::write(staged.path().join("x"), "1").unwrap();
    assert!(!target.exists());
    staged.commit().unwrap();
    assert_eq!(names(&target), ["x"]);
    // Dropped uncommitted: nothing is left.
    let other = dir.path().join("other");
    let staged = StagedDir::new(&other).unwrap();
    fs::write(staged.path().join("x"), "1").unwrap();
    drop(staged);
    assert_eq!(names(dir.path()), ["bundle"]);
    // A target with files in it is refused.
    let e = StagedDir::new(&target).unwrap_err();
    assert!(
        e.is_usage() && e.to_string().contains("exists and is not empty"),
        "{e}"
    );
}

#[test]
fn same_file_sees_through_spellings() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    fs::write(&a, "").unwrap();
    let spelt = dir.path().join(".").join("a");
    assert!(same_file(&a, &spelt));
    assert!(!same_file(&a, &dir.path().join("missing")));
}

#[test]
fn a_writer_that_panics_changes_nothing_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    fs::write(&path, "old").unwrap();
    let unwound = std::panic::catch_unwind(|| {
        let _ = write_file(&path, false, |w| -> std::io::Result<()> {
            w.write_all(b"half")?;
            panic!("a defect in the writer");
        });
    });
    assert!(unwound.is_err());
    assert_eq!(fs::read_to_string(&path).unwrap(), "old");
    assert_eq!(names(dir.path()), ["f"]);
}

#[test]
fn our_descriptors_are_named_however_they_are_spelt() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("out");
    symlink("/dev/stdout", &link).unwrap();
    let chain = dir.path().join("chain");
    symlink(&link, &chain).unwrap();
    let fd_dir = dir.path().join("fds");
    symlink("/dev/fd", &fd_dir).unwrap();
    let pid = std::process::id();
    let cases: [(PathBuf, i32); 9] = [
        ("/dev/stdout".into(), 1),
        ("/dev/stderr".into(), 2),
        ("/dev/fd/1".into(), 1),
        ("/proc/self/fd/2".into(), 2),
        ("/proc/thread-self/fd/1".into(), 1),
        (format!("/proc/{pid}/fd/1").into(), 1),
        (link, 1),
        (chain, 1),
        (fd_dir.join("2"), 2),
    ];
    for (path, fd) in cases {
        match classify(&path) {
            Ok(Target::Descriptor(got)) => assert_eq!(got, fd, "{path:?}"),
            other => panic!("{path:?}: {other:?}"),
        }
    }
}

#[test]
fn a_descriptor_on_a_regular_file_is_written_through_not_replaced() {
    use std::os::fd::AsRawFd;
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log");
    fs::write(&log, "keep\n").unwrap();
    let appending = fs::OpenOptions::new().append(true).open(&log).unwrap();
    let fd = appending.as_raw_fd();
    for (i, path) in [format!("/dev/fd/{fd}"), format!("/proc/self/fd/{fd}")]
        .iter()
        .enumerate()
    {
        write_file(Path::new(path), true, |w| writeln!(w, "line {i}")).unwrap();
    }
    assert_eq!(fs::read_to_string(&log).unwrap(), "keep\nline 0\nline 1\n");
    assert_eq!(names(dir.path()), ["log"]);
    // The descriptor is ours still, not closed by the write.
    writeln!(&appending, "after").unwrap();
    assert!(fs::read_to_string(&log)
        .unwrap()
        .ends_with("line 1\nafter\n"));
}

#[test]
fn a_descriptor_that_is_not_open_is_refused_by_number() {
    let e = classify(Path::new("/dev/fd/99999")).unwrap_err();
    assert!(
        matches!(e, OutputError::ClosedDescriptor { fd: 99999, .. }),
        "{e}"
    );
    assert_eq!(
        e.to_string(),
        "'/dev/fd/99999' names descriptor 99999, which is not open"
    );
}

#[test]
fn another_process_descriptor_path_is_no_descriptor_of_ours() {
    // /proc/1/fd is another process's table (and not readable to us unless root): never ours.
    assert!(!matches!(
        classify(Path::new("/proc/1/fd/1")),
        Ok(Target::Descriptor(_))
    ));
}

#[test]
fn a_directory_for_a_file_is_the_callers_fault() {
    use toolkit_base::Blame;
    let dir = tempfile::tempdir().unwrap();
    let e = classify(dir.path()).unwrap_err();
    assert!(matches!(e, OutputError::IsDirectory(_)));
    assert!(e.is_input_error());
}

#[test]
fn an_output_that_is_the_input_by_another_name_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.cnf");
    fs::write(&input, "p cnf 1 0\n").unwrap();
    let other = dir.path().join("sub/../in.cnf");
    fs::create_dir(dir.path().join("sub")).unwrap();
    let e = refuse_input(&other, &input).unwrap_err();
    assert!(matches!(e, OutputError::IsTheInput { .. }));
    assert!(e.is_usage());
    let said = format!(
        "'{}' is the input file '{}': name another file for the output",
        other.display(),
        input.display()
    );
    assert_eq!(e.to_string(), said);
    assert!(refuse_input(Path::new("-"), &input).is_ok());
    assert!(refuse_input(&dir.path().join("out.cnf"), &input).is_ok());
}
