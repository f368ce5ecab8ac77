//! The backend conformance suite (zero_one_model::conformance) against the ILP backend
//! (good_lp + microlp).

zero_one_model::backend_conformance!(ilp, ilp_enum::LpBackend);
