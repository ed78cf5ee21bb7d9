// The renju package: the judge, the live referee and the record formats of the renju
// Rust crates, from one WebAssembly module (renju.wasm beside this file), for Node 20
// and browsers. Every rule is decided in the module; this file only carries arguments
// in and answers out (the module's calling convention is in renju-js/src/lib.rs).

const wasmUrl = new URL('./renju.wasm', import.meta.url);

async function wasmBytes() {
  if (wasmUrl.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return readFile(wasmUrl);
  }
  const response = await fetch(wasmUrl);
  if (!response.ok) {
    throw new Error(`renju: cannot load ${wasmUrl}: HTTP ${response.status}`);
  }
  return response.arrayBuffer();
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

let memory;
const { instance } = await WebAssembly.instantiate(await wasmBytes(), {
  env: {
    // The salt of a sealed move.
    renju_random_fill(ptr, len) {
      try {
        for (let at = 0; at < len; at += 65536) {
          globalThis.crypto.getRandomValues(
            new Uint8Array(memory.buffer, ptr + at, Math.min(65536, len - at)),
          );
        }
        return 0;
      } catch {
        return 1;
      }
    },
    // Text in a legacy charset (GBK, Windows-1252, an SGF's CA), decoded here by the
    // same WHATWG standard the native build's tables implement.
    renju_host_decode(labelPtr, labelLen, bytesPtr, bytesLen, strict) {
      const label = decoder.decode(new Uint8Array(memory.buffer, labelPtr, labelLen));
      let textDecoder;
      try {
        textDecoder = new TextDecoder(label, { fatal: strict === 1, ignoreBOM: true });
      } catch {
        return 0;
      }
      let text = null;
      try {
        text = textDecoder.decode(new Uint8Array(memory.buffer, bytesPtr, bytesLen).slice());
      } catch {
        text = null;
      }
      const name = encoder.encode(textDecoder.encoding);
      const body = encoder.encode(text ?? '');
      const namePtr = w.renju_alloc(name.length);
      const bodyPtr = w.renju_alloc(body.length);
      if (namePtr === 0 || (bodyPtr === 0 && body.length > 0)) {
        // No memory for the text: it is handed over as not decoded.
        if (bodyPtr !== 0) w.renju_free(bodyPtr, body.length);
        w.renju_host_decoded(namePtr, namePtr === 0 ? 0 : name.length, 0, 0, 0);
        return namePtr === 0 ? 0 : 1;
      }
      new Uint8Array(memory.buffer, namePtr, name.length).set(name);
      new Uint8Array(memory.buffer, bodyPtr, body.length).set(body);
      w.renju_host_decoded(namePtr, name.length, bodyPtr, body.length, text === null ? 0 : 1);
      return 1;
    },
  },
});
const w = instance.exports;
memory = w.memory;
w.renju_init();

// --- Errors ------------------------------------------------------------------------

/** Every error the package throws; `code` is the library's stable code. */
export class RenjuError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'RenjuError';
    this.code = code;
  }
}

/** A referee refused an action (the game is unchanged); `code` says why. */
export class RefusalError extends RenjuError {
  constructor(code, message) {
    super(code, message);
    this.name = 'RefusalError';
  }
}

/** A record or a position could not be read. */
export class ParseError extends RenjuError {
  constructor(code, message) {
    super(code, message);
    this.name = 'ParseError';
  }
}

/** Options that name no rule, protocol, time control or size the library knows. */
export class OptionsError extends RenjuError {
  constructor(code, message) {
    super(code, message);
    this.name = 'OptionsError';
  }
}

/** The referee's refusal codes (the C library's, by name). */
export const REFUSAL_CODES = Object.freeze([
  'not-your-turn', 'wrong-action', 'occupied', 'off-board', 'outside-area', 'forbidden',
  'offer-count', 'symmetric-offers', 'not-offered', 'draw-offer-not-allowed', 'game-over',
  'paused', 'bad-request', 'adjourned', 'seal-mismatch',
]);

function errorOf({ code, message }) {
  if (REFUSAL_CODES.includes(code)) return new RefusalError(code, message);
  if (code === 'parse' || code === 'no-game' || code === 'bad-position') {
    return new ParseError(code, message);
  }
  if (code === 'bad-options') return new OptionsError(code, message);
  return new RenjuError(code, message);
}

