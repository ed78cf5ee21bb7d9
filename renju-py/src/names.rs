//! The library's names that Python receives as `enum.Enum` members: `renju.Termination`,
//! `renju.DrawReason`, `renju.Severity`, `renju.FindingCode`, `renju.ClaimModel`,
//! `renju.OfferEquivalence`, and the live referee's `renju.referee.Seat`,
//! `renju.referee.Required`, `renju.referee.SwapOption`, `renju.referee.RefusalCode` and
//! `renju.referee.FoulPolicy`.
//!
//! Each class is made when the module is initialised, with the functional API of
//! `enum.Enum` and `str` as mixin type (`class Termination(str, enum.Enum)`), from the
//! core's name table (`ALL` and `name()`), so that names are written in one place. A
//! member's value is the library's name (`Termination.FIVE.value == 'five'`); members
//! compare and hash as their names (`outcome.termination == 'five'`) and `str()` and
//! f-strings give the name, as before the enums. Members pickle as their public module's
//! class (`renju.Termination`, `renju.referee.Seat`).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyType};

use renju_core::{DrawReason, Termination};
use renju_records::referee::{FoulPolicy, RefusalCode, Required, SwapOption};
use renju_records::{ClaimModel, FindingCode, OfferEquivalence, Seat, Severity};

/// A fieldless core enum with a name table, given to Python as an `enum.Enum` class.
pub trait NameEnum: Copy + PartialEq + Sized + 'static {
    /// The Python class name.
    const CLASS: &'static str;
    /// The public module that holds the class (its `__module__`).
    const MODULE: &'static str;
    /// The class's docstring.
    const DOC: &'static str;
    /// Every value, in the core's order.
    fn all() -> &'static [Self];
    /// The core's name.
    fn name(self) -> &'static str;
    /// Where the class and its members are kept once made.
    fn cell() -> &'static PyOnceLock<EnumClass>;
}

/// A Python enum class and its members, in the core's order.
pub struct EnumClass {
    class: Py<PyType>,
    members: Vec<Py<PyAny>>,
}

/// A core value given to Python as its enum member.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Name<T>(pub T);

/// The `enum.Enum` class of `T` (made on first use).
pub fn class_of<T: NameEnum>(py: Python<'_>) -> PyResult<&EnumClass> {
    T::cell().get_or_try_init(py, || make::<T>(py))
}

/// The member name of a library name: 'full-board' -> 'FULL_BOARD'.
fn member_name(name: &str) -> String {
    name.to_ascii_uppercase().replace('-', "_")
}

fn make<T: NameEnum>(py: Python<'_>) -> PyResult<EnumClass> {
    let enum_class = py.import("enum")?.getattr("Enum")?;
    let str_type = py.get_type::<PyString>();
    let names: Vec<(String, &str)> = T::all()
        .iter()
        .map(|v| (member_name(v.name()), v.name()))
        .collect();
    let kwargs = PyDict::new(py);
    kwargs.set_item("module", T::MODULE)?;
    kwargs.set_item("qualname", T::CLASS)?;
    kwargs.set_item("type", &str_type)?;
    let args = (T::CLASS, names);
    let class = enum_class
        .call(args, Some(&kwargs))?
        .cast_into::<PyType>()?;
    class.setattr("__doc__", T::DOC)?;
    // str() and format() give the name, as when these were plain strings.
    class.setattr("__str__", str_type.getattr("__str__")?)?;
    class.setattr("__format__", str_type.getattr("__format__")?)?;
    let members = T::all()
        .iter()
        .map(|v| class.call1((v.name(),)).map(Bound::unbind))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(EnumClass {
        class: class.unbind(),
        members,
    })
}

impl<'py, T: NameEnum> IntoPyObject<'py> for Name<T> {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let class = class_of::<T>(py)?;
        let index = T::all().iter().position(|v| *v == self.0);
        let index = index.expect("every value is in its name table");
        Ok(class.members[index].bind(py).clone())
    }
}

/// Every value of a name-table enum (its `ALL`), or the values listed (an enum without
/// `ALL`).
macro_rules! all_of {
    ($ty:ident) => {
        &$ty::ALL
    };
    ($ty:ident [$($v:path),+]) => {
        &[$($v),+]
    };
}

