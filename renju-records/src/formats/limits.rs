//! Limits on what one record of a streamed file may take, and the line reader that
//! keeps to them.
//!
//! A file read as a stream (move lists, RenjuNet databases, `renju forbidden`'s input)
//! holds one record at a time, but a record has no natural size: a line of `/dev/zero`
//! never ends. Past [`ReadLimits`] a record is an error record located by its line, its
//! bytes are skipped without being kept, and reading goes on at the next record.

use std::io::{self, BufRead};

/// How many bytes one record of a streamed file may take.
///
/// ```
/// use renju_records::formats::{Format, ReadLimits};
/// let mut text = vec![b'h'; 100];
/// text.extend_from_slice(b"\nh8 i9\n");
/// let limits = ReadLimits { max_line_bytes: 50, ..ReadLimits::default() };
/// let records: Vec<_> = Format::MoveList
///     .read_from_with(&text[..], None, limits)
///     .collect();
/// assert_eq!(records.len(), 2);
/// let err = records[0].as_ref().unwrap_err();
/// assert_eq!(err.location.line, Some(1));
/// assert!(err.message.contains("longer than 50 bytes"), "{err}");
/// assert!(records[1].is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReadLimits {
    /// The most bytes of one line of a move list (and of one line of `renju forbidden`'s
    /// input), its line end not counted. Default [`ReadLimits::DEFAULT_LINE_BYTES`]: 1 MiB,
    /// some thousand times the longest real game.
    pub max_line_bytes: usize,
    /// The most bytes of one RenjuNet `<game>` element, and of any one piece of XML
    /// outside the games (a tag, a run of text). Default
    /// [`ReadLimits::DEFAULT_GAME_BYTES`]: 16 MiB.
    pub max_game_bytes: usize,
    /// The most bytes of a file of a format read whole (a tree of SGF or RenLib, a
    /// `.psq` file, an opening file): a longer one is one error record, read no
    /// further (`/dev/zero` costs this much memory, not all there is). Default
    /// [`ReadLimits::DEFAULT_FILE_BYTES`]: 256 MiB.
    pub max_file_bytes: usize,
    /// The most memory the tree of a tree-format file (RenLib, SGF) may take while it is
    /// built, as counted: each node, each of its children's links, each SGF property
    /// and value, each comment, and the allocations they make. A RenLib node counts for
    /// 72 bytes (36 times its 2-byte record), an SGF node of one move some 600 (85
    /// times its text), so that a file well within `max_file_bytes` could take
    /// gigabytes; past this budget reading stops with an
    /// error record naming the file, the record where the budget ran out and the limit,
    /// after the lines closed before it. Default [`ReadLimits::DEFAULT_TREE_BYTES`]:
    /// 512 MiB, twice the file limit. A budget raised past what the system gives is met
    /// in part: a RenLib library's nodes and an SGF tree's are reserved fallibly (an
    /// error record then says the system refused the memory), the rest is not.
    ///
    /// ```
    /// use renju_records::formats::{Format, ReadLimits};
    /// let limits = ReadLimits { max_tree_bytes: 2000, ..ReadLimits::default() };
    /// let text = "(;B[hh]".repeat(100); // variations nested 100 deep
    /// let records: Vec<_> = Format::Sgf
    ///     .read_from_with(text.as_bytes(), Some("a.sgf"), limits)
    ///     .collect();
    /// assert_eq!(records.len(), 1);
    /// let e = records[0].as_ref().unwrap_err();
    /// assert!(e.to_string().contains("a.sgf, line 1: the tree takes more than 2000 bytes"), "{e}");
    /// ```
    pub max_tree_bytes: usize,
}

impl ReadLimits {
    /// The default line limit, 1 MiB.
    pub const DEFAULT_LINE_BYTES: usize = 1 << 20;
    /// The default limit of one RenjuNet game, 16 MiB.
    pub const DEFAULT_GAME_BYTES: usize = 16 << 20;
    /// The default limit of a file read whole, 256 MiB.
    pub const DEFAULT_FILE_BYTES: usize = 256 << 20;
    /// The default memory budget of a tree, 512 MiB: twice the default file limit.
    pub const DEFAULT_TREE_BYTES: usize = 2 * Self::DEFAULT_FILE_BYTES;

    /// One limit for every kind of record (the CLI's `--max-record-bytes`). The tree
    /// budget follows the file limit: twice it, and never below the default (a tree
    /// takes many times its file's size, so a smaller file limit does not shrink it).
    pub fn uniform(max_record_bytes: usize) -> ReadLimits {
        ReadLimits {
            max_line_bytes: max_record_bytes,
            max_game_bytes: max_record_bytes,
            max_file_bytes: max_record_bytes,
            max_tree_bytes: max_record_bytes
                .saturating_mul(2)
                .max(Self::DEFAULT_TREE_BYTES),
        }
    }
}

