//! SGF (Smart Game Format) records of Gomoku and Renju games and analysis trees.
//!
//! ```text
//! (;FF[4]GM[4]SZ[15]PB[Black player]PW[White player]RE[B+R]
//!  ;B[hh];W[hi];B[ij]
//!  (;W[gg])(;W[ii]))
//! ```
//!
//! Reading:
//! - **Points** are two letters, column then row, `a` = the left column and the **top**
//!   row: `B[hh]` is h8 and `B[ij]` is i6 on 15x15. `B[]` is a pass, and so is `B[tt]` on
//!   boards up to 19x19. Colours must alternate from Black (a pass hands the turn over).
//! - **GM** is not checked: GM\[4\] (Go-Moku) is the standard value, and real renju files
//!   use GM\[1\] and GM\[2\]. Any value other than 4 is kept as the tag `gm`.
//! - **SZ**: `SZ[15]` or `SZ[15:15]`, default 15. Non-square boards and sides outside
//!   5..=26 are errors.
//! - **Text** is UTF-8 when the file is valid UTF-8, whatever `CA` says (real files declare
//!   `CA[UTF-8]` over GB2312 bytes and `CA[GB2312]` over UTF-8); otherwise the charset `CA`
//!   names, and GBK when it names none or UTF-8.
//! - **Game information** becomes tags: `PB` black, `PW` white, `DT` date, `EV` event,
//!   `RO` round, `PC` place; `C` on the root is `comment`, on the node of move N
//!   `comment N`; `GN` is the game's id. On the root, `TE` is `termination` (why the
//!   game ended, in words, as c-gomoku-cli writes it: a forfeit's reason) and `TL` is
//!   `turn-limit` (a limit per move in seconds beside `TM`, this library's property);
//!   `DA[N]` (this library's) is [`Game::draw_after`]: the referee declares the game
//!   drawn once a move that does not win leaves N stones on the board, and its `RE` is
//!   `0`.
//!   `RU` naming a rule set (`renju`, `freestyle`, `standard`, `caro`, optionally
//!   followed by an opening protocol: `renju yamaguchi`)
//!   sets the rule set and opening, any other `RU` is the tag `rule`.
//! - **RE** (`B+`, `W+R`, `W+T`, `B+5`, `0`, `Draw`, `B+DRAW`, ...) is an
//!   [`Event::Result`] at the end of the tree's main line (its first variation); a value
//!   that is not a result is the tag `result`.
//! - **5A** (RenLib and Kurnik): fifth-move offers, one or more SGF points, given on the
//!   root or any node up to the fifth move. The fifth move becomes
//!   [`Event::FifthOffers`]; the points are the offers in the order given, and the move
//!   played is added last when it is not among them (Kurnik lists only the alternative).
//!   Offers that no fifth move follows, or a value that is not points, are the tag `5A`.
//! - **SW** (this library's property; SGF has none for it): the colour decisions of a
//!   swap protocol (Swap, Swap2, RIF's swap after move 3, ...) taken after the node's
//!   move, one value each, in order: `SW[1]` exchanges colours, `SW[0]` keeps them
//!   ([`Event::Swap`]). `;B[hh]...;B[jj]SW[0]` is Swap2's first three stones and the
//!   decision to stay. Other readers ignore the property and see the moves alone.
//! - **Setup stones** (`AB`, `AW`, `AE`) are not supported: an error on their line.
//! - Markup (`LB`, `TR`, ...) and other properties are ignored.
//! - **Variations**: every root-to-leaf line of a game tree is one [`Game`], with
//!   `source.index` = the leaf's index in the file and `source.line` = the leaf node's
//!   line. Its id is `GN`, followed by ` #k` (k = 1, 2, ...) when the tree has several
//!   leaves.
//! - **Errors** are located by line. A syntax error (an unclosed `[` or `(`, a stray `)`:
//!   a file cut short) ends the reading and is reported after the lines read before it:
//!   every line of the game trees closed before it, and the lines of the tree it broke
//!   whose variations were closed (a leaf whose `)` was not read may lack moves). An
//!   error in a node (a bad point, setup stones, a move out of turn) is reported once,
//!   for the first line through that node, and the other lines through it are skipped.
//! - **Memory**: game trees are parsed one at a time and their lines built one at a time
//!   ([`lines`]); the expanded size counts against
//!   [`MAX_TREE_BYTES`](super::MAX_TREE_BYTES).
//!
//! Writing gives one `FF[4]` game tree per game, UTF-8 (`CA[UTF-8]`), with `GM[4]` (or the
//! `gm` tag), `SZ`, `RU`, `GN` from the id, the tags above, `5A` on the root listing every
//! offered point, `SW` for colour decisions (above) and `RE` from a final
//! [`Event::Result`]. SGF has no property for declared offer counts: such games are an
//! error, as are offers for any move but the fifth, a colour decision before the first
//! move, a time reading after a colour decision and a result followed by more events.
//! Tags other than those above, the claim model and Renju options are not written. Reading what the writer wrote gives
//! the same games back (sources aside), with one difference of order: the writer puts
//! every game-information property in the root node, and the reader lists a node's
//! comment after its other properties, so tags of different keys may come back in
//! another order (those of one key keep theirs).

use std::collections::HashSet;
use std::sync::Arc;

use super::charset;

use crate::formats::{Format, ReadLimits, TreeMemory, WriteError, ALLOCATION};
use crate::game::{DeclaredResult, Event, Game, ResultReason, Source};
use crate::opening::OpeningRule;
use crate::time_control::{format_seconds, TimeControl};
use renju_core::error::ParseError;
use renju_core::geometry::{Color, Point, MAX_SIZE, MIN_SIZE, RENJU_SIZE};
use renju_core::rules::RuleSet;

/// Game-information properties kept as tags: `(SGF property, tag)`.
const INFO_TAGS: [(&str, &str); 6] = [
    ("PB", "black"),
    ("PW", "white"),
    ("DT", "date"),
    ("EV", "event"),
    ("RO", "round"),
    ("PC", "place"),
];

