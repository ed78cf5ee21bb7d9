//! RenLib `.lib` libraries: binary trees of renju variations (the format of RenLib 3.x,
//! byte for byte as its `LibraryFile.cpp` and `RenLibDoc.cpp` read and write it).
//!
//! # Layout
//!
//! A 20-byte header (`FF 'RenLib' FF`, major, minor, ten `FF` bytes; versions up to 3.4
//! are read), or no header at all when the file starts with the h8 record (`0x78`: the
//! old headerless `.dat` libraries). Then 2-byte records `[pos, flags]` in pre-order:
//!
//! - `pos`: `0` is the root (only as the very first record) or a pass; otherwise the
//!   column is `pos & 0x0F` (1 to 15 = a to o) and the row, counted from the **top**, is
//!   `(pos >> 4) + 1`, so h8 is `0x78`, a15 is `0x01` and o1 is `0xEF`. Anything else
//!   (column 0, row 16) is an error.
//! - `flags`: `0x80` the node has a next sibling, `0x40` it has no children, `0x20` an
//!   old-style comment follows, `0x08` a comment follows, `0x02` the node is not a move
//!   (a board label on an empty point), `0x01` a second pair `[info2, info1]` follows,
//!   whose `info1 & 0x01` says a board text follows the comment. Marks (`0x10`) and the
//!   start mark (`0x04`) are read and ignored.
//! - Comments and board texts are read two bytes at a time up to and including a zero
//!   byte; old comments up to and including the first byte with its high bit set. A
//!   comment's one-line and multi-line parts are separated by byte `0x08`.
//!
//! Each record is a child of the one before it; a record with the "has no children" flag
//! returns to the parent of the last record that had the "has a next sibling" flag, so
//! the next record is that node's sibling. As in RenLib, a record for a point that the
//! current node already has as a child is merged into that child.
//!
//! # Games
//!
//! [`read`] gives one [`Game`] per root-to-leaf line of the tree, in pre-order: 15x15,
//! the stones and passes of the line (a pass is a move and hands the turn over), `id`
//! `line N` (1-based), `source.index` the 0-based line number and `source.byte_offset`
//! the offset of the leaf's record. Nodes that are not moves (board labels) are not
//! part of any line. Text is decoded as UTF-8 when it is valid UTF-8, else as GBK when
//! it is valid GBK, else as Windows-1252: RenLib stores whatever ANSI code page its user
//! had (Chinese libraries use GBK, and one sample mixes in Latin-1 letters). Old-style
//! comments are decoded the same way (RenLib's DOS code-page conversion is not applied).
//! The annotations along the line become tags:
//!
//! - `("comment", "D: text")`: the comment of the line's node at depth `D` (0 = the
//!   root, `D` = after move `D`); a multi-line part follows the one-line part after a
//!   `\n`.
//! - `("board_text", "D P: text")`: a label shown at point `P` (or `pass`) in the
//!   position at depth `D`, whether `P` is a move of some variation or a bare label.
//!
//! A file that is cut short or corrupt gives an error located by byte offset, after every
//! line completed before the broken part. Lines are built one at a time from the tree
//! ([`lines`]); their expanded size counts against [`MAX_TREE_BYTES`](super::MAX_TREE_BYTES).
//!
//! [`write()`] merges the games into one tree (shared prefixes become one branch) and
//! writes it as a 3.4 library, or as a 3.0 library (no root record) when every game
//! starts at h8, none passes and the root has no comment, as RenLib does. Reading the
//! file gives the tree's root-to-leaf lines: a game that is a prefix of another game is
//! not a leaf any more and comes back only as part of the longer line, and duplicate
//! games come back once. Comment and board-text tags of the form above are written back.
//!
//! ```
//! use renju_records::formats::renlib;
//! use renju_records::Game;
//!
//! let games = [Game::from_moves("h8 h9 i9").unwrap(), Game::from_moves("h8 i8").unwrap()];
//! let bytes = renlib::write(&games).unwrap();
//! assert_eq!(&bytes[..10], b"\xFFRenLib\xFF\x03\x00");
//! let lines: Vec<_> = renlib::read(&bytes, None).into_iter().map(Result::unwrap).collect();
//! assert_eq!(lines.len(), 2);
//! assert_eq!(lines[1].id.as_deref(), Some("line 2"));
//! ```

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::Arc;

