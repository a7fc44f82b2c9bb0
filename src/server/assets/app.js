// Stepwise's page: a board to type into, hints level by level with the server's pictures,
// the explanation of every step, the rating and the technique catalog. No build step, no
// network beyond this server's JSON API.
'use strict';

const LEVELS = ['nudge', 'technique', 'cells', 'full'];
const ALL = 0x1ff;
const $ = (id) => document.getElementById(id);

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

// ---------------------------------------------------------------------------------------
// State: the puzzle's givens, the user's digits and (once the user writes any) candidates

const state = {
  givens: new Array(81).fill(0), // the loaded puzzle's givens (locked)
  original: null, // the original puzzle line, sent with hints; null when unknown
  cells: new Array(81).fill(0),
  marks: null, // null: candidates follow the digits; else 81 bitmasks written by the user
  selected: 40,
  pencil: false,
  undo: [],
  redo: [],
  hintLevel: -1, // the last level shown for the current board
  hint: null, // the last hint (its JSON)
  explained: null, // {puzzle, steps, rating} of the loaded puzzle
  explainPuzzle: null, // the puzzle text it was asked for
  highlight: [],
};

function autoMarks(i) {
  if (state.cells[i]) return 0;
  let m = ALL;
  for (const j of PEERS[i]) if (state.cells[j]) m &= ~bit(state.cells[j]);
  return m;
}
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

