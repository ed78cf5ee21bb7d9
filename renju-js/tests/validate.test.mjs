// validate(): the same report as the native `renju validate --json`, game by game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { validate } from '../dist/renju.js';
import { fixtures, nativeCli, noNative, noShared, run, sharedData } from './helpers.mjs';

function nativeReport(path) {
  const result = run(nativeCli, ['validate', '--json', path], '');
  return JSON.parse(result.stdout.toString());
}

function same(path, format) {
  const js = validate(readFileSync(path), format, { name: path });
  assert.deepEqual(js, nativeReport(path), path);
}

test('the fixture games', { skip: noNative }, () => {
  for (const name of readdirSync(`${fixtures}/games`)) {
    const format = name.split('.').pop();
    if (['txt', 'rif', 'psq', 'sgf', 'lib'].includes(format)) same(`${fixtures}/games/${name}`, name);
  }
});

test('the shared RenLib libraries and SGF trees', { skip: noNative || noShared }, () => {
  for (const dir of ['renlib', 'sgf']) {
    for (const name of readdirSync(`${sharedData}/${dir}`).filter((n) => /\.(lib|sgf)$/.test(n))) {
      same(`${sharedData}/${dir}/${name}`, name);
    }
  }
});
