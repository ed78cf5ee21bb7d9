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

/// `text`, printable ([`printable`]) and cut to its first 200 characters (an ellipsis
/// marks the cut).
pub(crate) fn shorten(text: &str) -> String {
    const MAX: usize = 200;
    let cut: String = text.trim().chars().take(MAX + 1).collect();
    if cut.chars().count() <= MAX {
        return printable(&cut);
    }
    let cut: String = cut.chars().take(MAX).collect();
    format!("{}…", printable(&cut))
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
    }
}
