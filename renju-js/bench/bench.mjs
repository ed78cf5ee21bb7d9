// The JavaScript side of scripts/bench_js.sh: the package's API on the inputs the
// native side reads. Prints a JSON object of microseconds per operation: `act`
// (Referee.act of a placement), `line` (Referee.handle of a placement line, its reply
// kept as text), `forbidden` (forbidden() of a move list), `board` (forbidden() of the
// board's rows), `batch` (forbiddenAll() of all the move lists, per position).
// Usage: node renju-js/bench/bench.mjs GAMES POSITIONS
import { readFileSync } from 'node:fs';
import { Referee, forbidden, forbiddenAll } from '../dist/renju.js';


const [games, positions] = process.argv.slice(2);
const moves = readFileSync(games, 'utf8').split('\n').filter(Boolean).map((l) => l.split(' '));
const count = moves.reduce((n, g) => n + g.length, 0);
const queries = readFileSync(positions, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));

// Microseconds per call over `n` calls, the best of five runs (after one to warm up).
function perCall(n, each) {
  each();
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
console.log(JSON.stringify({ act: +act.toFixed(3), line: +line.toFixed(3), forbidden: +judged.toFixed(3), board: +board.toFixed(3), batch: +batch.toFixed(3), moves: count, positions: queries.length, kept: kept > 0 }));
