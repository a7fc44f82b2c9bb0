//! The ER histogram of a batch as a standalone SVG bar chart (`stepwise analyze --plot`).
//!
//! Owns the drawing only: one `<rect>` per bar (each ER band of the [`Summary`], then one for
//! stuck paths if there are any), its count above it and its band below, a y axis with round
//! ticks, axis titles and a chart title. Hand-written SVG 1.1, with no script and no external
//! resource, so any browser or editor opens it.

use std::fmt::Write;

use super::Summary;

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 420.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 48.0;
const BOTTOM: f64 = 72.0;
const BAR_COLOUR: &str = "#4a7ab5";
/// Stuck paths are not an ER band (their 20.0 is SE's sentinel): a grey bar sets them apart.
const STUCK_COLOUR: &str = "#9a9a9a";

/// A tick step of 1, 2 or 5 times a power of ten giving at most eight ticks up to `max`.
fn tick_step(max: usize) -> usize {
    let mut power = 1;
    loop {
        for factor in [1, 2, 5] {
            let step = factor * power;
            if max.div_ceil(step) <= 8 {
                return step;
            }
        }
        power *= 10;
    }
}

/// The chart as an SVG document.
pub fn er_histogram_svg(summary: &Summary) -> String {
    let mut bars: Vec<(String, usize, &str)> = summary
        .er_histogram
        .iter()
        .map(|b| (format!("{:.1}-{:.1}", b.min, b.max), b.count, BAR_COLOUR))
        .collect();
    if summary.stuck() > 0 {
        bars.push(("stuck".to_string(), summary.stuck(), STUCK_COLOUR));
    }
    let most = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let step = tick_step(most);
    let top_value = most.div_ceil(step) * step;
    let plot_width = WIDTH - LEFT - RIGHT;
    let plot_height = HEIGHT - TOP - BOTTOM;
    let base = TOP + plot_height;
    let y_of = |value: usize| base - plot_height * value as f64 / top_value as f64;

    let mut svg = String::new();
    // `write!` to a String cannot fail.
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        svg,
        "<title>ER histogram of {} puzzles</title>",
        summary.puzzles
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="16">ER histogram of {} puzzles</text>"#,
        WIDTH / 2.0,
        summary.puzzles
    );
    // Axes.
    let _ = writeln!(
        svg,
        r#"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{base}" stroke="black"/>"#
    );
    let _ = writeln!(
        svg,
        r#"<line x1="{LEFT}" y1="{base}" x2="{}" y2="{base}" stroke="black"/>"#,
        WIDTH - RIGHT
    );
    // Y ticks and grid lines.
    for value in (0..=top_value).step_by(step) {
        let y = y_of(value);
        let _ = writeln!(
            svg,
            r#"<line x1="{}" y1="{y:.1}" x2="{LEFT}" y2="{y:.1}" stroke="black"/>"#,
            LEFT - 4.0
        );
        if value > 0 {
            let _ = writeln!(
                svg,
                r##"<line x1="{LEFT}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="#dddddd"/>"##,
                WIDTH - RIGHT
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{value}</text>"#,
            LEFT - 8.0,
            y + 4.0
        );
    }
    // Axis titles.
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">ER (Sudoku Explainer rating)</text>"#,
        LEFT + plot_width / 2.0,
        HEIGHT - 16.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="18" y="{0}" text-anchor="middle" transform="rotate(-90 18 {0})">puzzles</text>"#,
        TOP + plot_height / 2.0
    );
    if bars.is_empty() {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="middle">no solved puzzle</text>"#,
            LEFT + plot_width / 2.0,
            TOP + plot_height / 2.0
        );
    }
    // Bars, each with its count above and its band below.
    let slot = plot_width / bars.len().max(1) as f64;
    for (i, (label, count, colour)) in bars.iter().enumerate() {
        let x = LEFT + slot * i as f64 + slot * 0.1;
        let y = y_of(*count);
        let centre = x + slot * 0.4;
        let _ = writeln!(
            svg,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{colour}"><title>{label}: {count}</title></rect>"#,
            slot * 0.8,
            base - y
        );
        let _ = writeln!(
            svg,
            r#"<text x="{centre:.1}" y="{:.1}" text-anchor="middle">{count}</text>"#,
            y - 4.0
        );
        let _ = writeln!(
            svg,
            r#"<text x="{centre:.1}" y="{:.1}" text-anchor="middle">{label}</text>"#,
            base + 18.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Analysis;
    use crate::pipeline::Status;

    /// The element names of a document in order, with `/name` for closing tags; panics on a
    /// tag that is not closed where it should be, so a passing document is well nested.
    fn balanced_elements(svg: &str) -> Vec<String> {
        let mut open: Vec<String> = Vec::new();
        let mut seen = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').expect("every tag ends") + start;
            let tag = &rest[start + 1..end];
            let name: String = tag
                .trim_start_matches('/')
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if let Some(closing) = tag.strip_prefix('/') {
                assert_eq!(open.pop().as_deref(), Some(closing.trim()), "in {svg}");
                seen.push(format!("/{name}"));
            } else {
                seen.push(name.clone());
                if !tag.ends_with('/') {
                    open.push(name);
                }
            }
            rest = &rest[end + 1..];
        }
        assert!(open.is_empty(), "unclosed {open:?}");
        seen
    }

    fn summary_of(ers: &[f64], stuck: usize) -> Summary {
        let mut summary = Summary::new();
        for &er in ers {
            let mut a = Analysis::invalid(String::new());
            a.status = Status::Solved;
            a.rating.er = Some(er);
            summary.add(&a);
        }
        for _ in 0..stuck {
            let mut a = Analysis::invalid(String::new());
            a.status = Status::Stuck;
            summary.add(&a);
        }
        summary
    }

    #[test]
    fn one_rect_per_band_and_one_for_stuck_paths() {
        let svg = er_histogram_svg(&summary_of(&[1.2, 3.4, 3.5, 7.1], 2));
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        let elements = balanced_elements(&svg);
        assert_eq!(elements.iter().filter(|e| *e == "rect").count(), 7 + 1);
        assert_eq!(elements.first().map(String::as_str), Some("svg"));
        assert_eq!(elements.last().map(String::as_str), Some("/svg"));
        assert!(svg.contains(">3.0-3.9</text>"));
        assert!(svg.contains("<title>3.0-3.9: 2</title>"));
        assert!(svg.contains(">stuck</text>"));
        assert_eq!(svg.matches(&format!(r#"fill="{STUCK_COLOUR}""#)).count(), 1);
        assert!(svg.contains("ER histogram of 6 puzzles"));
    }

    #[test]
    fn the_tallest_bar_reaches_the_top_tick() {
        let svg = er_histogram_svg(&summary_of(&[2.0, 2.1, 2.2, 5.0], 0));
        // Three puzzles in the tallest band: ticks 0..3 by 1, the bar as tall as the plot.
        let plot_height = HEIGHT - TOP - BOTTOM;
        assert!(svg.contains(&format!(r#"y="{TOP:.1}" width="#)));
        assert!(svg.contains(&format!(r#"height="{plot_height:.1}""#)));
        assert!(svg.contains(">3</text>"));
    }

    #[test]
    fn an_empty_batch_draws_axes_and_says_so() {
        let svg = er_histogram_svg(&summary_of(&[], 0));
        let elements = balanced_elements(&svg);
        assert!(!elements.iter().any(|e| e == "rect"));
        assert!(svg.contains("no solved puzzle"));
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(1), 1);
        assert_eq!(tick_step(8), 1);
        assert_eq!(tick_step(9), 2);
        assert_eq!(tick_step(40), 5);
        assert_eq!(tick_step(41), 10);
        assert_eq!(tick_step(1234), 200);
    }
}