use crate::formats::{Format, ReadLimits, TreeMemory, WriteError, ALLOCATION};
use crate::game::{Event, Game, Source};
use renju_core::error::ParseError;
use renju_core::geometry::{Point, RENJU_SIZE};

const MAGIC: &[u8; 8] = b"\xFFRenLib\xFF";
const HEADER_LEN: usize = 20;
/// `100 * major + minor` of the newest version RenLib reads (3.4).
const NEWEST_VERSION: u16 = 304;
/// The h8 record, which also starts headerless libraries and 3.0 bodies.
const CENTER: u8 = 0x78;

const DOWN: u8 = 0x80;
const RIGHT: u8 = 0x40;
const OLD_COMMENT: u8 = 0x20;
const COMMENT: u8 = 0x08;
const NO_MOVE: u8 = 0x02;
const EXTENSION: u8 = 0x01;
/// In `info1`, the second byte of the extension pair.
const BOARD_TEXT: u8 = 0x01;
/// Separates a comment's one-line part from its multi-line part.
const MULTI_LINE: u8 = 0x08;

const ROOT: usize = 0;

/// Reads a RenLib library: one game per root-to-leaf line (see the module docs).
pub fn read(bytes: &[u8], file: Option<&str>) -> Vec<Result<Game, ParseError>> {
    lines(bytes, file).collect()
}

/// Reads a RenLib library's records one at a time: the tree is parsed once and each
/// root-to-leaf line is built when it is asked for, so that memory holds the tree and one
/// line, not every line (see [`super::MAX_TREE_BYTES`] for the expansion budget). The
/// records are those of [`read`], in the same order. The tree may take
/// [`ReadLimits::DEFAULT_TREE_BYTES`] of memory ([`Format::read_from_with`] sets another
/// budget).
pub fn lines(
    bytes: &[u8],
    file: Option<&str>,
) -> impl Iterator<Item = Result<Game, ParseError>> + Send + 'static {
    lines_with(bytes, file, ReadLimits::default())
}

/// [`lines`] with the tree's memory budget of `limits` ([`ReadLimits::max_tree_bytes`]):
/// past it, the lines closed before the record where it ran out, then an error record
/// at that record's byte offset naming the limit.
pub(crate) fn lines_with(
    bytes: &[u8],
    file: Option<&str>,
    limits: ReadLimits,
) -> impl Iterator<Item = Result<Game, ParseError>> + Send + 'static {
    // A file whose header is bad has no lines, not even the empty line of the root.
    let (tree, complete, error, todo) = match body_start(bytes) {
        Ok(start) => {
            let memory = TreeMemory::new(limits.max_tree_bytes);
            let (tree, error) = Tree::parse(bytes, start, memory);
            (tree, error.is_none(), error, vec![(ROOT, 0)])
        }
        Err(e) => (Tree::default(), true, Some(e), Vec::new()),
    };
    Lines {
        tree,
        complete,
        file: file.map(Arc::from),
        budget: super::TreeBudget::for_file(bytes.len()),
        path: Vec::new(),
        todo,
        count: 0,
        tail: error,
    }
}

/// The root-to-leaf lines of a tree, built one at a time in pre-order.
struct Lines {
    tree: Tree,
    /// Whether the file was read to its end (else only closed leaves are lines).
    complete: bool,
    file: Option<Arc<str>>,
    budget: super::TreeBudget,
    /// The nodes from the root to the current one.
    path: Vec<usize>,
    /// Nodes still to visit, with their depth.
    todo: Vec<(usize, usize)>,
    /// Lines given so far.
    count: usize,
    /// The error that ended the reading, given after the lines.
    tail: Option<ParseError>,
}

