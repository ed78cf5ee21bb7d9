// The package's command speaks the native command's two JSON-lines protocols with the
// same bytes: the fixtures' referee scripts, hostile lines, random actions, and the
// forbidden queries of the corpus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { bin, fixtures, nativeCli, noNative, noShared, random, run, sharedData } from './helpers.mjs';

function same(args, input) {
  const js = run(process.execPath, [bin, ...args], input);
  const native = run(nativeCli, args, input);
  assert.equal(js.status, native.status, `exit status of ${args.join(' ')}: ${js.stderr}`);
  assert.ok(js.stdout.equals(native.stdout), `replies of ${args.join(' ')} differ`);
  return js.stdout.toString();
}

test('referee scripts of the fixtures', { skip: noNative }, () => {
  for (const name of readdirSync(`${fixtures}/referee`)) {
    const script = readFileSync(`${fixtures}/referee/${name}`);
    const opening = name.replace('.jsonl', '').replace('sealed', 'free');
    const out = same(['referee', '--opening', opening, '--time-control', '600+10'], script);
    assert.ok(out.split('\n').length > 3, name);
  }
});

test('hostile lines, blank lines, a byte-order mark, a long line, no final line end', { skip: noNative }, () => {
  const long = `{"action":"place","point":"${'a'.repeat(300)}"}`;
  const input = `\uFEFF{"action":"place","point":"h8"}\r\n\n  \nnot json\n${long}\n\u0000\n{"action":"fly"}\n[]\n{"action":"place","point":"h9","t":-1}\n{"action":"status"}`;
  same(['referee', '--max-line-bytes', '200'], Buffer.from(input));
  same(['referee', '--rule', 'freestyle', '--size', '19'], Buffer.from(input));
});

const kinds = ['place', 'place', 'place', 'place', 'pass', 'swap', 'stay', 'declare', 'offer', 'choose',
  'claim', 'draw-offer', 'draw-accept', 'draw-decline', 'tick', 'resign', 'pause', 'unpause', 'record', 'status', 'explain'];
const columns = 'abcdefghijklmno';

function randomAction(pick, t) {
  const point = () => `${columns[pick(15)]}${1 + pick(15)}`;
  const action = { action: kinds[pick(kinds.length)] };
  if (['place', 'choose', 'explain'].includes(action.action)) action.point = point();
  if (action.action === 'offer') action.points = [point(), point()];
  if (action.action === 'declare') action.count = 1 + pick(12);
  if (action.action === 'record') action.format = ['moves', 'psq', 'rif', 'sgf'][pick(4)];
  if (pick(3) === 0) action.t = t;
  return JSON.stringify(action);
}

test('105,000 random actions under every opening protocol', { skip: noNative }, () => {
  const pick = random(20261206);
  const openings = ['free', 'swap', 'swap2', 'soosyrv-8', 'taraguchi-10', 'yamaguchi', 'rif'];
  for (const opening of openings) {
    for (let game = 0; game < 15; game++) {
      let t = 0;
      const lines = [];
      for (let i = 0; i < 1000; i++) {
        t += pick(5000);
        lines.push(randomAction(pick, t));
      }
      same(['referee', '--opening', opening, '--time-control', '300+5'], `${lines.join('\n')}\n`);
    }
  }
});

test('forbidden queries of the fixture corpus, and bad ones', { skip: noNative }, () => {
  const lines = [];
  for (const line of readFileSync(`${fixtures}/bench/midgame_positions.txt`, 'utf8').split('\n')) {
    if (line && !line.startsWith('#')) lines.push(JSON.stringify({ moves: line }));
  }
  lines.push('oops', '', '{"board": ["B"]}', '{"moves": "h8 h8"}', `{"moves": "${'h8 '.repeat(500)}"}`);
  same(['forbidden'], `${lines.join('\n')}\n`);
  same(['forbidden', '--explain', 'h9'], `${lines.slice(0, 50).join('\n')}`);
  same(['forbidden', '--max-record-bytes', '40'], `${lines.slice(0, 50).join('\n')}\n`);
});

test('the shared forbidden-move corpus', { skip: noNative || noShared }, () => {
  const corpus = readFileSync(`${sharedData}/forbidden/conformance_corpus.jsonl`, 'utf8');
  const queries = corpus.split('\n').filter(Boolean).map((line) => {
    const { id, board } = JSON.parse(line);
    return JSON.stringify({ id, board });
  });
  assert.ok(queries.length > 2000);
  const out = same(['forbidden'], `${queries.join('\n')}\n`);
  assert.equal(out.split('\n').filter((l) => l.includes('"error"')).length, 0);
});

test('a bad --explain point is refused before reading', { skip: noNative }, () => {
  const js = run(process.execPath, [bin, 'forbidden', '--explain', 'z99'], '');
  assert.equal(js.status, 2);
  assert.match(js.stderr, /z99/);
});

test('records in legacy charsets resume to the same game (GBK, Shift_JIS, a CA not believed)', { skip: noNative }, () => {
  const dir = mkdtempSync(`${tmpdir()}/renju-js-charsets-`);
  const sgf = (ca, name) => Buffer.concat([
    Buffer.from(`(;GM[4]FF[4]CA[${ca}]SZ[15]PB[`), Buffer.from(name), Buffer.from(']PW[x];B[hh];W[hi];B[ih])'),
  ]);
  const cases = {
    'gbk.sgf': sgf('GB2312', [0xba, 0xda, 0xc6, 0xe5]),
    'sjis.sgf': sgf('Shift_JIS', [0x93, 0xfa, 0x96, 0x7b]),
    'utf16.sgf': sgf('UTF-16LE', [0xba, 0xda]),
    'none.sgf': sgf('nonsense', [0xe9, 0x41]),
  };
  const input = '{"action":"record","format":"sgf"}\n{"action":"status"}\n';
  for (const [name, bytes] of Object.entries(cases)) {
    writeFileSync(`${dir}/${name}`, bytes);
    const out = same(['referee', '--resume', `${dir}/${name}`], input);
    assert.match(out, /"ok":true/, name);
  }
  assert.match(same(['referee', '--resume', `${dir}/gbk.sgf`], input), /黑棋/);
  assert.match(same(['referee', '--resume', `${dir}/sjis.sgf`], input), /日本/);
});

test('RenLib libraries of the shared data resume to the same game', { skip: noNative || noShared }, () => {
  for (const name of readdirSync(`${sharedData}/renlib`).filter((f) => f.endsWith('.lib'))) {
    same(['referee', '--resume', `${sharedData}/renlib/${name}`], '{"action":"record","format":"sgf"}\n');
  }
  for (const name of readdirSync(`${sharedData}/sgf`)) {
    same(['referee', '--resume', `${sharedData}/sgf/${name}`], '{"action":"record","format":"moves"}\n');
  }
});