/// Reads every root-to-leaf line of every game tree in an SGF file.
///
/// ```
/// use renju_records::formats::sgf;
/// use renju_records::Event;
/// use renju_core::Point;
/// let games = sgf::read(b"(;GM[4]SZ[15]PB[Ann];B[hh](;W[hg])(;W[ii]))", None);
/// assert_eq!(games.len(), 2);
/// let first = games[0].as_ref().unwrap();
/// assert_eq!(first.tag("black"), Some("Ann"));
/// // `hg` is column h, the 7th row from the top: h9.
/// assert_eq!(first.events[1], Event::Stone { point: "h9".parse::<Point>().unwrap() });
/// ```
pub fn read(bytes: &[u8], file: Option<&str>) -> Vec<Result<Game, ParseError>> {
    lines(bytes, file).collect()
}

/// Reads an SGF file's records one at a time: one game tree is parsed at a time and
/// each of its root-to-leaf lines is built when it is asked for, so that memory holds the
/// file's text, one tree and one line, not every line (see [`super::MAX_TREE_BYTES`] for
/// the expansion budget). The records are those of [`read`], in the same order (past the
/// budget, a syntax error later in the file is not looked for). A game tree may take
/// [`ReadLimits::DEFAULT_TREE_BYTES`] of memory ([`Format::read_from_with`] sets another
/// budget).
///
/// ```
/// use renju_records::formats::sgf;
/// let mut lines = sgf::lines(b"(;GM[4]C[shared];B[hh](;W[hg])(;W[ii]))", Some("a.sgf"));
/// assert_eq!(lines.next().unwrap().unwrap().tag("comment"), Some("shared"));
/// assert_eq!(lines.count(), 1);
/// ```
pub fn lines(
    bytes: &[u8],
    file: Option<&str>,
) -> impl Iterator<Item = Result<Game, ParseError>> + Send + 'static {
    lines_of(bytes.to_vec(), file, ReadLimits::default())
}

/// [`lines`] of a file's bytes, taken over (not copied when they are UTF-8), with the
/// memory budget of each game tree of `limits` ([`ReadLimits::max_tree_bytes`]): past
/// it, the lines of the tree closed before the node where it ran out, then an error
/// record at that node's line naming the limit.
pub(crate) fn lines_of(
    bytes: Vec<u8>,
    file: Option<&str>,
    limits: ReadLimits,
) -> impl Iterator<Item = Result<Game, ParseError>> + Send + 'static {
    Lines {
        max_tree_bytes: limits.max_tree_bytes,
        budget: super::TreeBudget::for_file(bytes.len()),
        text: decode_owned(bytes),
        pos: 0,
        line: 1,
        any_tree: false,
        parsed: false,
        collection: Collection::default(),
        file: file.map(Arc::from),
        roots: 0,
        complete: true,
        leaves: Vec::new(),
        next_leaf: 0,
        broken: HashSet::new(),
        index: 0,
        stopped: false,
        tail: None,
    }
}

/// The root-to-leaf lines of a file's trees, built one at a time.
struct Lines {
    /// The memory budget of one game tree.
    max_tree_bytes: usize,
    budget: super::TreeBudget,
    /// The file's text, the byte offset and line where the next tree is looked for.
    text: String,
    pos: usize,
    line: usize,
    /// Whether a game tree was found, and whether the whole text was read.
    any_tree: bool,
    parsed: bool,
    /// The tree being expanded.
    collection: Collection,
    file: Option<Arc<str>>,
    /// How many of `collection.roots` were started.
    roots: usize,
    /// Whether the current tree was closed (else only its closed leaves are lines).
    complete: bool,
    /// The current tree's leaves, in file order, and the next one to read.
    leaves: Vec<usize>,
    next_leaf: usize,
    /// Nodes of the current tree with an error, reported once.
    broken: HashSet<usize>,
    /// The index in the file of the next leaf.
    index: usize,
    /// Reading stopped (the end of the text, or the expansion budget).
    stopped: bool,
    /// The syntax error (or the absence of any tree) reported after the lines.
    tail: Option<ParseError>,
}

impl Iterator for Lines {
    type Item = Result<Game, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut record = self.next_record()?;
        super::name_record(&mut record, self.file.as_ref());
        Some(record)
    }
}

impl Lines {
    /// Parses the next game tree of the text into `collection`; `false` when there is
    /// none (then `tail` holds the syntax error that ended the text, if any).
    fn next_tree(&mut self) -> bool {
        if self.parsed {
            return false;
        }
        self.collection.nodes.clear();
        self.collection.roots.clear();
        self.roots = 0;
        let mut cur = Cursor {
            rest: &self.text[self.pos..],
            line: self.line,
        };
        let mut stack = Vec::new();
        let mut memory = TreeMemory::new(self.max_tree_bytes);
        let result = parse_tree(&mut cur, &mut self.collection, &mut stack, &mut memory);
        self.pos = self.text.len() - cur.rest.len();
        self.line = cur.line;
        match result {
            Ok(true) => {
                self.any_tree = true;
                true
            }
            Ok(false) => {
                self.parsed = true;
                if !self.any_tree {
                    self.tail = Some(
                        ParseError::new("no SGF game tree found (a record starts with `(;`)")
                            .at_line(1),
                    );
                }
                false
            }
            Err(e) => {
                // The tree the error broke keeps its closed variations.
                self.parsed = true;
                self.tail = Some(e);
                if let Some(first) = stack.first().and_then(|open: &Open| open.first) {
                    self.collection.roots.push((first, false));
                }
                !self.collection.roots.is_empty()
            }
        }
    }

