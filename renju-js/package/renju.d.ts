// Type declarations of the renju package (renju.js): the judge, the live referee and the
// record formats of the renju library, from one WebAssembly module.

/** A point's name: a column letter and a row number, `'h8'`. */
export type Point = string;
/** A stone's colour. */
export type Color = 'black' | 'white';
/** A player's seat: who began the game (first) and the other (second). */
export type Seat = 'first' | 'second';
/** The fouls that make a black stone forbidden under Renju. */
export type Foul = 'overline' | 'double-four' | 'double-three';
/** Black's forbidden points, each with its foul: `{h9: 'double-three'}`. */
export type ForbiddenMap = Record<Point, Foul>;

/** The options of a game (`Renju`) or a live referee (`Referee`); every one optional. */
export interface GameOptions {
  /** The rule set: `renju` (default), `freestyle`, `standard`, `caro`. */
  rule?: 'renju' | 'freestyle' | 'standard' | 'caro' | string;
  /** The opening protocol: `free` (default), `swap`, `swap2`, `rif`, `yamaguchi`, `taraguchi-10`, `soosyrv-8`, ... */
  opening?: string;
  /** The board side (Renju: 15). */
  size?: number;
  /** The time control (`300+5`, `40/6000:900`, ...); untimed when absent. */
  timeControl?: string;
  /** What a forbidden move does: `automatic` (White wins), `rif-claim`, `chinese-claim`, `refuse`. */
  fouls?: 'automatic' | 'rif-claim' | 'chinese-claim' | 'refuse';
  /** How offered fifth moves are compared: `shape` (default) or `board`. */
  offerEquivalence?: 'shape' | 'board';
  /** The late limit in whole seconds from the start. */
  lateLimit?: number;
  /** The other reading of the disputed case: a four point that also makes a five still makes a three. */
  fiveCompletionCounts?: boolean;
}

/** The names of the referee's actions. */
export type ActionName =
  | 'place' | 'pass' | 'swap' | 'stay' | 'place-two' | 'declare' | 'offer' | 'choose' | 'claim'
  | 'draw-offer' | 'draw-accept' | 'draw-decline' | 'resign' | 'forfeit' | 'tick' | 'arrive'
  | 'pause' | 'unpause' | 'warning' | 'penalty' | 'disqualify' | 'seal' | 'resume';

/** One action of the referee's protocol (the fields its action takes). */
export interface Action {
  action: ActionName;
  /** The point of `place`, `choose` and `seal`. */
  point?: Point;
  /** The offered points of `offer`. */
  points?: Point[];
  /** The number of offers of `declare`. */
  count?: number;
  /** Who acts (`first`, `second`, `arbiter`); by default the seat the action belongs to. */
  by?: Seat | 'arbiter';
  /** When, in milliseconds on the caller's timeline. */
  t?: number;
  /** The seat an arbiter's act is about. */
  seat?: Seat;
  /** Why (warnings, disqualifications). */
  reason?: string;
  /** A penalty's milliseconds. */
  ms?: number;
  /** A seal's salt. */
  salt?: string;
  /** The sealed move shown at `resume` (`POINT/SALT`). */
  sealed?: string;
}

/** What a referee requires next. */
export type Required = 'place' | 'swap' | 'declare' | 'offer' | 'choose' | 'none';

/** How a game ended. */
export type Termination =
  | 'five' | 'forbidden' | 'two-passes' | 'full-board' | 'time' | 'resignation' | 'agreed-draw'
  | 'forfeit' | 'double-forfeit' | 'violations' | 'declared' | 'declared-draw'
  | 'illegal-sealed-move' | 'unfinished';

/** The end of a game. */
export interface Ending {
  result: '1-0' | '0-1' | '1/2-1/2' | '0-0';
  termination: Termination;
  winner: Color | null;
  winner_seat: Seat | null;
}

/** One player's clock. */
export interface SideClock {
  time_left_ms: number;
  period: number;
  moves_left: number | null;
  overtime_periods_left: number | null;
  used_ms: number;
  granted_ms: number;
  lost_ms: number;
  moves: number;
}

/** The referee's status: what is required of whom, the points, the clocks, the outcome. */
export interface Status {
  required: Required;
  /** Who must act (absent once the game is over). */
  to_act?: Seat;
  color?: Color;
  /** The number of the next stone. */
  move: number;
  /** The colour of the next stone. */
  stone: Color;
  /** The choices of a swap decision. */
  options?: Array<'stay' | 'swap' | 'place-two' | 'offer'>;
  /** The numbers of fifth-move offers a declaration may name (`[fewest, most]`). */
  range?: [number, number];
  /** The number of fifth moves to offer. */
  count?: number;
  offered?: Point[];
  legal: Point[];
  pass: boolean;
  forbidden?: Array<{ point: Point; kind: Foul }>;
  claimable?: boolean;
  draw_offer?: Seat;
  paused?: boolean;
  adjourned?: { by: Seat; digest: string };
  absent?: Seat[];
  late_deadline?: number;
  clock?: { black: SideClock; white: SideClock; running: Color | null; deadline: number | null };
  outcome: Ending | null;
}

/** A move played, with its colour. */
export interface MoveEntry {
  move: Point | 'pass';
  color: Color;
}

/** The record formats the package reads (by name or file name) and writes (text ones). */
export type Format = 'moves' | 'rif' | 'psq' | 'sgf' | 'renlib' | 'openings' | string;

