//! The terminal board (`stepwise::render`): snapshots of one step of several families in both
//! styles, and checks on every catalog example (`techniques/<slug>.md`) that the board marks
//! exactly what the step touches: each placement and elimination, and nothing outside the
//! step. Plain boards are read back through `marker_position`; colour boards through their
//! escape sequences.

mod common;

use std::collections::HashSet;

use common::pages::{every_example_step as every_example, example_step as example};
use common::snapshot;

use stepwise::geometry::{Cell, Digit, CELLS};
use stepwise::render::terminal::marker_position;
use stepwise::render::{board, Style};
use stepwise::step::Step;
use stepwise::technique::Technique;

/// One technique per family the snapshots cover: a single, locked candidates, a subset, a
/// fish, a chain.
const SNAPSHOTTED: [Technique; 5] = [
    Technique::HiddenSingleBox,
    Technique::LockedCandidatesPointing,
    Technique::NakedPair,
    Technique::XWing,
    Technique::XYChain,
];

#[test]
fn plain_boards_of_one_step_per_family() {
    for technique in SNAPSHOTTED
        .into_iter()
        .chain([Technique::FinnedXWing, Technique::AlsXz])
    {
        let (grid, step) = example(technique);
        snapshot(
            &format!("board-{}-plain", technique.slug()),
            &board(&grid, Some(&step), Style::Plain),
        );
    }
}

/// Colour boards with the escape character written `\e`, so the snapshot can be read.
#[test]
fn colour_boards_of_one_step_per_family() {
    for technique in SNAPSHOTTED {
        let (grid, step) = example(technique);
        let text = board(&grid, Some(&step), Style::Color).replace('\x1b', "\\e");
        snapshot(&format!("board-{}-color", technique.slug()), &text);
    }
}

#[test]
fn a_board_without_a_step_marks_nothing() {
    let (grid, _) = example(Technique::XWing);
    let text = board(&grid, None, Style::Plain);
    assert!(text
        .lines()
        .last()
        .is_some_and(|l| l.starts_with("Legend: <5> given")));
    for cell in (0..CELLS).filter(|&c| grid.value(c) == 0) {
        for digit in grid.candidates(cell) {
            assert_eq!(plain_marker(&text, cell, digit), ' ');
        }
    }
    assert!(!board(&grid, None, Style::Color).contains("Legend"));
}

/// The candidates a step touches: its placements, its eliminations, its pattern's
/// candidates and its chain nodes' candidates.
fn touched(step: &Step) -> HashSet<(Cell, Digit)> {
    let mut set: HashSet<(Cell, Digit)> = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .map(|c| (c.cell, c.digit))
        .collect();
    set.extend(
        step.pattern
            .candidates
            .iter()
            .map(|m| (m.item.cell, m.item.digit)),
    );
    for node in &step.pattern.nodes {
        set.extend(node.cells.iter().map(|&cell| (cell, node.digit)));
    }
    set
}

/// The character before a candidate's digit on a plain board (its marker).
fn plain_marker(text: &str, cell: Cell, digit: Digit) -> char {
    let (line, column) = marker_position(cell, digit);
    let chars: Vec<char> = text
        .lines()
        .nth(line)
        .expect("a board line")
        .chars()
        .collect();
    assert_eq!(
        chars.get(column + 1),
        Some(&char::from(b'0' + digit)),
        "the digit follows its marker"
    );
    chars[column]
}

#[test]
fn plain_boards_mark_exactly_what_the_step_touches() {
    let examples = every_example();
    assert!(examples.len() > 80, "{} examples", examples.len());
    for (technique, grid, step) in examples {
        let text = board(&grid, Some(&step), Style::Plain);
        assert!(
            !text.bytes().any(|b| b == 0x1b),
            "{technique}: escape byte in a plain board"
        );
        assert!(text.contains(&step.notation()), "{technique}");
        assert!(
            text.lines().any(|l| l.starts_with("Legend: ")),
            "{technique}"
        );
        let touched = touched(&step);
        for cell in (0..CELLS).filter(|&c| grid.value(c) == 0) {
            for digit in grid.candidates(cell) {
                let marker = plain_marker(&text, cell, digit);
                let candidate = stepwise::step::Candidate::new(cell, digit);
                let expected = if step.placements.contains(&candidate) {
                    Some('=')
                } else if step.eliminations.contains(&candidate) {
                    Some('-')
                } else if !touched.contains(&(cell, digit)) {
                    Some(' ')
                } else {
                    None
                };
                match expected {
                    Some(expected) => assert_eq!(
                        marker,
                        expected,
                        "{technique}: {candidate:?} in {}",
                        step.notation()
                    ),
                    // A pattern candidate: marked, and not as a placement or an elimination.
                    None => assert!(
                        !matches!(marker, ' ' | '=' | '-'),
                        "{technique}: pattern candidate {candidate:?} shows {marker:?}"
                    ),
                }
            }
        }
    }
}

/// Each character of a colour board with the SGR parameters in force where it stands.
fn painted_lines(text: &str) -> Vec<Vec<(char, String)>> {
    text.lines()
        .map(|line| {
            let mut out = Vec::new();
            let mut current = String::new();
            let mut chars = line.chars();
            while let Some(ch) = chars.next() {
                if ch == '\x1b' {
                    assert_eq!(chars.next(), Some('['), "an escape is a CSI sequence");
                    let params: String = chars.by_ref().take_while(|&c| c != 'm').collect();
                    current = params;
                } else {
                    out.push((ch, current.clone()));
                }
            }
            out
        })
        .collect()
}

/// The SGR parameters of a candidate's digit on a colour board.
fn digit_paint(lines: &[Vec<(char, String)>], cell: Cell, digit: Digit) -> String {
    let (line, column) = marker_position(cell, digit);
    let (ch, paint) = &lines[line][column + 1];
    assert_eq!(*ch, char::from(b'0' + digit));
    paint.clone()
}

fn has_param(paint: &str, param: &str) -> bool {
    paint.split(';').any(|p| p == param)
}

#[test]
fn colour_boards_paint_exactly_what_the_step_touches() {
    for (technique, grid, step) in every_example() {
        let text = board(&grid, Some(&step), Style::Color);
        let lines = painted_lines(&text);
        let touched = touched(&step);
        for placement in &step.placements {
            let paint = digit_paint(&lines, placement.cell, placement.digit);
            assert!(has_param(&paint, "32"), "{technique}: placement {paint}");
        }
        for elimination in &step.eliminations {
            let paint = digit_paint(&lines, elimination.cell, elimination.digit);
            assert!(
                has_param(&paint, "31") && has_param(&paint, "9"),
                "{technique}: elimination {paint}"
            );
        }
        for cell in (0..CELLS).filter(|&c| grid.value(c) == 0) {
            for digit in grid.candidates(cell) {
                let paint = digit_paint(&lines, cell, digit);
                let quiet = has_param(&paint, "90") || has_param(&paint, "37");
                assert_eq!(
                    quiet,
                    !touched.contains(&(cell, digit)),
                    "{technique}: r{}c{} {digit} painted {paint}",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
            }
        }
    }
}

#[test]
fn colour_boards_show_no_plain_markers() {
    let (grid, step) = example(Technique::XWing);
    let text = board(&grid, Some(&step), Style::Color);
    let lines = painted_lines(&text);
    for elimination in &step.eliminations {
        let (line, column) = marker_position(elimination.cell, elimination.digit);
        assert_eq!(lines[line][column].0, ' ');
    }
}
