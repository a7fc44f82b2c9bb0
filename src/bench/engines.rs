//! `stepwise bench engines` on paper: the engines' comparison ([`crate::engines::compare`])
//! as its text table and as the mean-time chart.

use std::time::Duration;

use super::chart::{Bar, Chart, Group, Section, Series};
use super::table::{Column, TextTable};
use crate::engines::compare::{Row, Table};
use crate::engines::Engine;

const COLUMNS: [Column; 11] = [
    Column::left("level", 9),
    Column::left("engine", 11),
    Column::right("puzzles", 7),
    Column::right("mean time", 12),
    Column::right("median time", 12),
    Column::right("mean nodes", 12),
    Column::right("median nodes", 12),
    Column::right("mean backtr.", 12),
    Column::right("cut", 5),
    Column::right("wrong", 5),
    Column::right("ratio", 9),
];

/// A duration as people read it: `12.3 µs`, `4.56 ms`, `1.234 s`.
pub fn time_words(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.1} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{s:.3} s")
    }
}

/// A row's cells; a figure whose mean includes cut runs is marked `>=`.
fn cells(row: &Row) -> Vec<String> {
    let at_least = if row.cut > 0 { ">=" } else { "" };
    let number = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.0}"));
    let ratio = if row.ratio.is_finite() {
        format!("{at_least}{:.2}", row.ratio)
    } else {
        "-".to_string()
    };
    vec![
        row.level.clone(),
        row.engine.name().to_string(),
        row.puzzles.to_string(),
        format!("{at_least}{}", time_words(row.mean_time)),
        time_words(row.median_time),
        format!("{at_least}{}", number(row.mean_nodes)),
        row.median_nodes.map_or("-".to_string(), |n| n.to_string()),
        format!("{at_least}{}", number(row.mean_backtracks)),
        row.cut.to_string(),
        row.disagreements.to_string(),
        ratio,
    ]
}

/// The table's heading: its title and what the ratio is to.
pub fn heading(table: &Table) -> String {
    let mut references: Vec<&str> = table.rows.iter().map(|r| r.reference.name()).collect();
    references.dedup();
    format!(
        "{} (ratio: mean time / {}'s mean time)",
        table.title,
        references.join(" or ")
    )
}

/// The table's rows in their columns.
pub fn text_table(table: &Table) -> TextTable {
    let mut text = TextTable::new(&COLUMNS);
    for row in &table.rows {
        text.push(cells(row));
    }
    text
}

/// The chart of `tables`: each engine's mean time per level, a section per table, engines
/// in [`Engine::ALL`]'s order with its colours.
pub fn chart(tables: &[Table]) -> Chart {
    let engines: Vec<Engine> = Engine::ALL
        .into_iter()
        .filter(|e| tables.iter().any(|t| t.rows.iter().any(|r| r.engine == *e)))
        .collect();
    let series = engines
        .iter()
        .map(|&engine| Series {
            name: engine.name().to_string(),
            colour: Engine::ALL.iter().position(|&e| e == engine).unwrap_or(0),
        })
        .collect();
    let sections = tables
        .iter()
        .map(|table| Section {
            title: table.title.clone(),
            groups: table
                .levels()
                .into_iter()
                .map(|level| Group {
                    label: level.to_string(),
                    bars: engines
                        .iter()
                        .enumerate()
                        .filter_map(|(i, &engine)| {
                            let row = table
                                .rows
                                .iter()
                                .find(|r| r.level == level && r.engine == engine)?;
                            Some(Bar {
                                series: i,
                                seconds: row.mean_time.as_secs_f64(),
                                lower_bound: row.cut > 0,
                                tooltip: format!(
                                    "{level} {}: {:?} mean, {} of {} cut",
                                    engine.name(),
                                    row.mean_time,
                                    row.cut,
                                    row.puzzles
                                ),
                            })
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect();
    Chart {
        title: "Mean time per puzzle by level and engine (log scale)".to_string(),
        note: "Hatched: some runs hit the node or time limit, so the mean is a lower bound."
            .to_string(),
        series,
        sections,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(level: &str, engine: Engine, micros: u64, cut: usize) -> Row {
        Row {
            level: level.to_string(),
            engine,
            reference: Engine::Fast,
            puzzles: 2,
            cut,
            disagreements: 0,
            mean_time: Duration::from_micros(micros),
            median_time: Duration::from_micros(micros),
            mean_nodes: None,
            median_nodes: None,
            mean_backtracks: None,
            ratio: 1.0,
        }
    }

    fn table() -> Table {
        Table {
            title: "Levels <9x9>".to_string(),
            rows: vec![
                row("Easy", Engine::Fast, 3, 0),
                row("Easy", Engine::Naive, 3000, 1),
                row("Hard", Engine::Fast, 30, 0),
            ],
        }
    }

    #[test]
    fn a_chart_has_a_bar_per_row_and_decades() {
        let svg = chart(&[table()]).to_svg();
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<title>").count(), 3);
        assert_eq!(svg.matches("url(#cut)\"/>").count(), 1);
        assert!(svg.contains("1 µs") && svg.contains("10 ms"));
        assert!(svg.contains("Levels &lt;9x9&gt;"));
        assert!(svg.contains("<title>Easy naive: 3ms mean, 1 of 2 cut</title>"));
    }

    #[test]
    fn the_series_keep_the_engines_order_and_colours() {
        let chart = chart(&[table()]);
        let names: Vec<&str> = chart.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["naive", "fast"]);
        assert_eq!(chart.series[0].colour, 0);
        assert_eq!(chart.series[1].colour, Engine::ALL.len() - 1);
        // A level without a row for an engine leaves its place empty.
        assert_eq!(chart.sections[0].groups[1].bars[0].series, 1);
    }

    #[test]
    fn a_row_is_worded_with_its_lower_bounds() {
        let text = text_table(&table());
        assert_eq!(
            text.lines()[0],
            "level     engine      puzzles    mean time  median time   mean nodes median nodes mean backtr.   cut wrong     ratio"
        );
        assert_eq!(
            text.lines()[2],
            "Easy      naive             2    >=3.00 ms      3.00 ms          >=-            -          >=-     1     0    >=1.00"
        );
        assert_eq!(
            heading(&table()),
            "Levels <9x9> (ratio: mean time / fast's mean time)"
        );
    }
}
