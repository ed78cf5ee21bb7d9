// The judge on the fixture corpus, through the package, and the named cases a user
// comparing judges looks for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Renju, forbidden, forbiddenMasks, parseFixtures } from '../dist/renju.js';
import { fixtures } from './helpers.mjs';

test('every forbidden map of the fixture corpus', () => {
  let maps = 0;
  for (const file of readdirSync(`${fixtures}/positions`).filter((f) => f.endsWith('.txt'))) {
    for (const fixture of parseFixtures(readFileSync(`${fixtures}/positions/${file}`, 'utf8'))) {
      for (const map of fixture.maps) {
        const got = forbidden({ board: fixture.rows, rule: fixture.rule, fiveCompletionCounts: map.fiveCompletionCounts });
        assert.deepEqual(got, map.forbidden, `${file}:${map.line} ${fixture.id}`);
        maps++;
      }
    }
  }
  assert.ok(maps > 100, `${maps} maps`);
});

// The cells of a board's rows (top row first): row y from the bottom at y * size.
function cellsOf(rows) {
  const size = rows.length;
  const cells = new Uint8Array(size * size);
  rows.forEach((row, i) => {
    for (let x = 0; x < size; x++) cells[(size - 1 - i) * size + x] = { B: 1, W: 2 }[row[x]] ?? 0;
  });
  return cells;
}

// The map of a mask with foul codes, as `forbidden` gives it.
const FOULS = [undefined, 'overline', 'double-four', 'double-three'];
function mapOf(mask, size) {
  const map = {};
  mask.forEach((code, i) => {
    if (code) map[`${String.fromCharCode(97 + (i % size))}${Math.floor(i / size) + 1}`] = FOULS[code];
  });
  return map;
}

test('forbiddenMasks: every forbidden map of the fixture corpus, one board a call and all in one', () => {
  const groups = new Map();
  let maps = 0;
  for (const file of readdirSync(`${fixtures}/positions`).filter((f) => f.endsWith('.txt'))) {
    for (const fixture of parseFixtures(readFileSync(`${fixtures}/positions/${file}`, 'utf8'))) {
      for (const map of fixture.maps) {
        const options = { size: fixture.rows.length, rule: fixture.rule, fiveCompletionCounts: map.fiveCompletionCounts, kinds: true };
        const cells = cellsOf(fixture.rows);
        const mask = forbiddenMasks(cells, options);
        assert.deepEqual(mapOf(mask, options.size), map.forbidden, `${file}:${map.line} ${fixture.id}`);
        const flags = forbiddenMasks(cells, { ...options, kinds: false });
        assert.deepEqual([...flags], [...mask].map((code) => (code ? 1 : 0)), `${file}:${map.line} flags`);
        const key = JSON.stringify({ ...options, kinds: undefined });
        if (!groups.has(key)) groups.set(key, { options, cells: [], masks: [] });
        groups.get(key).cells.push(cells);
        groups.get(key).masks.push(mask);
        maps++;
      }
    }
  }
  assert.ok(maps > 100, `${maps} maps`);
  for (const { options, cells, masks } of groups.values()) {
    const joined = new Uint8Array(cells.reduce((n, c) => n + c.length, 0));
    cells.reduce((at, c) => (joined.set(c, at), at + c.length), 0);
    const want = new Uint8Array(joined.length);
    masks.reduce((at, m) => (want.set(m, at), at + m.length), 0);
    assert.deepEqual(forbiddenMasks(joined, options), want, JSON.stringify(options));
  }
});

test('forbiddenMasks takes arrays of numbers and judges no board as no board', () => {
  const cells = cellsOf(fixtureNamed('QN-PR124').rows);
  assert.deepEqual(forbiddenMasks([...cells]), forbiddenMasks(cells));
  assert.equal(forbiddenMasks(new Uint8Array(0)).length, 0);
  // Into an array of the caller's, returned, on both the small and the large path.
  const out = new Uint8Array(225).fill(9);
  assert.equal(forbiddenMasks(cells, { out, kinds: true }), out);
  assert.deepEqual(out, forbiddenMasks(cells, { kinds: true }));
  const many = new Uint8Array(225 * 2000);
  for (let n = 0; n < 2000; n++) many.set(cells, n * 225);
  const outMany = new Uint8Array(many.length).fill(9);
  assert.equal(forbiddenMasks(many, { out: outMany }), outMany);
  assert.deepEqual(outMany, forbiddenMasks(many));
  // Freestyle has no forbidden points, on any size it allows.
  assert.ok(forbiddenMasks(new Uint8Array(19 * 19).fill(1, 0, 4), { size: 19, rule: 'freestyle' }).every((v) => v === 0));
});

function fixtureNamed(id) {
  for (const file of readdirSync(`${fixtures}/positions`).filter((f) => f.endsWith('.txt'))) {
    const found = parseFixtures(readFileSync(`${fixtures}/positions/${file}`, 'utf8')).find((f) => f.id === id);
    if (found) return found;
  }
  throw new Error(`no fixture ${id}`);
}

test("quintet's PR #124 position: legal by the RIF text, double-three by the other reading", () => {
  const { rows } = fixtureNamed('QN-PR124');
  assert.equal(forbidden({ board: rows }).h8, undefined);
  assert.equal(forbidden({ board: rows, fiveCompletionCounts: true }).h8, 'double-three');
});

test('five plus overline: a move making both is a five, not forbidden', () => {
  // k12 makes the vertical five k11-k15 and the horizontal six j12-o12 at once.
  const { rows } = fixtureNamed('MK-basic-row12');
  assert.equal(forbidden({ board: rows }).k12, undefined);
});

test('a White overline wins under Renju', () => {
  const game = new Renju();
  const black = ['a15', 'c15', 'e15', 'g15', 'i15', 'k15', 'm15'];
  const white = ['d8', 'e8', 'f8', 'g8', 'i8', 'j8'];
  for (let i = 0; i < white.length; i++) {
    game.move(black[i]);
    game.move(white[i]);
  }
  game.move(black[6]);
  game.move('h8');
  assert.equal(game.outcome().winner, 'white');
});

test('a forced foul: the only block of a four is forbidden, and playing it loses', () => {
  const game = new Renju();
  // White's four i9-l12 is blocked at m13; only h8 completes it, and h8 is Black's
  // double-three (f8 g8 h8 and h6 h7 h8).
  for (const m of 'f8 i9 m13 j10 g8 k11 h6 a1 h7 l12'.split(' ')) game.move(m);
  assert.deepEqual(game.forbidden(), { h8: 'double-three' });
  game.move('h8');
  assert.deepEqual(
    { winner: game.outcome().winner, termination: game.outcome().termination },
    { winner: 'white', termination: 'forbidden' },
  );
});
