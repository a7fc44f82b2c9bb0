// Stepwise's page: one board to play on, where hints and the explanation's steps are drawn
// (the server's overlay laid on the board), the steps in plain words, a first view that
// offers a puzzle, the puzzle and the player's digits in the link (#p=...&s=...) and in
// localStorage. No build step, no network beyond this server's JSON API.
'use strict';

const LEVELS = ['nudge', 'technique', 'cells', 'full'];
const ALL = 0x1ff;
const STORE = 'stepwise.board.v1';
const MODE = 'stepwise.mode.v1'; // 'sudoku' or 'kakuro': what the last visit played
const $ = (id) => document.getElementById(id);

/// A few puzzles to start from, one per level (each rated by this server when opened).
const BUNDLED = [
  { name: 'Easy', note: 'singles only', puzzle: '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' },
  { name: 'Medium', note: 'a hidden pair', puzzle: '......1.7...6.78....9..3....2..35.1..4......238..7.......4.2.......6.4..4.8....25' },
  { name: 'Hard', note: 'a BUG+1', puzzle: '......1.7...6..8....9..3....2.835.1..4..1...238..7.......4.2.......6.4..4.8.9..25' },
  { name: 'Unfair', note: 'chains', puzzle: '...7..5698.2...........4.2.1...37....74...8...5.9....1....5.........34...13.9....' },
  { name: 'Extreme', note: 'forcing chains', puzzle: '....1....71..9....6..2....8.......5.2..3...7...5.2.....671....41.......3.8267....' },
];

// ---------------------------------------------------------------------------------------
// Geometry

const rowOf = (i) => Math.floor(i / 9);
const colOf = (i) => i % 9;
const boxOf = (i) => Math.floor(rowOf(i) / 3) * 3 + Math.floor(colOf(i) / 3);
const PEERS = [];
for (let i = 0; i < 81; i++) {
  const set = [];
  for (let j = 0; j < 81; j++) {
    if (j !== i && (rowOf(j) === rowOf(i) || colOf(j) === colOf(i) || boxOf(j) === boxOf(i))) set.push(j);
  }
  PEERS.push(set);
}
const cellIndex = (name) => {
  const m = /^r(\d)c(\d)$/i.exec(name);
  return m ? (Number(m[1]) - 1) * 9 + Number(m[2]) - 1 : -1;
};
const cellName = (i) => `r${rowOf(i) + 1}c${colOf(i) + 1}`;
const bit = (d) => 1 << (d - 1);
/// Whether the Kakuro mode (kakuro.js) has the board.
const kakuroOn = () => typeof kakuroActive === 'function' && kakuroActive();
const line = (cells) => cells.map((d) => (d ? String(d) : '.')).join('');
const digitsOf = (text) => [...text].map((c) => (c >= '1' && c <= '9' ? Number(c) : 0));

// ---------------------------------------------------------------------------------------
// State: the puzzle's givens, the player's digits and (once the player writes any)
// candidates; what the board shows (the player's board, a hint on it, or a step of the
// explanation on the grid as it was then)

const state = {
  loaded: false, // a puzzle is on the board
  givens: new Array(81).fill(0), // the loaded puzzle's givens (locked)
  original: null, // the original puzzle line, sent with hints; null when unknown
  cells: new Array(81).fill(0),
  marks: null, // null: candidates follow the digits; else 81 bitmasks written by the player
  selected: 40,
  pencil: false,
  undo: [],
  redo: [],
  view: 'play', // 'play', 'hint' (a hint on the board) or 'explain' (a step of the path)
  hintLevel: -1, // the index in LEVELS of the last level shown for the current board
  hint: null, // the last hint (its JSON)
  explained: null, // the explanation of the loaded puzzle (rating, steps)
  explainPuzzle: null, // the puzzle text it was asked for
  ex: null, // {steps, overlays, grids, index}: the explanation being stepped through
  highlight: [],
};

function autoMarksOf(cells, i) {
  if (cells[i]) return 0;
  let m = ALL;
  for (const j of PEERS[i]) if (cells[j]) m &= ~bit(cells[j]);
  return m;
}
const autoMarks = (i) => autoMarksOf(state.cells, i);
const marksOf = (i) => (state.marks ? state.marks[i] : autoMarks(i));

function snapshot() {
  return { cells: state.cells.slice(), marks: state.marks ? state.marks.slice() : null };
}
function remember() {
  state.undo.push(snapshot());
  if (state.undo.length > 500) state.undo.shift();
  state.redo = [];
}
function restore(from, to) {
  if (!from.length) return;
  to.push(snapshot());
  const s = from.pop();
  state.cells = s.cells;
  state.marks = s.marks;
  boardChanged();
}

