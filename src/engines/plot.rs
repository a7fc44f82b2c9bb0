//! The comparison as a picture: a standalone SVG bar chart of each engine's mean time per
//! level, on a log scale (the engines differ by factors of thousands), one group of bars per
//! level of every table, one colour per engine. A bar whose mean includes runs cut by a limit
//! is drawn hatched: its true height is at least that.

use std::fmt::Write;

use super::compare::Table;
use super::Engine;

/// Each engine's colour, in [`Engine::ALL`]'s order.
const COLOURS: [&str; 9] = [
    "#9e9e9e", "#616161", "#64b5f6", "#1e88e5", "#0d47a1", "#8e24aa", "#fb8c00", "#43a047",
    "#e53935",
];

const BAR: f64 = 9.0;
const GAP: f64 = 14.0;
const LEFT: f64 = 70.0;
const TOP: f64 = 72.0;
const PLOT_HEIGHT: f64 = 300.0;
const BOTTOM: f64 = 70.0;

fn colour(engine: Engine) -> &'static str {
    let i = Engine::ALL.iter().position(|&e| e == engine).unwrap_or(0);
    COLOURS[i % COLOURS.len()]
}

/// A duration in seconds as people read it: `1 µs`, `10 ms`, `1 s`.
fn decade_label(exponent: i32) -> String {
    let (unit, shift) = match exponent {
        e if e < -6 => ("ns", 9),
        e if e < -3 => ("µs", 6),
        e if e < 0 => ("ms", 3),
        _ => ("s", 0),
    };
    format!("{} {unit}", 10f64.powi(exponent + shift))
}

/// Escapes text for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Where to centre a 12-pixel label near `x` so that it stays inside the picture (about 6.5
/// pixels a character).
fn label_centre(x: f64, text: &str, width: f64) -> f64 {
    let half = text.chars().count() as f64 * 6.5 / 2.0;
    x.min(width - 10.0 - half).max(LEFT + half)
}

/// The bar chart of `tables` (mean time per level per engine, log scale) as an SVG document.
pub fn mean_time_chart(tables: &[Table]) -> String {
    // The engines present, in the usual order.
    let engines: Vec<Engine> = Engine::ALL
        .into_iter()
        .filter(|e| tables.iter().any(|t| t.rows.iter().any(|r| r.engine == *e)))
        .collect();
    let seconds: Vec<f64> = tables
        .iter()
        .flat_map(|t| t.rows.iter())
        .map(|r| r.mean_time.as_secs_f64())
        .filter(|&s| s > 0.0)
        .collect();
    let lowest = seconds.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = seconds.iter().copied().fold(0.0, f64::max);
    let (low, high) = if seconds.is_empty() {
        (-6, 0)
    } else {
        (
            lowest.log10().floor() as i32,
            (highest.log10().ceil() as i32).max(lowest.log10().floor() as i32 + 1),
        )
    };
    let y_of = |s: f64| -> f64 {
        let fraction = (s.max(10f64.powi(low)).log10() - f64::from(low)) / f64::from(high - low);
        TOP + PLOT_HEIGHT * (1.0 - fraction)
    };
    // Wide enough for its bars and for a level's name under them.
    let bars_width = engines.len() as f64 * BAR;
    let group_width = (bars_width + GAP).max(64.0);
    let bars_offset = (group_width - GAP - bars_width) / 2.0;
    let groups: usize = tables.iter().map(|t| t.levels().len()).sum();
    // Wide enough for the bars, the legend and the title line.
    let width = (LEFT + groups as f64 * group_width + 20.0)
        .max(LEFT + engines.len() as f64 * 90.0 + 20.0)
        .max(780.0);
    let height = TOP + PLOT_HEIGHT + BOTTOM;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\" font-size=\"11\">"
    );
    svg.push_str("<defs><pattern id=\"cut\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"2\" height=\"4\" fill=\"white\" fill-opacity=\"0.6\"/></pattern></defs>\n");
    let _ = writeln!(
        svg,
        "<rect width=\"{width:.0}\" height=\"{height:.0}\" fill=\"white\"/>\n<text x=\"{LEFT}\" y=\"18\" font-size=\"14\">Mean time per puzzle by level and engine (log scale)</text>\n<text x=\"{LEFT}\" y=\"58\" font-size=\"10\">Hatched: some runs hit the node or time limit, so the mean is a lower bound.</text>"
    );
    // The legend.
    for (i, &engine) in engines.iter().enumerate() {
        let x = LEFT + i as f64 * 90.0;
        let _ = writeln!(
            svg,
            "<rect x=\"{x}\" y=\"30\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{}\" y=\"39\">{}</text>",
            colour(engine),
            x + 14.0,
            engine.name()
        );
    }
    // The axis and its decades.
    for exponent in low..=high {
        let y = y_of(10f64.powi(exponent));
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            width - 20.0,
            LEFT - 6.0,
            y + 4.0,
            decade_label(exponent)
        );
    }
    let baseline = TOP + PLOT_HEIGHT;
    let mut x = LEFT + GAP / 2.0;
    for table in tables {
        let start = x;
        for level in table.levels() {
            for (i, &engine) in engines.iter().enumerate() {
                let Some(row) = table
                    .rows
                    .iter()
                    .find(|r| r.level == level && r.engine == engine)
                else {
                    continue;
                };
                let bx = x + bars_offset + i as f64 * BAR;
                let top = y_of(row.mean_time.as_secs_f64());
                let h = (baseline - top).max(0.5);
                let _ = writeln!(
                    svg,
                    "<rect x=\"{bx:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{}\"><title>{} {}: {:?} mean, {} of {} cut</title></rect>",
                    BAR - 1.0,
                    colour(engine),
                    escape(level),
                    engine.name(),
                    row.mean_time,
                    row.cut,
                    row.puzzles
                );
                if row.cut > 0 {
                    let _ = writeln!(
                        svg,
                        "<rect x=\"{bx:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"url(#cut)\"/>",
                        BAR - 1.0
                    );
                }
            }
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                x + (group_width - GAP) / 2.0,
                baseline + 14.0,
                escape(level)
            );
            x += group_width;
        }
        let _ = writeln!(
            svg,
            "<line x1=\"{start:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#888\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"12\">{}</text>",
            x - GAP,
            baseline + 24.0,
            baseline + 24.0,
            label_centre((start + x - GAP) / 2.0, &table.title, width),
            baseline + 40.0,
            escape(&table.title)
        );
    }
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{baseline:.1}\" y2=\"{baseline:.1}\" stroke=\"black\"/>",
        width - 20.0
    );
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::compare::Row;
    use std::time::Duration;

    #[test]
    fn a_chart_has_a_bar_per_row_and_decades() {
        let row = |level: &str, engine, micros, cut| Row {
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
        };
        let table = Table {
            title: "Levels <9x9>".to_string(),
            rows: vec![
                row("Easy", Engine::Fast, 3, 0),
                row("Easy", Engine::Naive, 3000, 1),
                row("Hard", Engine::Fast, 30, 0),
            ],
        };
        let svg = mean_time_chart(&[table]);
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<title>").count(), 3);
        assert_eq!(svg.matches("url(#cut)\"/>").count(), 1);
        assert!(svg.contains("1 µs") && svg.contains("10 ms"));
        assert!(svg.contains("Levels &lt;9x9&gt;"));
    }
}
