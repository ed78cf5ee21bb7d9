// The Referee class: opening protocols' decisions, clocks, sealed moves, saving and
// restoring, copies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Referee, RefusalError } from '../dist/renju.js';

function place(referee, points, extra = {}) {
  for (const point of points.split(' ')) referee.act({ action: 'place', point, ...extra });
  return referee;
}

test('Swap2: stay, swap or place two; placing two hands the decision back', () => {
  const referee = place(new Referee({ opening: 'swap2' }), 'h8 i9 j8');
  let status = referee.status();
  assert.equal(status.required, 'swap');
  assert.equal(status.to_act, 'second');
  assert.deepEqual([...status.options].sort(), ['place-two', 'stay', 'swap']);
  referee.act({ action: 'place-two' });
  place(referee, 'i8 g9');
  status = referee.status();
  assert.equal(status.required, 'swap');
  assert.equal(status.to_act, 'first');
  assert.deepEqual([...status.options].sort(), ['stay', 'swap']);
  referee.act({ action: 'swap' });
  status = referee.status();
  assert.equal(status.required, 'place');
  assert.equal(status.stone, 'white');
  assert.equal(status.move, 6);
});

test('Taraguchi-10: a swap after each opening stone, then ten fifth moves offered', () => {
  const referee = new Referee({ opening: 'taraguchi-10' });
  for (const point of ['h8', 'i9', 'j10', 'g9']) {
    referee.act({ action: 'place', point });
    assert.equal(referee.status().required, 'swap');
    referee.act({ action: 'stay' });
  }
  const status = referee.status();
  assert.equal(status.move, 5);
  assert.equal(status.required, 'place');
  assert.throws(() => referee.act({ action: 'place', point: 'a1' }), (e) => e instanceof RefusalError && e.code === 'outside-area');
});

test('a wrong decision is refused with its code and changes nothing', () => {
  const referee = place(new Referee({ opening: 'swap2' }), 'h8 i9 j8');
  const before = referee.handle('{"action":"status"}');
  assert.throws(() => referee.act({ action: 'place', point: 'a1' }), (e) => e.code === 'wrong-action');
  assert.throws(() => referee.act({ action: 'stay', by: 'first' }), (e) => e.code === 'not-your-turn');
  assert.equal(referee.handle('{"action":"status"}'), before);
});

test('clocks run on the actions\' time stamps, and a flag falls', () => {
  const referee = new Referee({ timeControl: '60+0' });
  referee.act({ action: 'place', point: 'h8', t: 10000 });
  const clock = referee.status().clock;
  assert.equal(clock.black.time_left_ms, 50000);
  assert.equal(clock.running, 'white');
  referee.act({ action: 'tick', t: 70001 });
  const outcome = referee.status().outcome;
  assert.equal(outcome.termination, 'time');
  assert.equal(outcome.winner, 'black');
});

test('a sealed move: salted from the host, hidden, then shown at the resumption', () => {
  const referee = place(new Referee({ timeControl: '600+0' }), 'h8 h9', { t: 1000 });
  referee.act({ action: 'seal', point: 'i8', t: 2000 });
  const status = referee.status();
  assert.match(status.adjourned.digest, /^[0-9a-f]{64}$/);
  const sealed = JSON.parse(referee.handle('{"action":"sealed"}')).sealed;
  assert.match(sealed, /^i8\/[0-9a-f]+$/);
  const other = place(new Referee({ timeControl: '600+0' }), 'h8 h9', { t: 1000 });
  other.act({ action: 'seal', point: 'i8', t: 2000 });
  assert.notEqual(other.status().adjourned.digest, status.adjourned.digest, 'two salts are drawn');
  assert.throws(() => referee.act({ action: 'resume', sealed: `j8/${sealed.split('/')[1]}`, t: 3000 }), (e) => e.code === 'seal-mismatch');
  referee.act({ action: 'resume', sealed, t: 3000 });
  assert.deepEqual(referee.moves().map((m) => m.move), ['h8', 'h9', 'i8']);
});

test('actions restore the referee exactly; a copy is independent', () => {
  const options = { opening: 'swap2', timeControl: '300+5' };
  const referee = place(new Referee(options), 'h8 i9 j8', { t: 500 });
  referee.act({ action: 'swap', t: 900 });
  const restored = Referee.fromActions(referee.actions(), options);
  assert.equal(restored.handle('{"action":"status"}'), referee.handle('{"action":"status"}'));
  const copy = referee.copy();
  copy.act({ action: 'place', point: 'k8', t: 1200 });
  assert.equal(referee.moves().length, 3);
  assert.equal(copy.moves().length, 4);
  assert.throws(() => Referee.fromActions([{ action: 'place', point: 'h8' }, { action: 'place', point: 'h8' }]), (e) => e.code === 'occupied' && /action 2/.test(e.message));
});

test('records in every text format, and a game loaded from one', () => {
  const referee = place(new Referee(), 'h8 h9 i8 i9 j8 j9 k8 k9 l8');
  for (const format of ['moves', 'rif', 'psq', 'sgf']) {
    const record = referee.record(format);
    const again = Referee.load(record, format);
    assert.deepEqual(again.moves(), referee.moves(), format);
    assert.equal(again.status().outcome.termination, 'five', format);
  }
  assert.throws(() => referee.record('renlib'), (e) => e.code === 'bad-request');
});