/// The player's state as the server reads it: a line, or a pencilmark grid once marks exist.
function stateText() {
  if (!state.marks) return line(state.cells);
  const tokens = state.cells.map((d, i) => {
    if (d) return String(d);
    const m = state.marks[i];
    let t = '';
    for (let k = 1; k <= 9; k++) if (m & bit(k)) t += k;
    return t || '.';
  });
  const width = 9;
  const lines = [];
  for (let r = 0; r < 9; r++) {
    const row = [];
    for (let c = 0; c < 9; c++) {
      row.push(tokens[r * 9 + c].padEnd(width));
      if (c === 2 || c === 5) row.push('|');
    }
    lines.push(row.join(' ').trimEnd());
    if (r === 2 || r === 5) lines.push('-'.repeat(lines[0].length));
  }
  return lines.join('\n') + '\n';
}

function conflicts(cells) {
  const bad = new Set();
  for (let i = 0; i < 81; i++) {
    const d = cells[i];
    if (!d) continue;
    for (const j of PEERS[i]) if (cells[j] === d) bad.add(i);
  }
  return bad;
}

// ---------------------------------------------------------------------------------------
// Drawing the board

const board = $('board');
const cellEls = [];
for (let i = 0; i < 81; i++) {
  const el = document.createElement('div');
  el.className = 'cell';
  el.setAttribute('role', 'gridcell');
  el.dataset.cell = cellName(i);
  el.addEventListener('mousedown', (e) => {
    e.preventDefault();
    if (state.view === 'explain') return;
    select(i);
    board.focus();
  });
  board.appendChild(el);
  cellEls.push(el);
}
const keypad = $('keypad');
for (let d = 1; d <= 9; d++) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = d;
  b.dataset.digit = d;
  b.addEventListener('click', () => (kakuroOn() ? kakuroEnter(d) : enter(d)));
  keypad.appendChild(b);
}

/// What the board shows: the player's board, or in the explanation the grid before the step.
function shown() {
  if (state.view === 'explain' && state.ex) {
    const g = state.ex.grids[state.ex.index];
    return { cells: g.cells, marks: g.marks, givens: state.ex.givens, past: true };
  }
  return { cells: state.cells, marks: null, givens: state.givens, past: false };
}

function draw() {
  const view = shown();
  // While a step lies under the board, no cell is shaded over it.
  const marked = !$('overlay').hidden;
  const bad = view.past ? new Set() : conflicts(view.cells);
  const sel = view.past || marked ? -1 : state.selected;
  const selDigit = sel >= 0 ? view.cells[sel] : 0;
  const hl = new Set(view.past ? [] : state.highlight);
  board.classList.toggle('past', view.past);
  board.classList.toggle('marked', marked);
  for (let i = 0; i < 81; i++) {
    const el = cellEls[i];
    const d = view.cells[i];
    const cls = ['cell'];
    if (view.givens[i]) cls.push('given');
    else if (d) cls.push('filled');
    if (i === sel) cls.push('selected');
    else if (selDigit && d === selDigit) cls.push('same');
    else if (sel >= 0 && PEERS[sel].includes(i)) cls.push('peer');
    if (bad.has(i)) cls.push('conflict');
    if (hl.has(i)) cls.push('hl');
    el.className = cls.join(' ');
    if (d) {
      el.textContent = d;
      el.setAttribute('aria-label', `${cellName(i)} ${d}${view.givens[i] ? ' given' : ''}`);
    } else if (!state.loaded) {
      el.replaceChildren();
      el.setAttribute('aria-label', `${cellName(i)} empty`);
    } else {
      const m = view.past ? view.marks[i] : marksOf(i);
      const grid = document.createElement('div');
      grid.className = state.marks && !view.past ? 'cands mine' : 'cands';
      const names = [];
      for (let k = 1; k <= 9; k++) {
        const s = document.createElement('span');
        if (m & bit(k)) {
          s.textContent = k;
          names.push(k);
        }
        grid.appendChild(s);
      }
      el.replaceChildren(grid);
      el.setAttribute('aria-label', `${cellName(i)} empty, candidates ${names.join('') || 'none'}`);
    }
  }
  $('mode').textContent = state.pencil ? 'Pencil: on' : 'Pencil: off';
  $('mode').setAttribute('aria-pressed', String(state.pencil));
  $('undo').disabled = !state.undo.length;
  $('redo').disabled = !state.redo.length;
  $('share').disabled = !state.original && !kakuroOn();
}

function select(i) {
  state.selected = Math.max(0, Math.min(80, i));
  draw();
}

const solved = () => state.loaded && state.cells.every((d) => d) && !conflicts(state.cells).size;

/// After any change of the board: the hint or step on it goes, hints start again, and the
/// board is kept (link and localStorage).
function boardChanged() {
  closeShown();
  state.hintLevel = -1;
  state.hint = null;
  $('hint').textContent = 'Hint';
  if (solved()) message('Solved. Well done!');
  else message('');
  keep();
  draw();
}

