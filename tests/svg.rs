//! The SVG pictures (`stepwise::render::svg`): snapshots of the text of one step of each
//! family, taken from the technique pages' worked examples (`techniques/<slug>.md`), and
//! structural checks on every catalog example: the picture is well-formed XML, its title is
//! the step's notation, each elimination is struck, each placement ringed, each link drawn as
//! an arrow of its kind, nothing else is struck or ringed, and the same input gives the same
//! bytes and the same size.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::pages::{every_example_step as every_example, example_step as example};
use common::snapshot;

use stepwise::geometry::{cell_name, CELLS};
use stepwise::kakuro::format::parse_text;
use stepwise::kakuro::logic::{self as kakuro_logic, Board as KakuroBoard};
use stepwise::kakuro::render::{svg::board_svg, terminal::board_text};
use stepwise::render::svg::{grid_svg, step_svg, SvgOptions};
use stepwise::technique::Technique;

/// One technique per family: singles, locked candidates, subsets, fish (with a fin),
/// single-digit patterns, coloring, wings, uniqueness, chains (an AIC and a grouped one, with
/// strong and weak links), ALS (sets and an ALS chain), forcing chains.
const SNAPSHOTTED: [Technique; 13] = [
    Technique::HiddenSingleBox,
    Technique::LockedCandidatesPointing,
    Technique::NakedPair,
    Technique::FinnedXWing,
    Technique::Skyscraper,
    Technique::SimpleColorsTrap,
    Technique::XYWing,
    Technique::UniqueRectangle2,
    Technique::Aic,
    Technique::GroupedAic,
    Technique::AlsXz,
    Technique::AlsAic,
    Technique::CellForcingChains,
];

#[test]
fn pictures_of_one_step_per_family() {
    for technique in SNAPSHOTTED {
        let (grid, step) = example(technique);
        let svg = step_svg(&grid, &step, &SvgOptions::default());
        snapshot(&format!("svg-{}", technique.slug()), &svg);
    }
}

/// grandgames.net 24596: 9 white cells, a hidden single among its steps.
const KAKURO: &str = "\
#    #    #     9\\_ 11\\_
#    #    15\\17 .   .
#    9\\7  .     .   .
_\\3  .    .     #   #
_\\17 .    .     #   #
";

/// Every step of the Kakuro's human solve, each drawn on the board before it: well-formed,
/// titled with the step, each elimination struck and each placement ringed exactly, the step's
/// cells and runs tinted, its clues marked; one picture is snapshotted.
#[test]
fn kakuro_pictures_mark_each_step() {
    let kakuro = parse_text(KAKURO).unwrap();
    let trace = kakuro_logic::solve(&kakuro);
    assert!(trace.is_solved());
    let mut board = KakuroBoard::new(&kakuro);
    for (i, step) in trace.steps.iter().enumerate() {
        let svg = board_svg(&kakuro, &board, Some(step));
        assert_eq!(svg, board_svg(&kakuro, &board, Some(step)));
        let doc = parse(&svg).unwrap_or_else(|e| panic!("step {}: {e}\n{svg}", i + 1));
        assert_eq!(
            doc.title,
            format!("{}: {}", step.technique, step.deductions(&kakuro))
        );
        let struck: BTreeSet<(String, String)> = doc
            .with_class("elim")
            .iter()
            .map(|e| (e.attr("data-cell"), e.attr("data-digit")))
            .collect();
        let removed: BTreeSet<(String, String)> = step
            .eliminations
            .iter()
            .flat_map(|&(cell, digits)| {
                let kakuro = &kakuro;
                digits
                    .iter()
                    .map(move |d| (kakuro.cell_name(cell), d.to_string()))
            })
            .collect();
        assert_eq!(struck, removed, "step {}", i + 1);
        let ringed: BTreeSet<(String, String)> = doc
            .with_class("place")
            .iter()
            .map(|e| (e.attr("data-cell"), e.attr("data-digit")))
            .collect();
        let placed: BTreeSet<(String, String)> = step
            .placements
            .iter()
            .map(|&(cell, digit)| (kakuro.cell_name(cell), digit.to_string()))
            .collect();
        assert_eq!(ringed, placed, "step {}", i + 1);
        let tinted: BTreeSet<String> = doc
            .with_class("step")
            .iter()
            .map(|e| e.attr("data-cell"))
            .collect();
        let own: BTreeSet<String> = step.cells.iter().map(|&c| kakuro.cell_name(c)).collect();
        assert_eq!(tinted, own, "step {}", i + 1);
        let in_runs: BTreeSet<String> = doc
            .with_class("run")
            .iter()
            .map(|e| e.attr("data-cell"))
            .collect();
        for &run in &step.runs {
            for &cell in &kakuro.run(run).cells {
                let name = kakuro.cell_name(cell);
                assert!(
                    in_runs.contains(&name) || own.contains(&name),
                    "step {}: {name} of a run not tinted",
                    i + 1
                );
            }
        }
        assert_eq!(
            doc.with_class("marked").len(),
            step.runs.len(),
            "step {}",
            i + 1
        );
        // Every open cell's candidates, and one square per grid square.
        let candidates: usize = (0..kakuro.cell_count())
            .filter(|&c| board.placed(c).is_none())
            .map(|c| board.candidates(c).len())
            .sum();
        assert_eq!(doc.with_class("cand").len(), candidates);
        let squares = doc.with_class("black").len()
            + doc.with_class("clue").len()
            + doc.with_class("cell").len();
        assert_eq!(squares, kakuro.rows() * kakuro.cols());
        if i == 0 {
            snapshot("svg-kakuro-first-step", &svg);
        }
        step.apply(&kakuro, &mut board);
    }
    // The board alone: nothing marked, the digits placed.
    let svg = board_svg(&kakuro, &board, None);
    let doc = parse(&svg).unwrap();
    assert!(doc.with_class("elim").is_empty() && doc.with_class("place").is_empty());
    assert_eq!(doc.with_class("placed").len(), kakuro.cell_count());
    assert_eq!(doc.title, "Kakuro grid: 9 white cells, 9 filled");
}