impl Iterator for Lines {
    type Item = Result<Game, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut record = match self.next_line() {
            Some(line) => line,
            None => Err(self.tail.take()?),
        };
        super::name_record(&mut record, self.file.as_ref());
        Some(record)
    }
}

impl Lines {
    /// The next line, or the error that stopped the expansion; `None` after the last.
    fn next_line(&mut self) -> Option<Result<Game, ParseError>> {
        let nodes = &self.tree.nodes;
        while let Some((node, depth)) = self.todo.pop() {
            self.path.truncate(depth);
            self.path.push(node);
            let before = self.todo.len();
            self.todo.extend(
                self.tree
                    .children(node)
                    .filter(|&c| nodes[c].is_move)
                    .map(|c| (c, depth + 1)),
            );
            // Visited first to last.
            self.todo[before..].reverse();
            if self.todo.len() > before || !(self.complete || nodes[node].closed) {
                continue;
            }
            let game = self.tree.line(&self.path, self.count);
            if let Err(e) = self.budget.take(&game) {
                self.todo.clear();
                let e = e.at_byte(nodes[node].offset);
                return Some(Err(e.in_record(format!("line {}", self.count + 1))));
            }
            self.count += 1;
            return Some(Ok(game));
        }
        None
    }
}

/// Writes the games as one RenLib library tree (see the module docs). A game on another
/// board than 15x15, or with events other than stones and passes, is an error naming it.
pub fn write(games: &[Game]) -> Result<Vec<u8>, WriteError> {
    write_games(games).map_err(|e| WriteError::new(Format::RenLib, e))
}

fn write_games(games: &[Game]) -> Result<Vec<u8>, ParseError> {
    let mut tree = Tree::default();
    // Every line's moves first, then the annotations: a board text's label on a point
    // that a later line plays must not come before the lines between them.
    let mut paths = Vec::with_capacity(games.len());
    for (i, game) in games.iter().enumerate() {
        let path = tree
            .add_moves(game)
            .map_err(|e| e.in_record(format!("game {}", i + 1)))?;
        paths.push(path);
    }
    for (game, path) in games.iter().zip(&paths) {
        tree.add_annotations(game, path);
    }
    Ok(tree.to_bytes())
}

/// Checks the header and returns the offset of the first record.
fn body_start(bytes: &[u8]) -> Result<usize, ParseError> {
    if bytes.starts_with(MAGIC) {
        let header = bytes.get(..HEADER_LEN).ok_or_else(|| {
            ParseError::new("the RenLib header is cut short").at_byte(end_offset(bytes))
        })?;
        let (major, minor) = (header[8], header[9]);
        let version = 100 * u16::from(major) + u16::from(minor);
        if version > NEWEST_VERSION {
            return Err(ParseError::new(format!(
                "RenLib file version {major}.{minor} is newer than 3.4, the newest this reader knows"
            ))
            .at_byte(8));
        }
        Ok(HEADER_LEN)
    } else if bytes.first() == Some(&CENTER) {
        Ok(0)
    } else {
        Err(ParseError::new(
            "not a RenLib library: it starts neither with the `\\xFFRenLib\\xFF` header \
             nor with the h8 record (0x78) of a headerless library",
        )
        .at_byte(0))
    }
}

fn end_offset(bytes: &[u8]) -> u64 {
    bytes.len() as u64
}

/// The point of a non-zero `pos` byte, if it is on the board.
fn pos_to_point(pos: u8) -> Option<Point> {
    let column = pos & 0x0F;
    let row_from_top = pos >> 4;
    if column == 0 || row_from_top >= RENJU_SIZE {
        return None;
    }
    Point::new(column - 1, RENJU_SIZE - 1 - row_from_top)
}

fn point_to_pos(p: Point) -> Result<u8, ParseError> {
    if !p.is_on(RENJU_SIZE) {
        return Err(ParseError::new(format!(
            "{p} is off the 15x15 board of a RenLib library"
        )));
    }
    Ok(16 * (RENJU_SIZE - 1 - p.y()) + p.x() + 1)
}