// ---------------------------------------------------------------------------------------
// Editing

function enter(d) {
  const i = state.selected;
  if (!state.loaded || state.view === 'explain' || state.givens[i]) return;
  if (state.pencil) {
    if (state.cells[i]) return;
    remember();
    materialize();
    state.marks[i] ^= bit(d);
  } else {
    if (state.cells[i] === d) return;
    remember();
    state.cells[i] = d;
    if (state.marks) {
      state.marks[i] = 0;
      for (const j of PEERS[i]) state.marks[j] &= ~bit(d);
    }
  }
  boardChanged();
}

function erase() {
  const i = state.selected;
  if (!state.loaded || state.view === 'explain' || state.givens[i]) return;
  if (!state.cells[i] && !(state.pencil && state.marks && state.marks[i])) return;
  remember();
  if (state.cells[i]) {
    state.cells[i] = 0;
    if (state.marks) state.marks[i] = autoMarks(i);
  } else {
    state.marks[i] = 0;
  }
  boardChanged();
}

/// Candidates become the player's own (from what the digits leave) on the first pencil mark
/// or the first applied elimination.
function materialize() {
  if (!state.marks) state.marks = Array.from({ length: 81 }, (_, i) => autoMarks(i));
}

function togglePencil() {
  state.pencil = !state.pencil;
  draw();
}

board.addEventListener('keydown', (e) => {
  if (state.view === 'explain') return; // the document's keys step through the path
  const k = e.key;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && (k === 'z' || k === 'Z')) {
    if (e.shiftKey) restore(state.redo, state.undo);
    else restore(state.undo, state.redo);
  } else if (ctrl && (k === 'y' || k === 'Y')) {
    restore(state.redo, state.undo);
  } else if (ctrl || e.altKey) {
    return; // leave Ctrl+V and the like to the browser
  } else if (/^[1-9]$/.test(k)) {
    enter(Number(k));
  } else if (k === '0' || k === 'Backspace' || k === 'Delete' || k === '.') {
    erase();
  } else if (k === 'p' || k === 'P') {
    togglePencil();
  } else if (k === 'h' || k === 'H') {
    takeHint();
  } else if (k === 'a' || k === 'A') {
    applyHint();
  } else if (k === 'e' || k === 'E') {
    explain();
  } else if (k === 'ArrowLeft') {
    select(state.selected % 9 ? state.selected - 1 : state.selected + 8);
  } else if (k === 'ArrowRight') {
    select(state.selected % 9 === 8 ? state.selected - 8 : state.selected + 1);
  } else if (k === 'ArrowUp') {
    select((state.selected + 72) % 81);
  } else if (k === 'ArrowDown') {
    select((state.selected + 9) % 81);
  } else {
    return;
  }
  e.preventDefault();
});
board.addEventListener('paste', (e) => {
  const text = (e.clipboardData || window.clipboardData).getData('text');
  if (text && text.trim()) {
    e.preventDefault();
    loadText(text);
  }
});
$('mode').addEventListener('click', togglePencil);
$('erase').addEventListener('click', () => (kakuroOn() ? kakuroEnter(0) : erase()));
$('undo').addEventListener('click', () => restore(state.undo, state.redo));
$('redo').addEventListener('click', () => restore(state.redo, state.undo));

// Keys anywhere but in a text box: stepping through the explanation, Esc to close.
document.addEventListener('keydown', (e) => {
  const tag = (e.target && e.target.tagName) || '';
  if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key;
  if (kakuroOn()) {
    if (kakuroKey(k)) e.preventDefault();
    return;
  }
  if (state.view === 'explain') {
    if (k === 'ArrowLeft' || k === 'ArrowUp' || k === 'PageUp') showStep(state.ex.index - 1);
    else if (k === 'ArrowRight' || k === 'ArrowDown' || k === 'PageDown') showStep(state.ex.index + 1);
    else if (k === 'Home') showStep(0);
    else if (k === 'End') showStep(state.ex.steps.length - 1);
    else if (k === 'Escape') closeShown();
    else return;
    e.preventDefault();
  } else if (k === 'Escape') {
    if (!$('welcome').hidden && state.loaded) hideWelcome();
    else if (state.view === 'hint') closeShown();
    else return;
    e.preventDefault();
  }
});

// ---------------------------------------------------------------------------------------
// Talking to the server: one slow request at a time may be cancelled

let inflight = null;
let busyTimer = null;

