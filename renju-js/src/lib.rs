//! # renju-js
//!
//! The WebAssembly module under the `renju` JavaScript package: the judge, the live
//! referee and the record formats of the Rust crates, exported as plain functions with
//! a boundary of bytes (JSON and text) so that no binding generator is needed. The
//! package's `renju.js` is the only intended caller; it turns these functions into the
//! `Renju` and `Referee` classes, `validate` and `forbidden`.
//!
//! The calling convention ([`boundary`]): the caller asks for memory with
//! `renju_alloc`, writes its argument there, calls a function and reads the answer
//! from `renju_out_ptr` / `renju_out_len`. Functions return a status (0: the answer is
//! the result; 1: it is an error `{"code": ..., "message": ...}`), or a handle (0: the
//! answer is the error) for the objects kept between calls ([`objects`]): referees
//! ([`referee`]) and the JSON-lines pipes ([`pipes`]); [`files`] judges diagrams and
//! validates whole files.
//!
//! No rule is decided here: every answer is the Rust crates' own, in the wire formats
//! they own (the referee's JSON lines, the `renju forbidden` query, validation reports).

#![deny(missing_docs)]

pub mod boundary;
pub mod files;
pub mod fixtures;
#[cfg(target_family = "wasm")]
pub mod host;
pub mod objects;
pub mod options;
pub mod pipes;
pub mod referee;
