// The declarations (renju.d.ts) against the guide's examples and a typed use of every
// API area: `tsc --strict` over them, with the package installed as users install it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dist, root } from './helpers.mjs';

const tsc = spawnSync('tsc', ['--version']).status === 0 ? 'tsc' : null;

const typed = `
import { Renju, Referee, RefusalError, forbidden, forbiddenAll, forbiddenMasks, validate, Pipe, parseFixtures } from 'renju';
import type { Status, ForbiddenMap, MoveEntry, Report } from 'renju';
const game = new Renju({ rule: 'renju', opening: 'swap2', fiveCompletionCounts: false });
const played: MoveEntry = game.move('h8');
const points: string[] = game.history();
const verbose: MoveEntry[] = game.history({ verbose: true });
const map: ForbiddenMap = game.forbidden();
const over: boolean = game.isGameOver();
const referee = new Referee({ timeControl: '300+5' }).act({ action: 'place', point: 'h8', t: 100 });
const status: Status = referee.status();
const left: number | undefined = status.clock?.black.time_left_ms;
const maps: ForbiddenMap[] = forbiddenAll(['h8 a1', ['...'], { moves: 'h8', rule: 'renju' }]);
const report: Report = validate('h8 h9', 'moves');
const masks: Uint8Array = forbiddenMasks(new Uint8Array(225), { kinds: true, rule: 'renju', size: 15 });
const pipe = Pipe.forbidden({ explain: 'h8' });
const replies: Uint8Array = pipe.feed('{}\\n');
try { game.move('h8'); } catch (e) { if (e instanceof RefusalError) { const code: string = e.code; } }
console.log(played, points, verbose, map, over, left, maps, masks, report.summary.games, replies, forbidden('h8'), parseFixtures(''));
`;

test('tsc --strict accepts the guide examples and a typed use of the API', { skip: tsc ? false : 'no tsc (apt-get install node-typescript)' }, () => {
  const dir = mkdtempSync(`${tmpdir()}/renju-js-types-`);
  mkdirSync(`${dir}/node_modules`);
  symlinkSync(dist, `${dir}/node_modules/renju`);
  writeFileSync(`${dir}/package.json`, '{"type": "module"}');
  const guide = readFileSync(`${root}docs/javascript.md`, 'utf8');
  // No @types/node here: the little of Node the examples use, declared.
  writeFileSync(`${dir}/node-shim.d.ts`, "declare module 'node:fs' { export function readFileSync(path: string): Uint8Array; }\n");
  const files = ['node-shim.d.ts', 'typed.mts'];
  writeFileSync(`${dir}/typed.mts`, typed);
  for (const [, name, body] of guide.matchAll(/```js\n\/\/ (\S+)\n([\s\S]*?)```/g)) {
    writeFileSync(`${dir}/${name}`, body);
    files.push(name);
  }
  assert.ok(files.length >= 4, files.join(' '));
  const result = spawnSync(tsc, ['--strict', '--noEmit', '--allowJs', '--checkJs', '--module', 'nodenext',
    '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2022,dom', ...files], { cwd: dir });
  const out = `${result.stdout}${result.stderr}`;
  assert.equal(result.status, 0, out);
});