// --- The boundary ------------------------------------------------------------------

// The internal failure that stopped the module, once one did: a trap (a panic of the
// Rust code, which aborts) leaves its memory in no known state, so every later call
// throws this error instead of running on it.
let stopped = null;

function guard(f) {
  if (stopped) throw stopped;
  try {
    return f();
  } catch (error) {
    throw stopOn(error);
  }
}

// The error to throw for `error`, caught around a call into the module: a trap stops
// the module.
function stopOn(error) {
  if (error instanceof WebAssembly.RuntimeError) {
    stopped = new RenjuError('internal', `the WebAssembly module stopped at an internal error (${error.message}): load the package again`);
    return stopped;
  }
  return error;
}

function answerBytes() {
  return guard(() => new Uint8Array(memory.buffer, w.renju_out_ptr(), w.renju_out_len()));
}

function answerText() {
  return decoder.decode(answerBytes());
}

function fail() {
  throw errorOf(JSON.parse(answerText()));
}

// Arguments are written into module memory for the length of one call: into one
// reused region when small, into memory of their own (freed after the call) when large,
// so that a large file does not keep its size held.
const SMALL = 1 << 20;
let scratch = { ptr: 0, len: 0 };

function reserve(need) {
  if (need <= scratch.len) return;
  if (scratch.ptr) w.renju_free(scratch.ptr, scratch.len);
  const len = Math.max(need, 4096, Math.min(2 * scratch.len, SMALL));
  scratch = { ptr: w.renju_alloc(len), len };
  if (scratch.ptr === 0) {
    scratch = { ptr: 0, len: 0 };
    throw new RenjuError('bad-argument', `cannot hold ${len} bytes`);
  }
}

function bytesOf(value) {
  if (typeof value === 'string' || value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  throw new RenjuError('bad-argument', `expected text or bytes, got ${value === null ? 'null' : typeof value}`);
}

// Writes `values` into module memory: their (pointer, length) pairs; what was allocated
// for them alone goes into `held`.
function place(values, held) {
  if (values.some((v) => v.length > SMALL / 3)) {
    return values.flatMap((v) => {
      const bytes = typeof v === 'string' ? encoder.encode(v) : v;
      if (bytes.length === 0) return [0, 0];
      const ptr = w.renju_alloc(bytes.length);
      if (ptr === 0) throw new RenjuError('bad-argument', `cannot hold ${bytes.length} bytes`);
      held.push([ptr, bytes.length]);
      new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
      return [ptr, bytes.length];
    });
  }
  reserve(values.reduce((n, v) => n + (typeof v === 'string' ? 3 * v.length : v.length), 0));
  const view = new Uint8Array(memory.buffer, scratch.ptr, scratch.len);
  const flat = [];
  let at = 0;
  for (const v of values) {
    let n = v.length;
    if (typeof v === 'string') n = encoder.encodeInto(v, view.subarray(at)).written;
    else view.set(v, at);
    flat.push(scratch.ptr + at, n);
    at += n;
  }
  return flat;
}

// Calls `fn` with each value (text or bytes) as (pointer, length), then `numbers`:
// its status.
function invoke(fn, values, numbers) {
  const held = [];
  try {
    return guard(() => fn(...place(values.map(bytesOf), held), ...numbers));
  } finally {
    if (!stopped) for (const [ptr, len] of held) w.renju_free(ptr, len);
  }
}

// Like `invoke`; throws the module's error, or returns the answer as text.
function call(fn, values, numbers = []) {
  if (invoke(fn, values, numbers) !== 0) fail();
  return answerText();
}

// Like `invoke` for a constructor (0 is its failure): the handle.
function make(fn, values, numbers = []) {
  const handle = invoke(fn, values, numbers);
  if (handle === 0) fail();
  return handle;
}

const registry = new FinalizationRegistry((handle) => stopped || w.renju_drop(handle));

function optionsJson(options) {
  if (options === undefined || options === null) return '';
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new OptionsError('bad-options', 'the options must be an object');
  }
  return JSON.stringify(options);
}

/** The library's version. */
export const version = (() => {
  w.renju_version();
  return answerText();
})();

// --- The referee -------------------------------------------------------------------