/** Every error the package throws; `code` is the library's stable code. */
export class RenjuError extends Error {
  readonly code: string;
  /** With `endless-line` from `Pipe.feed`: the replies to the lines before it. */
  replies?: Uint8Array;
  constructor(code: string, message: string);
}
/** A referee refused an action (nothing changed). */
export class RefusalError extends RenjuError {}
/** A record or position that cannot be read (`parse`, `no-game`, `bad-position`). */
export class ParseError extends RenjuError {}
/** Options the library does not know (`bad-options`). */
export class OptionsError extends RenjuError {}
/** The referee's refusal codes. */
export const REFUSAL_CODES: readonly string[];
/** The library's version. */
export const version: string;

/** The live referee of one game. */
export class Referee {
  constructor(options?: GameOptions);
  /** A referee going on from the first game of a record. */
  static load(record: string | Uint8Array | ArrayBuffer, format?: Format, options?: GameOptions): Referee;
  /** A referee that replays actions (as `actions()` gave them). */
  static fromActions(actions: Action[], options?: GameOptions): Referee;
  /** Takes one action; throws a RefusalError. */
  act(action: Action): this;
  /** Answers one line of the JSON-lines protocol with its reply line. */
  handle(line: string): string;
  status(): Status;
  record(format?: Format): string;
  explain(point: Point): string;
  actions(): Action[];
  moves(): MoveEntry[];
  /** The board's rows, top row first, of `B`, `W` and `.`. */
  rows(): string[];
  undo(): this;
  copy(): Referee;
  free(): void;
}

/** A game of Renju or Gomoku, in the manner of chess.js. */
export class Renju {
  constructor(options?: GameOptions);
  move(point: Point): MoveEntry;
  pass(): MoveEntry;
  act(action: Action): this;
  moves(): Point[];
  forbidden(): ForbiddenMap;
  explain(point: Point): string;
  turn(): Color;
  status(): Status;
  outcome(): Ending | null;
  isGameOver(): boolean;
  undo(): MoveEntry | null;
  history(): Point[];
  history(options: { verbose: true }): MoveEntry[];
  history(options: { verbose?: false }): Point[];
  board(): Array<Array<Color | null>>;
  ascii(): string;
  load(record: string | Uint8Array | ArrayBuffer, format?: Format): this;
  record(format?: Format): string;
  psq(): string;
  sgf(): string;
  referee(): Referee;
  free(): void;
}

/** A position: a move list, a board's rows (top first, of `B`, `W`, `.`), or an object. */
export type Position =
  | string
  | string[]
  | {
      moves?: string;
      board?: string[];
      rule?: string;
      size?: number;
      fiveCompletionCounts?: boolean;
      id?: unknown;
    };

/** Black's forbidden points of a position. */
export function forbidden(position: Position): ForbiddenMap;
/** Black's forbidden points of many positions, in one call. */
export function forbiddenAll(positions: Position[]): ForbiddenMap[];

/** The options of `forbiddenMasks`. */
export interface MaskOptions {
  /** The board side (15 by default). */
  size?: number;
  /** The rule set's name (`renju` by default). */
  rule?: string;
  /** A five completed by a forbidden-looking move counts. */
  fiveCompletionCounts?: boolean;
  /** Each forbidden point holds its foul's code (1 overline, 2 double-four, 3 double-three) instead of 1. */
  kinds?: boolean;
  /** Where to write the masks (as long as the cells), returned: no allocation per call. */
  out?: Uint8Array;
}
/**
 * Black's forbidden points of boards as cells (0 empty, 1 black, 2 white; board `n`, row
 * `y` from the bottom, column `x` at `(n * size + y) * size + x`), with no JSON on either
 * side: a mask of the same layout, 0 where a black stone is legal.
 */
export function forbiddenMasks(cells: Uint8Array | ArrayLike<number>, options?: MaskOptions): Uint8Array;

/** A validation report (as `renju validate --json` writes it). */
export interface Report {
  games: Array<{
    source: string | null;
    index: number;
    id: string | null;
    moves: number;
    rule: string | null;
    protocol: string | null;
    opening: string | null;
    outcome: { winner: Color | null; termination: Termination };
    findings: Array<{ severity: 'error' | 'warning' | 'info'; code: string; move?: number; message: string; line?: number }>;
  }>;
  summary: { games: number; errors: number; warnings: number; [key: string]: unknown };
  [key: string]: unknown;
}
/** Validates every game of a file; `name` is the file's name, for the report and its messages. */
export function validate(text: string | Uint8Array | ArrayBuffer, format: Format, options?: GameOptions & { name?: string }): Report;

/** A JSON-lines pipe fed with bytes as they arrive. */
export class Pipe {
  static referee(referee: Referee, maxLineBytes?: number): Pipe;
  static forbidden(options?: { explain?: Point; maxLineBytes?: number }): Pipe;
  feed(bytes: string | Uint8Array | ArrayBuffer): Uint8Array;
  finish(): Uint8Array;
  errors(): number;
  free(): void;
}

/** A fixture of the shared corpus. */
export interface Fixture {
  id: string;
  source: string;
  note: string | null;
  rule: string;
  toMove: Color;
  rows: string[];
  queries: Array<{ point: Point; expected: string; fiveCompletionCounts: boolean; line: number }>;
  maps: Array<{ forbidden: ForbiddenMap; fiveCompletionCounts: boolean; line: number }>;
  line: number;
}
/** Parses a file of the shared fixture corpus. */
export function parseFixtures(text: string): Fixture[];