impl Default for ReadLimits {
    fn default() -> Self {
        ReadLimits {
            max_line_bytes: Self::DEFAULT_LINE_BYTES,
            max_game_bytes: Self::DEFAULT_GAME_BYTES,
            max_file_bytes: Self::DEFAULT_FILE_BYTES,
            max_tree_bytes: Self::DEFAULT_TREE_BYTES,
        }
    }
}

/// What [`read_line`] read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRead {
    /// The end of the input: no line.
    Eof,
    /// A line, now in the buffer without its line end.
    Line,
    /// A line longer than the limit: it was skipped up to its end, the buffer is empty.
    TooLong {
        /// The line's length in bytes, its end not counted.
        bytes: u64,
    },
    /// A line still going after [`MAX_SKIPPED_LINE_BYTES`] (or the line limit, if
    /// larger): it was given up without its end being found (`/dev/zero` has none), the
    /// buffer is empty, and the input cannot be read further.
    Endless {
        /// The bytes of the line read before giving up.
        bytes: u64,
    },
}

/// How far [`read_line`] skips a line past its limit looking for its end, 256 MiB:
/// past this (or past the line limit, if larger) the line is [`LineRead::Endless`],
/// so that an input without line ends is given up in well under a second rather than
/// read forever.
pub const MAX_SKIPPED_LINE_BYTES: u64 = 256 << 20;

/// Reads one line into `buf` (cleared first), without its line end. A line ends at
/// `\n`, at `\r\n`, and when `cr_ends_line`, at a lone `\r` (old Mac files; off for
/// interactive input, where a `\r` at the end of what has arrived would wait for the
/// next byte). A line longer than `max_bytes` is consumed to its end without being
/// kept: memory stays at `max_bytes` whatever the input. A line with no end in sight
/// after [`MAX_SKIPPED_LINE_BYTES`] is [`LineRead::Endless`]: the caller stops reading.
///
/// ```
/// use renju_records::formats::{read_line, LineRead};
/// let mut input = &b"ab\r\ncd\ref\n0123456789\nlast"[..];
/// let mut buf = Vec::new();
/// let mut lines = Vec::new();
/// loop {
///     match read_line(&mut input, &mut buf, 5, true).unwrap() {
///         LineRead::Eof => break,
///         LineRead::Line => lines.push(String::from_utf8(buf.clone()).unwrap()),
///         LineRead::TooLong { bytes } => lines.push(format!("<{bytes} bytes>")),
///         LineRead::Endless { .. } => break,
///     }
/// }
/// assert_eq!(lines, ["ab", "cd", "ef", "<10 bytes>", "last"]);
/// ```
pub fn read_line<R: BufRead + ?Sized>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    max_bytes: usize,
    cr_ends_line: bool,
) -> io::Result<LineRead> {
    buf.clear();
    let mut length: u64 = 0;
    let mut any = false;
    let mut too_long = false;
    let mut after_cr = false;
    let give_up = MAX_SKIPPED_LINE_BYTES.max(max_bytes as u64);
    loop {
        let available = match reader.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if after_cr {
            // A `\r` ended the line; a `\n` right after it belongs to the same end.
            if available.first() == Some(&b'\n') {
                reader.consume(1);
            }
            break;
        }
        if available.is_empty() {
            if !any {
                return Ok(LineRead::Eof);
            }
            break;
        }
        any = true;
        let end = available
            .iter()
            .position(|&b| b == b'\n' || (cr_ends_line && b == b'\r'));
        let take = end.unwrap_or(available.len());
        length += take as u64;
        if !too_long {
            if length > max_bytes as u64 {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&available[..take]);
            }
        }
        match end {
            Some(i) => {
                let cr = available[i] == b'\r';
                reader.consume(i + 1);
                if cr {
                    after_cr = true;
                } else {
                    break;
                }
            }
            None => {
                reader.consume(take);
                if length > give_up {
                    return Ok(LineRead::Endless { bytes: length });
                }
            }
        }
    }
    if !cr_ends_line && buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if too_long {
        Ok(LineRead::TooLong { bytes: length })
    } else {
        Ok(LineRead::Line)
    }
}