/// The Kakuro's terminal board of its first step, plain and in colour (escape written `\e`).
#[test]
fn kakuro_boards_of_the_first_step() {
    let kakuro = parse_text(KAKURO).unwrap();
    let board = KakuroBoard::new(&kakuro);
    let step = kakuro_logic::next_step(&kakuro, &board).unwrap();
    let plain = board_text(&kakuro, &board, Some(&step), false);
    assert!(!plain.contains('\x1b'));
    assert!(plain.contains("legend: =5 placed, -4 removed"), "{plain}");
    snapshot("board-kakuro-first-step-plain", &plain);
    let colour = board_text(&kakuro, &board, Some(&step), true);
    assert!(!colour.contains("legend"));
    snapshot(
        "board-kakuro-first-step-color",
        &colour.replace('\x1b', "\\e"),
    );
}

#[test]
fn a_plain_grid_and_one_without_legend_or_caption() {
    let (grid, _) = example(Technique::XWing);
    let svg = grid_svg(&grid, &SvgOptions::default());
    let doc = parse(&svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    assert!(doc.with_class("elim").is_empty());
    assert!(doc.with_class("place").is_empty());
    assert!(doc.with_class_prefix("link").is_empty());
    assert!(doc.with_class_prefix("mark").is_empty());
    let candidates: usize = (0..CELLS)
        .filter(|&c| grid.value(c) == 0)
        .map(|c| grid.candidates(c).len() as usize)
        .sum();
    assert_eq!(doc.with_class("cand").len(), candidates);
    let givens = grid.givens().len() as usize;
    assert_eq!(doc.with_class("given").len(), givens);
    assert_eq!(
        doc.with_class("filled").len(),
        CELLS - grid.empty_count() - givens
    );
    assert!(doc.title.starts_with("Sudoku grid: "), "{}", doc.title);
    snapshot("svg-grid-x-wing", &svg);

    let mut bare = SvgOptions::default();
    bare.legend = false;
    bare.caption = false;
    let (grid, step) = example(Technique::XWing);
    let svg = step_svg(&grid, &step, &bare);
    let doc = parse(&svg).unwrap();
    assert!(doc.with_class("legend").is_empty() && doc.with_class("caption").is_empty());
    let full = parse(&step_svg(&grid, &step, &SvgOptions::default())).unwrap();
    assert!(doc.view_box.2 < full.view_box.2 && doc.view_box.3 < full.view_box.3);
}

#[test]
fn every_example_is_well_formed_and_marks_what_the_step_does() {
    let examples = every_example();
    assert!(examples.len() > 80, "{} examples", examples.len());
    let mut sizes = BTreeSet::new();
    for (technique, grid, step) in examples {
        let svg = step_svg(&grid, &step, &SvgOptions::default());
        assert_eq!(
            svg,
            step_svg(&grid, &step, &SvgOptions::default()),
            "{technique}: not deterministic"
        );
        let doc = parse(&svg).unwrap_or_else(|e| panic!("{technique}: {e}"));
        sizes.insert(format!("{:?}", doc.view_box));
        assert_eq!(doc.title, step.notation().trim_end(), "{technique}");

        let struck: BTreeSet<(String, String)> = doc
            .with_class("elim")
            .iter()
            .map(|e| (e.attr("data-cell"), e.attr("data-digit")))
            .collect();
        let eliminations: BTreeSet<(String, String)> = step
            .eliminations
            .iter()
            .map(|c| (cell_name(c.cell), c.digit.to_string()))
            .collect();
        assert_eq!(struck, eliminations, "{technique}: struck candidates");
        assert_eq!(
            doc.with_class("elim").len(),
            eliminations.len(),
            "{technique}"
        );

        let ringed: BTreeSet<(String, String)> = doc
            .with_class("place")
            .iter()
            .map(|e| (e.attr("data-cell"), e.attr("data-digit")))
            .collect();
        let placements: BTreeSet<(String, String)> = step
            .placements
            .iter()
            .map(|c| (cell_name(c.cell), c.digit.to_string()))
            .collect();
        assert_eq!(ringed, placements, "{technique}: ringed candidates");

        // Each distinct link once, as an arrow (a line and a head) of its kind.
        let drawn: BTreeMap<(String, String), String> = doc
            .with_class_prefix("link")
            .iter()
            .map(|e| {
                (
                    (e.attr("data-from"), e.attr("data-to")),
                    e.attr("class").to_string(),
                )
            })
            .collect();
        assert_eq!(
            drawn.len(),
            doc.with_class_prefix("link").len(),
            "{technique}: a link drawn twice"
        );
        let mut expected = BTreeMap::new();
        for link in &step.pattern.links {
            let name = |c: stepwise::step::Candidate| format!("{}#{}", cell_name(c.cell), c.digit);
            let kind = if link.strong {
                "link strong"
            } else {
                "link weak"
            };
            expected.insert((name(link.from), name(link.to)), kind.to_string());
        }
        assert_eq!(drawn, expected, "{technique}: links");
        for link in doc.with_class_prefix("link") {
            assert_eq!(
                link.children, 2,
                "{technique}: an arrow is a line and a head"
            );
        }
        // Every candidate of the grid is drawn once.
        let candidates: usize = (0..CELLS)
            .filter(|&c| grid.value(c) == 0)
            .map(|c| grid.candidates(c).len() as usize)
            .sum();
        assert_eq!(doc.with_class("cand").len(), candidates, "{technique}");
        // The legend names every tone of a marked candidate.
        let legend = &doc.text_in_class("legend");
        for tone in stepwise::render::StepMarks::of(&step).tones() {
            assert!(
                legend.contains(tone.description()),
                "{technique}: legend lacks {}: {legend}",
                tone.description()
            );
        }
    }
    assert_eq!(sizes.len(), 1, "one size for every step: {sizes:?}");
}

#[test]
fn text_is_escaped_in_the_title_and_caption() {
    let (grid, step) = example(Technique::LockedCandidatesPointing);
    let svg = step_svg(&grid, &step, &SvgOptions::default());
    assert!(step.notation().contains("=>") && step.notation().contains("<>"));
    assert!(svg.contains("=&gt;") && svg.contains("&lt;&gt;"));
    assert!(!svg.contains("<>"));
    let doc = parse(&svg).unwrap();
    assert!(doc.text_in_class("caption").contains("=> r1c79<>6"));
}

#[test]
fn the_checker_rejects_broken_documents() {
    for broken in [
        "<svg><g></svg>",
        "<svg><g/></g></svg>",
        "<svg a=\"1\" a=\"2\"/>",
        "<svg><text>a < b</text></svg>",
        "<svg><text>a &b c</text></svg>",
        "<svg x=1/>",
        "<svg>",
        "<svg/><svg/>",
    ] {
        assert!(parse(broken).is_err(), "accepted {broken}");
    }
    assert!(parse(
        "<svg viewBox=\"0 0 1 2\"><title>a &amp; b</title><g class=\"x y\"><path/></g></svg>"
    )
    .is_ok());
}

/// An element of a parsed picture: its name, attributes, number of child elements and text.
#[derive(Debug)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    children: usize,
    text: String,
}