// An action as JSON; a number JSON cannot hold (NaN, Infinity), which JSON.stringify
// would turn into null, is refused instead.
function actionJson(action) {
  return JSON.stringify(action, (key, value) => {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new RefusalError('bad-request', `"${key}" is ${value}, not a number JSON can hold`);
    }
    return value;
  });
}

function adopt(target, handle) {
  target._handle = handle;
  registry.register(target, handle, target);
}

// Takes `target`'s handle away from it (and from the collector): the handle, 0 when it
// had none.
function release(target) {
  const handle = target._handle ?? 0;
  if (handle) {
    registry.unregister(target);
    target._handle = 0;
  }
  return handle;
}

function handleOf(target) {
  if (!target._handle) throw new RenjuError('bad-handle', 'this object was freed');
  return target._handle;
}

/**
 * The live referee of one game: actions in (`act`, or lines of the JSON-lines protocol
 * with `handle`), status out, with clocks, opening protocols, draw offers and the
 * arbiter's acts.
 */
export class Referee {
  /** A referee at the start of a game. */
  constructor(options = {}) {
    adopt(this, make(w.renju_referee_new, [optionsJson(options)]));
  }

  /** A referee going on from the first game of a record (`format`: a name or a file name). */
  static load(record, format = 'moves', options = {}) {
    const referee = Object.create(Referee.prototype);
    adopt(referee, make(w.renju_referee_load, [optionsJson(options), record, format]));
    return referee;
  }

  /** A referee that replays `actions` (as `actions()` gave them) under `options`. */
  static fromActions(actions, options = {}) {
    const referee = Object.create(Referee.prototype);
    adopt(referee, make(w.renju_referee_from_actions, [optionsJson(options), JSON.stringify(actions)]));
    return referee;
  }

  /** Takes one action (`{action: 'place', point: 'h8', t: 1200}`); throws a RefusalError. */
  act(action) {
    const handle = handleOf(this);
    if (invoke((ptr, len) => w.renju_referee_act(handle, ptr, len), [actionJson(action)], []) !== 0) fail();
    return this;
  }

  /** Answers one line of the JSON-lines protocol with its reply line (as `renju referee`). */
  handle(line) {
    return call(w.renju_referee_line.bind(null, handleOf(this)), [line]);
  }

  /** The status: what is required of whom, the legal and forbidden points, clocks, outcome. */
  status() {
    return JSON.parse(call(w.renju_referee_status.bind(null, handleOf(this)), []));
  }

  /** The game so far in a text format (`moves`, `rif`, `psq`, `sgf`, `openings`). */
  record(format = 'moves') {
    const reply = JSON.parse(this.handle(JSON.stringify({ action: 'record', format })));
    if (!reply.ok) throw errorOf(reply.error);
    return reply.record;
  }

  /** Why a black stone on `point` would (or would not) be forbidden, for people. */
  explain(point) {
    const reply = JSON.parse(this.handle(JSON.stringify({ action: 'explain', point })));
    if (!reply.ok) throw errorOf(reply.error);
    return reply.explanation;
  }

  /** The actions taken, which with the options restore the referee (`fromActions`). */
  actions() {
    return JSON.parse(call(w.renju_referee_actions.bind(null, handleOf(this)), []));
  }

  /** The moves on the board, in order: `[{move: 'h8', color: 'black'}, ...]`. */
  moves() {
    return JSON.parse(call(w.renju_referee_moves.bind(null, handleOf(this)), []));
  }

  /** The board's rows, top row first, of `B`, `W` and `.`. */
  rows() {
    return JSON.parse(call(w.renju_referee_board.bind(null, handleOf(this)), []));
  }

  /**
   * Takes back the last action (after `load`, the record's last event when no action
   * followed); throws a RenjuError `no-action` when there is nothing to take back.
   */
  undo() {
    call(w.renju_referee_undo.bind(null, handleOf(this)), []);
    return this;
  }

  /** An independent copy. */
  copy() {
    const copy = Object.create(Object.getPrototypeOf(this));
    Object.assign(copy, this);
    adopt(copy, make(() => w.renju_referee_copy(handleOf(this)), []));
    return copy;
  }

  /** Frees the module's memory now (otherwise when the object is collected). */
  free() {
    const handle = release(this);
    if (handle && !stopped) guard(() => w.renju_drop(handle));
  }
}