    fn next_record(&mut self) -> Option<Result<Game, ParseError>> {
        loop {
            if self.stopped {
                return self.tail.take().map(Err);
            }
            let Some(&leaf) = self.leaves.get(self.next_leaf) else {
                let Some(&(root, complete)) = self.collection.roots.get(self.roots) else {
                    self.stopped = !self.next_tree();
                    continue;
                };
                self.roots += 1;
                self.complete = complete;
                self.leaves = leaves(&self.collection, root);
                self.next_leaf = 0;
                self.broken.clear();
                continue;
            };
            let k = self.next_leaf;
            self.next_leaf += 1;
            let this = self.index;
            self.index += 1;
            let nodes = &self.collection.nodes;
            // In a tree cut short, a leaf whose variation was not closed may lack moves.
            if !self.complete && !nodes[leaf].closed {
                continue;
            }
            let path = path_to(&self.collection, leaf);
            if path.iter().any(|n| self.broken.contains(n)) {
                continue;
            }
            let variation = (self.leaves.len() > 1).then_some(k + 1);
            let label = || match variation {
                Some(k) => format!("variation {k}"),
                None => format!("game {}", this + 1),
            };
            let mut line = Line::default();
            let failure = path
                .iter()
                .enumerate()
                .find_map(|(depth, &n)| line.node(&nodes[n], depth == 0).err().map(|e| (e, n)));
            if let Some((e, n)) = failure {
                self.broken.insert(n);
                return Some(Err(e.in_record(label())));
            }
            let mut game = line.finish(variation);
            game.source = Source {
                line: Some(nodes[leaf].line),
                index: this,
                ..Source::default()
            };
            if let Err(e) = self.budget.take(&game) {
                self.stopped = true;
                return Some(Err(e.at_line(nodes[leaf].line).in_record(label())));
            }
            return Some(Ok(game));
        }
    }
}

/// Decodes the file's text: UTF-8 when valid (the bytes are taken over), else the `CA`
/// charset, else GBK.
fn decode_owned(mut bytes: Vec<u8>) -> String {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    let bytes = match String::from_utf8(bytes) {
        Ok(text) => return text,
        Err(e) => e.into_bytes(),
    };
    let bytes = &bytes[..];
    declared_charset(bytes)
        .and_then(|label| charset::declared(&label, bytes))
        .unwrap_or_else(|| charset::gbk(bytes))
}

/// The label of the first `CA[...]` property, if any.
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let at = bytes.windows(3).position(|w| w == b"CA[")?;
    let rest = &bytes[at + 3..];
    let end = rest.iter().position(|&b| b == b']')?;
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

/// A property: its identifier (upper case) and values, unescaped.
struct Property {
    id: String,
    line: usize,
    values: Vec<String>,
}

impl Property {
    fn first(&self) -> &str {
        self.values.first().map_or("", String::as_str)
    }
}

/// A node of the game trees, with links to its parent and children.
struct Node {
    line: usize,
    /// The `)` closing its sequence was read: nothing follows it in the sequence.
    closed: bool,
    parent: Option<usize>,
    children: Vec<usize>,
    props: Vec<Property>,
}

/// The nodes of the game tree being read, and its root: `(root, complete)`, where a tree
/// is not complete when a syntax error (the file cut short) ended the reading in it.
#[derive(Default)]
struct Collection {
    nodes: Vec<Node>,
    roots: Vec<(usize, bool)>,
}

/// The text still to read, with the current line number.
struct Cursor<'a> {
    rest: &'a str,
    line: usize,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.rest.chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.rest.chars().next()?;
        self.rest = &self.rest[c.len_utf8()..];
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }
}

fn syntax_error(message: impl Into<String>, line: usize) -> ParseError {
    ParseError::new(message).at_line(line)
}

/// A game tree being read.
struct Open {
    line: usize,
    /// The node its first node hangs from (`None` for a root tree).
    attach: Option<usize>,
    first: Option<usize>,
    last: Option<usize>,
}

/// Parses the next game tree of the text into `collection` (its root in
/// `collection.roots`), without recursion (variations can nest thousands deep); `false`
/// when the text holds no more trees. Text outside game trees is skipped. At a syntax
/// error (the file cut short, a stray character) or where the tree outgrows `memory`,
/// `stack` holds the trees still open.
fn parse_tree(
    cur: &mut Cursor,
    collection: &mut Collection,
    stack: &mut Vec<Open>,
    memory: &mut TreeMemory,
) -> Result<bool, ParseError> {
    while let Some(c) = cur.peek() {
        let line = cur.line;
        match c {
            '(' => {
                cur.bump();
                // The open tree, with room for the stack to double.
                charge(memory, 2 * std::mem::size_of::<Open>(), line)?;
                let attach = match stack.last() {
                    None => None,
                    Some(Open { last: Some(n), .. }) => Some(*n),
                    Some(_) => {
                        return Err(syntax_error("a variation `(` must follow a node `;`", line))
                    }
                };
                stack.push(Open {
                    line,
                    attach,
                    first: None,
                    last: None,
                });
            }
            ')' => {
                cur.bump();
                let open = stack
                    .pop()
                    .ok_or_else(|| syntax_error("unbalanced `)`: no game tree is open", line))?;
                let Some(first) = open.first else {
                    return Err(syntax_error(
                        "empty game tree: `(` must be followed by a node `;`",
                        line,
                    ));
                };
                if let Some(last) = open.last {
                    collection.nodes[last].closed = true;
                }
                if stack.is_empty() {
                    collection.roots.push((first, true));
                    return Ok(true);
                }
            }
            ';' => {
                cur.bump();
                let Some(top) = stack.last_mut() else {
                    continue;
                };
                let parent = top.last.or(top.attach);
                let first_child = parent.is_some_and(|p| collection.nodes[p].children.is_empty());
                charge(memory, node_cost(first_child), line)?;
                let props = properties(cur, memory)?;
                // The budget may be above what the system gives (a raised file limit).
                collection
                    .nodes
                    .try_reserve(1)
                    .map_err(|_| memory.refused().at_line(line))?;
                let ix = collection.nodes.len();
                top.first.get_or_insert(ix);
                top.last = Some(ix);
                if let Some(p) = parent {
                    collection.nodes[p].children.push(ix);
                }
                collection.nodes.push(Node {
                    line,
                    closed: false,
                    parent,
                    children: Vec::new(),
                    props,
                });
            }
            c if c.is_whitespace() || stack.is_empty() => {
                cur.bump();
            }
            c => {
                return Err(syntax_error(
                    format!("unexpected `{c}` in a game tree (expected `;`, `(` or `)`)"),
                    line,
                ))
            }
        }
    }
    match stack.first() {
        Some(open) => Err(syntax_error(
            format!(
                "the file ends inside the game tree opened by `(` on line {}",
                open.line
            ),
            cur.line,
        )),
        None => Ok(false),
    }
}