fn pos_name(pos: u8) -> String {
    pos_to_point(pos).map_or_else(|| "pass".to_string(), |p| p.to_string())
}

/// Text stored in a library: UTF-8 when it is valid UTF-8, else GBK when it is valid
/// GBK, else Windows-1252 (which decodes any bytes).
fn decode_text(bytes: &[u8]) -> String {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return text.to_string();
    }
    super::charset::gbk_else_windows_1252(bytes)
}

/// A comment's text: the one-line part, then `\n` and the multi-line part (CRLF -> LF).
/// A comment's text. NUL bytes (which an old-style comment may hold, and which the
/// NUL-terminated comments of the format cannot) are dropped.
fn decode_comment(bytes: &[u8]) -> String {
    let kept: Vec<u8>;
    let bytes = if bytes.contains(&0) {
        kept = bytes.iter().copied().filter(|&b| b != 0).collect();
        &kept[..]
    } else {
        bytes
    };
    match bytes.iter().position(|&b| b == MULTI_LINE) {
        None => decode_text(bytes),
        Some(n) => format!(
            "{}\n{}",
            decode_text(&bytes[..n]),
            decode_text(&bytes[n + 1..]).replace("\r\n", "\n")
        ),
    }
}

fn encode_comment(text: &str) -> Vec<u8> {
    match text.split_once('\n') {
        None => text.as_bytes().to_vec(),
        Some((one_line, multi_line)) => {
            let mut bytes = one_line.as_bytes().to_vec();
            bytes.push(MULTI_LINE);
            bytes.extend_from_slice(multi_line.replace('\n', "\r\n").as_bytes());
            bytes
        }
    }
}

/// Reads two bytes at a time until `end(byte)`; the text is every byte before the end
/// byte, plus the end byte itself when `keep_end`. Returns `None` past the end of file.
fn read_payload(
    bytes: &[u8],
    at: &mut usize,
    end: impl Fn(u8) -> bool,
    keep_end: bool,
) -> Option<Vec<u8>> {
    let mut text = Vec::new();
    loop {
        let pair = bytes.get(*at..*at + 2)?;
        *at += 2;
        for &b in pair {
            if end(b) {
                if keep_end {
                    text.push(b);
                }
                return Some(text);
            }
            text.push(b);
        }
    }
}

/// No node: the end of a list of children.
const NONE: usize = usize::MAX;

/// A node of the tree: 40 bytes, no allocation of its own (its children are a list
/// through their `next` links, its annotations in [`Tree::notes`]).
#[derive(Debug)]
struct Node {
    /// `0` for the root and for passes.
    pos: u8,
    is_move: bool,
    /// The record said "no children" (complete, even if the file breaks later).
    closed: bool,
    /// The table of its children in [`Tree::wide`] (its index + 1), when it has more
    /// than [`WIDE`].
    table: Option<NonZeroU32>,
    offset: u64,
    /// Its first and last children and its next sibling ([`NONE`]: none).
    first: usize,
    last: usize,
    next: usize,
}

impl Node {
    fn new(pos: u8, is_move: bool, offset: u64) -> Node {
        Node {
            pos,
            is_move,
            closed: false,
            table: None,
            offset,
            first: NONE,
            last: NONE,
            next: NONE,
        }
    }
}

/// A node's annotations (most nodes have none).
#[derive(Debug, Default)]
struct Notes {
    comment: Option<String>,
    board_text: Option<String>,
}

#[derive(Debug)]
struct Tree {
    nodes: Vec<Node>,
    /// The children of the nodes that have more than [`WIDE`] ([`Node::table`]), by
    /// `pos` byte: the child's index + 1, 0 for none. A record merged into one of many
    /// children is found at once, not after a scan of up to 226 (a file of such records
    /// took 8.5 s for 120 MB).
    wide: Vec<[usize; 256]>,
    /// The annotations, by node.
    notes: HashMap<usize, Notes>,
}

