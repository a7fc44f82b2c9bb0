//! The measured comparison behind `stepwise bench engines`: every engine on sets of puzzles,
//! level by level, with the mean and median time, nodes and backtracks, the runs a limit cut,
//! the answers that disagree with the reference, and the ratio of each engine's mean time to
//! the reference's (`fast` on 9x9, `dlx` on other shapes: [`Engine::reference_for`]).
//!
//! Every run is a uniqueness check (solutions counted up to 2) under the same per-puzzle
//! [`Limits`]. On each puzzle the reference runs first, then every engine in turn, so that a
//! slow patch of the machine falls on all engines alike. A run cut by a limit counts with the
//! time and nodes it spent: a mean with cut runs in it is a lower bound, and says so
//! ([`Row::cut`]); such a run is not compared with the reference. An engine that does not
//! solve a shape (`fast` beyond 9x9) gets no row there.
//!
//! This file measures and fills the rows; `crate::bench::engines` words them as the table and
//! draws the chart.

use std::io::BufRead;
use std::time::Duration;

use super::{solve, Engine, Limits, Run};
use crate::error::Error;
use crate::shape::{parse_shaped, Shape, ShapedPuzzle};

/// Puzzles of one level (or one size) of a table.
#[derive(Debug, Clone)]
pub struct Level {
    /// Its name: `Beginner`, `Extreme`, `16x16`.
    pub name: String,
    /// The puzzles.
    pub puzzles: Vec<ShapedPuzzle>,
}

/// What an engine did on one level.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The level's name.
    pub level: String,
    /// The engine.
    pub engine: Engine,
    /// The engine the ratio is to.
    pub reference: Engine,
    /// Puzzles run.
    pub puzzles: usize,
    /// Runs a node, time or memory limit cut.
    pub cut: usize,
    /// Finished runs whose count or solution differs from the reference's.
    pub disagreements: usize,
    /// Mean and median time per puzzle.
    pub mean_time: Duration,
    /// The median time.
    pub median_time: Duration,
    /// Mean and median nodes, mean backtracks (`None` for `fast`, which keeps no count).
    pub mean_nodes: Option<f64>,
    /// The median number of nodes.
    pub median_nodes: Option<u64>,
    /// The mean number of backtracks.
    pub mean_backtracks: Option<f64>,
    /// This engine's mean time over the reference's (1 for the reference itself).
    pub ratio: f64,
}

/// One table of the comparison: its title and a row per level and engine, level by level.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// What the levels are (`Kaggle levels (9x9)`).
    pub title: String,
    /// The rows, level by level, engines in the order asked.
    pub rows: Vec<Row>,
}

impl Table {
    /// The levels, in order.
    pub fn levels(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for row in &self.rows {
            if names.last() != Some(&row.level.as_str()) {
                names.push(&row.level);
            }
        }
        names
    }
}

/// What one run says about a puzzle: how many solutions (up to 2) and the first, or `None`
/// when a limit cut it.
fn answer(run: &Run, first: Option<Vec<u8>>) -> Option<(u64, Option<Vec<u8>>)> {
    (!run.stop.is_cut()).then_some((run.solutions, first))
}

/// Runs `engine` on a puzzle: the run and the first solution.
fn run_once(
    engine: Engine,
    puzzle: &ShapedPuzzle,
    limits: &Limits,
) -> Option<(Run, Option<Vec<u8>>)> {
    let mut first: Option<Vec<u8>> = None;
    let run = solve(engine, puzzle, limits, &mut |s| {
        first.get_or_insert_with(|| s.to_vec());
    })
    .ok()?;
    Some((run, first))
}

/// Measures `engines` on every level of a table (each run counting up to 2 solutions within
/// `limits`; `limits.solutions` is ignored). `progress` hears the level about to be measured.
pub fn measure(
    title: &str,
    levels: &[Level],
    engines: &[Engine],
    limits: &Limits,
    progress: &mut dyn FnMut(&str),
) -> Table {
    let limits = Limits {
        solutions: Some(2),
        ..*limits
    };
    let mut rows = Vec::new();
    for level in levels {
        progress(&level.name);
        let Some(shape) = level.puzzles.first().map(|p| p.shape) else {
            continue;
        };
        let reference = Engine::reference_for(shape);
        let used: Vec<Engine> = engines
            .iter()
            .copied()
            .filter(|e| e.supports(shape))
            .collect();
        let mut runs: Vec<Vec<Run>> = vec![Vec::new(); used.len()];
        let mut disagreements = vec![0; used.len()];
        for puzzle in &level.puzzles {
            let expected =
                run_once(reference, puzzle, &limits).and_then(|(run, first)| answer(&run, first));
            for (i, &engine) in used.iter().enumerate() {
                let Some((run, first)) = run_once(engine, puzzle, &limits) else {
                    continue;
                };
                if let (Some(got), Some(expected)) = (answer(&run, first), &expected) {
                    if got != *expected {
                        disagreements[i] += 1;
                    }
                }
                runs[i].push(run);
            }
        }
        let reference_mean = used
            .iter()
            .position(|&e| e == reference)
            .map(|i| mean_time(&runs[i]));
        for (i, &engine) in used.iter().enumerate() {
            let mean = mean_time(&runs[i]);
            let ratio = match reference_mean {
                Some(r) if !r.is_zero() => mean.as_secs_f64() / r.as_secs_f64(),
                _ => f64::NAN,
            };
            rows.push(summarize(
                &level.name,
                engine,
                reference,
                &runs[i],
                disagreements[i],
                ratio,
            ));
        }
    }
    Table {
        title: title.to_string(),
        rows,
    }
}

