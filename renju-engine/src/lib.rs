//! # renju-engine
//!
//! Renju and Gomoku engines and other judges, driven as child processes and checked
//! against the exact judge of [`renju_core`]. This is the one crate of the library that
//! spawns processes. Its layers, from the bottom:
//!
//! * [`process`]: an engine as a child process (lines in and out with deadlines, its
//!   whole process group ended with it, Ctrl-C caught) and the command line that
//!   starts it ([`process::split_command`]);
//! * the two protocols spoken over it: [`gomocup`] (Piskvork with the Yixin and Swap2
//!   extensions: commands, replies, `INFO`, board transfer, `SWAP2BOARD`, the move
//!   line, and [`gomocup::GomocupEngine`]) and [`forbidden_jsonl`] (the JSON lines of
//!   forbidden-point queries, which `renju forbidden` answers and other judges are
//!   asked in);
//! * the two runners above them, siblings that do not import each other:
//!   [`conform`] (`renju conform`: position sources, targeted families, the comparison
//!   with the judge, the report and the conformance pack) and [`mod@matches`]
//!   (`renju match`: engines playing each other under the referee of
//!   [`renju_records`], with clocks, openings, the SPRT, and the results as a
//!   tournament).
//!
//! Errors are typed ([`thiserror`] enums beside what raises them).
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
pub mod gomocup;
pub mod matches;
pub mod process;
mod quote;
