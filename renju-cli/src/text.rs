//! Text from the input, made safe for a terminal.

use std::borrow::Cow;
use std::fmt::Write;

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
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
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