async function api(path, body, { slow = false } = {}) {
  const controller = new AbortController();
  if (slow) {
    if (inflight) inflight.abort();
    inflight = controller;
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => { $('busy').hidden = false; }, 120);
  }
  try {
    const res = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    const json = await res.json().catch(() => ({ error: `the server answered ${res.status}` }));
    if (!res.ok) {
      const err = new Error(json.error || `the server answered ${res.status}`);
      err.body = json;
      throw err;
    }
    return json;
  } finally {
    if (slow && inflight === controller) {
      inflight = null;
      clearTimeout(busyTimer);
      $('busy').hidden = true;
    }
  }
}
$('cancel').addEventListener('click', () => {
  if (inflight) inflight.abort();
});

function message(text, error = false) {
  const el = $('message');
  el.textContent = text;
  el.className = error ? 'message error' : 'message';
}
function failed(e) {
  if (e.name === 'AbortError') message('Cancelled.');
  else message(e.message, true);
}

// ---------------------------------------------------------------------------------------
// Starting: the first view, a new puzzle, a bundled one, a pasted one, a link

function showWelcome() {
  $('welcome').hidden = false;
  document.body.classList.add('welcoming');
  $('welcomeclose').hidden = !state.loaded;
}
function hideWelcome() {
  $('welcome').hidden = true;
  document.body.classList.remove('welcoming');
}
$('open').addEventListener('click', () => {
  closeShown();
  showWelcome();
});
$('welcomeclose').addEventListener('click', () => {
  hideWelcome();
  board.focus();
});

for (const b of BUNDLED) {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.puzzle = b.puzzle;
  button.append(b.name);
  const note = document.createElement('small');
  note.textContent = b.note;
  button.append(note);
  button.addEventListener('click', () => {
    load(digitsOf(b.puzzle), null);
    message(`${b.name}: ${b.note}.`);
  });
  $('bundled').appendChild(button);
}

async function loadText(text) {
  const trimmed = text.trim();
  // A clue (`D\R`) makes it a Kakuro.
  if (trimmed.includes('\\')) {
    openKakuro(text);
    return;
  }
  let parsed;
  if (/^[0-9.]{81}$/.test(trimmed)) {
    parsed = { cells: digitsOf(trimmed), candidates: null };
  } else {
    try {
      parsed = await api('/api/parse', { puzzle: text });
    } catch (e) {
      failed(e);
      return;
    }
  }
  load(parsed.cells, parsed.candidates);
}

/// A new puzzle on the board: its digits are givens unless it came with pencil marks (a
/// player's state, whose digits may be wrong: then the hints run without the original).
function load(cells, candidates, rating, played) {
  if (typeof kakuroLeave === 'function') kakuroLeave();
  state.undo = [];
  state.redo = [];
  state.loaded = true;
  state.cells = cells.slice();
  if (candidates) {
    state.givens = new Array(81).fill(0);
    state.marks = candidates.map((ds, i) => (cells[i] ? 0 : ds.reduce((m, d) => m | bit(d), 0)));
    state.original = null;
  } else {
    state.givens = cells.slice();
    state.marks = null;
    state.original = line(cells);
  }
  if (played) {
    // The player's own digits, from a link or from the last visit.
    if (played.cells) {
      played.cells.forEach((d, i) => {
        if (!state.givens[i] && d >= 1 && d <= 9) state.cells[i] = d;
      });
    }
    if (played.marks && played.marks.length === 81) state.marks = played.marks.slice();
  }
  state.explained = null;
  state.ex = null;
  $('explainbox').hidden = true;
  $('steps').replaceChildren();
  hideWelcome();
  boardChanged();
  showRating(rating);
  board.focus();
}

$('load').addEventListener('click', () => loadText($('paste').value));

$('new').addEventListener('click', async () => {
  const level = $('level').value;
  message(`Making a new ${level} puzzle…`);
  try {
    const g = await api('/api/generate', { level, count: 1 }, { slow: true });
    const p = g.puzzles[0];
    load(digitsOf(p.puzzle), null, p.rating);
    message(`A new ${level} puzzle.`);
  } catch (e) {
    failed(e);
  }
});

