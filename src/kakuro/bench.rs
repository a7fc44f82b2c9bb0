//! The engines' table: per size band of white cells and per engine, the share of puzzles
//! decided by propagation alone, after shaving, and in all (search under the node cap), with
//! mean and worst time and backtracks; per band, how many puzzles are unique, have several
//! solutions or none, and how many the human steps solve to the end.
//!
//! Owns [`BANDS`], [`Settings`], [`Table`] and [`measure`]: the measuring and the rows.
//! `stepwise kakuro bench` prints the table (as text through `crate::bench::kakuro`, or as
//! JSON) and draws its chart; it is named so beside `stepwise bench engines`, the generic
//! core's own.
//!
//! A puzzle is *decided* by a stage when that stage settles its count (one solution, none, or
//! two found): propagation alone when every cell is left one digit (or a domain empties);
//! shaving likewise; the search when it finishes under the cap. Every engine runs the same
//! pipeline (propagation, shaving, search), so the three shares grow left to right and the
//! times are those of the whole pipeline, in one thread, one run each.

use std::time::Duration;

use serde::Serialize;

use super::engines::{self, model::Model, Count, Engine, Options, Stage};
use super::logic;
use super::puzzle::Kakuro;

/// Where `stepwise kakuro bench` reads its puzzles when given none (those that exist): the
/// shared corpus and the repository's generated grids past 700 white cells.
pub const DEFAULT_SOURCES: [&str; 2] = [
    "../shared/data/kakuro/kakuro-300.jsonl",
    "tests/data/kakuro-large.jsonl",
];

/// A size band: puzzles with `min..=max` white cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Band {
    /// As printed.
    pub label: &'static str,
    /// Fewest white cells.
    pub min: usize,
    /// Most white cells.
    pub max: usize,
}

/// The bands of the table: the corpus's sizes (4 to 496 white cells) and the generated
/// grids past 700.
pub const BANDS: [Band; 5] = [
    Band {
        label: "<=25",
        min: 0,
        max: 25,
    },
    Band {
        label: "26-100",
        min: 26,
        max: 100,
    },
    Band {
        label: "101-250",
        min: 101,
        max: 250,
    },
    Band {
        label: "251-700",
        min: 251,
        max: 700,
    },
    Band {
        label: ">700",
        min: 701,
        max: usize::MAX,
    },
];

/// What to measure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The engines, in the table's order.
    pub engines: Vec<Engine>,
    /// The search's cap on digits tried.
    pub node_cap: u64,
    /// Whether to run the human steps too.
    pub human: bool,
}

impl Default for Settings {
    /// Every engine, the default cap, the human steps.
    fn default() -> Settings {
        Settings {
            engines: Engine::ALL.to_vec(),
            node_cap: engines::DEFAULT_NODE_CAP,
            human: true,
        }
    }
}

/// One engine over one band.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EngineRow {
    /// The band's label.
    pub band: &'static str,
    /// The engine.
    pub engine: Engine,
    /// Puzzles in the band.
    pub puzzles: usize,
    /// Decided by propagation alone.
    pub by_propagation: usize,
    /// Decided by propagation or shaving.
    pub after_shaving: usize,
    /// Decided in all (the search under the cap included).
    pub decided: usize,
    /// Stopped by the node cap.
    pub capped: usize,
    /// Mean wall time per puzzle, in milliseconds.
    pub mean_ms: f64,
    /// The slowest puzzle's time, in milliseconds.
    pub worst_ms: f64,
    /// Mean backtracks (failed digits) per puzzle.
    pub mean_backtracks: f64,
    /// The most backtracks of one puzzle.
    pub worst_backtracks: u64,
}

/// One band's puzzles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BandRow {
    /// The band's label.
    pub band: &'static str,
    /// Puzzles in the band.
    pub puzzles: usize,
    /// Exactly one solution.
    pub unique: usize,
    /// Two or more.
    pub multiple: usize,
    /// None.
    pub none: usize,
    /// Not decided by any engine under the cap.
    pub undecided: usize,
    /// Unique puzzles the human steps solve to the end (`None`: not run).
    pub human_solved: Option<usize>,
    /// The most white cells in the band.
    pub largest: usize,
}

