// The JavaScript side of scripts/bench_js.sh: the package's API on the inputs the
// native side reads. Prints a JSON object of microseconds per operation: `act`
// (Referee.act of a placement), `line` (Referee.handle of a placement line, its reply
// kept as text), `forbidden` (forbidden() of a move list), `board` (forbidden() of the
// board's rows), `batch` (forbiddenAll() of all the move lists, per position), `masks`
// (forbiddenMasks() of each board's cells, into one output array) and `masksBatch`
// (forbiddenMasks() of all the boards' cells in one call, per board).
// Usage: node renju-js/bench/bench.mjs GAMES POSITIONS
import { readFileSync } from 'node:fs';
import { Referee, forbidden, forbiddenAll, forbiddenMasks } from '../dist/renju.js';


const [games, positions] = process.argv.slice(2);
const moves = readFileSync(games, 'utf8').split('\n').filter(Boolean).map((l) => l.split(' '));
const count = moves.reduce((n, g) => n + g.length, 0);
const queries = readFileSync(positions, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));

// Microseconds per call over `n` calls, the best of five runs, after running for half a
// second first: the JIT compiles a hot function in tiers, and the last tier, the one a
// long-running program runs in, takes thousands of calls to reach.
function perCall(n, each) {
  for (const start = performance.now(); performance.now() - start < 500;) each();
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    each();
    best = Math.min(best, ((performance.now() - start) * 1000) / n);
  }
  return best;
}

const act = perCall(count, () => {
  for (const game of moves) {
    const referee = new Referee();
    for (const point of game) referee.act({ action: 'place', point });
    referee.free();
  }
});
const lines = moves.map((g) => g.map((point) => JSON.stringify({ action: 'place', point })));
let kept = 0;
const line = perCall(count, () => {
  for (const game of lines) {
    const referee = new Referee();
    for (const l of game) kept += referee.handle(l).length;
    referee.free();
  }
});
const judged = perCall(queries.length, () => {
  for (const q of queries) kept += Object.keys(forbidden(q)).length;
});
const boards = queries.map((q) => Referee.load(q, 'moves').rows());
const board = perCall(boards.length, () => {
  for (const rows of boards) kept += Object.keys(forbidden(rows)).length;
});
const batch = perCall(queries.length, () => {
  kept += forbiddenAll(queries).length;
});
// The cells of each board: row y (from the bottom) at y * 15.
const cells = new Uint8Array(boards.length * 225);
boards.forEach((rows, n) => rows.forEach((row, i) => {
  for (let x = 0; x < row.length; x++) cells[n * 225 + (14 - i) * 15 + x] = '.BW'.indexOf(row[x]);
}));
const each = boards.map((_, n) => cells.subarray(n * 225, n * 225 + 225));
const out = new Uint8Array(225);
const masks = perCall(each.length, () => {
  for (const c of each) kept += forbiddenMasks(c, { kinds: true, out })[112];
});
const masksBatch = perCall(each.length, () => {
  kept += forbiddenMasks(cells, { kinds: true }).length;
});
const fixed = (x) => +x.toFixed(3);
console.log(JSON.stringify({
  act: fixed(act), line: fixed(line), forbidden: fixed(judged), board: fixed(board), batch: fixed(batch),
  masks: fixed(masks), masksBatch: fixed(masksBatch), moves: count, positions: queries.length, kept: kept > 0,
}));