/// How many children a node's children are scanned up to, before they are looked up in
/// a table ([`Tree::wide`]).
const WIDE: usize = 16;

/// What a table of [`Tree::wide`] costs a tree's memory budget, with room for the
/// vector of tables to double.
const WIDE_COST: usize = 2 * 256 * std::mem::size_of::<usize>();

impl Default for Tree {
    fn default() -> Tree {
        Tree {
            nodes: vec![Node::new(0, true, 0)],
            wide: Vec::new(),
            notes: HashMap::new(),
        }
    }
}

/// One record's annotations.
struct Payload {
    comment: Option<String>,
    board_text: Option<String>,
}

/// What a node costs a tree's memory budget: itself (the node vector is reserved once),
/// and its place on the path from the root while the tree is built and in the nodes
/// still to visit while its lines are (with room for those vectors to double).
const NODE_COST: usize = std::mem::size_of::<Node>() + 4 * std::mem::size_of::<usize>();

impl Payload {
    /// What the annotations cost a tree's memory budget: their text, and their entry in
    /// [`Tree::notes`] with room for the table to double.
    fn cost(&self) -> usize {
        let texts: usize = [&self.comment, &self.board_text]
            .into_iter()
            .flatten()
            .map(|text| text.len() + ALLOCATION)
            .sum();
        let entry = 2 * std::mem::size_of::<(usize, Notes)>();
        if texts == 0 {
            0
        } else {
            texts + entry
        }
    }
}

impl Tree {
    /// Reserves room for the nodes of a body of `body_bytes` bytes (a record takes two),
    /// as many as `memory` allows: the node vector then never grows by doubling.
    fn reserve(&mut self, body_bytes: usize, memory: &TreeMemory) -> Result<(), ParseError> {
        let most = memory.limit() / NODE_COST;
        let wanted = (body_bytes / 2).min(most);
        self.nodes
            .try_reserve_exact(wanted)
            .map_err(|_| memory.refused())
    }

    /// [`Tree::child`], counting a new node against `memory`: `None` when it does not fit.
    fn counted_child(
        &mut self,
        parent: usize,
        pos: u8,
        is_move: bool,
        offset: u64,
        memory: &mut TreeMemory,
    ) -> Option<usize> {
        let (before, tables) = (self.nodes.len(), self.wide.len());
        let node = self.child(parent, pos, is_move, offset);
        let table = if self.wide.len() > tables {
            WIDE_COST
        } else {
            0
        };
        let fits = self.nodes.len() == before || memory.take(NODE_COST + table);
        fits.then_some(node)
    }

    /// The child of `parent` at `pos`, created (after the others) when missing. A move
    /// merged into a bare label makes it a move.
    fn child(&mut self, parent: usize, pos: u8, is_move: bool, offset: u64) -> usize {
        match self.find_child(parent, pos) {
            Some(c) => {
                self.nodes[c].is_move |= is_move;
                c
            }
            None => {
                let c = self.nodes.len();
                self.nodes.push(Node::new(pos, is_move, offset));
                match self.nodes[parent].last {
                    NONE => self.nodes[parent].first = c,
                    last => self.nodes[last].next = c,
                }
                self.nodes[parent].last = c;
                self.index_child(parent, pos, c);
                c
            }
        }
    }

    /// The child of `parent` at `pos`, if any.
    fn find_child(&self, parent: usize, pos: u8) -> Option<usize> {
        match self.table(parent) {
            Some(t) => self.wide[t][usize::from(pos)].checked_sub(1),
            None => self.children(parent).find(|&c| self.nodes[c].pos == pos),
        }
    }

