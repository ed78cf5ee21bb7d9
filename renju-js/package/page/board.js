// A refereed game on a board, with nothing but the package: every click becomes an
// action of the referee, and the page shows what the referee says (the status, the
// forbidden points with their reasons, the clocks, the result). Under a time control
// the clocks run on this page's clock.
import { Renju, RenjuError } from '../renju.js';

const $ = (id) => document.getElementById(id);
let game;
let timed = false;
let started = 0;
let selected = [];
let timer = 0;

const now = () => Math.round(performance.now() - started);

function options() {
  const form = new FormData($('setup'));
  const chosen = { rule: form.get('rule'), opening: form.get('opening'), fouls: form.get('fouls') };
  const timeControl = String(form.get('timeControl') ?? '').trim();
  if (timeControl) chosen.timeControl = timeControl;
  return chosen;
}

function newGame() {
  try {
    const chosen = options();
    const next = new Renju(chosen);
    game?.free();
    game = next;
    timed = chosen.timeControl !== undefined;
  } catch (error) {
    return say(error);
  }
  started = performance.now();
  selected = [];
  drawBoard();
  show();
}

function say(error) {
  if (!(error instanceof RenjuError)) throw error;
  $('message').textContent = `${error.code}: ${error.message}`;
}

// Every action carries the time under a time control.
function act(action) {
  $('message').textContent = '';
  try {
    game.act(timed ? { ...action, t: now() } : action);
  } catch (error) {
    say(error);
  }
  show();
}

function drawBoard() {
  const size = game.board().length;
  const board = $('board');
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${size + 1}, 30px)`;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let row = 0; row < size; row++) {
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = String(size - row);
    board.append(label);
    for (let column = 0; column < size; column++) {
      const point = `${letters[column]}${size - row}`;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'point';
      button.dataset.point = point;
      button.setAttribute('aria-label', point);
      button.addEventListener('click', () => clicked(point));
      board.append(button);
    }
  }
  board.append(Object.assign(document.createElement('span'), { className: 'label' }));
  for (let column = 0; column < size; column++) {
    board.append(Object.assign(document.createElement('span'), { className: 'label', textContent: letters[column] }));
  }
}

function clicked(point) {
  const status = game.status();
  if (status.required === 'offer') {
    selected = selected.includes(point) ? selected.filter((p) => p !== point) : [...selected, point];
    return show();
  }
  if (status.required === 'choose') return act({ action: 'choose', point });
  act({ action: 'place', point });
}

// The buttons of a decision of the opening protocol.
function decisionControls(status) {
  const decision = $('decision');
  decision.replaceChildren();
  const button = (text, action) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text });
    b.dataset.action = action.action;
    b.addEventListener('click', () => act(action));
    decision.append(b);
  };
  if (status.required === 'swap') {
    for (const option of status.options ?? []) {
      if (option === 'offer') continue;
      button(option, { action: option });
    }
  } else if (status.required === 'declare' && status.range) {
    const [low, high] = status.range;
    for (let count = low; count <= high; count++) button(`declare ${count}`, { action: 'declare', count });
  } else if (status.required === 'offer') {
    button(`offer ${selected.length} of ${status.count}`, { action: 'offer', points: selected });
  }
  if (status.claimable) button('claim the foul', { action: 'claim' });
}

function show() {
  const status = game.status();
  const board = game.board();
  const forbidden = Object.fromEntries((status.forbidden ?? []).map((s) => [s.point, s.kind]));
  const history = game.history();
  const last = history[history.length - 1];
  for (const button of $('board').querySelectorAll('.point')) {
    const point = button.dataset.point;
    const column = point.charCodeAt(0) - 97;
    const row = board.length - Number(point.slice(1));
    const stone = board[row][column];
    button.className = `point${stone ? ` ${stone}` : ''}`;
    button.classList.toggle('forbidden', point in forbidden);
    button.classList.toggle('offered', (status.offered ?? []).includes(point));
    button.classList.toggle('selected', selected.includes(point));
    button.classList.toggle('last', point === last);
    button.title = point in forbidden ? `${point}: forbidden (${forbidden[point]})\n${game.explain(point)}` : point;
    button.dataset.forbidden = forbidden[point] ?? '';
  }
  const who = status.to_act ? `${status.to_act} player` : 'nobody';
  $('status').textContent = status.outcome
    ? 'The game is over.'
    : `Move ${status.move}: ${who} to ${status.required} (${status.stone} stone).`;
  $('status').dataset.required = status.required;
  $('result').textContent = status.outcome
    ? `${status.outcome.result}: ${status.outcome.winner ? `${status.outcome.winner} wins` : 'no winner'} (${status.outcome.termination})`
    : '';
  if (status.required !== 'offer') selected = [];
  decisionControls(status);
  showClocks(status);
}

function showClocks(status) {
  clearInterval(timer);
  if (!status.clock) {
    $('clocks').textContent = '';
    return;
  }
  const format = (ms) => `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
  const tick = () => {
    const { black, white, running, deadline } = status.clock;
    // The running clock falls at its deadline (on the actions' timeline, this page's).
    const left = (color, side) => (running === color && deadline !== null ? Math.max(0, deadline - now()) : side.time_left_ms);
    $('clocks').textContent = `Black ${format(left('black', black))} · White ${format(left('white', white))}`;
  };
  tick();
  if (!status.outcome) timer = setInterval(tick, 250);
}

$('setup').addEventListener('submit', (event) => {
  event.preventDefault();
  newGame();
});
$('undo').addEventListener('click', () => {
  game.undo();
  show();
});
$('show-record').addEventListener('click', () => {
  $('record').textContent = game.psq();
});
newGame();
document.body.dataset.ready = 'true';
