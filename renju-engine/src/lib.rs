//! # renju-engine
//!
//! Renju and Gomoku engines and other judges, driven as child processes over their own
//! protocols, and checked against the exact judge of [`renju_core`]: [`conform`] holds the
//! position sources (targeted families included), the comparison, the report, the
//! conformance pack and the process driver behind `renju conform`; [`forbidden_jsonl`] is the JSON-lines protocol of forbidden-point
//! queries, which `renju forbidden` answers and the driver speaks to other judges. This
//! is the one crate of the library that spawns processes.
//!
//! ## Sister crates
//!
//! [`renju_core`] (positions and the judge) and [`renju_records`] (game records, whose
//! positions can be sent to an engine), both re-exported.

#![deny(missing_docs)]

pub use renju_core;
pub use renju_records;

pub mod conform;
pub mod forbidden_jsonl;
pub mod matches;
pub mod process;
