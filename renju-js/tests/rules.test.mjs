// The judge on the fixture corpus, through the package, and the named cases a user
// comparing judges looks for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Renju, forbidden, parseFixtures } from '../dist/renju.js';
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