macro_rules! name_enums {
    ($($ty:ident $([$($v:path),+])? in $module:literal: $doc:literal;)+) => {
        $(impl NameEnum for $ty {
            const CLASS: &'static str = stringify!($ty);
            const MODULE: &'static str = $module;
            const DOC: &'static str = $doc;
            fn all() -> &'static [$ty] {
                all_of!($ty $([$($v),+])?)
            }
            fn name(self) -> &'static str {
                $ty::name(self)
            }
            fn cell() -> &'static PyOnceLock<EnumClass> {
                static CELL: PyOnceLock<EnumClass> = PyOnceLock::new();
                &CELL
            }
        })+

        /// Makes the enum classes and adds them to the module.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add(<$ty as NameEnum>::CLASS, class_of::<$ty>(m.py())?.class.bind(m.py()))?;)+
            Ok(())
        }
    };
}

name_enums! {
    Termination in "renju": "How a game ended: Termination.FIVE ('five'), FORBIDDEN, TWO_PASSES, \
        FULL_BOARD, and for game records also TIME, RESIGNATION, AGREED_DRAW, FORFEIT, \
        DOUBLE_FORFEIT, VIOLATIONS, DECLARED, DECLARED_DRAW (the referee's draw at a stone \
        limit), ILLEGAL_SEALED_MOVE (a sealed move illegal at resumption) and \
        UNFINISHED.\n\nA str enum: each member's value is the library's \
        name, and members compare equal to it (Outcome.termination == 'five').";
    DrawReason in "renju": "Why a drawing move draws: DrawReason.FULL_BOARD ('full-board') or \
        DrawReason.TWO_PASSES ('two-passes').\n\nA str enum: members compare equal to \
        their names.";
    Severity in "renju": "How serious a finding is: Severity.ERROR ('error': the record cannot be \
        a legal game), WARNING or INFO.\n\nA str enum: members compare equal to their \
        names.";
    FindingCode in "renju": "The stable machine code of a finding (FindingCode.OCCUPIED_POINT is \
        'occupied-point', ...).\n\nA str enum: members compare equal to their names.";
    ClaimModel in "renju": "How wins and draws are claimed: ClaimModel.AUTOMATIC ('automatic'), \
        RIF_CLAIM ('rif-claim') or CHINESE_CLAIM ('chinese-claim').\n\nA str enum: \
        members compare equal to their names.";
    OfferEquivalence in "renju": "How offered fifth moves are compared when deciding whether two \
        offers are the same (see docs/rules.md).\n\nA str enum: members compare equal \
        to their names.";
    Seat [Seat::First, Seat::Second] in "renju.referee": "A player's seat in a live game: Seat.FIRST \
        ('first', the player who starts as tentative Black) or Seat.SECOND. Swaps \
        exchange colours, never seats.\n\nA str enum: members compare equal to their \
        names.";
    Required in "renju.referee": "What the referee asks for now (Status.required): Required.PLACE, SWAP \
        (a colour decision), DECLARE (the number of fifth-move offers), OFFER, CHOOSE, or \
        NONE once the game is over.\n\nA str enum: members compare equal to their names.";
    SwapOption in "renju.referee": "An answer a colour decision allows (Status.options): SwapOption.STAY, \
        SWAP, PLACE_TWO (Swap2) or OFFER (Taraguchi).\n\nA str enum: members compare \
        equal to their names.";
    RefusalCode in "renju.referee": "Why the referee refused an action (RefusalError.code): a stable name \
        shared with the JSON-lines protocol and the C library ('not-your-turn', \
        'wrong-action', 'occupied', ...).\n\nA str enum: members compare equal to their \
        names.";
    FoulPolicy in "renju.referee": "What happens to a forbidden move of Black's in a live game (RefereeOptions' \
        fouls=): FoulPolicy.AUTOMATIC (White wins at once), RIF_CLAIM and CHINESE_CLAIM \
        (White may claim it before playing on) or REFUSE (the move is refused).\n\nA \
        str enum: members compare equal to their names.";
}
