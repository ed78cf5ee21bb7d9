// What the package's tests share: where the package, the fixtures, the native command
// and the shared data are.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const dist = `${root}renju-js/dist`;
export const bin = `${dist}/bin/renju.js`;
export const fixtures = `${root}fixtures`;

/** The native `renju` command (RENJU_CLI), or null: the comparisons then skip. */
export const nativeCli = process.env.RENJU_CLI || null;
if (nativeCli && !existsSync(nativeCli)) {
  throw new Error(`RENJU_CLI names ${nativeCli}, which does not exist: build it (cargo build -p renju-cli)`);
}
export const noNative = nativeCli ? false : 'RENJU_CLI does not name the native renju command';

/** The shared real-world data, or null. */
const shared = process.env.RENJU_SHARED_DATA ?? `${root}../shared/data`;
export const sharedData = existsSync(shared) ? shared : null;
export const noShared = sharedData ? false : `no shared data at ${shared}`;

/** Runs a command with `input` on stdin: {stdout (bytes), stderr, status}. */
export function run(command, args, input) {
  const result = spawnSync(command, args, { input, maxBuffer: 1 << 30 });
  return { stdout: result.stdout, stderr: result.stderr.toString(), status: result.status };
}

/** A seeded generator (xorshift32), so that random tests repeat. */
export function random(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}
