// Kakuro on the page: a grid made by /api/kakuro/generate, picked or pasted; digits typed into
// its white cells (a digit twice in a run, or a full run with the wrong sum, turns red); hints
// from /api/kakuro/hint with their cells marked; the explanation from /api/kakuro/explain
// stepped through on the same grid as it was before each step (candidates, the step's runs and
// cells tinted, removed digits struck, placed ones ringed). Uses app.js's helpers (api,
// caption, message, ...); app.js asks `kakuroActive()` to hand its buttons and keys over.
'use strict';

const K_EXAMPLE = ['#    #    #     9\\_ 11\\_', '#    #    15\\17 .   .', '#    9\\7  .     .   .', '_\\3  .    .     #   #', '_\\17 .    .     #   #'].join('\n');

const kakuro = {
  active: false,
  rows: 0,
  cols: 0,
  squares: [], // row-major: {kind: 'black' | 'clue' | 'white', down, right}
  digits: [], // row-major: the player's digit in a white square, 0 if none
  selected: -1,
  view: 'play', // 'play', 'hint' or 'explain'
  highlight: new Set(),
  hintLevel: -1,
  ex: null, // {steps, grids, index}
};

const kBoard = $('kboard');
const KSTORE = 'stepwise.kakuro.v1';
function kakuroActive() {
  return kakuro.active;
}

/// The text format read back: `#` black, `D\R` a clue (`_` for none), `.` or a digit white.
function kakuroParse(text) {
  const rows = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith(';'));
  if (!rows.length) throw new Error('no Kakuro grid in the text');
  const grid = rows.map((l) => l.split(/\s+/));
  const cols = grid[0].length;
  const squares = [];
  const digits = [];
  grid.forEach((row, r) => {
    if (row.length !== cols) throw new Error(`row ${r + 1} has ${row.length} squares, not ${cols}`);
    row.forEach((token, c) => {
      const clue = /^(\d+|_)\\(\d+|_)$/.exec(token);
      if (token === '#') {
        squares.push({ kind: 'black' });
        digits.push(0);
      } else if (clue) {
        squares.push({ kind: 'clue', down: clue[1] === '_' ? 0 : Number(clue[1]), right: clue[2] === '_' ? 0 : Number(clue[2]) });
        digits.push(0);
      } else if (/^[.1-9]$/.test(token)) {
        squares.push({ kind: 'white' });
        digits.push(token === '.' ? 0 : Number(token));
      } else {
        throw new Error(`row ${r + 1}, column ${c + 1}: '${token}' is not a square`);
      }
    });
  });
  return { rows: grid.length, cols, squares, digits };
}

/// The grid in the text format, with the player's digits.
function kakuroText(digits = kakuro.digits) {
  const lines = [];
  for (let r = 0; r < kakuro.rows; r++) {
    const row = [];
    for (let c = 0; c < kakuro.cols; c++) {
      const i = r * kakuro.cols + c;
      const s = kakuro.squares[i];
      if (s.kind === 'black') row.push('#');
      else if (s.kind === 'clue') row.push(`${s.down || '_'}\\${s.right || '_'}`);
      else row.push(digits[i] ? String(digits[i]) : '.');
    }
    lines.push(row.join(' '));
  }
  return `${lines.join('\n')}\n`;
}

const kName = (i) => `r${Math.floor(i / kakuro.cols) + 1}c${(i % kakuro.cols) + 1}`;
function kIndex(name) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * kakuro.cols + Number(m[2]) - 1 : -1;
}

/// Every run: its sum and its white squares, across then down.
function kakuroRuns() {
  const runs = [];
  kakuro.squares.forEach((s, i) => {
    if (s.kind !== 'clue') return;
    const [r, c] = [Math.floor(i / kakuro.cols), i % kakuro.cols];
    if (s.right) {
      const cells = [];
      for (let k = c + 1; k < kakuro.cols && kakuro.squares[r * kakuro.cols + k].kind === 'white'; k++) cells.push(r * kakuro.cols + k);
      runs.push({ sum: s.right, cells });
    }
    if (s.down) {
      const cells = [];
      for (let k = r + 1; k < kakuro.rows && kakuro.squares[k * kakuro.cols + c].kind === 'white'; k++) cells.push(k * kakuro.cols + c);
      runs.push({ sum: s.down, cells });
    }
  });
  return runs;
}

/// The squares of a run as the library names it: `17 in r2c4-5`, `4 in r2-3c2`.
function kakuroRunCells(name) {
  const m = /r(\d+)(?:-(\d+))?c(\d+)(?:-(\d+))?/.exec(name);
  if (!m) return [];
  const [r0, r1, c0, c1] = [Number(m[1]), Number(m[2] || m[1]), Number(m[3]), Number(m[4] || m[3])];
  const cells = [];
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells.push((r - 1) * kakuro.cols + c - 1);
  return cells;
}

