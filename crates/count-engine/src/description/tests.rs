use super::*;

/// Fields declared out of alphabetical order, with a nested struct, as a board's rules are.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Board {
    size: usize,
    rules: Rules,
    label: Option<String>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Rules {
    variant: String,
    blocked: Vec<u32>,
}

impl ProblemParams for Board {
    const PROBLEM: &'static str = "board";
}

fn board() -> Board {
    Board {
        size: 8,
        rules: Rules {
            variant: "classic".into(),
            blocked: vec![3, 1],
        },
        label: None,
    }
}

#[test]
fn the_canonical_text_sorts_keys_at_every_level_as_keys_were_always_written() {
    let d = Description::new(&board()).unwrap();
    assert_eq!(
        d.to_string(),
        r#"{"label":null,"problem":"board","rules":{"blocked":[3,1],"variant":"classic"},"size":8}"#
    );
    assert_eq!(serde_json::to_string(&d).unwrap(), d.to_string());
    assert_eq!(d.problem(), "board");
}

#[test]
fn parameters_read_back_as_they_were_given() {
    let d = Description::new(&board()).unwrap();
    assert!(d.is::<Board>());
    assert_eq!(d.params::<Board>().unwrap(), board());
    let read: Description = serde_json::from_str(&d.to_string()).unwrap();
    assert_eq!(read, d);
    assert_eq!(read.params::<Board>().unwrap(), board());
}

#[test]
fn spacing_and_key_order_of_a_file_do_not_change_the_description() {
    let text = r#"{ "size": 8, "rules": {"variant": "classic", "blocked": [3, 1]},
                    "problem": "board", "label": null }"#;
    let read: Description = serde_json::from_str(text).unwrap();
    assert_eq!(read, Description::new(&board()).unwrap());
}

/// A problem of no parameters, read as `Board`.
#[derive(Debug, Serialize, Deserialize)]
struct Empty {}

impl ProblemParams for Empty {
    const PROBLEM: &'static str = "empty";
}

#[test]
fn a_description_of_another_problem_is_not_read_as_this_one() {
    let d = Description::new(&Empty {}).unwrap();
    assert_eq!(d, Description::named("empty"));
    assert_eq!(d.to_string(), r#"{"problem":"empty"}"#);
    assert!(!d.is::<Board>());
    let e = d.params::<Board>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "the description is of problem 'empty', not 'board'"
    );
}

#[test]
fn fields_that_do_not_read_as_the_parameters_are_an_error_with_a_source() {
    let read: Description = serde_json::from_str(r#"{"problem":"board","size":"eight"}"#).unwrap();
    let e = read.params::<Board>().unwrap_err();
    assert!(
        matches!(
            e,
            DescriptionError::Fields {
                problem: "board",
                ..
            }
        ),
        "{e:?}"
    );
    assert!(std::error::Error::source(&e).is_some());
}

/// Parameters that are not a struct of named fields, or that claim the problem's field.
#[derive(Serialize, Deserialize)]
struct Tuple(u32, u32);

impl ProblemParams for Tuple {
    const PROBLEM: &'static str = "tuple";
}

#[derive(Serialize, Deserialize)]
struct Claims {
    problem: String,
}

impl ProblemParams for Claims {
    const PROBLEM: &'static str = "claims";
}

#[test]
fn parameters_that_are_not_named_fields_or_name_a_problem_field_are_refused() {
    let e = Description::new(&Tuple(1, 2)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the parameters of problem 'tuple' serialise to a JSON array, not to an object of named fields"
    );
    let e = Description::new(&Claims {
        problem: "other".into(),
    })
    .unwrap_err();
    assert!(
        matches!(e, DescriptionError::ProblemField { problem: "claims" }),
        "{e:?}"
    );
}

#[test]
fn a_key_problem_that_is_not_an_object_with_a_problem_name_does_not_read() {
    for (text, found) in [
        ("null", "a JSON null"),
        ("[1]", "a JSON array"),
        (r#"{"n":8}"#, "an object without a string field 'problem'"),
        (
            r#"{"problem":8}"#,
            "an object without a string field 'problem'",
        ),
    ] {
        let e = serde_json::from_str::<Description>(text).unwrap_err();
        // Inside a file, serde_json adds where in the text it was.
        let expected = format!(
            "a problem description must be an object with a string field 'problem', found {found}"
        );
        assert!(e.to_string().starts_with(&expected), "{text}: {e}");
    }
}
