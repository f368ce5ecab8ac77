//! The backend conformance suite (zero_one_model::conformance) against the DPLL enumerator,
//! with the default options.

zero_one_model::backend_conformance!(dpll, dpll_enum::DpllBackend::default());