/// Takes `bytes` from a tree's memory budget; the error is located at `line`.
fn charge(memory: &mut TreeMemory, bytes: usize, line: usize) -> Result<(), ParseError> {
    if memory.take(bytes) {
        Ok(())
    } else {
        Err(memory.exceeded().at_line(line))
    }
}

/// What a node costs a tree's memory budget: itself with room for the node vector to
/// double, and its link in its parent's children, whose first link allocates room for
/// four (later ones may double it).
fn node_cost(first_child: bool) -> usize {
    let link = std::mem::size_of::<usize>();
    2 * std::mem::size_of::<Node>()
        + if first_child {
            4 * link + ALLOCATION
        } else {
            2 * link
        }
}

/// Reads the properties of a node, after its `;`, counting them against `memory` (a
/// node's property and value vectors are cut to their length).
fn properties(cur: &mut Cursor, memory: &mut TreeMemory) -> Result<Vec<Property>, ParseError> {
    let mut props = Vec::new();
    loop {
        cur.skip_whitespace();
        if !cur.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
            props.shrink_to_fit();
            return Ok(props);
        }
        let line = cur.line;
        let mut raw = String::new();
        while let Some(c) = cur.peek().filter(char::is_ascii_alphanumeric) {
            raw.push(c);
            cur.bump();
        }
        // FF[3] allowed lower-case letters in identifiers (`AddBlack` = `AB`).
        let mut id: String = raw.chars().filter(|c| !c.is_ascii_lowercase()).collect();
        if id.is_empty() {
            id = raw.to_ascii_uppercase();
        }
        cur.skip_whitespace();
        charge(
            memory,
            2 * std::mem::size_of::<Property>() + raw.len() + 2 * ALLOCATION,
            line,
        )?;
        let mut values = Vec::new();
        while cur.peek() == Some('[') {
            cur.bump();
            let v = value(cur)?;
            charge(
                memory,
                2 * std::mem::size_of::<String>() + v.len() + ALLOCATION,
                line,
            )?;
            values.push(v);
            cur.skip_whitespace();
        }
        values.shrink_to_fit();
        if values.is_empty() {
            return Err(syntax_error(
                format!("property `{raw}` has no value (expected `[`)"),
                line,
            ));
        }
        props.push(Property { id, line, values });
    }
}

/// Reads a value after its `[`: `\` escapes the next character, `\` before a line break
/// removes it, and line breaks become `\n`.
fn value(cur: &mut Cursor) -> Result<String, ParseError> {
    let line = cur.line;
    let unclosed = |at: usize| {
        syntax_error(
            format!("the file ends inside the value opened by `[` on line {line}"),
            at,
        )
    };
    let mut v = String::new();
    loop {
        match cur.bump().ok_or_else(|| unclosed(cur.line))? {
            ']' => return Ok(v),
            '\\' => match cur.bump().ok_or_else(|| unclosed(cur.line))? {
                '\r' => {
                    if cur.peek() == Some('\n') {
                        cur.bump();
                    }
                }
                '\n' => {
                    if cur.peek() == Some('\r') {
                        cur.bump();
                    }
                }
                c => v.push(c),
            },
            '\r' => {
                if cur.peek() == Some('\n') {
                    cur.bump();
                }
                v.push('\n');
            }
            c => v.push(c),
        }
    }
}

/// The leaves under `root`, in file order.
fn leaves(collection: &Collection, root: usize) -> Vec<usize> {
    let mut leaves = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        let children = &collection.nodes[n].children;
        if children.is_empty() {
            leaves.push(n);
        } else {
            stack.extend(children.iter().rev());
        }
    }
    leaves
}

/// The nodes from the root down to `leaf`.
fn path_to(collection: &Collection, leaf: usize) -> Vec<usize> {
    let mut path = vec![leaf];
    while let Some(parent) = path.last().and_then(|&n| collection.nodes[n].parent) {
        path.push(parent);
    }
    path.reverse();
    path
}

/// Fifth-move offers read from `5A`, waiting for the fifth move.
struct Offers {
    /// The points, or `None` when the value is not a list of points.
    points: Option<Vec<Point>>,
    /// The values as written, joined by commas.
    raw: String,
}

/// A root-to-leaf line being read, node by node.
struct Line {
    game: Game,
    to_move: Color,
    moves: usize,
    offers: Option<Offers>,
    name: Option<String>,
    /// `RE`: a result, or the text when it is none.
    result: Option<Result<DeclaredResult, String>>,
}

impl Default for Line {
    fn default() -> Line {
        Line {
            game: Game::new(RENJU_SIZE),
            to_move: Color::Black,
            moves: 0,
            offers: None,
            name: None,
            result: None,
        }
    }
}

impl Line {
    fn tag(&mut self, key: &str, value: impl Into<String>) {
        self.game.tags.push((key.to_string(), value.into()));
    }

