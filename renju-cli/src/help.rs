//! Help texts that list every opening protocol or file format, written from the tables
//! of renju-records (`OpeningRule::ALL`, `Format::ALL`): a new protocol or format shows
//! in every option's help without an edit here.

use renju_records::{Format, OpeningRule};

/// `what`, then every protocol's name in parentheses.
pub fn with_protocols(what: &str) -> String {
    format!("{what} ({})", OpeningRule::names_sentence())
}

/// `what`, then every format's name in parentheses.
pub fn with_formats(what: &str) -> String {
    format!("{what} ({})", Format::names_sentence())
}

/// The game files a command reads: every format's extension, and the formats that only
/// `--format` names (`Game files (.txt, .rif, .lib, .psq, .sgf; openings with --format)`).
pub fn game_files(what: &str) -> String {
    let (extensions, named): (Vec<Format>, Vec<Format>) = Format::ALL
        .into_iter()
        .partition(|f| !f.info().extensions.is_empty());
    let extensions: Vec<String> = extensions
        .iter()
        .map(|f| format!(".{}", f.info().extensions[0]))
        .collect();
    let named: Vec<&str> = named.iter().map(|f| f.name()).collect();
    format!(
        "{what} ({}; {} with --format)",
        extensions.join(", "),
        named.join(", ")
    )
}