// --- The game ----------------------------------------------------------------------

/**
 * A game of Renju or Gomoku, in the manner of chess.js: `move`, `moves`, `undo`,
 * `history`, `isGameOver`, `load`, and the records. The rules, the opening protocol
 * and every verdict are the referee's (untimed).
 */
export class Renju {
  /** A game from its options: `{rule, size, opening, fouls, fiveCompletionCounts, ...}`. */
  constructor(options = {}) {
    this._options = { ...options };
    this._referee = new Referee(this._options);
  }

  /** Plays a stone (`'h8'`); the move played (`{move, color}`). Throws a RefusalError. */
  move(point) {
    this._referee.act({ action: 'place', point: String(point) });
    return this._last();
  }

  /** Passes. */
  pass() {
    this._referee.act({ action: 'pass' });
    return this._last();
  }

  /** Takes an action of the opening protocol or beside the board (`{action: 'swap'}`, ...). */
  act(action) {
    this._referee.act(action);
    return this;
  }

  /** The points where the stone to play may go. */
  moves() {
    return this.status().legal ?? [];
  }

  /** Black's forbidden points now, each with its foul: `{h9: 'double-three'}`. */
  forbidden() {
    const spots = this.status().forbidden ?? [];
    return Object.fromEntries(spots.map((s) => [s.point, s.kind]));
  }

  /** Why a black stone on `point` would (or would not) be forbidden, for people. */
  explain(point) {
    return this._referee.explain(point);
  }

  /** The colour of the stone to play next. */
  turn() {
    return this.status().stone;
  }

  /** The referee's status (what is required, legal and forbidden points, outcome). */
  status() {
    return this._referee.status();
  }

  /** The outcome (`{result, termination, winner, ...}`), or null while the game goes on. */
  outcome() {
    return this.status().outcome ?? null;
  }

  /** Whether the game is over. */
  isGameOver() {
    return this.outcome() !== null;
  }

  /**
   * Takes back the last action (after `load`, the record's last event when no action
   * followed): the move taken back, or null when the action placed no stone (a swap, a
   * decision) or there was nothing to take back.
   */
  undo() {
    const before = this._lastMove();
    try {
      this._referee.undo();
    } catch (error) {
      if (error.code === 'no-action') return null;
      throw error;
    }
    return this._lastMove().count < before.count ? before.last : null;
  }

  /** The moves played: `['h8', 'h9']`, or with `{verbose: true}` `[{move, color}]`. */
  history({ verbose = false } = {}) {
    const moves = this._referee.moves();
    return verbose ? moves : moves.map((m) => m.move);
  }

  /** The board: rows top first, each point `'black'`, `'white'` or null. */
  board() {
    const stone = { B: 'black', W: 'white' };
    return this._referee.rows().map((row) => [...row].map((c) => stone[c] ?? null));
  }

  /** The board as text, rows top first, `x` black, `o` white, `.` empty. */
  ascii() {
    return this._referee.rows().map((row) => row.replaceAll('B', 'x').replaceAll('W', 'o')).join('\n') + '\n';
  }

  /** Replaces the game with the first game of a record (`format`: a name or a file name). */
  load(record, format = 'moves') {
    const referee = Referee.load(record, format, this._options);
    this._referee.free();
    this._referee = referee;
    return this;
  }

  /** The game in a text format: `moves` (default), `rif`, `psq`, `sgf`, `openings`. */
  record(format = 'moves') {
    return this._referee.record(format);
  }

  /** The game as a Gomocup psq file. */
  psq() {
    return this.record('psq');
  }

  /** The game as SGF. */
  sgf() {
    return this.record('sgf');
  }

  /** The referee under the game. */
  referee() {
    return this._referee;
  }

  /** Frees the module's memory now. */
  free() {
    this._referee.free();
  }

  _last() {
    return this._lastMove().last;
  }

  // The number of moves and the last one, `{count, last}`, without the whole list.
  _lastMove() {
    return JSON.parse(call(w.renju_referee_last_move.bind(null, handleOf(this._referee)), []));
  }
}

// --- Whole files and diagrams ------------------------------------------------------

/**
 * Validates every game of a file (`text`: a string or bytes; `format`: a name or a file
 * name), under options for what the records leave unsaid (and `name`, the file's name,
 * which the report and its messages give): the validation report.
 */