/// The table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Table {
    /// Per band.
    pub bands: Vec<BandRow>,
    /// Per band and engine.
    pub engines: Vec<EngineRow>,
    /// The puzzles with several solutions (their ids, or their place in the input).
    pub multiple_solutions: Vec<String>,
    /// The node cap used.
    pub node_cap: u64,
}

/// A puzzle's name in the table: its id, or its place in the input.
fn name(kakuro: &Kakuro, index: usize) -> String {
    kakuro
        .id
        .clone()
        .unwrap_or_else(|| format!("#{}", index + 1))
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// Runs every engine of `settings` on every puzzle, one at a time, and makes the table.
/// `progress` is told each puzzle's place as it starts (for a progress line).
pub fn measure(puzzles: &[Kakuro], settings: &Settings, mut progress: impl FnMut(usize)) -> Table {
    let options = Options {
        limit: 2,
        node_cap: settings.node_cap,
        shave: true,
    };
    let mut bands: Vec<BandRow> = BANDS
        .iter()
        .map(|b| BandRow {
            band: b.label,
            puzzles: 0,
            unique: 0,
            multiple: 0,
            none: 0,
            undecided: 0,
            human_solved: settings.human.then_some(0),
            largest: 0,
        })
        .collect();
    let mut rows: Vec<EngineRow> = BANDS
        .iter()
        .flat_map(|b| {
            settings.engines.iter().map(|&engine| EngineRow {
                band: b.label,
                engine,
                puzzles: 0,
                by_propagation: 0,
                after_shaving: 0,
                decided: 0,
                capped: 0,
                mean_ms: 0.0,
                worst_ms: 0.0,
                mean_backtracks: 0.0,
                worst_backtracks: 0,
            })
        })
        .collect();
    let mut multiple_solutions = Vec::new();
    for (index, kakuro) in puzzles.iter().enumerate() {
        progress(index);
        let size = kakuro.cell_count();
        let Some(b) = BANDS.iter().position(|b| (b.min..=b.max).contains(&size)) else {
            continue;
        };
        let model = Model::of_kakuro(kakuro);
        let mut count = Count::Unknown;
        for (e, &engine) in settings.engines.iter().enumerate() {
            let report = engines::solve(&model, engine, &options);
            let row = &mut rows[b * settings.engines.len() + e];
            row.puzzles += 1;
            if report.decided() {
                count = report.count();
                row.decided += 1;
                row.after_shaving += usize::from(report.stage != Stage::Search);
                row.by_propagation += usize::from(report.stage == Stage::Propagation);
            } else {
                row.capped += 1;
            }
            let ms = millis(report.elapsed());
            row.mean_ms += ms;
            row.worst_ms = row.worst_ms.max(ms);
            row.mean_backtracks += report.backtracks() as f64;
            row.worst_backtracks = row.worst_backtracks.max(report.backtracks());
        }
        let band = &mut bands[b];
        band.puzzles += 1;
        band.largest = band.largest.max(size);
        match count {
            Count::Unique => band.unique += 1,
            Count::Multiple => {
                band.multiple += 1;
                multiple_solutions.push(name(kakuro, index));
            }
            Count::None => band.none += 1,
            Count::Unknown => band.undecided += 1,
        }
        if let (Some(solved), Count::Unique) = (band.human_solved.as_mut(), count) {
            *solved += usize::from(logic::solve(kakuro).is_solved());
        }
    }
    for row in &mut rows {
        if row.puzzles > 0 {
            row.mean_ms /= row.puzzles as f64;
            row.mean_backtracks /= row.puzzles as f64;
        }
    }
    Table {
        bands,
        engines: rows,
        multiple_solutions,
        node_cap: settings.node_cap,
    }
}