    /// The children of `node`, first to last.
    fn children(&self, node: usize) -> impl Iterator<Item = usize> + '_ {
        let link = |n: usize| (n != NONE).then_some(n);
        std::iter::successors(link(self.nodes[node].first), move |&c| {
            link(self.nodes[c].next)
        })
    }

    fn comment(&self, node: usize) -> Option<&str> {
        self.notes.get(&node)?.comment.as_deref()
    }

    fn board_text(&self, node: usize) -> Option<&str> {
        self.notes.get(&node)?.board_text.as_deref()
    }

    /// Records the new child `c` of `parent` in its table, made when the node has more
    /// than [`WIDE`] children.
    fn index_child(&mut self, parent: usize, pos: u8, c: usize) {
        if let Some(t) = self.table(parent) {
            self.wide[t][usize::from(pos)] = c.saturating_add(1);
            return;
        }
        // Past 4 billion tables (never, within a budget) the children are scanned.
        let number = u32::try_from(self.wide.len().saturating_add(1))
            .ok()
            .and_then(NonZeroU32::new);
        if let Some(number) = number.filter(|_| self.children(parent).nth(WIDE).is_some()) {
            let mut table = [0; 256];
            for k in self.children(parent) {
                table[usize::from(self.nodes[k].pos)] = k.saturating_add(1);
            }
            self.wide.push(table);
            self.nodes[parent].table = Some(number);
        }
    }

    /// The index in [`Tree::wide`] of the table of `node`'s children, if it has one.
    fn table(&self, node: usize) -> Option<usize> {
        let number = self.nodes[node].table?;
        usize::try_from(number.get()).ok()?.checked_sub(1)
    }

    fn annotate(&mut self, node: usize, payload: Payload) {
        let comment = payload.comment.filter(|c| !c.is_empty());
        let board_text = payload.board_text.filter(|t| !t.is_empty());
        if comment.is_none() && board_text.is_none() {
            return;
        }
        let notes = self.notes.entry(node).or_default();
        if notes.comment.is_none() {
            notes.comment = comment;
        }
        if notes.board_text.is_none() {
            notes.board_text = board_text;
        }
    }

    /// Builds the tree from the records at `bytes[start..]`. Stops at the first broken
    /// record, or where the tree outgrows `memory`, and returns the tree so far with the
    /// error.
    fn parse(bytes: &[u8], start: usize, mut memory: TreeMemory) -> (Tree, Option<ParseError>) {
        let mut tree = Tree::default();
        if let Err(e) = tree.reserve(bytes.len() - start, &memory) {
            return (tree, Some(e.at_byte(start as u64)));
        }
        // The nodes from the root to the current one, and the depths of the nodes whose
        // record said "a sibling follows".
        let mut path = vec![ROOT];
        let mut pending = Vec::new();
        let mut at = start;
        let mut last_flags = RIGHT;
        while at < bytes.len() {
            let offset = at as u64;
            let Some(&[pos, flags]) = bytes.get(at..at + 2) else {
                return (tree, Some(cut(offset, "a record")));
            };
            at += 2;
            let mut info1 = 0;
            if flags & EXTENSION != 0 {
                let Some(&[_, second]) = bytes.get(at..at + 2) else {
                    return (tree, Some(cut(at as u64, "a record's extension")));
                };
                info1 = second;
                at += 2;
            }
            let is_root_record = offset == start as u64 && pos == 0;
            if !is_root_record {
                if pos != 0 && pos_to_point(pos).is_none() {
                    let message = format!(
                        "record byte 0x{pos:02X} is not a point: its column is {} and its row from the top {} (both must be 1 to 15)",
                        pos & 0x0F,
                        (pos >> 4) + 1
                    );
                    return (tree, Some(ParseError::new(message).at_byte(offset)));
                }
                let parent = path.last().copied().unwrap_or(ROOT);
                let node = match tree.counted_child(
                    parent,
                    pos,
                    flags & NO_MOVE == 0,
                    offset,
                    &mut memory,
                ) {
                    Some(node) => node,
                    None => return (tree, Some(memory.exceeded().at_byte(offset))),
                };
                path.push(node);
            }
            let payload = match read_annotations(bytes, &mut at, flags, info1) {
                Ok(payload) => payload,
                Err(e) => return (tree, Some(e)),
            };
            if !memory.take(payload.cost()) {
                return (tree, Some(memory.exceeded().at_byte(offset)));
            }
            let current = path.last().copied().unwrap_or(ROOT);
            tree.annotate(current, payload);
            if flags & DOWN != 0 {
                pending.push(path.len() - 1);
            }
            if flags & RIGHT != 0 {
                tree.nodes[current].closed = true;
                if let Some(depth) = pending.pop() {
                    path.truncate(depth.max(1));
                }
            }
            last_flags = flags;
        }
        let complete = pending.is_empty() && last_flags & RIGHT != 0;
        let error =
            (!complete).then(|| cut(end_offset(bytes), "the tree (variations are missing)"));
        (tree, error)
    }

    /// The game of a root-to-leaf line (`path` from the root), the `index`-th line.
    fn line(&self, path: &[usize], index: usize) -> Game {
        let events = path[1..]
            .iter()
            .map(|&n| match pos_to_point(self.nodes[n].pos) {
                Some(point) => Event::Stone { point },
                None => Event::Pass,
            })
            .collect();
        let mut tags = Vec::new();
        for (depth, &n) in path.iter().enumerate() {
            if let Some(comment) = self.comment(n) {
                tags.push(("comment".to_string(), format!("{depth}: {comment}")));
            }
            for c in self.children(n) {
                if let Some(text) = self.board_text(c) {
                    let at = pos_name(self.nodes[c].pos);
                    tags.push(("board_text".to_string(), format!("{depth} {at}: {text}")));
                }
            }
        }
        let leaf = path.last().copied().unwrap_or(ROOT);
        Game {
            id: Some(format!("line {}", index + 1)),
            size: RENJU_SIZE,
            events,
            tags,
            source: Source {
                byte_offset: Some(self.nodes[leaf].offset),
                index,
                ..Source::default()
            },
            ..Game::default()
        }
    }

    /// Adds a game's moves as a branch: the nodes from the root to its leaf.
    fn add_moves(&mut self, game: &Game) -> Result<Vec<usize>, ParseError> {
        if game.size != RENJU_SIZE {
            return Err(ParseError::new(format!(
                "a RenLib library holds 15x15 games only, not {0}x{0}",
                game.size
            )));
        }
        let mut path = vec![ROOT];
        for (i, event) in game.events.iter().enumerate() {
            let pos = match event {
                Event::Stone { point } => point_to_pos(*point).map_err(|e| e.at_move(i + 1))?,
                Event::Pass => 0,
                other => {
                    return Err(ParseError::new(format!(
                        "a RenLib library cannot hold {other}; use RIF or SGF"
                    ))
                    .at_move(i + 1))
                }
            };
            let parent = path.last().copied().unwrap_or(ROOT);
            path.push(self.child(parent, pos, true, 0));
        }
        Ok(path)
    }

    /// Adds a game's comment and board-text tags to its branch (`path`, from
    /// [`Tree::add_moves`]).
    fn add_annotations(&mut self, game: &Game, path: &[usize]) {
        for (key, value) in &game.tags {
            match key.as_str() {
                "comment" => {
                    if let Some((node, text)) = comment_tag(value, path) {
                        let comment = Some(text.to_string());
                        self.annotate(
                            node,
                            Payload {
                                comment,
                                board_text: None,
                            },
                        );
                    }
                }
                "board_text" => {
                    if let Some((parent, pos, text)) = board_text_tag(value, path) {
                        let node = self.child(parent, pos, false, 0);
                        let board_text = Some(text.to_string());
                        self.annotate(
                            node,
                            Payload {
                                comment: None,
                                board_text,
                            },
                        );
                    }
                }
                _ => {}
            }
        }
    }

    fn to_bytes(&self) -> Vec<u8> {
        let mut top = self.children(ROOT);
        let only_h8 = match (top.next(), top.next()) {
            (Some(first), None) => self.nodes[first].pos == CENTER && self.nodes[first].is_move,
            _ => false,
        };
        let old_format =
            only_h8 && self.comment(ROOT).is_none() && !self.nodes[1..].iter().any(|n| n.pos == 0);
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&[3, if old_format { 0 } else { 4 }]);
        out.extend_from_slice(&[0xFF; HEADER_LEN - 10]);
        // Pre-order, each node with whether a sibling follows it.
        let mut todo = if old_format {
            self.children(ROOT).map(|c| (c, false)).collect()
        } else {
            vec![(ROOT, false)]
        };
        while let Some((n, has_sibling)) = todo.pop() {
            let node = &self.nodes[n];
            let (comment, board_text) = (self.comment(n), self.board_text(n));
            let mut flags = 0;
            if has_sibling {
                flags |= DOWN;
            }
            if node.first == NONE {
                flags |= RIGHT;
            }
            if comment.is_some() {
                flags |= COMMENT;
            }
            if !node.is_move {
                flags |= NO_MOVE;
            }
            if board_text.is_some() {
                flags |= EXTENSION;
            }
            out.extend_from_slice(&[node.pos, flags]);
            if board_text.is_some() {
                out.extend_from_slice(&[0, BOARD_TEXT]);
            }
            if let Some(comment) = comment {
                push_text(&mut out, &encode_comment(comment));
            }
            if let Some(text) = board_text {
                push_text(&mut out, text.as_bytes());
            }
            let before = todo.len();
            todo.extend(self.children(n).map(|c| (c, self.nodes[c].next != NONE)));
            todo[before..].reverse();
        }
        out
    }
}

