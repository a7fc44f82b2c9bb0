//! Shared helpers for the integration tests: locating `../shared/data`, reading corpora and
//! puzzle lines ([`cells`], from `puzzle_line.rs`, which examples and benches include too),
//! running the `stepwise` binary, (`pages`) reading the technique catalog's pages and
//! (`random_puzzles`) making random puzzles for the property tests; `differential` holds the
//! differential check of the complete solvers and the logical solver.
#![allow(dead_code)]

pub mod differential;
pub mod pages;
mod puzzle_line;
pub mod puzzles;
pub mod random_puzzles;
pub mod server;
pub mod source;

pub use puzzle_line::cells;

use std::path::PathBuf;

/// `../shared/data` beside the crate, if present; when absent, says the calling test skips
/// its corpus part (see [`skipped`]).
pub fn shared_data() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if dir.is_dir() {
        Some(dir)
    } else {
        skipped("../shared/data not found");
        None
    }
}

/// Set (to anything but `0` or nothing) where every part of every test must run: a skip
/// becomes a failure. `.ci/run` sets it, since CI has `../shared` and installs Chromium.
pub const REQUIRE_ALL: &str = "STEPWISE_REQUIRE_ALL";

/// Says that the running test skipped something, on the process's own standard error: the
/// test harness captures `eprintln!` (shown only for failures or with `--nocapture`), and a
/// skip must be seen in every run. The test's name is its thread's. Under [`REQUIRE_ALL`] the
/// skip fails the test instead, so a green CI cannot hide work that did not run.
pub fn skipped(why: &str) {
    use std::io::Write;
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    if std::env::var(REQUIRE_ALL).is_ok_and(|v| !v.is_empty() && v != "0") {
        panic!("{test} would skip ({why}), and {REQUIRE_ALL} asks that nothing be skipped");
    }
    let _ = writeln!(std::io::stderr().lock(), "skipped: {test}: {why}");
}

/// Puzzles (first field of each non-comment line) of a shared corpus file, at most `limit`.
/// `None`, with a note on stderr, when the shared data is absent.
pub fn corpus(name: &str, limit: usize) -> Option<Vec<String>> {
    let dir = shared_data()?;
    let text = std::fs::read_to_string(dir.join(name)).expect("corpus file readable");
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
            .take(limit)
            .collect(),
    )
}

/// A small deterministic generator (xorshift) of minimal unique puzzles, so tests have puzzles
/// of their own on a fresh clone: a valid grid shuffled by the seed, then cells removed in a
/// seeded order while the solution stays unique.
pub fn generated_puzzle(seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |bound: usize| -> usize {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let shuffle = |xs: &mut Vec<usize>, next: &mut dyn FnMut(usize) -> usize| {
        for i in (1..xs.len()).rev() {
            let j = next(i + 1);
            xs.swap(i, j);
        }
    };
    // Row and column orders that keep bands and stacks intact.
    let order = |next: &mut dyn FnMut(usize) -> usize| -> Vec<usize> {
        let mut bands: Vec<usize> = (0..3).collect();
        shuffle(&mut bands, next);
        let mut out = Vec::new();
        for b in bands {
            let mut inner: Vec<usize> = (0..3).collect();
            shuffle(&mut inner, next);
            out.extend(inner.into_iter().map(|i| b * 3 + i));
        }
        out
    };
    let rows = order(&mut next);
    let cols = order(&mut next);
    let mut digits: Vec<usize> = (1..=9).collect();
    shuffle(&mut digits, &mut next);
    let mut grid = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (br, bc) = (rows[r], cols[c]);
            let base = (br * 3 + br / 3 + bc) % 9;
            grid[r * 9 + c] = digits[base] as u8;
        }
    }
    let mut cells: Vec<usize> = (0..81).collect();
    shuffle(&mut cells, &mut next);
    for cell in cells {
        let keep = grid[cell];
        grid[cell] = 0;
        if stepwise::solver::count_solutions(&grid, 2).count != 1 {
            grid[cell] = keep;
        }
    }
    grid.iter()
        .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
        .collect()
}

/// Solves the first `limit` puzzles of a shared corpus with `options` and, at every state of
/// each trace, runs every finder of `techniques` (not only the step the pipeline chose),
/// asserting each placement and elimination against the solution. Returns per technique how
/// many steps were found and how many the pipeline chose; `None` when the shared data is absent.
pub fn sweep_every_findable_step(
    name: &str,
    limit: usize,
    options: &stepwise::pipeline::Options,
    techniques: &[stepwise::technique::Technique],
) -> Option<(Vec<usize>, Vec<usize>)> {
    use stepwise::finders::all;
    use stepwise::grid::Grid;
    use stepwise::pipeline::{apply, solve};
    let puzzles = corpus(name, limit)?;
    let mut found = vec![0usize; techniques.len()];
    let mut chosen = vec![0usize; techniques.len()];
    for line in &puzzles {
        let start = Grid::from_puzzle(&cells(line));
        let trace = solve(&start, options);
        let Some(solution) = trace.solution else {
            continue;
        };
        let mut grid = start.clone();
        for step in &trace.steps {
            for (i, &technique) in techniques.iter().enumerate() {
                for candidate_step in all(technique, &grid) {
                    found[i] += 1;
                    for p in &candidate_step.placements {
                        assert_eq!(
                            solution[p.cell], p.digit,
                            "{line}: unsound {candidate_step} in\n{grid:?}"
                        );
                    }
                    for e in &candidate_step.eliminations {
                        assert_ne!(
                            solution[e.cell], e.digit,
                            "{line}: unsound {candidate_step} in\n{grid:?}"
                        );
                    }
                }
                chosen[i] += (step.technique == technique) as usize;
            }
            apply(&mut grid, step);
        }
    }
    Some((found, chosen))
}

/// Runs the `stepwise` binary with `args` from the crate's directory, `stdin` as its input.
pub fn stepwise(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_stepwise"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// A process's output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Wikipedia's example puzzle's solution.
pub const WIKIPEDIA_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A pencilmark grid of the Wikipedia solution, one digit per cell, with row 1 as given: a
/// user's state with its mistakes in the first row.
pub fn solution_pencilmarks_with_first_row(first_row: &str) -> String {
    let mut rows: Vec<String> = WIKIPEDIA_SOLUTION
        .as_bytes()
        .chunks(9)
        .map(|r| {
            r.iter()
                .map(|&b| (b as char).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    rows[0] = first_row.to_string();
    rows.join("\n")
}

/// A file in the temporary folder, named after the test process, removed when dropped.
pub struct TempFile(pub PathBuf);

impl TempFile {
    pub fn new(name: &str, contents: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("stepwise-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).unwrap();
        TempFile(path)
    }

    pub fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs the binary with its standard output closed before anything is read, as `| head -0`
/// would, and returns how long it took and its exit code and standard error. The input is long
/// enough that finishing it would take minutes.
pub fn run_with_closed_output(args: &[&str]) -> (std::time::Duration, Option<i32>, String) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_stepwise"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    drop(child.stdout.take());
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{args:?} still running a minute after its output was closed");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (started.elapsed(), status.code(), stderr)
}

/// Checks `text` against the insta snapshot `snapshots/NAME.snap` (the snapshots live at the
/// top of the repository, named without the test's module).
pub fn snapshot(name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(name, text));
}
