//! What a report or an error quotes of another program's output (an engine's answer, a
//! client's query line): cut short, so that a hostile megabyte line never becomes a
//! megabyte message, and printable, so that it fits on one line of any record or log.

/// `text` with its control characters escaped (`\n`, `\u{1b}`) and its spaces at either
/// end removed: what a one-line field (a record's tag, a reason) can hold.
pub(crate) fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim().chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `text`, printable ([`printable`]) and cut to its first 200 characters, escapes
/// counted (an ellipsis marks the cut).
pub(crate) fn shorten(text: &str) -> String {
    const MAX: usize = 200;
    // Each character escapes to at most 10 (`\u{10ffff}`): a bounded prefix suffices.
    let head: String = text.trim_start().chars().take(MAX + 1).collect();
    let quoted = printable(&head);
    if quoted.chars().count() <= MAX && head.chars().count() <= MAX {
        return quoted;
    }
    let cut: String = quoted.chars().take(MAX).collect();
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_one_printable_line() {
        assert_eq!(shorten(" 7,7\r\n\u{1b}[2J "), "7,7\\r\\n\\u{1b}[2J");
        assert_eq!(printable("名人\t"), "名人");
        let long = "x".repeat(300);
        assert_eq!(shorten(&long).chars().count(), 201);
        assert!(!shorten(&"\n".repeat(300)).contains('\n'));
        // Escapes count: 200 control characters do not give a 1,200-character quote.
        assert_eq!(shorten(&"\u{11}".repeat(200)).chars().count(), 201);
    }
}
