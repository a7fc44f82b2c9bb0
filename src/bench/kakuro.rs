//! `stepwise kakuro bench` on paper: the Kakuro engines' table ([`crate::kakuro::bench`]) as
//! its text (the bands, then the engines per band, then what the columns mean) and as the
//! mean-time chart, a group of bars per size band.

use super::chart::{Bar, Chart, Group, Section, Series};
use super::table::{Column, TextTable};
use crate::kakuro::bench::{BandRow, EngineRow, Table};
use crate::kakuro::engines::Engine;

const BAND_COLUMNS: [Column; 7] = [
    Column::left("band", 8),
    Column::right("puzzles", 7),
    Column::right("unique", 6),
    Column::right("multi", 6),
    Column::right("none", 5),
    Column::right("largest", 9),
    Column::right("human steps", 12).after(2),
];

const ENGINE_COLUMNS: [Column; 10] = [
    Column::left("band", 8),
    Column::left("engine", 17),
    Column::right("propagation", 14),
    Column::right("+shaving", 14),
    Column::right("in all", 14),
    Column::right("capped", 6),
    Column::right("mean ms", 9),
    Column::right("worst ms", 10),
    Column::right("mean bt", 10),
    Column::right("worst bt", 9),
];

/// A share as `n/m (p%)`.
fn share(n: usize, of: usize) -> String {
    if of == 0 {
        return "-".to_string();
    }
    format!("{n}/{of} ({:.0}%)", 100.0 * n as f64 / of as f64)
}

fn band_cells(band: &BandRow) -> Vec<String> {
    let human = match band.human_solved {
        Some(n) => share(n, band.unique),
        None => "-".to_string(),
    };
    vec![
        band.band.to_string(),
        band.puzzles.to_string(),
        band.unique.to_string(),
        band.multiple.to_string(),
        band.none.to_string(),
        band.largest.to_string(),
        human,
    ]
}

fn engine_cells(row: &EngineRow) -> Vec<String> {
    vec![
        row.band.to_string(),
        row.engine.to_string(),
        share(row.by_propagation, row.puzzles),
        share(row.after_shaving, row.puzzles),
        share(row.decided, row.puzzles),
        row.capped.to_string(),
        format!("{:.3}", row.mean_ms),
        format!("{:.3}", row.worst_ms),
        format!("{:.1}", row.mean_backtracks),
        row.worst_backtracks.to_string(),
    ]
}

/// The bands that have puzzles, in their columns.
pub fn bands_table(table: &Table) -> TextTable {
    let mut text = TextTable::new(&BAND_COLUMNS);
    for band in table.bands.iter().filter(|b| b.puzzles > 0) {
        text.push(band_cells(band));
    }
    text
}

/// The engines' rows of the bands that have puzzles, in their columns.
pub fn engines_table(table: &Table) -> TextTable {
    let mut text = TextTable::new(&ENGINE_COLUMNS);
    for row in table.engines.iter().filter(|r| r.puzzles > 0) {
        text.push(engine_cells(row));
    }
    text
}

/// The whole text: the bands, a blank line, the engines, what "in all" means and the puzzles
/// with several solutions.
pub fn text(table: &Table) -> String {
    let mut text = format!("{}\n{}", bands_table(table), engines_table(table));
    text.push_str(&format!(
        "\n\"in all\": decided within {} digits tried per puzzle (\"capped\": the cap was \
         hit first); times are propagation, shaving and search together.\n",
        table.node_cap
    ));
    if !table.multiple_solutions.is_empty() {
        text.push_str(&format!(
            "several solutions ({}): {}\n",
            table.multiple_solutions.len(),
            table.multiple_solutions.join(", ")
        ));
    }
    text
}

/// The chart of the table: each engine's mean time per size band (bands without puzzles
/// left out), engines in [`Engine::ALL`]'s order; a band where the node cap stopped some runs
/// is hatched.
pub fn chart(table: &Table) -> Chart {
    let engines: Vec<Engine> = Engine::ALL
        .into_iter()
        .filter(|e| {
            table
                .engines
                .iter()
                .any(|r| r.engine == *e && r.puzzles > 0)
        })
        .collect();
    let series = engines
        .iter()
        .map(|&engine| Series {
            name: engine.to_string(),
            colour: Engine::ALL.iter().position(|&e| e == engine).unwrap_or(0),
        })
        .collect();
    let groups = table
        .bands
        .iter()
        .filter(|b| b.puzzles > 0)
        .map(|band| Group {
            label: band.band.to_string(),
            bars: engines
                .iter()
                .enumerate()
                .filter_map(|(i, &engine)| {
                    let row = table
                        .engines
                        .iter()
                        .find(|r| r.band == band.band && r.engine == engine && r.puzzles > 0)?;
                    Some(Bar {
                        series: i,
                        seconds: row.mean_ms / 1000.0,
                        lower_bound: row.capped > 0,
                        tooltip: format!(
                            "{} {engine}: {:.3} ms mean, {} of {} capped",
                            band.band, row.mean_ms, row.capped, row.puzzles
                        ),
                    })
                })
                .collect(),
        })
        .collect();
    Chart {
        title: "Mean time per Kakuro by size band and engine (log scale)".to_string(),
        note: format!(
            "Hatched: some runs hit the node cap ({} digits tried), so the mean is a lower bound.",
            table.node_cap
        ),
        series,
        sections: vec![Section {
            title: "Size bands (white cells)".to_string(),
            groups,
        }],
    }
}