/// The user's state as the server reads it: a line, or a pencilmark grid once marks exist.
function stateText() {
  if (!state.marks) return state.cells.map((d) => (d ? String(d) : '.')).join('');
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

function conflicts() {
  const bad = new Set();
  for (let i = 0; i < 81; i++) {
    const d = state.cells[i];
    if (!d) continue;
    for (const j of PEERS[i]) if (state.cells[j] === d) bad.add(i);
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
  b.addEventListener('click', () => enter(d));
  keypad.appendChild(b);
}

function draw() {
  const bad = conflicts();
  const sel = state.selected;
  const selDigit = state.cells[sel];
  const hl = new Set(state.highlight);
  for (let i = 0; i < 81; i++) {
    const el = cellEls[i];
    const d = state.cells[i];
    const cls = ['cell'];
    if (state.givens[i]) cls.push('given');
    if (i === sel) cls.push('selected');
    else if (selDigit && d === selDigit) cls.push('same');
    else if (PEERS[sel].includes(i)) cls.push('peer');
    if (bad.has(i)) cls.push('conflict');
    if (hl.has(i)) cls.push('hl');
    el.className = cls.join(' ');
    if (d) {
      el.textContent = d;
      el.setAttribute('aria-label', `${cellName(i)} ${d}${state.givens[i] ? ' given' : ''}`);
    } else {
      const m = marksOf(i);
      const grid = document.createElement('div');
      grid.className = state.marks ? 'cands mine' : 'cands';
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
}

function select(i) {
  state.selected = Math.max(0, Math.min(80, i));
  draw();
}

const solved = () => state.cells.every((d) => d) && !conflicts().size;

/// After any change of the board: hints start again from a nudge.
function boardChanged() {
  state.hintLevel = -1;
  state.hint = null;
  state.highlight = [];
  $('hint').textContent = 'Hint';
  $('apply').disabled = true;
  $('hintbox').hidden = true;
  if (solved()) message('Solved. Well done!');
  else message('');
  draw();
}

// ---------------------------------------------------------------------------------------
// Editing

function enter(d) {
  const i = state.selected;
  if (state.givens[i]) return;
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
  if (state.givens[i]) return;
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

/// Candidates become the user's own (from what the digits leave) on the first pencil mark or
/// the first applied elimination.
function materialize() {
  if (!state.marks) state.marks = Array.from({ length: 81 }, (_, i) => autoMarks(i));
}

function togglePencil() {
  state.pencil = !state.pencil;
  draw();
}

board.addEventListener('keydown', (e) => {
  const k = e.key;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && (k === 'z' || k === 'Z')) {
    if (e.shiftKey) restore(state.redo, state.undo);
    else restore(state.undo, state.redo);
  } else if (ctrl && (k === 'y' || k === 'Y')) {
    restore(state.redo, state.undo);
  } else if (ctrl) {
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
    if (!$('apply').disabled) applyHint();
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
$('erase').addEventListener('click', erase);
$('undo').addEventListener('click', () => restore(state.undo, state.redo));
$('redo').addEventListener('click', () => restore(state.redo, state.undo));

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
// Loading a puzzle

async function loadText(text) {
  const trimmed = text.trim();
  let parsed;
  if (/^[0-9.]{81}$/.test(trimmed)) {
    const cells = [...trimmed].map((c) => (c === '.' ? 0 : Number(c)));
    parsed = { puzzle: trimmed.replace(/0/g, '.'), cells, candidates: null };
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
function load(cells, candidates, rating) {
  state.undo = [];
  state.redo = [];
  state.cells = cells.slice();
  if (candidates) {
    state.givens = new Array(81).fill(0);
    state.marks = candidates.map((ds, i) => (cells[i] ? 0 : ds.reduce((m, d) => m | bit(d), 0)));
    state.original = null;
  } else {
    state.givens = cells.slice();
    state.marks = null;
    state.original = cells.map((d) => (d ? String(d) : '.')).join('');
  }
  state.explained = null;
  $('explainbox').hidden = true;
  $('steps').replaceChildren();
  $('steppic').replaceChildren();
  boardChanged();
  showRating(rating);
  board.focus();
}

$('load').addEventListener('click', () => loadText($('paste').value));

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

$('new').addEventListener('click', async () => {
  const level = $('level').value;
  message(`Making a new ${level} puzzle…`);
  try {
    const g = await api('/api/generate', { level, count: 1 }, { slow: true });
    const p = g.puzzles[0];
    const cells = [...p.puzzle].map((c) => (c === '.' || c === '0' ? 0 : Number(c)));
    $('paste').value = p.puzzle;
    load(cells, null, p.rating);
    message(`A new ${level} puzzle.`);
  } catch (e) {
    failed(e);
  }
});

// ---------------------------------------------------------------------------------------
// Hints

function hintBody(level) {
  const body = { puzzle: stateText(), level, svg: true };
  const profile = $('profile').value;
  if (profile) body.profile = profile;
  if (state.original) body.original = state.original;
  return body;
}

async function takeHint() {
  const next = Math.min(state.hintLevel + 1, LEVELS.length - 1);
  const level = LEVELS[next];
  message('');
  let hint;
  try {
    hint = await api('/api/hint', hintBody(level), { slow: true });
  } catch (e) {
    failed(e);
    return;
  }
  state.hint = hint;
  state.hintLevel = next;
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
  $('hintbox').hidden = false;
  const lastLevel = FINAL.includes(hint.kind) || state.hintLevel === LEVELS.length - 1;
  const kind = hint.kind === 'step' ? '' : ` · ${hint.kind.replace(/_/g, ' ')}`;
  $('hintlevel').textContent = `Hint${kind} · ${hint.level}`;
  const text = $('hinttext');
  text.replaceChildren(hint.text);
  if (hint.step) {
    text.append(' — ', techniqueLink(hint.step.technique, hint.step.slug));
  }
  // A picture only when it marks something: the step's cells or the whole step.
  const drawn = hint.kind === 'step' && (hint.level === 'cells' || hint.level === 'full');
  $('hintpic').innerHTML = drawn ? hint.svg || '' : '';
  state.highlight = hintCells(hint);
  $('hint').textContent = lastLevel ? 'Hint' : `More (${LEVELS[state.hintLevel + 1]})`;
  if (lastLevel) state.hintLevel = -1; // the next press starts a new hint
  $('apply').disabled = !(hint.kind === 'step' || hint.kind === 'wrong_digit');
  draw();
}

async function applyHint() {
  let hint = state.hint;
  if (!hint || (hint.kind === 'step' && !hint.step) || (hint.kind === 'wrong_digit' && !state.highlight.length)) {
    try {
      hint = await api('/api/hint', hintBody('full'), { slow: true });
    } catch (e) {
      failed(e);
      return;
    }
  }
  if (hint.kind === 'wrong_digit') {
    const cells = hintCells(hint).filter((i) => !state.givens[i] && state.cells[i]);
    if (!cells.length) return showHint(hint);
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

$('explain').addEventListener('click', async () => {
  const box = $('explainbox');
  if (!state.explained) {
    state.explainPuzzle = state.original || stateText();
    try {
      state.explained = await api('/api/explain', { puzzle: state.explainPuzzle }, { slow: true });
    } catch (e) {
      if (e.body && e.body.steps) state.explained = e.body;
      else return failed(e);
    }
  }
  const ex = state.explained;
  const list = $('steps');
  list.replaceChildren();
  ex.steps.forEach((step, n) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'step';
    b.textContent = step.notation;
    b.addEventListener('click', () => showStep(n, li));
    li.append(b, ' ', techniqueLink(`(${step.technique})`, step.slug));
    list.appendChild(li);
  });
  if (!ex.steps.length) list.textContent = ex.error || 'No steps.';
  box.hidden = false;
  box.scrollIntoView({ block: 'nearest' });
});

async function showStep(n, li) {
  for (const other of $('steps').children) other.classList.remove('current');
  li.classList.add('current');
  try {
    const puzzle = state.explainPuzzle;
    const ans = await api('/api/explain', { puzzle, svg_step: n + 1 }, { slow: true });
    $('steppic').innerHTML = ans.svg;
  } catch (e) {
    if (e.body && e.body.svg) $('steppic').innerHTML = e.body.svg;
    else failed(e);
  }
}

draw();
