//! The technique catalog (`techniques/<slug>.md`) checked against the code it documents.
//!
//! Every technique has a page and every page names a technique. Each page states the
//! technique's ratings, shows an example position (a fenced ```` ```pencilmark ```` or
//! ```` ```puzzle ```` block) with the exact notation of the first step the technique's finder
//! finds there (a ```` ```step ```` block), and a near miss under `## Near miss` where the finder
//! must find nothing. Positions must be consistent states of a puzzle with a unique solution,
//! and every step the finder finds on them must agree with that solution. A ```` ```givens ````
//! block right after a position names the puzzle's givens (an 81-character line), so that the
//! position's other filled cells count as placed while solving (avoidable rectangles need it).

mod common;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use common::pages::{catalog_dir, grid_of, solution_of, Page};
use stepwise::finders::{all, first};
use stepwise::geometry::cell_name;
use stepwise::grid::Grid;
use stepwise::step::Step;
use stepwise::technique::Technique;
use strum::IntoEnumIterator;

/// Headings every page must have, in this order.
const SECTIONS: [&str; 4] = [
    "## What it is",
    "## How to spot it",
    "## Example",
    "## Near miss",
];

/// The first way a step contradicts the solution, if any.
fn unsound(step: &Step, solution: &[u8; 81]) -> Option<String> {
    if let Some(p) = step.placements.iter().find(|p| solution[p.cell] != p.digit) {
        return Some(format!(
            "places {} in {}, whose solution digit is {}",
            p.digit,
            cell_name(p.cell),
            solution[p.cell]
        ));
    }
    step.eliminations
        .iter()
        .find(|e| solution[e.cell] == e.digit)
        .map(|e| {
            format!(
                "removes {} from {}, its solution digit",
                e.digit,
                cell_name(e.cell)
            )
        })
}

/// Runs `check` on every technique's page and fails with every problem found, each naming
/// its page.
fn check_every_page(check: impl Fn(Technique, &Page) -> Result<(), String>) {
    let mut problems = String::new();
    for technique in Technique::iter() {
        let result = Page::read(technique).and_then(|page| check(technique, &page));
        if let Err(problem) = result {
            let _ = writeln!(problems, "- {problem}");
        }
    }
    assert!(problems.is_empty(), "catalog problems:\n{problems}");
}

#[test]
fn every_technique_has_a_page_and_every_page_a_technique() {
    let dir = catalog_dir();
    let mut problems = String::new();
    let slugs: BTreeSet<&str> = Technique::iter().map(Technique::slug).collect();
    for slug in &slugs {
        if !dir.join(format!("{slug}.md")).is_file() {
            let _ = writeln!(problems, "- techniques/{slug}.md is missing");
        }
    }
    let entries = std::fs::read_dir(&dir).expect("techniques/ can be listed");
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if !slugs.contains(stem) {
            let _ = writeln!(
                problems,
                "- {}: names no technique (no technique has the slug {stem:?})",
                display(&path)
            );
        }
    }
    assert!(problems.is_empty(), "catalog problems:\n{problems}");
}

