// The Renju class: moves, verdicts, undo, history, records.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Renju, RefusalError, ParseError, OptionsError } from '../dist/renju.js';

function play(game, moves) {
  for (const m of moves.split(' ')) game.move(m);
  return game;
}

test('a new game: Black to play anywhere', () => {
  const game = new Renju();
  assert.equal(game.turn(), 'black');
  assert.equal(game.moves().length, 225);
  assert.deepEqual(game.history(), []);
  assert.equal(game.isGameOver(), false);
  assert.equal(game.outcome(), null);
});

test('move returns the move with its colour; history keeps them', () => {
  const game = new Renju();
  assert.deepEqual(game.move('h8'), { move: 'h8', color: 'black' });
  assert.deepEqual(game.move('h9'), { move: 'h9', color: 'white' });
  assert.deepEqual(game.history(), ['h8', 'h9']);
  assert.deepEqual(game.history({ verbose: true })[1], { move: 'h9', color: 'white' });
  assert.equal(game.board()[6][7], 'white');
  assert.equal(game.board()[7][7], 'black');
  assert.equal(game.ascii().split('\n')[7][7], 'x');
});

test('an occupied point is refused with its code, and nothing changes', () => {
  const game = play(new Renju(), 'h8');
  assert.throws(() => game.move('h8'), (e) => e instanceof RefusalError && e.code === 'occupied');
  assert.throws(() => game.move('z99'), (e) => e instanceof RefusalError && e.code === 'bad-request');
  assert.deepEqual(game.history(), ['h8']);
});

test('a five wins', () => {
  const game = play(new Renju(), 'h8 h9 i8 i9 j8 j9 k8 k9 l8');
  assert.equal(game.isGameOver(), true);
  assert.equal(game.outcome().termination, 'five');
  assert.equal(game.outcome().winner, 'black');
  assert.throws(() => game.move('a1'), (e) => e.code === 'game-over');
});

test('undo takes back the last move, and null when there is none', () => {
  const game = play(new Renju(), 'h8 h9');
  assert.deepEqual(game.undo(), { move: 'h9', color: 'white' });
  assert.deepEqual(game.history(), ['h8']);
  game.undo();
  assert.equal(game.undo(), null);
});

test('undo after load takes back the loaded moves, then the ones played', () => {
  const game = new Renju().load('h8 h9 i8', 'moves');
  game.move('i9');
  assert.deepEqual(game.undo(), { move: 'i9', color: 'white' });
  assert.deepEqual(game.history(), ['h8', 'h9', 'i8']);
  assert.deepEqual(game.undo(), { move: 'i8', color: 'black' });
  assert.deepEqual(game.history(), ['h8', 'h9']);
  game.move('j10');
  assert.deepEqual(game.undo(), { move: 'j10', color: 'black' });
  assert.deepEqual(game.history(), ['h8', 'h9']);
});

test('the forbidden points with their fouls, and explanations', () => {
  const game = play(new Renju(), 'f8 a1 g8 a2 h6 a3 h7 a4');
  assert.deepEqual(game.forbidden(), { h8: 'double-three' });
  assert.match(game.explain('h8'), /^h8: forbidden/);
  assert.match(game.explain('i9'), /^i9: legal/);
});

test('records: psq, sgf and the move list load back', () => {
  const game = play(new Renju(), 'h8 h9 i8');
  assert.match(game.psq(), /^Piskvorky 15x15/);
  assert.match(game.sgf(), /^\(;/);
  const again = new Renju().load(game.record('moves'), 'moves');
  assert.deepEqual(again.history(), ['h8', 'h9', 'i8']);
  const fromPsq = new Renju().load(game.psq(), 'psq');
  assert.deepEqual(fromPsq.history(), ['h8', 'h9', 'i8']);
  assert.throws(() => new Renju().load('h8 h8', 'moves'), ParseError);
  assert.throws(() => new Renju().load('h8', 'pdf'), (e) => e.code === 'bad-argument');
});

test('bad options are an OptionsError', () => {
  assert.throws(() => new Renju({ rule: 'chess' }), OptionsError);
  assert.throws(() => new Renju({ size: 40 }), OptionsError);
  assert.throws(() => new Renju({ sizes: 15 }), OptionsError);
  assert.throws(() => new Renju({ opening: 'nope' }), OptionsError);
  assert.throws(() => new Renju('renju'), OptionsError);
});

test('gomoku rule sets and sizes', () => {
  const game = new Renju({ rule: 'freestyle', size: 19 });
  assert.equal(game.moves().length, 361);
  play(game, 'a1 b1 a2 b2 a3 b3 a4 b4 a5');
  assert.equal(game.outcome().winner, 'black');
});