export function validate(text, format, options = {}) {
  const { name = '', ...rest } = options ?? {};
  return JSON.parse(call(w.renju_validate, [optionsJson(rest), text, format, String(name)]));
}

/**
 * Black's forbidden points of a position, each with its foul: `{h9: 'double-three'}`.
 * `position` is a move list (`'h8 a1 i8'`), a board's rows (top first, of `B`, `W`,
 * `.`), or an object `{moves | board, rule, size, fiveCompletionCounts}`.
 */
export function forbidden(position) {
  return JSON.parse(call(w.renju_forbidden, [queryOf(position)])).forbidden;
}

/**
 * `forbidden` of many positions at once (an array of what `forbidden` takes), in one
 * call into the module: an array of maps. A position that cannot be read throws a
 * ParseError naming its index.
 */
export function forbiddenAll(positions) {
  if (!Array.isArray(positions)) throw new ParseError('bad-position', 'forbiddenAll takes an array of positions');
  if (positions.length === 0) return [];
  const pipe = Pipe.forbidden({ maxLineBytes: 1 << 30 });
  try {
    const input = positions.map(queryOf).join('\n');
    const replies = decoder.decode(pipe.feed(input)) + decoder.decode(pipe.finish());
    return replies.split('\n', positions.length).map((line, index) => {
      const reply = JSON.parse(line);
      if (reply.error !== undefined) throw new ParseError('bad-position', `position ${index}: ${reply.error}`);
      return reply.forbidden;
    });
  } finally {
    pipe.free();
  }
}

/**
 * Black's forbidden points of boards given as cells, with no JSON on either side: the
 * fast way to judge many positions. `cells` (a Uint8Array, or an array of numbers)
 * holds boards of `size` x `size` one after another, one byte per intersection row by
 * row from a1 (board `n`, row `y` from the bottom, column `x` is index
 * `(n * size + y) * size + x`): 0 empty, 1 black, 2 white. The answer is a Uint8Array
 * of the same layout: 0 where a black stone is legal (or the point is taken), else 1,
 * or with `kinds` the foul's code (1 overline, 2 double-four, 3 double-three). With
 * `out`, a Uint8Array as long as `cells`, the masks are written there (and it is
 * returned): a loop judging one board at a time then allocates nothing.
 */
export function forbiddenMasks(cells, options = {}) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new OptionsError('bad-options', 'the options must be an object');
  }
  const { size = 15, rule = 'renju', fiveCompletionCounts = false, kinds = false, out } = options;
  if (!Number.isInteger(size) || size < 0 || size > 0xffffffff) {
    throw new OptionsError('bad-options', `board size ${size} is not supported (5 to 26)`);
  }
  if (typeof rule !== 'string') throw new OptionsError('bad-options', 'the rule is a name, like "renju"');
  const flags = (fiveCompletionCounts ? 1 : 0) | (kinds ? 2 : 0);
  const bytes = cellBytes(cells);
  if (out !== undefined && !(out instanceof Uint8Array && out.length === bytes.length)) {
    throw new OptionsError('bad-options', `out must be a Uint8Array of ${bytes.length} bytes, as long as the cells`);
  }
  // The module reads an empty rule as renju.
  const name = rule === 'renju' ? '' : rule;
  const status = bytes.length + 3 * name.length > SMALL / 3
    ? invoke(w.renju_forbidden_masks, [name, bytes], [size, flags])
    : masksFromScratch(name, bytes, size, flags);
  if (status !== 0) fail();
  const answer = answerBytes();
  return out ? (out.set(answer), out) : answer.slice();
}

// `renju_forbidden_masks` of a few boards, without the general argument path: one
// write into the reused region, one call. Its status.
function masksFromScratch(name, bytes, size, flags) {
  if (stopped) throw stopped;
  try {
    reserve(bytes.length + 3 * name.length);
    const heap = heapBytes();
    heap.set(bytes, scratch.ptr);
    const at = scratch.ptr + bytes.length;
    const nameLen = name === '' ? 0 : encoder.encodeInto(name, heap.subarray(at, scratch.ptr + scratch.len)).written;
    return w.renju_forbidden_masks(at, nameLen, scratch.ptr, bytes.length, size, flags);
  } catch (error) {
    throw stopOn(error);
  }
}