function kakuroConflicts(digits) {
  const bad = new Set();
  for (const run of kakuroRuns()) {
    const seen = new Map();
    for (const i of run.cells) {
      const d = digits[i];
      if (!d) continue;
      if (seen.has(d)) {
        bad.add(i);
        bad.add(seen.get(d));
      }
      seen.set(d, i);
    }
    const full = run.cells.every((i) => digits[i]);
    if (full && run.cells.reduce((t, i) => t + digits[i], 0) !== run.sum) run.cells.forEach((i) => bad.add(i));
  }
  return bad;
}

// ---------------------------------------------------------------------------------------
// Drawing

function kakuroDraw() {
  const past = kakuro.view === 'explain' && kakuro.ex;
  const grid = past ? kakuro.ex.grids[kakuro.ex.index] : null;
  const step = past ? kakuro.ex.steps[kakuro.ex.index] : null;
  const digits = grid ? grid.digits : kakuro.digits;
  const bad = past ? new Set() : kakuroConflicts(digits);
  const marks = new Map(); // cell -> {placed, gone: Set}
  if (step) {
    for (const p of step.placements) marks.set(kIndex(p.cell), { placed: p.digit, gone: new Set() });
    for (const e of step.eliminations) {
      const i = kIndex(e.cell);
      const m = marks.get(i) || { placed: 0, gone: new Set() };
      e.digits.forEach((d) => m.gone.add(d));
      marks.set(i, m);
    }
  }
  kBoard.style.gridTemplateColumns = `repeat(${kakuro.cols}, 1fr)`;
  kBoard.classList.toggle('past', !!past);
  const els = [];
  kakuro.squares.forEach((s, i) => {
    const el = document.createElement('div');
    el.dataset.cell = kName(i);
    if (s.kind === 'black') {
      el.className = 'ksq black';
    } else if (s.kind === 'clue') {
      el.className = 'ksq clue';
      const down = document.createElement('span');
      down.className = 'down';
      down.textContent = s.down || '';
      const right = document.createElement('span');
      right.className = 'right';
      right.textContent = s.right || '';
      el.append(right, down);
    } else {
      const cls = ['ksq', 'white'];
      if (i === kakuro.selected && !past) cls.push('selected');
      if (bad.has(i)) cls.push('conflict');
      if (kakuro.highlight.has(i)) cls.push('hl');
      const m = marks.get(i);
      if (m) cls.push('marked');
      el.className = cls.join(' ');
      const d = digits[i];
      if (d) {
        el.textContent = d;
      } else if (grid) {
        const cands = document.createElement('div');
        cands.className = 'cands';
        for (let k = 1; k <= 9; k++) {
          const span = document.createElement('span');
          if (grid.cands[i] & bit(k)) {
            span.textContent = k;
            if (m && m.gone.has(k)) span.className = 'gone';
            if (m && m.placed === k) span.className = 'placed';
          }
          cands.appendChild(span);
        }
        el.appendChild(cands);
      }
      el.addEventListener('mousedown', (e) => {
        e.preventDefault();
        if (kakuro.view === 'explain') return;
        kakuro.selected = i;
        kakuroDraw();
        kBoard.focus();
      });
    }
    els.push(el);
  });
  kBoard.replaceChildren(...els);
}

// ---------------------------------------------------------------------------------------
// Entering and leaving Kakuro

function kakuroLoad(text) {
  const parsed = kakuroParse(text);
  closeShown();
  Object.assign(kakuro, parsed, { active: true, view: 'play', ex: null, hintLevel: -1, highlight: new Set() });
  kakuro.selected = kakuro.squares.findIndex((s) => s.kind === 'white');
  document.body.classList.add('kakuro');
  $('explainbox').hidden = true;
  $('steps').replaceChildren();
  $('rating').textContent = `Kakuro, ${kakuro.squares.filter((s) => s.kind === 'white').length} white cells.`;
  hideWelcome();
  kakuroKeep();
  kakuroDraw();
  $('share').disabled = false;
  kBoard.focus();
}

/// The grid and its digits kept: in the address (`#k=`, rows joined by `/`, so the link opens
/// it) and in localStorage.
function kakuroKeep() {
  const text = kakuroText().trim().replace(/ +/g, ' ');
  history.replaceState(null, '', `#k=${encodeURIComponent(text.replace(/\n/g, '/'))}`);
  try {
    localStorage.setItem(MODE, 'kakuro');
    localStorage.setItem(KSTORE, text);
  } catch (e) {
    // A browser without storage still plays.
  }
}

