//! Variable names every ILP format accepts. CPLEX LP names may hold letters, digits and a few
//! symbols but must not start with a digit, a period or the letter `e` (read as an exponent),
//! and GLPK and CBC are stricter than CPLEX about the symbols; so we keep letters, digits and
//! `_`, spell `=` as `_eq_` and `>=` as `_ge_`, and put `v_` in front of a bad first character.
//! If cleaning makes two names equal, every variable is named `v<index>` instead.

use std::collections::HashSet;

/// LP-legal, unique names for `raw`, in order.
pub fn legal_names(raw: Vec<String>) -> Vec<String> {
    let cleaned: Vec<String> = raw.iter().map(|s| clean(s)).collect();
    let unique: HashSet<&str> = cleaned.iter().map(String::as_str).collect();
    if unique.len() == cleaned.len() {
        cleaned
    } else {
        (1..=raw.len()).map(|i| format!("v{i}")).collect()
    }
}

fn clean(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len() + 4);
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '_' => out.push(c),
            '>' if chars.peek() == Some(&'=') => {
                chars.next();
                out.push_str("_ge_");
            }
            '=' => out.push_str("_eq_"),
            _ => out.push('_'),
        }
    }
    let bad_start = out
        .chars()
        .next()
        .is_none_or(|c| c.is_ascii_digit() || c == 'e' || c == 'E' || c == '_');
    if bad_start {
        out.insert_str(0, "v_");
    }
    // CPLEX limits names to 255 characters.
    out.truncate(255);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_both_formulations_become_legal() {
        let got = legal_names(vec![
            "x_0_1".into(),
            "q_3=5".into(),
            "q_3>=2".into(),
            "e1".into(),
            "7up".into(),
        ]);
        assert_eq!(got, ["x_0_1", "q_3_eq_5", "q_3_ge_2", "v_e1", "v_7up"]);
    }

    #[test]
    fn a_collision_after_cleaning_renames_everything() {
        let got = legal_names(vec!["a=b".into(), "a_eq_b".into()]);
        assert_eq!(got, ["v1", "v2"]);
    }
}