// A view of the whole module memory, made again when the memory has grown (which
// detaches the old buffer).
let heap = new Uint8Array(memory.buffer);
function heapBytes() {
  if (heap.buffer !== memory.buffer) heap = new Uint8Array(memory.buffer);
  return heap;
}

// The cells of `forbiddenMasks` as bytes; a value no byte holds is refused by its index
// rather than wrapped.
function cellBytes(cells) {
  if (cells instanceof Uint8Array) return cells;
  if (cells === null || typeof cells !== 'object' || typeof cells.length !== 'number') {
    throw new ParseError('bad-position', 'cells are a Uint8Array or an array of numbers');
  }
  const bytes = new Uint8Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (!Number.isInteger(value) || value < 0 || value > 2) {
      throw new ParseError('bad-position', `cell ${i} holds ${value}; cells are 0 (empty), 1 (black) or 2 (white)`);
    }
    bytes[i] = value;
  }
  return bytes;
}

// The query line of a position (see `forbidden`).
function queryOf(position) {
  if (typeof position === 'string') return `{"moves":${JSON.stringify(position)}}`;
  if (Array.isArray(position)) return JSON.stringify({ board: position });
  if (position && typeof position === 'object') {
    const { fiveCompletionCounts, ...rest } = position;
    return JSON.stringify(fiveCompletionCounts === undefined ? rest : { ...rest, five_completion_counts: fiveCompletionCounts });
  }
  throw new ParseError('bad-position', 'a position is a move list, rows, or an object');
}

// --- The JSON-lines pipes (the package's command) -----------------------------------

// A line limit the module can hold (a 32-bit size), or a RenjuError.
function lineLimit(bytes) {
  if (!Number.isInteger(bytes) || bytes < 0 || bytes > 0xffffffff) {
    throw new RenjuError('bad-argument', `a line limit is a whole number of bytes below 2^32, not ${bytes}`);
  }
}

/**
 * A JSON-lines pipe fed with bytes as they arrive: `feed(bytes)` gives the reply bytes
 * of the lines they complete, `finish()` those of a last line without a line end.
 */
export class Pipe {
  /** The referee's pipe (`renju referee`) over `referee`, which the pipe takes. */
  static referee(referee, maxLineBytes = 1 << 20) {
    lineLimit(maxLineBytes);
    const pipe = Object.create(Pipe.prototype);
    const handle = handleOf(referee);
    adopt(pipe, make(() => w.renju_pipe_referee(handle, maxLineBytes), []));
    release(referee); // the pipe's now
    return pipe;
  }

  /** The forbidden-points pipe (`renju forbidden`), explaining `explain` when given. */
  static forbidden({ explain = '', maxLineBytes = 1 << 20 } = {}) {
    lineLimit(maxLineBytes);
    const pipe = Object.create(Pipe.prototype);
    adopt(pipe, make(w.renju_pipe_forbidden, [explain], [maxLineBytes]));
    return pipe;
  }

  /** Feeds input bytes; the replies. Throws a RenjuError `endless-line` (after `replies`) when a line has no end in sight. */
  feed(bytes) {
    const handle = handleOf(this);
    const status = invoke((ptr, len) => w.renju_pipe_feed(handle, ptr, len), [bytes], []);
    const replies = answerBytes().slice();
    if (status !== 0) {
      guard(() => w.renju_pipe_failure(handle));
      const error = errorOf(JSON.parse(answerText()));
      error.replies = replies;
      throw error;
    }
    return replies;
  }

  /** The input has ended: the reply to its last line, if it had no line end. */
  finish() {
    const handle = handleOf(this);
    guard(() => w.renju_pipe_finish(handle));
    return answerBytes().slice();
  }

  /** The number of lines answered with an error (the forbidden pipe). */
  errors() {
    return Number(call(w.renju_pipe_errors.bind(null, handleOf(this)), []));
  }

  /** Frees the module's memory now. */
  free() {
    const handle = release(this);
    if (handle && !stopped) guard(() => w.renju_drop(handle));
  }
}

/**
 * Parses a file of the shared fixture corpus (diagrams with their expected verdicts and
 * forbidden maps, as the Rust, C and Python tests read it): the fixtures.
 */
export function parseFixtures(text) {
  return JSON.parse(call(w.renju_fixtures, [text]));
}