/// The last visit's Kakuro, if it was one; whether there was.
function kakuroRestore() {
  const text = localStorage.getItem(KSTORE);
  if (!text) return false;
  try {
    kakuroLoad(text);
  } catch (e) {
    return false;
  }
  message('Welcome back: your Kakuro is as you left it.');
  return true;
}

/// Back to Sudoku (app.js calls this when a Sudoku puzzle is loaded).
function kakuroLeave() {
  if (!kakuro.active) return;
  kakuro.active = false;
  document.body.classList.remove('kakuro');
  kBoard.replaceChildren();
}

$('knew').addEventListener('click', async () => {
  const size = Number($('ksize').value);
  const level = $('klevel').value;
  message(`Making a new ${level} ${size}x${size} Kakuro…`);
  try {
    const g = await api('/api/kakuro/generate', { rows: size, cols: size, level }, { slow: true });
    kakuroLoad(g.grid.map((row) => row.join(' ')).join('\n'));
    message(`A new ${level} ${size}x${size} Kakuro.`);
  } catch (e) {
    failed(e);
  }
});
$('kexample').addEventListener('click', () => {
  kakuroLoad(K_EXAMPLE);
  message('Kakuro: every run adds up to its clue, with no digit twice.');
});

function kakuroChanged() {
  kakuroClose();
  kakuroKeep();
  kakuro.hintLevel = -1;
  $('hint').textContent = 'Hint';
  const whites = kakuro.squares.map((s, i) => (s.kind === 'white' ? i : -1)).filter((i) => i >= 0);
  if (whites.every((i) => kakuro.digits[i]) && !kakuroConflicts(kakuro.digits).size) message('Solved. Well done!');
  else message('');
  kakuroDraw();
}

kBoard.addEventListener('keydown', (e) => {
  if (!kakuro.active || kakuro.view === 'explain') return;
  const k = e.key;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const i = kakuro.selected;
  const move = (dr, dc) => {
    let [r, c] = [Math.floor(i / kakuro.cols), i % kakuro.cols];
    for (;;) {
      r += dr;
      c += dc;
      if (r < 0 || c < 0 || r >= kakuro.rows || c >= kakuro.cols) return;
      if (kakuro.squares[r * kakuro.cols + c].kind === 'white') break;
    }
    kakuro.selected = r * kakuro.cols + c;
    kakuroDraw();
  };
  if (/^[1-9]$/.test(k) && i >= 0) {
    kakuro.digits[i] = Number(k);
    kakuroChanged();
  } else if ((k === '0' || k === 'Backspace' || k === 'Delete' || k === '.') && i >= 0) {
    kakuro.digits[i] = 0;
    kakuroChanged();
  } else if (k === 'ArrowLeft') move(0, -1);
  else if (k === 'ArrowRight') move(0, 1);
  else if (k === 'ArrowUp') move(-1, 0);
  else if (k === 'ArrowDown') move(1, 0);
  else if (k === 'h' || k === 'H') kakuroHint();
  else if (k === 'e' || k === 'E') kakuroExplain();
  else return;
  e.preventDefault();
});

/// The keypad and Erase for a Kakuro square.
function kakuroEnter(d) {
  if (kakuro.view === 'explain' || kakuro.selected < 0) return;
  kakuro.digits[kakuro.selected] = d;
  kakuroChanged();
}

// ---------------------------------------------------------------------------------------
// Hints and the explanation

function kakuroClose() {
  kakuro.view = 'play';
  kakuro.highlight = new Set();
  $('caption').hidden = true;
  document.body.classList.remove('explaining');
  for (const li of $('steps').children) li.classList.remove('current');
}

async function kakuroHint() {
  if (kakuro.view === 'explain') kakuroClose();
  const level = kakuro.hintLevel < 0 ? null : LEVELS[Math.min(kakuro.hintLevel + 1, LEVELS.length - 1)];
  const body = { puzzle: kakuroText() };
  if (level) body.level = level;
  let hint;
  try {
    hint = await api('/api/kakuro/hint', body, { slow: true });
  } catch (e) {
    failed(e);
    return;
  }
  kakuro.view = 'hint';
  kakuro.hintLevel = LEVELS.indexOf(hint.level);
  const last = hint.kind !== 'step' || kakuro.hintLevel === LEVELS.length - 1;
  const cells = new Set((hint.cells || []).map(kIndex));
  for (const m of hint.text.matchAll(/\d+ in r\d+(?:-\d+)?c\d+(?:-\d+)?/g)) kakuroRunCells(m[0]).forEach((i) => cells.add(i));
  kakuro.highlight = cells;
  const kind = hint.kind === 'step' ? '' : ` · ${String(hint.kind).replace(/_/g, ' ')}`;
  caption({ head: document.createTextNode(`Hint${kind} · ${hint.level}`), text: document.createTextNode(hint.text), notation: '', legend: '', stepping: false, apply: false });
  $('hint').textContent = last ? 'Hint' : `More (${LEVELS[kakuro.hintLevel + 1]})`;
  if (last) kakuro.hintLevel = -1;
  kakuroDraw();
  boardInView();
}