    fn node(&mut self, node: &Node, root: bool) -> Result<(), ParseError> {
        if root {
            if let Some(sz) = node.props.iter().find(|p| p.id == "SZ") {
                self.game.size = board_size(sz.first()).map_err(|e| e.at_line(sz.line))?;
            }
        }
        let mut stone = None;
        let mut comment = None;
        let mut decisions = None;
        let mut left: Option<(Color, &Property)> = None;
        let mut moves_left: Option<(Color, &Property)> = None;
        let (mut tm, mut ot) = (None, None);
        for p in &node.props {
            let value = p.first().trim();
            match p.id.as_str() {
                "TM" if root => tm = Some(p),
                "OT" if root => ot = Some(p),
                "BL" => left = Some((Color::Black, p)),
                "WL" => left = Some((Color::White, p)),
                "OB" => moves_left = Some((Color::Black, p)),
                "OW" => moves_left = Some((Color::White, p)),
                "B" | "W" => {
                    if stone.is_some() || p.values.len() != 1 {
                        return Err(ParseError::new(
                            "a node holds at most one move (one `B[..]` or `W[..]`)",
                        )
                        .at_line(p.line));
                    }
                    stone = Some(p);
                }
                "5A" => self.offer(p)?,
                "SW" => decisions = Some(colour_decisions(p)?),
                "AB" | "AW" | "AE" => {
                    return Err(ParseError::new(format!(
                        "setup stones ({}) are not supported: every stone must be a move",
                        p.id
                    ))
                    .at_line(p.line))
                }
                "SZ" if !root => {
                    return Err(
                        ParseError::new("SZ is only allowed in the root node").at_line(p.line)
                    )
                }
                "GM" if root && value != "4" => self.tag("gm", value),
                "TE" if root => self.tag("termination", value),
                "TL" if root => self.tag("turn-limit", value),
                "DA" if root => {
                    let limit = value.parse().ok().filter(|&n: &u16| n > 0);
                    self.game.draw_after = Some(limit.ok_or_else(|| {
                        ParseError::new(format!("DA[{value}] is not a number of stones"))
                            .at_line(p.line)
                    })?);
                }
                "GN" => self.name = Some(value.to_string()).filter(|n| !n.is_empty()),
                "RE" => self.result = Some(parse_result(value).ok_or_else(|| value.to_string())),
                // Rule names are read as RenjuNet's are; one not understood is
                // reported as unknown, never guessed.
                "RU" => match gomocup_rule(value).or_else(|| super::rules_from_name(value)) {
                    // The last RU says the rule: a known rule and an unknown one are
                    // never kept together.
                    Some((rule_set, opening)) => {
                        self.game.rule_set = Some(rule_set);
                        self.game.opening = opening;
                        self.game.unknown_rule = None;
                    }
                    None => {
                        self.game.rule_set = None;
                        self.game.opening = None;
                        self.game.unknown_rule = Some(value.to_string());
                    }
                },
                "C" => comment = Some(p.first().to_string()),
                id => {
                    if let Some((_, key)) = INFO_TAGS.iter().find(|(prop, _)| *prop == id) {
                        self.tag(key, value);
                    }
                }
            }
        }
        if tm.is_some() || ot.is_some() {
            let line = tm.or(ot).map_or(0, |p| p.line);
            let control =
                TimeControl::from_sgf(tm.map(|p| p.first().trim()), ot.map(|p| p.first().trim()))
                    .map_err(|e| ParseError::new(e.to_string()).at_line(line))?;
            self.game.time_control = Some(control);
        }
        if let Some(p) = stone {
            self.play(p)?;
            self.clock_reading(p, left, moves_left)?;
        }
        for swap in decisions.unwrap_or_default() {
            self.game.events.push(Event::Swap { swap });
        }
        if let Some(text) = comment {
            self.tag(&comment_key(self.moves), text);
        }
        Ok(())
    }

    /// `BL`/`WL` (seconds left) and `OB`/`OW` (moves or periods left) of the mover,
    /// after the move of this node.
    fn clock_reading(
        &mut self,
        stone: &Property,
        left: Option<(Color, &Property)>,
        moves_left: Option<(Color, &Property)>,
    ) -> Result<(), ParseError> {
        let mover = if stone.id == "B" {
            Color::Black
        } else {
            Color::White
        };
        let number = self.moves;
        let left_ms = match left.filter(|(c, _)| *c == mover) {
            Some((_, p)) => {
                let text = p.first().trim();
                let seconds: f64 = text
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                    .ok_or_else(|| {
                        ParseError::new(format!("{}[{text}] is not a number of seconds", p.id))
                            .at_line(p.line)
                            .at_move(number)
                    })?;
                Some((seconds * 1000.0).round() as u64)
            }
            None => None,
        };
        let moves_left = match moves_left.filter(|(c, _)| *c == mover) {
            Some((_, p)) => {
                let text = p.first().trim();
                Some(text.parse::<u32>().map_err(|_| {
                    ParseError::new(format!("{}[{text}] is not a number of moves", p.id))
                        .at_line(p.line)
                        .at_move(number)
                })?)
            }
            None => None,
        };
        if left_ms.is_some() || moves_left.is_some() {
            self.game.events.push(Event::MoveTime {
                elapsed_ms: None,
                left_ms,
                moves_left,
            });
        }
        Ok(())
    }

    fn offer(&mut self, p: &Property) -> Result<(), ParseError> {
        if self.moves >= 5 {
            return Err(
                ParseError::new("5A (fifth-move offers) after the fifth move").at_line(p.line),
            );
        }
        let points = offer_points(&p.values, self.game.size).map_err(|e| e.at_line(p.line))?;
        self.offers = Some(Offers {
            points,
            raw: p.values.join(","),
        });
        Ok(())
    }