impl Element {
    fn attr(&self, name: &str) -> String {
        self.attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }
}

#[derive(Debug)]
struct Document {
    elements: Vec<Element>,
    title: String,
    view_box: (String, String, String, String),
}

impl Document {
    /// Elements whose class list holds `class`.
    fn with_class(&self, class: &str) -> Vec<&Element> {
        self.elements
            .iter()
            .filter(|e| e.attr("class").split(' ').any(|c| c == class))
            .collect()
    }

    /// Elements whose class attribute starts with `prefix` as a word (`link` finds
    /// `link strong`).
    fn with_class_prefix(&self, prefix: &str) -> Vec<&Element> {
        self.elements
            .iter()
            .filter(|e| e.attr("class").split(' ').next() == Some(prefix))
            .collect()
    }

    /// The text inside the elements of a class (their own and their descendants').
    fn text_in_class(&self, class: &str) -> String {
        self.with_class(class)
            .iter()
            .map(|e| e.text.clone())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A small well-formedness checker for the subset of XML the pictures use: one root element,
/// tags closed in order, attributes quoted and not repeated, no raw `<` in text or values,
/// only the five named entities and numeric references. Text is kept unescaped.
fn parse(svg: &str) -> Result<Document, String> {
    let mut elements: Vec<Element> = Vec::new();
    // Open elements: index in `elements`.
    let mut open: Vec<usize> = Vec::new();
    let mut roots = 0;
    let mut rest = svg;
    while !rest.is_empty() {
        let Some(start) = rest.find('<') else {
            check_text(rest)?;
            if !rest.trim().is_empty() {
                return Err(format!("text outside the root: {rest:?}"));
            }
            break;
        };
        let text = unescape(check_text(&rest[..start])?);
        if !text.trim().is_empty() {
            if open.is_empty() {
                return Err(format!("text outside the root: {text:?}"));
            }
            for &i in &open {
                if !elements[i].text.is_empty() {
                    elements[i].text.push(' ');
                }
                elements[i].text.push_str(text.trim());
            }
        }
        let end = rest[start..].find('>').ok_or("a tag never ends")? + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(closing) = tag.strip_prefix('/') {
            let i = open.pop().ok_or(format!("</{closing}> closes nothing"))?;
            if elements[i].name != closing.trim() {
                return Err(format!("</{closing}> closes <{}>", elements[i].name));
            }
            continue;
        }
        let (body, empty) = match tag.strip_suffix('/') {
            Some(body) => (body, true),
            None => (tag, false),
        };
        let name: String = body
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == ':')
            .collect();
        if name.is_empty() {
            return Err(format!("a tag without a name: <{tag}>"));
        }
        let attributes = attributes(&body[name.len()..])?;
        if open.is_empty() {
            roots += 1;
            if roots > 1 {
                return Err("two root elements".into());
            }
        }
        if let Some(&parent) = open.last() {
            elements[parent].children += 1;
        }
        elements.push(Element {
            name,
            attributes,
            children: 0,
            text: String::new(),
        });
        if !empty {
            open.push(elements.len() - 1);
        }
    }
    if let Some(&i) = open.last() {
        return Err(format!("<{}> is never closed", elements[i].name));
    }
    let root = elements.first().ok_or("no element")?;
    if root.name != "svg" {
        return Err(format!("the root is <{}>", root.name));
    }
    let mut view_box = root.attr("viewBox");
    view_box.push_str("   ");
    let mut parts = view_box.split(' ').map(str::to_string);
    let mut next = || parts.next().unwrap_or_default();
    let view_box = (next(), next(), next(), next());
    let title = elements
        .iter()
        .find(|e| e.name == "title")
        .map(|e| e.text.clone())
        .unwrap_or_default();
    Ok(Document {
        elements,
        title,
        view_box,
    })
}

/// `name="value"` pairs, values unescaped.
fn attributes(mut text: &str) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    loop {
        text = text.trim_start();
        if text.is_empty() {
            return Ok(out);
        }
        let eq = text
            .find('=')
            .ok_or(format!("an attribute without a value: {text}"))?;
        let name = text[..eq].trim().to_string();
        let value = &text[eq + 1..];
        let quote = value
            .chars()
            .next()
            .filter(|c| *c == '"' || *c == '\'')
            .ok_or(format!("the value of {name} is not quoted"))?;
        let close = value[1..]
            .find(quote)
            .ok_or(format!("the value of {name} never ends"))?;
        let raw = check_text(&value[1..1 + close])?;
        if out.iter().any(|(n, _)| *n == name) {
            return Err(format!("{name} given twice"));
        }
        out.push((name, unescape(raw)));
        text = &value[close + 2..];
    }
}

/// Text with no raw `<` and every `&` starting a known reference.
fn check_text(text: &str) -> Result<&str, String> {
    if text.contains('<') {
        return Err(format!("a raw < in {text:?}"));
    }
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        let reference = &rest[at..];
        let end = reference.find(';').ok_or(format!("a raw & in {text:?}"))?;
        let name = &reference[1..end];
        let known = ["amp", "lt", "gt", "quot", "apos"].contains(&name)
            || name
                .strip_prefix('#')
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if !known {
            return Err(format!("an unknown reference &{name}; in {text:?}"));
        }
        rest = &reference[end + 1..];
    }
    Ok(text)
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}