/// `#p=PUZZLE&s=DIGITS`: the puzzle's 81 characters (`.` or 0 for empty) and the player's
/// digits in the cells that are not givens.
function readFragment() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  const k = params.get('k');
  if (k) return { kakuro: k.replace(/\//g, '\n') };
  const p = params.get('p');
  if (!p) return null;
  if (!/^[0-9.]{81}$/.test(p)) {
    message('The link holds no puzzle of 81 digits and dots.', true);
    return null;
  }
  const s = params.get('s');
  const played = s && /^[0-9.]{81}$/.test(s) ? { cells: digitsOf(s) } : null;
  return { cells: digitsOf(p), played };
}

function shareLink() {
  if (!state.original) return null;
  let link = `${location.origin}${location.pathname}#p=${state.original}`;
  const mine = state.cells.map((d, i) => (state.givens[i] || !d ? '.' : String(d))).join('');
  if (/[1-9]/.test(mine)) link += `&s=${mine}`;
  return link;
}

/// The board kept: in the address (so the link opens it) and in localStorage.
function keep() {
  if (!state.loaded || kakuroOn()) return;
  const link = shareLink();
  if (link) history.replaceState(null, '', link.slice(link.indexOf('#')));
  try {
    localStorage.setItem(MODE, 'sudoku');
    localStorage.setItem(STORE, JSON.stringify({
      original: state.original,
      givens: state.givens,
      cells: state.cells,
      marks: state.marks,
    }));
  } catch (e) {
    // A browser without storage (or out of it) still plays.
  }
}

function restoreKept() {
  let kept;
  try {
    kept = JSON.parse(localStorage.getItem(STORE) || 'null');
  } catch (e) {
    kept = null;
  }
  if (!kept || !Array.isArray(kept.cells) || kept.cells.length !== 81) return false;
  if (kept.original && /^[0-9.]{81}$/.test(kept.original)) {
    load(digitsOf(kept.original), null, undefined, { cells: kept.cells, marks: kept.marks });
  } else {
    const candidates = (kept.marks || []).map((m) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => m & bit(d)));
    if (candidates.length !== 81) return false;
    load(kept.cells, candidates);
  }
  message('Welcome back: your puzzle is as you left it.');
  return true;
}

$('share').addEventListener('click', async () => {
  const link = kakuroOn() ? location.href : shareLink();
  if (!link) {
    message('This board came without its original puzzle: there is nothing to share.', true);
    return;
  }
  try {
    await navigator.clipboard.writeText(link);
    message(`Link copied: ${link}`);
  } catch (e) {
    message(`Copy this link: ${link}`);
  }
});

window.addEventListener('hashchange', () => {
  const fragment = readFragment();
  if (fragment && fragment.kakuro) {
    if (fragment.kakuro.trim() !== kakuroText().trim()) openKakuro(fragment.kakuro);
  } else if (fragment && line(fragment.cells) !== state.original) {
    load(fragment.cells, null, undefined, fragment.played);
  }
});

// ---------------------------------------------------------------------------------------
// Rating and the technique catalog

async function showRating(known) {
  const el = $('rating');
  el.textContent = 'Rating…';
  const puzzle = state.original || stateText();
  state.explainPuzzle = puzzle;
  try {
    const explained = await api('/api/explain', { puzzle });
    state.explained = explained;
    ratingText(explained.rating, explained.status);
  } catch (e) {
    if (e.body && e.body.rating) {
      state.explained = e.body;
      ratingText(e.body.rating, e.body.status, e.message);
    } else if (known) {
      ratingText(known, 'solved');
    } else {
      el.textContent = `Not rated: ${e.message}`;
    }
  }
}

function ratingText(r, status, error) {
  const el = $('rating');
  el.replaceChildren();
  const fmt = (x) => (x == null ? '–' : Number(x).toFixed(1));
  const b = document.createElement('strong');
  b.textContent = `ER ${fmt(r.er)} / EP ${fmt(r.ep)} / ED ${fmt(r.ed)}`;
  el.append(b, ` · level ${r.level || '–'}`);
  if (r.hardest) {
    el.append(' · hardest: ');
    el.append(techniqueLink(r.hardest));
  }
  if (error) el.append(` (${status}: ${error})`);
}

function techniqueLink(name, slug) {
  const a = document.createElement('a');
  a.href = '#';
  a.className = 'techlink';
  a.textContent = name;
  a.addEventListener('click', (e) => {
    e.preventDefault();
    openTechnique(slug || name);
  });
  return a;
}

/// The catalog's names, longest first, to link them where a hint's text names one.
let techniqueNames = [];
api('/api/techniques').then((list) => {
  techniqueNames = list.map((t) => t.name).sort((a, b) => b.length - a.length);
}).catch(() => {});

/// `text` with the first technique name in it made a link to its page (nothing repeated).
function linked(text, known) {
  const names = known ? [known] : techniqueNames;
  const frag = document.createDocumentFragment();
  for (const name of names) {
    const at = text.indexOf(name);
    if (at >= 0) {
      frag.append(text.slice(0, at), techniqueLink(name), text.slice(at + name.length));
      return frag;
    }
  }
  frag.append(text);
  return frag;
}

