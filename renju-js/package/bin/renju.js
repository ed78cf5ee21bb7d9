#!/usr/bin/env node
// renju-js: the native `renju` command's two JSON-lines protocols from the package,
// with the same replies byte for byte:
//   renju-js forbidden [--explain POINT] [--max-record-bytes BYTES]
//   renju-js referee [--rule R] [--opening O] [--size N] [--time-control TC]
//                    [--fouls F] [--offer-equivalence E] [--late-limit SECONDS]
//                    [--resume FILE [--format F]] [--max-line-bytes BYTES]
// Exit codes as the native command's: 0; 1 when a forbidden query was an error; 2 when
// the options are wrong or the input cannot be read.
import { readFileSync } from 'node:fs';
import { Pipe, Referee, RenjuError } from '../renju.js';

const usage = `usage: renju-js forbidden [--explain POINT] [--max-record-bytes BYTES]
       renju-js referee [--rule R] [--opening O] [--size N] [--time-control TC] [--fouls F]
                        [--offer-equivalence E] [--late-limit SECONDS] [--resume FILE]
                        [--format F] [--max-line-bytes BYTES]`;

const MiB = 1 << 20;
const options = {
  forbidden: { explain: 'string', 'max-record-bytes': 'bytes' },
  referee: {
    rule: 'string',
    opening: 'string',
    size: 'whole',
    'time-control': 'string',
    fouls: 'string',
    'offer-equivalence': 'string',
    'late-limit': 'whole',
    resume: 'string',
    format: 'string',
    'max-line-bytes': 'bytes',
  },
};

function die(message) {
  process.stderr.write(`renju-js: ${message}\n`);
  process.exit(2);
}

function parse(command, args) {
  const known = options[command];
  const given = {};
  for (let i = 0; i < args.length; i++) {
    let [name, value] = args[i].startsWith('--') ? args[i].slice(2).split(/=(.*)/s, 2) : [null];
    if (!name || !(name in known)) die(`unknown option ${args[i]}\n${usage}`);
    if (value === undefined) {
      if (i + 1 >= args.length) die(`--${name} needs a value`);
      value = args[++i];
    }
    if (known[name] !== 'string') {
      if (!/^[0-9]+$/.test(value)) die(`--${name}: \`${value}\` is not a whole number`);
      value = Number(value);
      if (known[name] === 'bytes' && value > 0xffffffff) die(`--${name}: ${value} bytes is more than this command can hold (2^32 - 1)`);
    }
    given[name] = value;
  }
  return given;
}

function camel(name) {
  return name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
}

function refereePipe(given) {
  const maxLine = given['max-line-bytes'] ?? MiB;
  if (maxLine < 64) {
    die(`--max-line-bytes: a line limit of ${maxLine} bytes would refuse every request: give at least 64`);
  }
  const gameOptions = {};
  for (const name of ['rule', 'opening', 'size', 'time-control', 'fouls', 'offer-equivalence', 'late-limit']) {
    if (given[name] !== undefined) gameOptions[camel(name)] = given[name];
  }
  let referee;
  try {
    if (given.resume !== undefined) {
      const format = given.format ?? given.resume;
      referee = Referee.load(readFileSync(given.resume), format, gameOptions);
    } else {
      referee = new Referee(gameOptions);
    }
  } catch (error) {
    die(`referee: ${given.resume ? `${given.resume}: ` : ''}${error.message}`);
  }
  return Pipe.referee(referee, maxLine);
}

function forbiddenPipe(given) {
  try {
    return Pipe.forbidden({ explain: given.explain ?? '', maxLineBytes: given['max-record-bytes'] ?? MiB });
  } catch (error) {
    die(`--explain ${given.explain}: ${error.message}`);
  }
}

const [command, ...rest] = process.argv.slice(2);
if (!(command in options)) die(`${command ? `unknown command ${command}\n` : ''}${usage}`);
const given = parse(command, rest);
const pipe = command === 'referee' ? refereePipe(given) : forbiddenPipe(given);

// Replies are written as each piece of input is answered, a kilobyte at a time so that
// the replies in memory stay few; input waits while the output is backed up.
const PIECE = 1024;
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  die(error.message);
});

function fail(error) {
  if (!(error instanceof RenjuError) || error.code !== 'endless-line') {
    process.stderr.write(`renju-js: ${error.message}\n`);
    process.exit(2);
  }
  if (error.replies?.length) process.stdout.write(error.replies);
  process.stderr.write(`renju-js: ${error.message}\n`);
  process.stdin.pause();
  process.stdout.write('', () => process.exit(2));
}

process.stdin.on('data', (chunk) => {
  let flowing = true;
  try {
    for (let at = 0; at < chunk.length; at += PIECE) {
      const replies = pipe.feed(chunk.subarray(at, at + PIECE));
      if (replies.length) flowing = process.stdout.write(replies) && flowing;
    }
  } catch (error) {
    fail(error);
    return;
  }
  if (!flowing) {
    process.stdin.pause();
    process.stdout.once('drain', () => process.stdin.resume());
  }
});
process.stdin.on('end', () => {
  let last;
  try {
    last = pipe.finish();
  } catch (error) {
    fail(error);
    return;
  }
  const code = command === 'forbidden' && pipe.errors() > 0 ? 1 : 0;
  process.stdout.write(last, () => process.exit(code));
});