/// [`read_line`] for input that arrives in pieces (a JavaScript stream, a socket read
/// by an event loop): bytes are fed as they come and each complete line is handed over
/// as it ends, with the same reading as `read_line` without `cr_ends_line` (a line ends
/// at `\n` or `\r\n`; a line past the limit is [`LineRead::TooLong`] and is not kept;
/// one still going after [`MAX_SKIPPED_LINE_BYTES`] ends the input: `feed` returns its
/// bytes so far as an error, where `read_line` says [`LineRead::Endless`]).
///
/// ```
/// use renju_records::formats::{LineRead, LineSplitter};
/// let mut lines = Vec::new();
/// let mut splitter = LineSplitter::new(5);
/// for piece in [&b"ab\r"[..], b"\ncd\n0123", b"456789\nla", b"st"] {
///     splitter.feed(piece, |read, line| lines.push((read, line.to_vec()))).unwrap();
/// }
/// splitter.finish(|read, line| lines.push((read, line.to_vec())));
/// assert_eq!(lines, [
///     (LineRead::Line, b"ab".to_vec()),
///     (LineRead::Line, b"cd".to_vec()),
///     (LineRead::TooLong { bytes: 10 }, vec![]),
///     (LineRead::Line, b"last".to_vec()),
/// ]);
/// ```
#[derive(Debug, Clone)]
pub struct LineSplitter {
    max_bytes: usize,
    /// The line so far (empty once it is past the limit).
    buf: Vec<u8>,
    /// Its length in bytes.
    length: u64,
    /// Whether any byte of the line has arrived (a line may be empty).
    started: bool,
}

impl LineSplitter {
    /// A splitter keeping lines of at most `max_bytes` bytes.
    pub fn new(max_bytes: usize) -> LineSplitter {
        LineSplitter {
            max_bytes,
            buf: Vec::new(),
            length: 0,
            started: false,
        }
    }

    /// Feeds `bytes`; `each` gets every line they end ([`LineRead::Line`] with the line,
    /// or [`LineRead::TooLong`] with nothing). A line still going past
    /// [`MAX_SKIPPED_LINE_BYTES`] stops the input: `Err` with its bytes so far.
    pub fn feed(
        &mut self,
        mut bytes: &[u8],
        mut each: impl FnMut(LineRead, &[u8]),
    ) -> Result<(), u64> {
        let give_up = MAX_SKIPPED_LINE_BYTES.max(self.max_bytes as u64);
        while !bytes.is_empty() {
            let end = bytes.iter().position(|&b| b == b'\n');
            let take = end.unwrap_or(bytes.len());
            self.add(&bytes[..take]);
            match end {
                Some(i) => {
                    self.end_line(&mut each);
                    bytes = &bytes[i + 1..];
                }
                None if self.length > give_up => return Err(self.length),
                None => bytes = &[],
            }
        }
        Ok(())
    }

    /// The input has ended: `each` gets its last line if it had no line end.
    pub fn finish(&mut self, mut each: impl FnMut(LineRead, &[u8])) {
        if self.started {
            self.end_line(&mut each);
        }
    }

    /// [`LineSplitter::feed`] with each line answered at once by `answer`, which writes
    /// a reply: the first write error stops the answers and is returned (`Err`); inside
    /// `Ok`, `feed`'s own result (a line with no end in sight).
    pub fn feed_answering(
        &mut self,
        bytes: &[u8],
        mut answer: impl FnMut(LineRead, &[u8]) -> io::Result<()>,
    ) -> io::Result<Result<(), u64>> {
        let mut written = Ok(());
        let fed = self.feed(bytes, |read, line| {
            if written.is_ok() {
                written = answer(read, line);
            }
        });
        written.map(|()| fed)
    }

    /// [`LineSplitter::finish`] with the last line answered by `answer`, whose write
    /// error is returned.
    pub fn finish_answering(
        &mut self,
        mut answer: impl FnMut(LineRead, &[u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut written = Ok(());
        self.finish(|read, line| written = answer(read, line));
        written
    }

    fn add(&mut self, piece: &[u8]) {
        self.started = true;
        // A line is given up past MAX_SKIPPED_LINE_BYTES, far below u64::MAX.
        self.length += piece.len() as u64;
        if self.length > self.max_bytes as u64 {
            self.buf.clear();
        } else {
            self.buf.extend_from_slice(piece);
        }
    }

    fn end_line(&mut self, each: &mut impl FnMut(LineRead, &[u8])) {
        if self.length > self.max_bytes as u64 {
            each(LineRead::TooLong { bytes: self.length }, &[]);
        } else {
            let line = self.buf.strip_suffix(b"\r").unwrap_or(&self.buf);
            each(LineRead::Line, line);
        }
        self.buf.clear();
        self.length = 0;
        self.started = false;
    }
}

/// The error record of a line past the limit.
pub(crate) fn line_too_long(bytes: u64, max_bytes: usize) -> renju_core::error::ParseError {
    renju_core::error::ParseError::new(format!(
        "the line is {bytes} bytes long, longer than {max_bytes} bytes (the limit per line)"
    ))
}

/// The error record of a line given up without its end ([`LineRead::Endless`]).
pub(crate) fn line_without_end(bytes: u64) -> renju_core::error::ParseError {
    renju_core::error::ParseError::new(format!(
        "no line end in the first {bytes} bytes of the line: the input was read no further"
    ))
}