fn cut(offset: u64, what: &str) -> ParseError {
    ParseError::new(format!(
        "the file ends inside {what}: it is cut short or corrupt"
    ))
    .at_byte(offset)
}

/// Reads the comment and board text that follow a record.
fn read_annotations(
    bytes: &[u8],
    at: &mut usize,
    flags: u8,
    info1: u8,
) -> Result<Payload, ParseError> {
    let comment_at = *at as u64;
    let comment = if flags & OLD_COMMENT != 0 {
        let text = read_payload(bytes, at, |b| b & 0x80 != 0, true)
            .ok_or_else(|| cut(comment_at, "an old-style comment"))?;
        Some(decode_comment(&text))
    } else if flags & COMMENT != 0 {
        let text = read_payload(bytes, at, |b| b == 0, false)
            .ok_or_else(|| cut(comment_at, "a comment"))?;
        Some(decode_comment(&text))
    } else {
        None
    };
    let text_at = *at as u64;
    let board_text = if info1 & BOARD_TEXT != 0 {
        let text = read_payload(bytes, at, |b| b == 0, false)
            .ok_or_else(|| cut(text_at, "a board text"))?;
        Some(decode_text(&text))
    } else {
        None
    };
    Ok(Payload {
        comment,
        board_text,
    })
}

/// Appends text with its terminating zero, padded to an even length.
fn push_text(out: &mut Vec<u8>, text: &[u8]) {
    out.extend(text.iter().copied().filter(|&b| b != 0));
    out.push(0);
    if out.len() % 2 == 1 {
        out.push(0);
    }
}

/// `"D: text"`: the node at depth `D` of the path, and the text.
fn comment_tag<'a>(value: &'a str, path: &[usize]) -> Option<(usize, &'a str)> {
    let (depth, text) = value.split_once(": ")?;
    Some((*path.get(depth.parse::<usize>().ok()?)?, text))
}

/// `"D P: text"`: the node at depth `D` of the path, the label's `pos` byte, the text.
fn board_text_tag<'a>(value: &'a str, path: &[usize]) -> Option<(usize, u8, &'a str)> {
    let (place, text) = value.split_once(": ")?;
    let (depth, at) = place.split_once(' ')?;
    let node = *path.get(depth.parse::<usize>().ok()?)?;
    let pos = if at == "pass" {
        0
    } else {
        point_to_pos(at.parse().ok()?).ok()?
    };
    Some((node, pos, text))
}
