//! # renju-ffi: the C API of renju
//!
//! A thin translation layer over [`renju_core`]: every rule is judged by the core; this
//! crate only converts arguments and results and guards the boundary. The C header
//! `include/renju.h` is generated from this crate by cbindgen (see `cbindgen.toml`; the
//! `header` test fails when it is out of date, `RENJU_UPDATE_HEADER=1 cargo test -p
//! renju-ffi --test header` rewrites it).
//!
//! Conventions, for every function:
//!
//! * **Status codes.** Every fallible function returns a [`renju_status`]; on failure a
//!   message is left for [`renju_last_error_message`] on the calling thread. Results go
//!   to output parameters. The live referee's refusals are `RENJU_REFUSED_*` codes (the
//!   referee's reason is the message; [`renju_refusal_name`] gives the stable name).
//! * **No undefined behaviour on bad input.** NULL pointers, handles already freed or not
//!   from this library, handles of the wrong type, invalid UTF-8, out-of-range enum
//!   values, points off the board and buffers too small all give status codes. Handles
//!   and returned strings are recorded in a table and looked up before use, so a stale
//!   pointer is never dereferenced. Handles are tokens never given out twice and returned
//!   strings sit at addresses never used twice, so a stale handle or string stays
//!   `RENJU_ERROR_BAD_HANDLE` even after its memory is reused. Panics are caught at every entry point
//!   (`RENJU_ERROR_PANIC`).
//! * **Ownership.** Handles (`renju_position *`, `renju_games *`, `renju_referee *`, ...)
//!   are owned by the caller and freed with their `*_free` function. Strings returned as
//!   `char *` are owned by the caller and freed with [`renju_string_free`]. Strings and
//!   arrays returned as `const char *` / `const T *` are borrowed: static, or owned by
//!   the handle they came from and valid until it is freed.
//! * **Threads.** Every function may be called from any thread. A position or referee
//!   handle locks itself on each call; game and fixture handles are immutable. The last error message
//!   is per thread.

#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![allow(non_camel_case_types)]

// The header lists the items of these modules in this order (blank lines keep rustfmt
// from sorting them).
pub mod error;

pub mod types;

mod handle;

pub mod position;

pub mod games;

pub mod reports;

pub mod clock;

pub mod fixtures;

pub mod tournament;

pub mod pairing;

pub mod matches;

pub mod teams;

pub mod referee;

pub mod env;

pub use clock::*;
pub use env::*;
pub use error::{renju_last_error_message, renju_status, renju_status_name};
pub use fixtures::*;
pub use games::*;
pub use handle::{renju_live_object_count, renju_string_free};
pub use matches::*;
pub use pairing::*;
pub use position::*;
pub use referee::*;
pub use reports::*;
pub use teams::*;
pub use tournament::*;
pub use types::*;