    fn play(&mut self, p: &Property) -> Result<(), ParseError> {
        let number = self.moves + 1;
        let color = if p.id == "B" {
            Color::Black
        } else {
            Color::White
        };
        let located = |e: ParseError| e.at_line(p.line).at_move(number);
        if color != self.to_move {
            return Err(located(ParseError::new(format!(
                "move {number} is {color}, but {} is to move (colours alternate; a pass must be written as a move)",
                self.to_move
            ))));
        }
        let value = p.first().trim();
        let size = self.game.size;
        let fifth_offers = match self.offers.as_ref() {
            Some(Offers {
                points: Some(_), ..
            }) if self.moves == 4 => self.offers.take().and_then(|o| o.points),
            _ => None,
        };
        let event = if value.is_empty() || (size <= 19 && value.eq_ignore_ascii_case("tt")) {
            if fifth_offers.is_some() {
                return Err(located(ParseError::new(
                    "the fifth move is a pass, but 5A offers fifth moves",
                )));
            }
            Event::Pass
        } else {
            let point = sgf_point(value, size).map_err(located)?;
            match fifth_offers {
                Some(mut offered) => {
                    if !offered.contains(&point) {
                        offered.push(point);
                    }
                    Event::FifthOffers {
                        offered,
                        chosen: point,
                    }
                }
                None => Event::Stone { point },
            }
        };
        self.game.events.push(event);
        self.moves += 1;
        self.to_move = self.to_move.opponent();
        Ok(())
    }

    /// The game of this line; `variation` is its number in a tree with several leaves.
    fn finish(mut self, variation: Option<usize>) -> Game {
        if let Some(offers) = self.offers.take() {
            self.tag("5A", offers.raw);
        }
        if matches!(variation, None | Some(1)) {
            match self.result.take() {
                Some(Ok(result)) => self.game.events.push(Event::Result(result)),
                Some(Err(text)) => self.tag("result", text),
                None => {}
            }
        }
        self.game.id = self.name.map(|name| match variation {
            Some(k) => format!("{name} #{k}"),
            None => name,
        });
        self.game
    }
}

/// The tag of a comment on the node of move `moves` (0: the root).
fn comment_key(moves: usize) -> String {
    if moves == 0 {
        "comment".to_string()
    } else {
        format!("comment {moves}")
    }
}

/// The move number of a comment tag (`comment` = 0, `comment 12` = 12).
fn comment_move(key: &str) -> Option<usize> {
    if key == "comment" {
        return Some(0);
    }
    key.strip_prefix("comment ")?.parse().ok()
}

/// `SZ[15]` or `SZ[15:15]`.
fn board_size(value: &str) -> Result<u8, ParseError> {
    let (cols, rows) = value.split_once(':').unwrap_or((value, value));
    let bad = || {
        ParseError::new(format!(
            "SZ[{value}] is not a supported board (square, 5 to 26)"
        ))
    };
    let cols: u8 = cols.trim().parse().map_err(|_| bad())?;
    let rows: u8 = rows.trim().parse().map_err(|_| bad())?;
    if cols != rows || !(MIN_SIZE..=MAX_SIZE).contains(&cols) {
        return Err(bad());
    }
    Ok(cols)
}

/// An SGF point (`hh`; upper case accepted) on a board of side `size`.
fn sgf_point(value: &str, size: u8) -> Result<Point, ParseError> {
    let coord = |c: u8| {
        c.is_ascii_alphabetic()
            .then(|| c.to_ascii_lowercase() - b'a')
            .filter(|&v| v < size)
    };
    let point = match value.as_bytes() {
        [c, r] => coord(*c)
            .zip(coord(*r))
            .and_then(|(x, row)| Point::new(x, size - 1 - row)),
        _ => None,
    };
    point.ok_or_else(|| {
        ParseError::new(format!(
            "`{value}` is not a point on the {size}x{size} board (two letters from `a`, column then row from the top)"
        ))
    })
}

/// The SGF letters of a point on a board of side `size`.
fn sgf_coord(point: Point, size: u8) -> Result<String, ParseError> {
    if !point.is_on(size) {
        return Err(ParseError::new(format!(
            "{point} is off the {size}x{size} board"
        )));
    }
    Ok([b'a' + point.x(), b'a' + (size - 1 - point.y())]
        .iter()
        .map(|&b| b as char)
        .collect())
}

/// `SW[1]` (colours exchanged) and `SW[0]` (kept), one value per decision, in order:
/// the colour decisions taken after the node's move (this library's property).
fn colour_decisions(p: &Property) -> Result<Vec<bool>, ParseError> {
    p.values
        .iter()
        .map(|v| match v.trim() {
            "1" => Ok(true),
            "0" => Ok(false),
            other => Err(ParseError::new(format!(
                "SW[{other}] is not a colour decision (SW[1] swaps, SW[0] keeps colours)"
            ))
            .at_line(p.line)),
        })
        .collect()
}

/// The points of a `5A` property: each value one or more SGF points, optionally separated
/// by commas or spaces. `None` when a value is not made of points.
fn offer_points(values: &[String], size: u8) -> Result<Option<Vec<Point>>, ParseError> {
    let mut points = Vec::new();
    for v in values {
        let compact: String = v
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .collect();
        let pairs = compact.as_bytes().chunks_exact(2);
        if compact.is_empty()
            || !pairs.remainder().is_empty()
            || !compact.bytes().all(|b| b.is_ascii_alphabetic())
        {
            return Ok(None);
        }
        for pair in pairs {
            let text: String = pair.iter().map(|&b| b as char).collect();
            points.push(sgf_point(&text, size)?);
        }
    }
    Ok(Some(points))
}

/// `RU`: a rule set, optionally followed by an opening protocol.
/// Reasons as written after `B+`, `W+` or `Draw+`.
const REASONS: [(ResultReason, &str); 8] = [
    (ResultReason::Resignation, "R"),
    (ResultReason::Time, "T"),
    (ResultReason::Forfeit, "F"),
    (ResultReason::Five, "Five"),
    (ResultReason::Forbidden, "Forbidden"),
    (ResultReason::Agreement, "Agreement"),
    (ResultReason::TwoPasses, "TwoPasses"),
    (ResultReason::FullBoard, "FullBoard"),
];