async function openTechnique(key) {
  try {
    const t = await api(`/api/techniques/${encodeURIComponent(key)}`);
    $('techname').textContent = `${t.name} (SE ${t.se_rating}, HoDoKu ${t.hodoku_level})`;
    $('techpage').replaceChildren(
      t.page ? renderPage(t.page) : document.createTextNode('No catalog page for this technique yet.'));
    $('technique').hidden = false;
    $('technique').scrollIntoView({ block: 'nearest' });
  } catch (e) {
    failed(e);
  }
}
// A catalog page's Markdown as elements: headings, paragraphs, lists, fenced blocks and the
// inline `code`, **bold** and *italic* the pages use. Built with text nodes only, so nothing
// in a page is ever read as HTML.
function renderPage(markdown) {
  const root = document.createDocumentFragment();
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  let paragraph = [];
  let list = null;
  const flush = () => {
    if (paragraph.length) {
      const p = document.createElement('p');
      inline(p, paragraph.join(' '));
      root.appendChild(p);
      paragraph = [];
    }
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = line.match(/^```\s*(\w*)/);
    if (fence) {
      flush();
      const body = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) body.push(lines[i]);
      const pre = document.createElement('pre');
      if (fence[1]) pre.className = `block-${fence[1]}`;
      pre.textContent = body.join('\n');
      root.appendChild(pre);
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    const item = line.match(/^\s*[-*]\s+(.*)$/);
    if (heading) {
      flush();
      // The page's title is the panel's heading already; its sections sit one level below.
      if (heading[1].length === 1) continue;
      const h = document.createElement(`h${Math.min(6, heading[1].length + 1)}`);
      inline(h, heading[2]);
      root.appendChild(h);
    } else if (item) {
      if (paragraph.length) flush();
      if (!list) {
        list = document.createElement('ul');
        root.appendChild(list);
      }
      const li = document.createElement('li');
      inline(li, item[1]);
      list.appendChild(li);
    } else if (!line.trim()) {
      flush();
    } else if (list && /^\s+/.test(line)) {
      inline(list.lastChild, ` ${line.trim()}`);
    } else {
      if (list) list = null;
      paragraph.push(line.trim());
    }
  }
  flush();
  return root;
}

function inline(parent, text) {
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
    const [tag, content] = m[1] !== undefined ? ['code', m[1]]
      : m[2] !== undefined ? ['strong', m[2]] : ['em', m[3]];
    const el = document.createElement(tag);
    el.textContent = content;
    parent.appendChild(el);
    last = m.index + m[0].length;
  }
  if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
}

$('techclose').addEventListener('click', () => { $('technique').hidden = true; });

// ---------------------------------------------------------------------------------------
// What is drawn on the board: a hint or a step, its words under the board

/// Lays `svg` (the server's overlay: the step's marks alone) on the board, or takes it off.
function overlay(svg) {
  const el = $('overlay');
  el.innerHTML = svg || '';
  el.hidden = !svg;
}

/// The caption under the board: a head, the sentence, the notation, the legend.
function caption({ head, text, notation, legend, stepping, apply }) {
  $('caption').hidden = false;
  $('capthead').replaceChildren(head);
  $('capttext').replaceChildren(text);
  $('notation').textContent = notation || '';
  $('notationbox').hidden = !notation;
  $('legend').innerHTML = legend || '';
  $('prev').hidden = !stepping;
  $('next').hidden = !stepping;
  $('apply').hidden = !apply;
}

/// Back to the player's own board: no overlay, no caption, the list's step unmarked.
function closeShown() {
  const wasExplaining = state.view === 'explain';
  state.view = 'play';
  state.highlight = [];
  document.body.classList.remove('explaining');
  overlay(null);
  $('caption').hidden = true;
  for (const li of $('steps').children) li.classList.remove('current');
  if (wasExplaining) {
    draw();
    board.focus();
  }
}
$('close').addEventListener('click', () => {
  if (kakuroOn()) {
    kakuroKey('Escape');
    return;
  }
  const explaining = state.view === 'explain';
  closeShown();
  state.hintLevel = -1;
  $('hint').textContent = 'Hint';
  if (!explaining) draw();
});
$('prev').addEventListener('click', () => (kakuroOn() ? kakuroKey('ArrowLeft') : showStep(state.ex.index - 1)));
$('next').addEventListener('click', () => (kakuroOn() ? kakuroKey('ArrowRight') : showStep(state.ex.index + 1)));

/// Scrolls the window so the whole board is in view (when it is not).
function boardInView() {
  const r = $('boardwrap').getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) {
    window.scrollBy(0, r.top < 0 || r.height > window.innerHeight ? r.top - 4 : r.bottom - window.innerHeight + 4);
  }
}

// ---------------------------------------------------------------------------------------
// Hints: the first press at the server's default level, each next one tells more

function hintBody(level) {
  const body = { puzzle: stateText(), overlay: true };
  if (level) body.level = level;
  const profile = $('profile').value;
  if (profile) body.profile = profile;
  if (state.original) body.original = state.original;
  return body;
}

async function takeHint() {
  if (kakuroOn()) return kakuroHint();
  if (!state.loaded) {
    showWelcome();
    return;
  }
  if (state.view === 'explain') closeShown();
  // The first press leaves the level to the server (its default); then one more each time.
  const level = state.hintLevel < 0 ? null : LEVELS[Math.min(state.hintLevel + 1, LEVELS.length - 1)];
  message('');
  let hint;
  try {
    hint = await api('/api/hint', hintBody(level), { slow: true });
  } catch (e) {
    failed(e);
    return;
  }
  state.hint = hint;
  state.hintLevel = LEVELS.indexOf(hint.level);
  showHint(hint);
}

const FINAL = ['solved', 'stuck', 'timeout'];

/// The cells a hint names: its `cells`, or for a mistake the cells its text names.
function hintCells(hint) {
  if (hint.cells && hint.cells.length) return hint.cells.map(cellIndex).filter((i) => i >= 0);
  if (hint.kind === 'step') return [];
  return [...hint.text.matchAll(/r(\d)c(\d)/g)].map((m) => (m[1] - 1) * 9 + (m[2] - 1));
}

function showHint(hint) {
  state.view = 'hint';
  const lastLevel = FINAL.includes(hint.kind) || state.hintLevel === LEVELS.length - 1;
  const kind = hint.kind === 'step' ? '' : ` · ${hint.kind.replace(/_/g, ' ')}`;
  const head = document.createDocumentFragment();
  head.append(`Hint${kind} · ${hint.level}`);
  let text;
  if (hint.step) {
    // The whole step: its name once (in the head), its sentence, its notation apart.
    head.append(' · ', techniqueLink(hint.step.technique, hint.step.slug));
    text = document.createTextNode(hint.step.text || hint.text);
  } else {
    text = linked(hint.text);
  }
  caption({
    head,
    text,
    notation: hint.step ? hint.step.notation : '',
    legend: hint.legend,
    stepping: false,
    apply: hint.kind === 'step' || hint.kind === 'wrong_digit',
  });
  overlay(hint.overlay);
  state.highlight = hint.overlay ? [] : hintCells(hint);
  $('hint').textContent = lastLevel ? 'Hint' : `More (${LEVELS[state.hintLevel + 1]})`;
  if (lastLevel) state.hintLevel = -1; // the next press starts a new hint
  draw();
  boardInView();
}

async function applyHint() {
  let hint = state.hint;
  if (!hint || (hint.kind === 'step' && !hint.step) || (hint.kind === 'wrong_digit' && !hintCells(hint).length)) {
    try {
      hint = await api('/api/hint', hintBody('full'), { slow: true });
    } catch (e) {
      failed(e);
      return;
    }
  }
  if (hint.kind === 'wrong_digit') {
    const cells = hintCells(hint).filter((i) => !state.givens[i] && state.cells[i]);
    if (!cells.length) {
      state.hint = hint;
      state.hintLevel = LEVELS.indexOf(hint.level);
      return showHint(hint);
    }
    remember();
    for (const i of cells) {
      state.cells[i] = 0;
      if (state.marks) state.marks[i] = autoMarks(i);
    }
    boardChanged();
    message(`Erased the wrong digit in ${cells.map(cellName).join(', ')}.`);
    return;
  }
  if (!hint.step) {
    state.hint = hint;
    state.hintLevel = LEVELS.length - 1;
    showHint(hint);
    return;
  }
  applyStep(hint.step);
  message(solved() ? `Applied: ${hint.step.notation}. Solved. Well done!` : `Applied: ${hint.step.notation}`);
}

function applyStep(step) {
  remember();
  for (const p of step.placements) {
    const i = cellIndex(p.cell);
    if (i < 0 || state.cells[i]) continue;
    state.cells[i] = p.digit;
    if (state.marks) {
      state.marks[i] = 0;
      for (const j of PEERS[i]) state.marks[j] &= ~bit(p.digit);
    }
  }
  if (step.eliminations.length) {
    materialize();
    for (const e of step.eliminations) {
      const i = cellIndex(e.cell);
      if (i >= 0) state.marks[i] &= ~bit(e.digit);
    }
  }
  boardChanged();
}

$('hint').addEventListener('click', takeHint);
$('apply').addEventListener('click', applyHint);

// ---------------------------------------------------------------------------------------
// Explanation: every step of the loaded puzzle, each drawn on the board as it was then

/// The grid before each step: the start (givens and their candidates, or the player's
/// pencil marks), then each step's placements and eliminations.
function gridsOf(steps, start) {
  let cells = start.cells.slice();
  let marks = start.marks ? start.marks.slice() : cells.map((_, i) => autoMarksOf(cells, i));
  const grids = [];
  for (const step of steps) {
    grids.push({ cells: cells.slice(), marks: marks.slice() });
    for (const p of step.placements) {
      const i = cellIndex(p.cell);
      if (i < 0) continue;
      cells[i] = p.digit;
      marks[i] = 0;
      for (const j of PEERS[i]) marks[j] &= ~bit(p.digit);
    }
    for (const e of step.eliminations) {
      const i = cellIndex(e.cell);
      if (i >= 0) marks[i] &= ~bit(e.digit);
    }
  }
  return grids;
}

/// What a step does, in notation: `r1c6=8`, `r1c456<>4`.
function effectOf(step) {
  const n = step.notation;
  const at = n.lastIndexOf(' => ');
  if (at >= 0) return n.slice(at + 4);
  const colon = n.indexOf(': ');
  return colon >= 0 ? n.slice(colon + 2) : n;
}

/// Lists an explanation's steps in #steps, each a button (its name and what it does, from
/// `label`) that calls `show` with its number, and opens the list; false when there is no step
/// (the list then says why). Kakuro's explanation (kakuro.js) uses it too.
function fillStepList(ex, label, show) {
  const list = $('steps');
  list.replaceChildren();
  ex.steps.forEach((step, n) => {
    const [nameText, effectText] = label(step);
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'step';
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = nameText;
    const effect = document.createElement('span');
    effect.className = 'effect';
    effect.textContent = ` ${effectText}`;
    b.append(name, effect);
    b.addEventListener('click', () => show(n));
    li.append(b);
    list.appendChild(li);
  });
  $('explainbox').hidden = false;
  if (!ex.steps.length) {
    list.textContent = ex.error || 'No steps.';
    return false;
  }
  return true;
}

async function explain() {
  if (kakuroOn()) return kakuroExplain();
  if (!state.loaded) {
    showWelcome();
    return;
  }
  const puzzle = state.original || stateText();
  let ex;
  try {
    ex = await api('/api/explain', { puzzle, overlays: true }, { slow: true });
  } catch (e) {
    if (e.body && e.body.steps) ex = e.body;
    else return failed(e);
  }
  const start = state.original
    ? { cells: digitsOf(state.original), marks: null }
    : { cells: state.cells.slice(), marks: state.marks ? state.marks.slice() : null };
  state.ex = {
    steps: ex.steps,
    overlays: ex.overlays || [],
    grids: gridsOf(ex.steps, start),
    givens: state.original ? digitsOf(state.original) : new Array(81).fill(0),
    index: 0,
  };
  if (!fillStepList(ex, (step) => [step.technique, effectOf(step)], showStep)) return;
  if (ex.error) message(`${ex.status}: ${ex.error}`, true);
  showStep(0);
}
$('explain').addEventListener('click', explain);

function showStep(n) {
  const ex = state.ex;
  if (!ex || !ex.steps.length) return;
  n = Math.max(0, Math.min(ex.steps.length - 1, n));
  ex.index = n;
  state.view = 'explain';
  state.highlight = [];
  document.body.classList.add('explaining');
  const step = ex.steps[n];
  const list = $('steps');
  [...list.children].forEach((li, i) => li.classList.toggle('current', i === n));
  // The list scrolls itself to the step; the page does not move.
  const li = list.children[n];
  const offset = li.getBoundingClientRect().top - list.getBoundingClientRect().top;
  if (offset < 0 || offset + li.offsetHeight > list.clientHeight) {
    list.scrollTop += offset - (list.clientHeight - li.offsetHeight) / 2;
  }
  const head = document.createDocumentFragment();
  head.append(`Step ${n + 1} of ${ex.steps.length} · `, techniqueLink(step.technique, step.slug));
  const drawn = ex.overlays[n] || {};
  caption({
    head,
    text: document.createTextNode(step.text),
    notation: step.notation,
    legend: drawn.legend,
    stepping: true,
    apply: false,
  });
  $('prev').disabled = n === 0;
  $('next').disabled = n === ex.steps.length - 1;
  overlay(drawn.overlay);
  draw();
  boardInView();
}

// ---------------------------------------------------------------------------------------
// Start: a link's puzzle, else the last visit's board, else the first view

// (Once every script is in: a link or a kept board may be a Kakuro, which kakuro.js opens.)
window.addEventListener('DOMContentLoaded', () => {
  draw();
  const fragment = readFragment();
  if (fragment && fragment.kakuro) {
    openKakuro(fragment.kakuro, 'Opened from the link.');
  } else if (fragment) {
    load(fragment.cells, null, undefined, fragment.played);
    message('Opened from the link.');
  } else if (!(localStorage.getItem(MODE) === 'kakuro' && kakuroRestore()) && !restoreKept()) {
    showWelcome();
  }
});

/// A Kakuro from a link or a paste, or the error that says why not.
function openKakuro(text, said) {
  try {
    kakuroLoad(text);
    if (said) message(said);
  } catch (e) {
    message(`Kakuro: ${e.message}`, true);
  }
}
