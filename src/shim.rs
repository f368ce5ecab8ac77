//! The old spellings of the commands by kind of input, kept for one release: `count --cnf
//! FILE`, `count --opb FILE`, `solve --opb FILE` and `encode --from FILE` are rewritten to
//! `count cnf FILE`, `count opb FILE`, `solve opb FILE` and `encode opb FILE`, and `count N
//! --variant toroidal-independent-domination` (count, solve, encode, stats) to `count
//! domination N --toroidal --independent`, before the arguments are parsed, with a one-line
//! note on stderr.

use std::ffi::OsString;

/// The old flags: (verb, flag, the new subcommand).
const OLD: [(&str, &str, &str); 4] = [
    ("count", "--cnf", "cnf"),
    ("count", "--opb", "opb"),
    ("solve", "--opb", "opb"),
    ("encode", "--from", "opb"),
];

/// The verbs that took a domination `--variant`.
const DOMINATION_VERBS: [&str; 4] = ["count", "solve", "encode", "stats"];

/// `args` (the program's name first) with an old spelling rewritten, and the note to print
/// about it.
pub fn rewrite(args: Vec<OsString>) -> (Vec<OsString>, Option<String>) {
    let (args, note) = rewrite_file(args);
    match note {
        Some(note) => (args, Some(note)),
        None => rewrite_domination(args),
    }
}

/// `--variant domination` and its kin: the `domination` subcommand with `--independent`
/// and `--toroidal`.
fn rewrite_domination(mut args: Vec<OsString>) -> (Vec<OsString>, Option<String>) {
    let verb = args.get(1).and_then(|v| v.to_str()).map(str::to_owned);
    let Some(verb) = verb.filter(|v| DOMINATION_VERBS.contains(&v.as_str())) else {
        return (args, None);
    };
    let found = args.iter().enumerate().skip(2).find_map(|(i, a)| {
        let a = a.to_str()?;
        if a == "--variant" {
            let value = args.get(i + 1)?.to_str()?;
            Some((i, 2, value.to_owned()))
        } else {
            a.strip_prefix("--variant=").map(|v| (i, 1, v.to_owned()))
        }
    });
    let Some((at, taken, name)) = found else {
        return (args, None);
    };
    let Ok(d) = name.parse::<nqueens_domination::Domination>() else {
        return (args, None);
    };
    args.drain(at..at + taken);
    args.insert(2, OsString::from("domination"));
    let mut flags = String::new();
    for (on, flag) in [
        (d.independent, "--independent"),
        (d.board == nqueens_queens::Variant::Toroidal, "--toroidal"),
    ] {
        if on {
            args.push(OsString::from(flag));
            flags += &format!(" {flag}");
        }
    }
    let note = format!(
        "note: `{verb} N --variant {name}` is now `{verb} domination N{flags}`; the old spelling is kept for one release"
    );
    (args, Some(note))
}

/// `--cnf`, `--opb` and `--from`: the `cnf` and `opb` subcommands.
fn rewrite_file(mut args: Vec<OsString>) -> (Vec<OsString>, Option<String>) {
    let Some(verb) = args.get(1).and_then(|v| v.to_str()).map(str::to_owned) else {
        return (args, None);
    };
    // Already the new spelling: an old flag after it is clap's to refuse.
    if args.get(2).is_some_and(|a| a == "cnf" || a == "opb") {
        return (args, None);
    }
    for (old_verb, flag, sub) in OLD {
        if verb != old_verb {
            continue;
        }
        let prefix = format!("{flag}=");
        let found = args.iter().enumerate().skip(2).find_map(|(i, a)| {
            let a = a.to_str()?;
            if a == flag {
                Some((i, None))
            } else {
                a.strip_prefix(&prefix)
                    .map(|v| (i, Some(OsString::from(v))))
            }
        });
        let Some((at, inline)) = found else { continue };
        let file = match inline {
            Some(file) => {
                args.remove(at);
                Some(file)
            }
            None if at + 1 < args.len() => {
                args.remove(at);
                Some(args.remove(at))
            }
            // No file after the flag: the subcommand alone, which clap asks a FILE of.
            None => {
                args.remove(at);
                None
            }
        };
        args.insert(2, OsString::from(sub));
        if let Some(file) = file {
            args.insert(3, file);
        }
        let note = format!(
            "note: `{verb} {flag} FILE` is now `{verb} {sub} FILE`; the old spelling is kept for one release"
        );
        return (args, Some(note));
    }
    (args, None)
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    fn words(line: &str) -> Vec<std::ffi::OsString> {
        line.split(' ').map(Into::into).collect()
    }

    #[test]
    fn old_spellings_become_subcommands() {
        for (old, new) in [
            ("nq count --cnf f.cnf --json", "nq count cnf f.cnf --json"),
            ("nq count --json --cnf=f.cnf", "nq count cnf f.cnf --json"),
            (
                "nq count --opb k.opb --optimal",
                "nq count opb k.opb --optimal",
            ),
            ("nq solve --opb - --all", "nq solve opb - --all"),
            (
                "nq encode --from k.opb --format lp",
                "nq encode opb k.opb --format lp",
            ),
        ] {
            let (args, note) = rewrite(words(old));
            assert_eq!(args, words(new));
            assert!(note.is_some());
        }
    }

    #[test]
    fn new_spellings_and_other_commands_are_left_alone() {
        for line in [
            "nq count 8",
            "nq count cnf f.cnf",
            "nq symmetries --cnf",
            "nq count opb k.opb --cnf f.cnf",
            "nq count 8 --variant toroidal",
            "nq decode 8 --variant domination",
        ] {
            let (args, note) = rewrite(words(line));
            assert_eq!(args, words(line));
            assert!(note.is_none());
        }
    }
}
