//! Whole files and diagrams: Black's forbidden points of a position, the validation of
//! every game of a file, and the arguments of a call on a record.

use std::cell::RefCell;

use renju_core::batch::{MaskJudge, MaskValues};
use renju_core::{RenjuOptions, RuleSet, SetupError};
use renju_engine::forbidden_jsonl::ForbiddenQuery;
use renju_records::formats::Format;

use crate::boundary::{answer_filled, bytes, finish, text, CallError};
use crate::options::GameOptions;

/// Black's forbidden points of one position: a query of the `renju forbidden`
/// protocol (`{"board": [...]}` or `{"moves": "..."}`, with `rule`, `size`,
/// `five_completion_counts`, `id`) and its reply (`{"forbidden": {"h9":
/// "double-three"}}`); a query that cannot be answered is a `bad-position` error.
///
/// # Safety
/// `ptr` and `len` as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_forbidden(ptr: *const u8, len: usize) -> i32 {
    // SAFETY: the caller's promise.
    let line = unsafe { bytes(ptr, len) };
    finish(
        ForbiddenQuery::parse(line)
            .and_then(|query| query.reply(None))
            .map(|reply| reply.to_line())
            .map_err(|e| CallError::new("bad-position", e.to_string())),
    )
}

/// A bit of `renju_forbidden_masks`'s flags: a five completed by a forbidden-looking
/// move counts (the `five_completion_counts` option).
pub const MASKS_FIVE_COMPLETION_COUNTS: u32 = 1;
/// A bit of `renju_forbidden_masks`'s flags: each forbidden point holds its foul's code
/// (1 overline, 2 double-four, 3 double-three) instead of 1.
pub const MASKS_KINDS: u32 = 2;

/// Black's forbidden points of many boards given as cells, without JSON on either
/// side: `cells` holds boards of `size` x `size` one after another, one byte per
/// intersection row by row from `a1` (0 empty, 1 black, 2 white: the layout of
/// [`renju_core::batch`]), judged under the rule set named `rule` (empty: renju) with
/// `flags` ([`MASKS_FIVE_COMPLETION_COUNTS`], [`MASKS_KINDS`]). The answer is the masks,
/// one byte per intersection in the same layout: 0 where a black stone is legal (or
/// the point is taken). A bad rule or size is a `bad-options` error, bad cells a
/// `bad-position` one naming the first bad cell.
///
/// # Safety
/// Each pointer and length as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_forbidden_masks(
    rule_ptr: *const u8,
    rule_len: usize,
    cells_ptr: *const u8,
    cells_len: usize,
    size: u32,
    flags: u32,
) -> i32 {
    // SAFETY: the caller's promise.
    let (rule, cells) = unsafe {
        (
            text(rule_ptr, rule_len, "the rule"),
            bytes(cells_ptr, cells_len),
        )
    };
    answer_filled(cells.len(), |out| {
        let rule = match rule? {
            "" => RuleSet::Renju,
            name => name
                .parse::<RuleSet>()
                .map_err(|e| CallError::new("bad-options", e.to_string()))?,
        };
        if flags & !(MASKS_FIVE_COMPLETION_COUNTS | MASKS_KINDS) != 0 {
            return Err(CallError::new(
                "bad-options",
                format!("unknown flags {flags:#x}"),
            ));
        }
        let size = u8::try_from(size).map_err(|_| {
            CallError::new(
                "bad-options",
                format!("board size {size} is not supported (5 to 26)"),
            )
        })?;
        with_mask_judge((size, rule, flags), |judge| judge.masks_into(cells, out)).map_err(|e| {
            let code = match e {
                SetupError::CellValue { .. } | SetupError::CellCount { .. } => "bad-position",
                _ => "bad-options",
            };
            CallError::new(code, e.to_string())
        })
    })
}

/// What a mask judge is made for: the side, the rule set and the flags of
/// `renju_forbidden_masks`.
type MaskKey = (u8, RuleSet, u32);

thread_local! {
    /// The judge of the last `renju_forbidden_masks` call, kept for the next one with the
    /// same key: a board judged alone then allocates nothing.
    static MASK_JUDGE: RefCell<Option<(MaskKey, MaskJudge)>> = const { RefCell::new(None) };
}

/// Runs `f` with the kept judge for `key`, made first when the last call's was for
/// another key.
fn with_mask_judge(
    key: MaskKey,
    f: impl FnOnce(&mut MaskJudge) -> Result<(), SetupError>,
) -> Result<(), SetupError> {
    MASK_JUDGE.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.as_ref().is_none_or(|(k, _)| *k != key) {
            let (size, rule, flags) = key;
            let options = RenjuOptions {
                five_completion_counts: flags & MASKS_FIVE_COMPLETION_COUNTS != 0,
            };
            let values = match flags & MASKS_KINDS {
                0 => MaskValues::Flags,
                _ => MaskValues::Kinds,
            };
            *kept = Some((key, MaskJudge::new(size, rule, options, values)?));
        }
        let (_, judge) = kept.as_mut().expect("a judge was just kept");
        f(judge)
    })
}

/// Validates every game of a file (`record`, in the format named `format`: a name or
/// a file name) under options as JSON (what the records leave unsaid), the file named
/// `name` in the report and its messages (empty: no name): the answer is the
/// validation report, as JSON.
///
/// # Safety
/// Each pointer and length as in [`crate::boundary::bytes`].
#[no_mangle]
pub unsafe extern "C" fn renju_validate(
    options_ptr: *const u8,
    options_len: usize,
    record_ptr: *const u8,
    record_len: usize,
    format_ptr: *const u8,
    format_len: usize,
    name_ptr: *const u8,
    name_len: usize,
) -> i32 {
    // SAFETY: the caller's promise.
    let args = unsafe {
        record_args(
            (options_ptr, options_len),
            (record_ptr, record_len),
            (format_ptr, format_len),
        )
    };
    // SAFETY: the caller's promise.
    let name = unsafe { text(name_ptr, name_len, "the file name") };
    finish((|| {
        let (options, record, format) = args?;
        let name = name?;
        let games = format.read(record, (!name.is_empty()).then_some(name));
        let report = renju_records::report::validate(&games, &options.validation()?);
        serde_json::to_string(&report).map_err(|e| CallError::new("bad-argument", e.to_string()))
    })())
}

/// The arguments of a call on a record: the options (JSON), the record's bytes and its
/// format's name, each as (pointer, length).
///
/// # Safety
/// Each pointer and length as in [`crate::boundary::bytes`].
pub unsafe fn record_args<'a>(
    options: (*const u8, usize),
    record: (*const u8, usize),
    format: (*const u8, usize),
) -> Result<(GameOptions, &'a [u8], Format), CallError> {
    // SAFETY: the caller's promise.
    let (options, record, format) = unsafe {
        (
            text(options.0, options.1, "the options")?,
            bytes(record.0, record.1),
            text(format.0, format.1, "the format")?,
        )
    };
    Ok((
        GameOptions::from_json(options)?,
        record,
        format_named(format)?,
    ))
}

/// A format by name (`psq`, `sgf`, ...) or by a file name's extension.
pub fn format_named(name: &str) -> Result<Format, CallError> {
    name.parse::<Format>().or_else(|error| {
        Format::from_path(name).ok_or_else(|| CallError::new("bad-argument", error.to_string()))
    })
}