/// The grid before each step: no digit, every candidate, then each step applied (a placed
/// digit leaves the other squares of its runs).
function kakuroGrids(steps) {
  const digits = kakuro.squares.map(() => 0);
  const cands = kakuro.squares.map((s) => (s.kind === 'white' ? ALL : 0));
  const runsOf = kakuro.squares.map(() => []);
  for (const run of kakuroRuns()) for (const i of run.cells) runsOf[i].push(run);
  const grids = [];
  for (const step of steps) {
    grids.push({ digits: digits.slice(), cands: cands.slice() });
    for (const p of step.placements) {
      const i = kIndex(p.cell);
      if (i >= 0) {
        digits[i] = p.digit;
        cands[i] = 0;
        for (const run of runsOf[i]) for (const j of run.cells) cands[j] &= ~bit(p.digit);
      }
    }
    for (const e of step.eliminations) {
      const i = kIndex(e.cell);
      if (i >= 0) e.digits.forEach((d) => { cands[i] &= ~bit(d); });
    }
  }
  return grids;
}

async function kakuroExplain() {
  const blank = kakuroText(kakuro.squares.map(() => 0));
  let ex;
  try {
    ex = await api('/api/kakuro/explain', { puzzle: blank }, { slow: true });
  } catch (e) {
    if (e.body && e.body.steps) ex = e.body;
    else return failed(e);
  }
  kakuro.ex = { steps: ex.steps || [], grids: kakuroGrids(ex.steps || []), index: 0 };
  kakuro.hintLevel = -1;
  $('hint').textContent = 'Hint';
  if (ex.rating) {
    $('rating').textContent = `Kakuro · ${ex.white_cells} white cells · level ${ex.rating.level} · difficulty ${Number(ex.rating.difficulty).toFixed(1)} · hardest ${ex.rating.hardest}`;
  }
  const label = (step) => {
    const at = step.text.lastIndexOf(' => ');
    return [step.name, at >= 0 ? step.text.slice(at + 4) : ''];
  };
  if (!fillStepList({ steps: kakuro.ex.steps, error: ex.error }, label, kakuroShowStep)) return;
  kakuroShowStep(0);
}

function kakuroShowStep(n) {
  const ex = kakuro.ex;
  if (!ex || !ex.steps.length) return;
  n = Math.max(0, Math.min(ex.steps.length - 1, n));
  ex.index = n;
  kakuro.view = 'explain';
  document.body.classList.add('explaining');
  const step = ex.steps[n];
  const cells = new Set((step.cells || []).map(kIndex));
  for (const run of step.runs || []) kakuroRunCells(run).forEach((i) => cells.add(i));
  kakuro.highlight = cells;
  const list = $('steps');
  [...list.children].forEach((li, i) => li.classList.toggle('current', i === n));
  const li = list.children[n];
  const offset = li.getBoundingClientRect().top - list.getBoundingClientRect().top;
  if (offset < 0 || offset + li.offsetHeight > list.clientHeight) {
    list.scrollTop += offset - (list.clientHeight - li.offsetHeight) / 2;
  }
  caption({
    head: document.createTextNode(`Step ${n + 1} of ${ex.steps.length} · ${step.name}`),
    text: document.createTextNode(step.text),
    notation: '',
    legend: '',
    stepping: true,
    apply: false,
  });
  $('prev').disabled = n === 0;
  $('next').disabled = n === ex.steps.length - 1;
  kakuroDraw();
  boardInView();
}

/// The document's keys while a Kakuro explanation is shown (app.js hands them over).
function kakuroKey(k) {
  if (kakuro.view !== 'explain') {
    if (k === 'Escape' && kakuro.view === 'hint') {
      kakuroClose();
      kakuroDraw();
      return true;
    }
    return false;
  }
  const i = kakuro.ex.index;
  if (k === 'ArrowLeft' || k === 'ArrowUp' || k === 'PageUp') kakuroShowStep(i - 1);
  else if (k === 'ArrowRight' || k === 'ArrowDown' || k === 'PageDown') kakuroShowStep(i + 1);
  else if (k === 'Home') kakuroShowStep(0);
  else if (k === 'End') kakuroShowStep(kakuro.ex.steps.length - 1);
  else if (k === 'Escape') {
    kakuroClose();
    kakuroDraw();
  } else return false;
  return true;
}
