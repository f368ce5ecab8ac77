use super::*;
use crate::{BackendError, Optimum, PbEncoding, StopFlag};

/// An optimiser that only describes itself.
struct Described {
    encoding: Option<PbEncoding>,
    search: Option<Search>,
}

impl Optimizer for Described {
    fn name(&self) -> BackendName {
        BackendName::Other("described")
    }
    fn encoding(&self) -> Option<PbEncoding> {
        self.encoding
    }
    fn search(&self) -> Option<Search> {
        self.search
    }
    fn optimize(
        &self,
        _: &Model,
        _: Option<&StopFlag>,
        _: &mut dyn FnMut(i128),
    ) -> Result<Optimized, BackendError> {
        Ok(Optimized::Stopped)
    }
}

fn model() -> Model {
    let mut m = Model::new();
    m.new_var("x1");
    m.new_var("x2");
    m
}

#[test]
fn a_proved_optimum_is_written_with_its_solution() {
    let sat = Described {
        encoding: Some(PbEncoding::Bdd),
        search: Some(Search::Binary),
    };
    let outcome = Optimized::Found(Optimum {
        value: -3,
        assignment: vec![false, true],
        proved: true,
        bound: -3,
        solves: 4,
    });
    let report = OptimizeReport::new("k.opb", &model(), &sat, &outcome, Duration::ZERO);
    assert_eq!(report.status, OptimizeStatus::Optimum);
    assert_eq!(
        report.text(),
        "c k.opb: optimum -3 (bound -3), 4 solver calls, 0.000 s, described, bdd encoding, binary search\ns OPTIMUM FOUND\nv -x1 x2"
    );
}

#[test]
fn a_stopped_solution_is_feasible_and_not_proved() {
    let lp = Described {
        encoding: None,
        search: None,
    };
    let outcome = Optimized::Found(Optimum {
        value: 7,
        assignment: vec![true, true],
        proved: false,
        bound: 2,
        solves: 1,
    });
    let report = OptimizeReport::new("f", &model(), &lp, &outcome, Duration::from_millis(1500));
    assert_eq!(
        report.text(),
        "c f: feasible 7 (bound 2), 1 solver calls, 1.500 s, described\ns SATISFIABLE\nv x1 x2"
    );
}

#[test]
fn no_solution_has_no_value_line() {
    let lp = Described {
        encoding: None,
        search: None,
    };
    for (outcome, status, line) in [
        (Optimized::Infeasible, "infeasible", "s UNSATISFIABLE"),
        (Optimized::Stopped, "unknown", "s UNKNOWN"),
    ] {
        let report = OptimizeReport::new("f", &model(), &lp, &outcome, Duration::ZERO);
        assert_eq!(report.solution, None);
        assert_eq!(
            report.text(),
            format!("c f: {status}, 0 solver calls, 0.000 s, described\n{line}")
        );
    }
}
