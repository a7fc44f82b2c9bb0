//! A mean-time chart as a standalone SVG document: bars of seconds on a log scale (engines
//! differ by factors of thousands), one group of bars per row of a table (a level, a size
//! band), groups gathered in sections (one per table) and one colour per series (an engine).
//! A bar that is only a lower bound (runs cut by a limit are in its mean) is drawn hatched.
//!
//! The chart knows nothing of what was measured: the bench tables fill a [`Chart`] and it
//! draws it.

use std::fmt::Write;

/// The series' colours, by [`Series::colour`] (modulo their number).
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

/// One series of bars, in the legend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Series {
    /// Its name in the legend.
    pub name: String,
    /// Its colour, as an index into the palette: a series keeps its colour in every chart
    /// when this is its place among all the series there could be.
    pub colour: usize,
}

/// One bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// Its series: an index into [`Chart::series`], which is also its place in its group.
    pub series: usize,
    /// Its height: a mean time in seconds.
    pub seconds: f64,
    /// Whether the figure is only a lower bound (drawn hatched).
    pub lower_bound: bool,
    /// The text shown when pointing at it.
    pub tooltip: String,
}

/// The bars of one row of a table, with its label under them.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The label (a level, a band).
    pub label: String,
    /// The bars, in series order.
    pub bars: Vec<Bar>,
}

/// The groups of one table, underlined together with its title.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// The table's title.
    pub title: String,
    /// Its groups, left to right.
    pub groups: Vec<Group>,
}

/// A chart: its title, a note on the hatching, the series and the sections.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// The line at the top.
    pub title: String,
    /// The line under the legend (what a hatched bar means).
    pub note: String,
    /// The series, in legend order.
    pub series: Vec<Series>,
    /// The sections, left to right.
    pub sections: Vec<Section>,
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
pub fn escape(text: &str) -> String {
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

impl Chart {
    fn bars(&self) -> impl Iterator<Item = &Bar> {
        self.sections
            .iter()
            .flat_map(|s| &s.groups)
            .flat_map(|g| &g.bars)
    }

    fn colour(&self, series: usize) -> &'static str {
        let i = self.series.get(series).map_or(0, |s| s.colour);
        COLOURS[i % COLOURS.len()]
    }

    /// The chart as an SVG document.
    pub fn to_svg(&self) -> String {
        let seconds: Vec<f64> = self
            .bars()
            .map(|b| b.seconds)
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
            let fraction =
                (s.max(10f64.powi(low)).log10() - f64::from(low)) / f64::from(high - low);
            TOP + PLOT_HEIGHT * (1.0 - fraction)
        };
        // Wide enough for its bars and for a group's label under them.
        let series = self.series.len();
        let bars_width = series as f64 * BAR;
        let group_width = (bars_width + GAP).max(64.0);
        let bars_offset = (group_width - GAP - bars_width) / 2.0;
        let groups: usize = self.sections.iter().map(|s| s.groups.len()).sum();
        // Each legend entry at least 90 wide, wider for a long name, so names never overlap.
        let mut legend_x = Vec::with_capacity(series);
        let mut next_x = LEFT;
        for one in &self.series {
            legend_x.push(next_x);
            next_x += (28.0 + one.name.chars().count() as f64 * 6.2).max(90.0);
        }
        // Wide enough for the bars, the legend and the title line.
        let width = (LEFT + groups as f64 * group_width + 20.0)
            .max(next_x + 20.0)
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
            "<rect width=\"{width:.0}\" height=\"{height:.0}\" fill=\"white\"/>\n<text x=\"{LEFT}\" y=\"18\" font-size=\"14\">{}</text>\n<text x=\"{LEFT}\" y=\"58\" font-size=\"10\">{}</text>",
            escape(&self.title),
            escape(&self.note)
        );
        // The legend.
        for (i, (one, &x)) in self.series.iter().zip(&legend_x).enumerate() {
            let _ = writeln!(
                svg,
                "<rect x=\"{x}\" y=\"30\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{}\" y=\"39\">{}</text>",
                self.colour(i),
                x + 14.0,
                escape(&one.name)
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
        for section in &self.sections {
            let start = x;
            for group in &section.groups {
                for bar in &group.bars {
                    let bx = x + bars_offset + bar.series as f64 * BAR;
                    let top = y_of(bar.seconds);
                    let h = (baseline - top).max(0.5);
                    let _ = writeln!(
                        svg,
                        "<rect x=\"{bx:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{}\"><title>{}</title></rect>",
                        BAR - 1.0,
                        self.colour(bar.series),
                        escape(&bar.tooltip)
                    );
                    if bar.lower_bound {
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
                    escape(&group.label)
                );
                x += group_width;
            }
            let _ = writeln!(
                svg,
                "<line x1=\"{start:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#888\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"12\">{}</text>",
                x - GAP,
                baseline + 24.0,
                baseline + 24.0,
                label_centre((start + x - GAP) / 2.0, &section.title, width),
                baseline + 40.0,
                escape(&section.title)
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(series: usize, seconds: f64, lower_bound: bool) -> Bar {
        Bar {
            series,
            seconds,
            lower_bound,
            tooltip: format!("s{series} <{seconds}>"),
        }
    }

    #[test]
    fn a_chart_has_a_bar_per_figure_decades_and_escaped_text() {
        let chart = Chart {
            title: "Mean & more".to_string(),
            note: "Hatched: lower bounds.".to_string(),
            series: vec![
                Series {
                    name: "a".to_string(),
                    colour: 0,
                },
                Series {
                    name: "b".to_string(),
                    colour: 10,
                },
            ],
            sections: vec![Section {
                title: "Levels <9x9>".to_string(),
                groups: vec![
                    Group {
                        label: "Easy".to_string(),
                        bars: vec![bar(0, 3e-6, false), bar(1, 3e-3, true)],
                    },
                    Group {
                        label: "Hard".to_string(),
                        bars: vec![bar(1, 3e-5, false)],
                    },
                ],
            }],
        };
        let svg = chart.to_svg();
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<title>").count(), 3);
        assert_eq!(svg.matches("url(#cut)\"/>").count(), 1);
        assert!(svg.contains("1 µs") && svg.contains("10 ms"));
        assert!(!svg.contains("100 ms"), "decades stop at the highest bar's");
        assert!(svg.contains("Levels &lt;9x9&gt;"));
        assert!(svg.contains("Mean &amp; more"));
        assert!(svg.contains("<title>s1 &lt;0.003&gt;</title>"));
        // Colour 10 wraps to the palette's second.
        assert_eq!(svg.matches(COLOURS[1]).count(), 3);
    }

    #[test]
    fn an_empty_chart_is_still_a_picture() {
        let chart = Chart {
            title: String::new(),
            note: String::new(),
            series: Vec::new(),
            sections: Vec::new(),
        };
        let svg = chart.to_svg();
        assert!(svg.starts_with("<svg") && svg.contains("1 µs") && svg.contains("1 s"));
    }
}