/// `RU[n]` as Gomocup's managers write it (c-gomoku-cli, Piskvork): the rule number
/// of `INFO rule`, a bitmask (0 freestyle, 1 exactly five, 4 renju, 8 caro; bit 2, the
/// continuous game, changes no rule of a single game).
fn gomocup_rule(value: &str) -> Option<(RuleSet, Option<OpeningRule>)> {
    let n: u32 = value.trim().parse().ok()?;
    let rule_set = match n & !2 {
        0 => RuleSet::Freestyle,
        1 => RuleSet::Standard,
        4 | 5 => RuleSet::Renju,
        8 | 9 => RuleSet::Caro,
        _ => return None,
    };
    Some((rule_set, None))
}

/// `RE`: `B+`, `W+R`, `B+Time`, `B+5` (a score: no reason), `0`, `Draw`, `B+DRAW`,
/// `Draw+Agreement`.
fn parse_result(value: &str) -> Option<DeclaredResult> {
    let upper = value.to_ascii_uppercase();
    let draw = |reason| DeclaredResult {
        winner: None,
        reason,
    };
    match upper.as_str() {
        "0" | "DRAW" | "D" | "JIGO" | "B+DRAW" | "W+DRAW" => return Some(draw(None)),
        _ => {}
    }
    if upper.starts_with("DRAW+") {
        return Some(draw(parse_reason(value.get(5..)?)));
    }
    let winner = match upper.get(..2)? {
        "B+" => Color::Black,
        "W+" => Color::White,
        _ => return None,
    };
    Some(DeclaredResult {
        winner: Some(winner),
        reason: parse_reason(value.get(2..)?),
    })
}

fn parse_reason(text: &str) -> Option<ResultReason> {
    let text = text.trim();
    if text.is_empty() || text.parse::<f64>().is_ok() {
        return None;
    }
    let found = REASONS
        .iter()
        .find(|(_, name)| name.eq_ignore_ascii_case(text));
    Some(match (found, text.to_ascii_lowercase().as_str()) {
        (Some((reason, _)), _) => reason.clone(),
        (None, "resign" | "resignation") => ResultReason::Resignation,
        (None, "time") => ResultReason::Time,
        (None, "forfeit") => ResultReason::Forfeit,
        (None, "foul") => ResultReason::Forbidden,
        _ => ResultReason::Other(text.to_string()),
    })
}

fn format_result(result: &DeclaredResult) -> String {
    let reason = result.reason.as_ref().map(|r| match r {
        ResultReason::Other(text) => text.as_str(),
        known => REASONS
            .iter()
            .find(|(reason, _)| reason == known)
            .map_or("", |(_, name)| name),
    });
    match (result.winner, reason) {
        (None, None) => "0".to_string(),
        (None, Some(reason)) => format!("Draw+{reason}"),
        (Some(winner), reason) => {
            let side = if winner == Color::Black { 'B' } else { 'W' };
            format!("{side}+{}", reason.unwrap_or(""))
        }
    }
}

/// Writes games as SGF, one game tree per game (see the module documentation).
///
/// ```
/// use renju_records::formats::sgf;
/// use renju_records::Game;
/// let game = Game::from_moves("h8 h9 i8").unwrap();
/// let bytes = sgf::write(&[game.clone()]).unwrap();
/// assert!(String::from_utf8_lossy(&bytes).contains(";B[hh];W[hg];B[ih]"));
/// let back = sgf::read(&bytes, None).remove(0).unwrap();
/// assert_eq!(back.events, game.events);
/// ```
pub fn write(games: &[Game]) -> Result<Vec<u8>, WriteError> {
    write_games(games).map_err(|e| WriteError::new(Format::Sgf, e))
}

fn write_games(games: &[Game]) -> Result<Vec<u8>, ParseError> {
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        write_game(&mut out, game).map_err(|e| {
            e.in_record(game.id.clone().unwrap_or_else(|| format!("game {}", i + 1)))
        })?;
    }
    Ok(out.into_bytes())
}

/// Appends `ID[value]`, escaped.
fn property(out: &mut String, id: &str, value: &str) {
    out.push_str(id);
    out.push('[');
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(']');
}

fn write_game(out: &mut String, game: &Game) -> Result<(), ParseError> {
    let size = game.size;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(ParseError::new(format!(
            "board size {size} is not supported (5 to 26)"
        )));
    }
    let mut moves = move_nodes(game)?;
    let root = root_node(game, &mut moves)?;
    out.push_str(&root);
    out.push('\n');
    for node in moves.nodes {
        out.push_str(&node);
    }
    out.push_str(")\n");
    Ok(())
}

/// The move nodes of a game and what SGF keeps in the root instead.
struct MoveNodes<'a> {
    /// One node per move or pass, with its time left and comments.
    nodes: Vec<String>,
    /// The fifth-move offers, for the root's 5A.
    offers: Option<&'a Vec<Point>>,
    /// The result, for the root's RE.
    result: Option<&'a DeclaredResult>,
}