fn mean_time(runs: &[Run]) -> Duration {
    if runs.is_empty() {
        return Duration::ZERO;
    }
    runs.iter().map(|r| r.stats.time).sum::<Duration>() / runs.len() as u32
}

fn median<T: Copy + Ord>(mut xs: Vec<T>) -> Option<T> {
    xs.sort_unstable();
    xs.get(xs.len().checked_sub(1)? / 2).copied()
}

fn summarize(
    level: &str,
    engine: Engine,
    reference: Engine,
    runs: &[Run],
    disagreements: usize,
    ratio: f64,
) -> Row {
    let nodes: Option<Vec<u64>> = runs.iter().map(|r| r.stats.nodes).collect();
    let backtracks: Option<Vec<u64>> = runs.iter().map(|r| r.stats.backtracks).collect();
    let mean = |xs: &[u64]| {
        (!xs.is_empty()).then(|| xs.iter().map(|&x| x as f64).sum::<f64>() / xs.len() as f64)
    };
    Row {
        level: level.to_string(),
        engine,
        reference,
        puzzles: runs.len(),
        cut: runs.iter().filter(|r| r.stop.is_cut()).count(),
        disagreements,
        mean_time: mean_time(runs),
        median_time: median(runs.iter().map(|r| r.stats.time).collect()).unwrap_or_default(),
        mean_nodes: nodes.as_deref().and_then(mean),
        median_nodes: nodes.and_then(median),
        mean_backtracks: backtracks.as_deref().and_then(mean),
        ratio,
    }
}

/// The first `per_level` puzzles of each of `levels` (in that order) from a file of labelled
/// 9x9 puzzles: a puzzle and its level as the first two whitespace-separated fields of each
/// line, `#` lines skipped (`labeled/kaggle-5000.tsv`, `rated/hodoku.tsv`). A line that is
/// not a valid 9x9 puzzle is an error naming its line.
pub fn labelled_levels<R: BufRead>(
    reader: R,
    levels: &[&str],
    per_level: usize,
) -> Result<Vec<Level>, Error> {
    let mut out: Vec<Level> = levels
        .iter()
        .map(|name| Level {
            name: name.to_string(),
            puzzles: Vec::new(),
        })
        .collect();
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| Error::io(&e))?;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_whitespace();
        let (Some(puzzle), Some(label)) = (fields.next(), fields.next()) else {
            continue;
        };
        let Some(level) = out.iter_mut().find(|l| l.name.eq_ignore_ascii_case(label)) else {
            continue;
        };
        if level.puzzles.len() >= per_level {
            continue;
        }
        let mut puzzle =
            parse_shaped(puzzle, Some(Shape::CLASSIC)).map_err(|e| relined(e, i + 1))?;
        puzzle.line = i + 1;
        level.puzzles.push(puzzle);
    }
    Ok(out)
}

/// An error of a one-line text moved to line `line` of its file.
fn relined(error: Error, line: usize) -> Error {
    match error {
        Error::UnexpectedChar { column, found, .. } => Error::UnexpectedChar {
            line,
            column,
            found,
        },
        Error::ShapeCellCount {
            found,
            expected,
            shape,
            ..
        } => Error::ShapeCellCount {
            line,
            found,
            expected,
            shape,
        },
        Error::ValueOutOfRange {
            column, value, max, ..
        } => Error::ValueOutOfRange {
            line,
            column,
            value,
            max,
        },
        Error::ShapeConflict {
            first,
            second,
            value,
            unit,
            ..
        } => Error::ShapeConflict {
            line: Some(line),
            first,
            second,
            value,
            unit,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::dig;

    #[test]
    fn a_small_table_agrees_and_ratios_its_reference() {
        let levels = vec![Level {
            name: "6x6".to_string(),
            puzzles: dig::puzzles(Shape::sudoku(6).unwrap(), 3, 1),
        }];
        let table = measure("t", &levels, &Engine::ALL, &Limits::bench(), &mut |_| {});
        // fast does not solve 6x6: eight rows.
        assert_eq!(table.rows.len(), 8);
        assert_eq!(table.levels(), vec!["6x6"]);
        for row in &table.rows {
            assert_eq!(
                (row.puzzles, row.cut, row.disagreements),
                (3, 0, 0),
                "{row:?}"
            );
            assert_eq!(row.reference, Engine::Dlx);
        }
        let dlx = table.rows.iter().find(|r| r.engine == Engine::Dlx).unwrap();
        assert!((dlx.ratio - 1.0).abs() < 1e-9);
    }

    #[test]
    fn labelled_files_give_levels_in_order() {
        let text = "# puzzle level\n\
            53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\tEasy\t1\n\
            53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\tHard\n\
            53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\teasy\n";
        let levels = labelled_levels(text.as_bytes(), &["Easy", "Hard"], 1).unwrap();
        assert_eq!(levels[0].puzzles.len(), 1);
        assert_eq!(levels[0].puzzles[0].line, 2);
        assert_eq!(levels[1].puzzles.len(), 1);
        let bad = "55......\tEasy\n";
        let e = labelled_levels(bad.as_bytes(), &["Easy"], 1).unwrap_err();
        assert_eq!(e.to_string(), "line 1: expected 81 cells for 9x9, found 8");
    }
}
