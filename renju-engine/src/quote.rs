//! What a report or an error quotes of another program's output (an engine's answer, a
//! client's query line): cut short, so that a hostile megabyte line never becomes a
//! megabyte message.

/// `text`, cut to its first 200 characters (an ellipsis marks the cut).
pub(crate) fn shorten(text: &str) -> String {
    const MAX: usize = 200;
    if text.chars().count() <= MAX {
        return text.to_string();
    }
    let cut: String = text.chars().take(MAX).collect();
    format!("{cut}…")
}