/// Writes the events of a game as move nodes; refuses events SGF cannot keep.
fn move_nodes(game: &Game) -> Result<MoveNodes<'_>, ParseError> {
    let size = game.size;
    let mut nodes: Vec<String> = Vec::new();
    let mut side = Color::Black;
    let mut offers = None;
    let mut result = None;
    // The colour decisions taken after the last node's move (its SW values).
    let mut decisions: Vec<&str> = Vec::new();
    for event in &game.events {
        let number = nodes.len() + 1;
        if result.is_some() {
            return Err(ParseError::new(
                "SGF keeps the result (RE) for the end of the game, but events follow it",
            )
            .at_move(number));
        }
        let coord = match event {
            Event::Stone { point } => sgf_coord(*point, size).map_err(|e| e.at_move(number))?,
            Event::Pass => String::new(),
            Event::FifthOffers { offered, chosen } => {
                if number != 5 {
                    return Err(ParseError::new(
                        "SGF 5A holds fifth-move offers only, but these offers are for another move",
                    )
                    .at_move(number));
                }
                offers = Some(offered);
                sgf_coord(*chosen, size).map_err(|e| e.at_move(number))?
            }
            Event::Result(r) => {
                result = Some(r);
                continue;
            }
            Event::Swap { swap } if !nodes.is_empty() => {
                decisions.push(if *swap { "1" } else { "0" });
                continue;
            }
            // The mover's time left (BL/WL) and moves or periods left (OB/OW) go on the
            // node of the move just written.
            Event::MoveTime {
                elapsed_ms: None,
                left_ms,
                moves_left,
            } if !nodes.is_empty() && decisions.is_empty() => {
                let node = nodes.last_mut().expect("checked");
                time_left(node, side.opponent(), *left_ms, *moves_left);
                continue;
            }
            other => return Err(unwritable_event(other).at_move(number)),
        };
        close_decisions(nodes.last_mut(), &mut decisions);
        let mut node = String::from(";");
        property(
            &mut node,
            if side == Color::Black { "B" } else { "W" },
            &coord,
        );
        nodes.push(node);
        side = side.opponent();
    }
    close_decisions(nodes.last_mut(), &mut decisions);
    Ok(MoveNodes {
        nodes,
        offers,
        result,
    })
}

/// Writes the colour decisions taken after a node's move as its `SW` values.
fn close_decisions(node: Option<&mut String>, decisions: &mut Vec<&str>) {
    if let (Some(node), false) = (node, decisions.is_empty()) {
        node.push_str("SW");
        for d in decisions.drain(..) {
            node.push_str(&format!("[{d}]"));
        }
    }
}

/// Adds the mover's time left (BL/WL) and moves or periods left (OB/OW) to a node.
fn time_left(node: &mut String, mover: Color, left_ms: Option<u64>, moves_left: Option<u32>) {
    if let Some(ms) = left_ms {
        let id = if mover == Color::Black { "BL" } else { "WL" };
        property(node, id, &format_seconds(ms));
    }
    if let Some(n) = moves_left {
        let id = if mover == Color::Black { "OB" } else { "OW" };
        property(node, id, &n.to_string());
    }
}

/// Why an event that is not a move, pass, offer, result or time left cannot be written.
fn unwritable_event(event: &Event) -> ParseError {
    match event {
        Event::MoveTime { .. } => ParseError::new(format!(
            "SGF keeps the time left after a move (BL/WL), not the time a move took, so {event} cannot be written"
        )),
        Event::Swap { .. } => ParseError::new(format!(
            "SGF keeps colour decisions after a move (SW), so {event} before the first move cannot be written"
        )),
        Event::DeclareOffers { .. } => ParseError::new(format!(
            "SGF has no property for {event}; the RIF format and move lists keep it"
        )),
        other => ParseError::new(format!("SGF has no property for {other}")),
    }
}

/// The root node: format, size, rules, id, time control, offers, tags (comments on
/// moves go to `moves.nodes`), result. Without the closing parenthesis.
fn root_node(game: &Game, moves: &mut MoveNodes<'_>) -> Result<String, ParseError> {
    let size = game.size;
    let mut root = String::from("(;FF[4]");
    if game.tag("gm").is_none() {
        root.push_str("GM[4]");
    }
    root.push_str(&format!("CA[UTF-8]SZ[{size}]"));
    match (game.rule_set, game.opening) {
        (Some(rule_set), Some(opening)) => {
            property(&mut root, "RU", &format!("{rule_set} {opening}"))
        }
        (Some(rule_set), None) => property(&mut root, "RU", rule_set.name()),
        (None, _) => {
            if let (None, Some(unknown)) = (game.tag("rule"), &game.unknown_rule) {
                property(&mut root, "RU", unknown);
            }
        }
    }
    if let Some(id) = &game.id {
        property(&mut root, "GN", id);
    }
    if let Some(limit) = game.draw_after {
        property(&mut root, "DA", &limit.to_string());
    }
    if let Some(control) = &game.time_control {
        match control.to_sgf() {
            (None, None) => {
                return Err(ParseError::new(format!(
                    "SGF's TM and OT cannot say the time control {control}"
                )))
            }
            (tm, ot) => {
                if let Some(tm) = tm {
                    property(&mut root, "TM", &tm);
                }
                if let Some(ot) = ot {
                    property(&mut root, "OT", &ot);
                }
            }
        }
    }
    if let Some(offered) = moves.offers {
        root.push_str("5A");
        for point in offered {
            root.push_str(&format!("[{}]", sgf_coord(*point, size)?));
        }
    }
    write_tags(game, &mut root, moves);
    match (moves.result, game.tag("result")) {
        (Some(result), _) => property(&mut root, "RE", &format_result(result)),
        (None, Some(text)) => property(&mut root, "RE", text),
        (None, None) => {}
    }
    Ok(root)
}

/// The game's tags: known ones as root properties, comments on the root or on the node
/// of their move; others left out. A tag repeated in the game is written once, with its
/// first value (the one [`Game::tag`] reads): a property appears once in a node.
fn write_tags(game: &Game, root: &mut String, moves: &mut MoveNodes<'_>) {
    let mut written = std::collections::HashSet::new();
    for (key, value) in &game.tags {
        if !written.insert(key.as_str()) {
            continue;
        }
        match key.as_str() {
            "gm" => property(root, "GM", value),
            "rule" if game.rule_set.is_none() => property(root, "RU", value),
            "5A" if moves.offers.is_none() => property(root, "5A", value),
            "termination" => property(root, "TE", value),
            "turn-limit" => property(root, "TL", value),
            key => {
                if let Some(n) = comment_move(key) {
                    match n.checked_sub(1) {
                        None => property(root, "C", value),
                        Some(k) => {
                            if let Some(node) = moves.nodes.get_mut(k) {
                                property(node, "C", value);
                            }
                        }
                    }
                } else if let Some((id, _)) = INFO_TAGS.iter().find(|(_, tag)| *tag == key) {
                    property(root, id, value);
                }
            }
        }
    }
}