fn display(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn pages_have_the_title_and_sections() {
    check_every_page(|technique, page| {
        let title = format!("# {technique}");
        let first = page.text.lines().next().unwrap_or("");
        if first.trim_end() != title {
            return Err(format!(
                "{}: the first line should be {title:?}, found {first:?}",
                page.name
            ));
        }
        let mut at = 0;
        for section in SECTIONS {
            match page.headings[at..].iter().position(|h| h == section) {
                Some(i) => at += i + 1,
                None => {
                    return Err(format!(
                        "{}: missing section {section:?} (sections must come in the order {SECTIONS:?})",
                        page.name
                    ))
                }
            }
        }
        Ok(())
    });
}

#[test]
fn ratings_match_the_technique_table() {
    check_every_page(|technique, page| {
        let expected = format!("{:.1} (Sudoku Explainer)", technique.se_rating());
        match page.field("Rating: ") {
            Some(found) if found == expected => {}
            found => {
                return Err(format!(
                    "{}: the `Rating:` line should read `Rating: {expected}`, found {found:?}",
                    page.name
                ))
            }
        }
        let score = technique.info().hodoku_score.to_string();
        let found = page
            .field("HoDoKu score: ")
            .and_then(|rest| rest.split_whitespace().next());
        if found != Some(score.as_str()) {
            return Err(format!(
                "{}: the `HoDoKu score:` line should give {score}, found {found:?}",
                page.name
            ));
        }
        Ok(())
    });
}

#[test]
fn examples_give_the_documented_first_step_and_only_sound_steps() {
    check_every_page(|technique, page| {
        let (block, expected) = page.example()?;
        let at = format!("{}:{}", page.name, block.line);
        let grid = grid_of(&page.name, block)?;
        let solution = solution_of(&at, &grid)?;
        let found = first(technique, &grid).map(|s| s.notation());
        if found.as_deref() != Some(expected.as_str()) {
            return Err(format!(
                "{at}: the first {technique} step should be\n    {expected}\n  but the finder found\n    {}",
                found.unwrap_or_else(|| "nothing".to_string())
            ));
        }
        for step in all(technique, &grid) {
            if let Some(why) = unsound(&step, &solution) {
                return Err(format!(
                    "{at}: unsound step `{}`: it {why}",
                    step.notation()
                ));
            }
        }
        Ok(())
    });
}

#[test]
fn near_misses_give_nothing() {
    check_every_page(|technique, page| {
        // A guess applies to every unsolved grid with one solution: it has no near miss, and
        // its page says so.
        if technique == Technique::BruteForce {
            return match page.near_miss() {
                Ok(_) => Err(format!("{}: a guess has no near miss to show", page.name)),
                Err(_) => Ok(()),
            };
        }
        let block = page.near_miss()?;
        let at = format!("{}:{}", page.name, block.line);
        let grid = grid_of(&page.name, block)?;
        solution_of(&at, &grid)?;
        let steps = all(technique, &grid);
        if let Some(step) = steps.first() {
            return Err(format!(
                "{at}: the near miss should give no {technique} step, but the finder found {} \
                 (first: `{}`)",
                steps.len(),
                step.notation()
            ));
        }
        Ok(())
    });
}

#[test]
fn solved_grids_give_nothing() {
    check_every_page(|technique, page| {
        let (block, _) = page.example()?;
        let at = format!("{}:{}", page.name, block.line);
        let solution = solution_of(&at, &grid_of(&page.name, block)?)?;
        let solved = Grid::from_puzzle(&solution);
        match all(technique, &solved).first() {
            None => Ok(()),
            Some(step) => Err(format!(
                "{at}: on the example's solved grid the finder still found `{}`",
                step.notation()
            )),
        }
    });
}

#[test]
fn page_parser_reads_blocks_and_sections() {
    let text = "# T\n\n## Example\n\n```puzzle\nabc\n```\n\n```step\nX: y\n```\n\n## Near miss\n\n```pencilmark\n1 2\n```\n";
    let page = Page::parse("t.md".into(), text.into()).expect("parses");
    assert_eq!(page.blocks.len(), 3);
    assert_eq!(page.headings, vec!["## Example", "## Near miss"]);
    let (example, step) = page.example().expect("example");
    assert_eq!(
        (example.info.as_str(), example.body.as_str()),
        ("puzzle", "abc\n")
    );
    assert_eq!(step, "X: y");
    assert_eq!(page.near_miss().expect("near miss").line, 15);
    assert!(Page::parse("u.md".into(), "```step\nunclosed\n".into()).is_err());
    let with_givens = "## Example\n\n```pencilmark\n1 2\n```\n\n```givens\n1...\n```\n";
    let page = Page::parse("v.md".into(), with_givens.into()).expect("parses");
    assert_eq!(page.blocks.len(), 1);
    assert_eq!(page.blocks[0].givens.as_deref(), Some("1..."));
}
