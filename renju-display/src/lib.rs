//! # renju-display
//!
//! Pictures and reports for people: [`svg`] draws boards and explained verdicts (PNG too,
//! with the `png` feature), [`html`] writes a validation report as one self-contained
//! page, and [`text`] as the text a terminal shows. Built on [`renju_core`] (positions,
//! the judge) and [`renju_records`] (records, reports), both re-exported.
//!
//! ```
//! use renju_display::svg;
//! use renju_display::renju_core::Position;
//!
//! let pos = Position::from_moves("h8 h9 i8").unwrap();
//! let picture = svg::position(&pos, &svg::SvgOptions::default());
//! assert!(picture.starts_with("<svg"));
//! ```
//!
//! ## Features
//!
//! | feature | default | what it adds |
//! | --- | --- | --- |
//! | `png` | no | `svg::png`: PNG pictures drawn by resvg (the heaviest dependency; text uses the system's fonts) |

#![deny(missing_docs)]

pub use renju_core;
pub use renju_records;

pub mod html;
pub mod svg;
pub mod text;
