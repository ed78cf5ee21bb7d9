//! The validation report as text for a terminal: the games with errors or warnings,
//! then the totals. Text from the input (file names, ids, openings, messages quoting
//! records) goes through [`printable`], so that it cannot drive the terminal.
//!
//! ```
//! use renju_display::text;
//! use renju_records::report::validate;
//! use renju_records::{Format, ValidationOptions};
//! let records = Format::MoveList.read(b"h8 h8\n", Some("bad.txt"));
//! let report = validate(&records, &ValidationOptions::default());
//! let mut out = Vec::new();
//! text::write_games(&mut out, &report.games, false).unwrap();
//! text::write_summary(&mut out, &report.summary, &[]).unwrap();
//! let out = String::from_utf8(out).unwrap();
//! assert!(out.starts_with("bad.txt: game 1: "), "{out}");
//! assert!(out.contains("  error move 2 [occupied-point]: "), "{out}");
//! assert!(out.ends_with("1 game: 1 error, 0 warnings\nendings: unfinished 1\nfindings: occupied-point 1\n"), "{out}");
//! ```

use std::borrow::Cow;
use std::io::Write;

use renju_records::report::{GameReport, Severity, Summary, UnreadableFile};

/// `text` with every control character escaped, so that input text (file names, record
/// ids, messages quoting a record) cannot drive the terminal: ESC sequences, NUL,
/// backspace, carriage return, newline and the C1 controls become visible escapes
/// (`\e`, `\0`, `\r`, `\n`, `\t`, `\x08`, `\u{9b}`); a backslash stays a backslash.
/// Borrowed when there is nothing to escape. The JSON output needs none of this: serde
/// escapes control characters itself.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\0' => out.push_str("\\0"),
            '\x1b' => out.push_str("\\e"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x80 && c.is_control() => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c.is_control() => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The human-readable report's lines for some games: those with errors or warnings (every
/// game when `verbose`). Text from the input (file names, ids, openings, messages quoting
/// records) goes through [`printable`]: control characters are escaped, never sent to the
/// terminal raw.
pub fn write_games(
    out: &mut impl Write,
    games: &[GameReport],
    verbose: bool,
) -> std::io::Result<()> {
    for g in games {
        let notable = g.findings.iter().any(|f| f.severity != Severity::Info);
        if !verbose && !notable {
            continue;
        }
        let id =
            g.id.as_deref()
                .map(|i| format!(" ({})", printable(i)))
                .unwrap_or_default();
        let source = printable(g.source.as_deref().unwrap_or("<input>"));
        let winner = g
            .outcome
            .winner
            .map_or("nobody".to_string(), |c| c.to_string());
        let termination = g.outcome.termination.name();
        writeln!(
            out,
            "{source}: game {}{id}: {} moves, {termination}, winner {winner}{}",
            g.index + 1,
            g.moves,
            g.opening
                .as_deref()
                .map(|o| format!(", opening {}", printable(o)))
                .unwrap_or_default()
        )?;
        for f in &g.findings {
            let at = f
                .move_number
                .map(|m| format!(" move {m}"))
                .unwrap_or_default();
            writeln!(
                out,
                "  {}{at} [{}]: {}",
                f.severity.name(),
                f.code,
                printable(&f.message)
            )?;
        }
    }
    Ok(())
}

/// `n` things, singular for one: `1 game`, `2 games`, `0 errors`.
///
/// ```
/// use renju_display::text::counted;
/// assert_eq!((counted(1, "game"), counted(2, "error")), ("1 game".to_string(), "2 errors".to_string()));
/// ```
pub fn counted(n: u64, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// The human-readable report's last lines: the totals and the files that could not be
/// read.
pub fn write_summary(
    out: &mut impl Write,
    s: &Summary,
    unreadable: &[UnreadableFile],
) -> std::io::Result<()> {
    writeln!(
        out,
        "{}: {}, {}",
        counted(s.games as u64, "game"),
        counted(s.errors as u64, "error"),
        counted(s.warnings as u64, "warning")
    )?;
    let ends: Vec<String> = s
        .by_termination
        .iter()
        .map(|(t, n)| format!("{} {n}", t.name()))
        .collect();
    writeln!(out, "endings: {}", ends.join(", "))?;
    if !s.findings.is_empty() {
        let codes: Vec<String> = s.findings.iter().map(|(c, n)| format!("{c} {n}")).collect();
        writeln!(out, "findings: {}", codes.join(", "))?;
    }
    if !unreadable.is_empty() {
        let names: Vec<String> = unreadable
            .iter()
            .map(|u| printable(&u.file).into_owned())
            .collect();
        writeln!(
            out,
            "{} file{} could not be read: {}",
            unreadable.len(),
            if unreadable.len() == 1 { "" } else { "s" },
            names.join(", ")
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("game 1 (x)"), "game 1 (x)");
        assert!(matches!(printable("plain"), std::borrow::Cow::Borrowed(_)));
        assert_eq!(printable("a\x1b[2Jb"), "a\\e[2Jb");
        assert_eq!(printable("nul\0"), "nul\\0");
        assert_eq!(printable("l1\nl2\r\t"), "l1\\nl2\\r\\t");
        assert_eq!(printable("\x07\x08\x7f"), "\\x07\\x08\\x7f");
        assert_eq!(printable("c1\u{9b}31m"), "c1\\u{9b}31m");
        assert_eq!(printable("h8 ü 五"), "h8 ü 五");
    }
}
