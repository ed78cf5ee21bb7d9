// Hostile and wrong input: each gets a typed error naming what was wrong, and the
// package goes on working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Referee, Renju, RenjuError, ParseError, OptionsError, RefusalError, forbidden, forbiddenAll, forbiddenMasks, validate } from '../dist/renju.js';

test('wrong types', () => {
  assert.throws(() => new Referee(5), OptionsError);
  assert.throws(() => new Referee([]), OptionsError);
  assert.throws(() => new Referee({ size: 'big' }), OptionsError);
  assert.throws(() => new Referee({ timeControl: 300 }), OptionsError);
  const referee = new Referee();
  assert.throws(() => referee.act(null), (e) => e instanceof RefusalError && e.code === 'bad-request');
  assert.throws(() => referee.act({ action: 'place', point: 12 }), (e) => e.code === 'bad-request');
  assert.throws(() => referee.act({ action: 'fly' }), (e) => e.code === 'bad-request');
  assert.throws(() => forbidden(42), ParseError);
  assert.throws(() => forbidden(null), ParseError);
  assert.throws(() => validate(null, 'moves'), (e) => e instanceof RenjuError && e.code === 'bad-argument');
  assert.throws(() => validate({}, 'moves'), (e) => e.code === 'bad-argument');
  assert.throws(() => validate('h8', 'pdf'), (e) => e.code === 'bad-argument' && /pdf/.test(e.message));
  assert.throws(() => forbiddenAll('h8'), ParseError);
});

test('hostile numbers', () => {
  const referee = new Referee({ timeControl: '300+5' });
  for (const t of [-1, 1e300, 2 ** 64, 0.5, NaN, Infinity]) {
    assert.throws(() => referee.act({ action: 'place', point: 'h8', t }), (e) => e.code === 'bad-request', String(t));
  }
  assert.throws(() => referee.act({ action: 'declare', count: 2 ** 40 }), (e) => e.code === 'bad-request');
  assert.throws(() => new Referee({ size: 1e9 }), OptionsError);
  assert.throws(() => new Referee({ size: 4 }), OptionsError);
  assert.throws(() => new Referee({ lateLimit: 2 ** 62 }), OptionsError);
  assert.throws(() => new Referee({ timeControl: '999999999999999999999+5' }), OptionsError);
  assert.equal(referee.moves().length, 0);
});

test('forbiddenMasks: bad cells by their index, bad options by name, nothing wrapped', () => {
  const empty = new Uint8Array(225);
  const bad = (cells, options, code, pattern) =>
    assert.throws(() => forbiddenMasks(cells, options), (e) => e.code === code && pattern.test(e.message), `${pattern}`);
  bad(Uint8Array.of(...empty.subarray(1), 3), undefined, 'bad-position', /cell 224 holds 3/);
  bad([...empty.subarray(1), 258], undefined, 'bad-position', /cell 224 holds 258/);
  bad([0, -1], undefined, 'bad-position', /cell 1 holds -1/);
  bad([0.5], undefined, 'bad-position', /cell 0 holds 0.5/);
  bad(['1'], undefined, 'bad-position', /cell 0 holds 1/);
  bad(new Uint8Array(224), undefined, 'bad-position', /224 cells/);
  bad('h8', undefined, 'bad-position', /Uint8Array/);
  bad(null, undefined, 'bad-position', /Uint8Array/);
  bad(empty, null, 'bad-options', /object/);
  bad(empty, 15, 'bad-options', /object/);
  bad(empty, { rule: 'chess' }, 'bad-options', /chess/);
  bad(empty, { rule: 7 }, 'bad-options', /rule/);
  bad(empty, { size: 19 }, 'bad-options', /15x15 only/);
  for (const size of [4, 27, 256, 2 ** 32, -1, 1.5, NaN]) bad(empty, { size, rule: 'freestyle' }, 'bad-options', /size/);
  bad(empty, { out: new Uint8Array(224) }, 'bad-options', /out must be a Uint8Array of 225 bytes/);
  bad(empty, { out: [] }, 'bad-options', /out/);
  assert.equal(forbiddenMasks(empty).length, 225);
});

test('line limits a 32-bit module cannot hold are refused', async () => {
  const { Pipe } = await import('../dist/renju.js');
  for (const bytes of [-1, 2 ** 32, 0.5, NaN]) {
    assert.throws(() => Pipe.forbidden({ maxLineBytes: bytes }), (e) => e.code === 'bad-argument', String(bytes));
  }
  const referee = new Referee();
  assert.throws(() => Pipe.referee(referee, 2 ** 40), (e) => e.code === 'bad-argument');
  assert.equal(referee.status().required, 'place', 'the referee is still the caller\'s');
  const pipe = Pipe.forbidden();
  assert.throws(() => Pipe.referee(pipe), (e) => e.code === 'bad-handle' && /not a referee/.test(e.message));
  assert.equal(new TextDecoder().decode(pipe.feed('{"moves":"h8"}\n')), '{"forbidden":{}}\n', 'the pipe is still alive');
});

test('a freed object says so', () => {
  const game = new Renju();
  game.free();
  assert.throws(() => game.move('h8'), (e) => e instanceof RenjuError && e.code === 'bad-handle');
  const referee = new Referee();
  referee.free();
  referee.free();
  assert.throws(() => referee.status(), (e) => e.code === 'bad-handle');
});

test('bad records: every bad game reported, the good ones judged', () => {
  const text = 'h8 h9 i8\nh8 h8\nnot a move\nh8 h9 i8 i9 j8 j9 k8 k9 l8\n';
  const report = validate(text, 'moves');
  assert.equal(report.summary.games, 4);
  assert.ok(report.summary.errors >= 2, JSON.stringify(report.summary));
  assert.equal(report.games[3].outcome.termination, 'five');
  assert.throws(() => new Renju().load('h8 h8', 'moves'), ParseError);
  assert.throws(() => new Renju().load('', 'moves'), (e) => e.code === 'no-game');
});

test('garbage of every kind, and the package still answers', () => {
  const bytes = new Uint8Array(3 << 20);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
  for (const format of ['moves', 'rif', 'psq', 'sgf', 'renlib', 'openings']) {
    const report = validate(bytes, format);
    assert.ok(report.summary.games >= 0, format);
  }
  assert.deepEqual(forbidden('f8 a1 g8 a2 h6 a3 h7 a4'), { h8: 'double-three' });
  assert.throws(() => forbidden({ board: ['B'.repeat(1000)] }), ParseError);
  assert.throws(() => forbidden({ moves: 'h8', extra: 1 }), ParseError);
  assert.throws(() => forbiddenAll(['h8', 'h8 h8']), (e) => e instanceof ParseError && /position 1/.test(e.message));
});
