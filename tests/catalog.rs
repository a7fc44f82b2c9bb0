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

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use stepwise::finders::{all, first};
use stepwise::format::{parse_puzzle, Format};
use stepwise::geometry::{cell_name, peers};
use stepwise::grid::Grid;
use stepwise::solver::{validity, Validity};
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

fn catalog_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("techniques")
}

/// How a page is named in failure messages.
fn page_name(technique: Technique) -> String {
    format!("techniques/{}.md", technique.slug())
}

/// A fenced code block of a page.
#[derive(Debug, Clone)]
struct Block {
    /// The info string after the opening fence (`pencilmark`, `puzzle`, `step`, ...).
    info: String,
    body: String,
    /// 1-based line of the opening fence.
    line: usize,
    /// The `## ` heading the block sits under, if any.
    section: Option<String>,
    /// For a position block, the puzzle's givens from a ```` ```givens ```` block right after
    /// it (an 81-character line): the position's other filled cells were placed while solving.
    /// Without one, every filled cell counts as a given.
    givens: Option<String>,
}

impl Block {
    fn is_position(&self) -> bool {
        self.info == "pencilmark" || self.info == "puzzle"
    }
}

/// A page split into its lines and fenced blocks.
struct Page {
    name: String,
    text: String,
    blocks: Vec<Block>,
    /// The `## ` headings, in order.
    headings: Vec<String>,
}

impl Page {
    fn read(technique: Technique) -> Result<Page, String> {
        let name = page_name(technique);
        let path = catalog_dir().join(format!("{}.md", technique.slug()));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("{name}: cannot be read ({e}); every technique needs a page"))?;
        Page::parse(name, text)
    }

    fn parse(name: String, text: String) -> Result<Page, String> {
        let mut blocks: Vec<Block> = Vec::new();
        let mut headings = Vec::new();
        let mut open: Option<Block> = None;
        let mut section: Option<String> = None;
        for (i, line) in text.lines().enumerate() {
            let fence = line.trim_start().strip_prefix("```");
            match (&mut open, fence) {
                (Some(_), Some(rest)) if rest.trim().is_empty() => {
                    let block = open.take().expect("an open block");
                    match blocks.last_mut() {
                        Some(position) if block.info == "givens" && position.is_position() => {
                            position.givens = Some(block.body.trim().to_string());
                        }
                        _ => blocks.push(block),
                    }
                }
                (Some(block), _) => {
                    block.body.push_str(line);
                    block.body.push('\n');
                }
                (None, Some(info)) => {
                    open = Some(Block {
                        info: info.trim().to_string(),
                        body: String::new(),
                        line: i + 1,
                        section: section.clone(),
                        givens: None,
                    });
                }
                (None, None) => {
                    if line.starts_with("## ") {
                        section = Some(line.trim_end().to_string());
                        headings.push(line.trim_end().to_string());
                    }
                }
            }
        }
        if let Some(block) = open {
            return Err(format!(
                "{name}:{}: the ```{} block is never closed",
                block.line, block.info
            ));
        }
        Ok(Page {
            name,
            text,
            blocks,
            headings,
        })
    }

    /// The example position and the step block after it: the first position block of the
    /// page, which must sit under `## Example`.
    fn example(&self) -> Result<(&Block, String), String> {
        let name = &self.name;
        let index = self
            .blocks
            .iter()
            .position(Block::is_position)
            .ok_or_else(|| format!("{name}: no ```pencilmark or ```puzzle block"))?;
        let block = &self.blocks[index];
        if block.section.as_deref() != Some("## Example") {
            return Err(format!(
                "{name}:{}: the first position block should be under `## Example`, not {:?}",
                block.line, block.section
            ));
        }
        let step = self.blocks[index + 1..]
            .iter()
            .take_while(|b| !b.is_position())
            .find(|b| b.info == "step")
            .ok_or_else(|| {
                format!(
                    "{name}:{}: no ```step block follows the example position",
                    block.line
                )
            })?;
        let lines: Vec<&str> = step
            .body
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        match lines.as_slice() {
            [one] => Ok((block, one.to_string())),
            _ => Err(format!(
                "{name}:{}: the ```step block must hold exactly one line, found {}",
                step.line,
                lines.len()
            )),
        }
    }

    /// The near-miss position: the first position block under `## Near miss`.
    fn near_miss(&self) -> Result<&Block, String> {
        self.blocks
            .iter()
            .find(|b| b.is_position() && b.section.as_deref() == Some("## Near miss"))
            .ok_or_else(|| {
                format!(
                    "{}: no ```pencilmark or ```puzzle block under `## Near miss`",
                    self.name
                )
            })
    }

    /// The first line starting with `prefix`, without the prefix.
    fn field(&self, prefix: &str) -> Option<&str> {
        self.text
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .map(str::trim_end)
    }
}

/// The grid a position block describes.
fn grid_of(page: &str, block: &Block) -> Result<Grid, String> {
    let at = format!("{page}:{}", block.line);
    let grid = position_grid(&at, block)?;
    let Some(line) = &block.givens else {
        return Ok(grid);
    };
    let givens = parse_puzzle(line, Some(Format::Line))
        .map_err(|e| format!("{at}: the givens line does not parse: {e}"))?;
    for cell in (0..81).filter(|&c| givens.cells[c] != 0) {
        if givens.cells[cell] != grid.value(cell) {
            return Err(format!(
                "{at}: the givens put {} in {}, the position holds {}",
                givens.cells[cell],
                cell_name(cell),
                grid.value(cell)
            ));
        }
    }
    match (validity(&givens.cells), validity(grid.values())) {
        (Validity::Unique(from_givens), Validity::Unique(from_position))
            if from_givens == from_position => {}
        _ => {
            return Err(format!(
                "{at}: the givens alone must have exactly one solution, the position's"
            ))
        }
    }
    Ok(grid.with_givens((0..81).filter(|&c| givens.cells[c] != 0).collect()))
}

/// The grid a position block's own text describes, every filled cell a given.
fn position_grid(at: &str, block: &Block) -> Result<Grid, String> {
    match block.info.as_str() {
        "puzzle" => {
            let input = parse_puzzle(block.body.trim(), Some(Format::Line))
                .map_err(|e| format!("{at}: the puzzle line does not parse: {e}"))?;
            Ok(Grid::from_puzzle(&input.cells))
        }
        "pencilmark" => {
            let input = parse_puzzle(&block.body, Some(Format::Pencilmark))
                .map_err(|e| format!("{at}: the pencilmark grid does not parse: {e}"))?;
            let candidates = input
                .candidates
                .ok_or_else(|| format!("{at}: the pencilmark grid was read without candidates"))?;
            Ok(Grid::from_pencilmarks(&input.cells, &candidates))
        }
        other => Err(format!("{at}: ```{other} is not a position block")),
    }
}

/// The solution of a position, after checking that the position is a consistent state of a
/// puzzle with a unique solution: its filled cells alone have exactly one solution, every
/// empty cell still has its solution digit as a candidate, and no candidate repeats a digit
/// already placed in a peer (a pencilmark grid as a real solve leaves it).
fn solution_of(at: &str, grid: &Grid) -> Result<[u8; 81], String> {
    let values = grid.values();
    let solution = match validity(values) {
        Validity::Unique(solution) => solution,
        Validity::NoSolution => return Err(format!("{at}: the filled cells have no solution")),
        Validity::Multiple(..) => {
            return Err(format!(
                "{at}: the filled cells have several solutions; the position must come from a \
                 puzzle with a unique solution"
            ))
        }
    };
    for cell in (0..81).filter(|&c| values[c] == 0) {
        let candidates = grid.candidates(cell);
        if !candidates.contains(solution[cell]) {
            return Err(format!(
                "{at}: {} has lost its solution digit {} (candidates {candidates})",
                cell_name(cell),
                solution[cell]
            ));
        }
        if let Some(d) = candidates
            .iter()
            .find(|&d| peers(cell).iter().any(|p| values[p] == d))
        {
            return Err(format!(
                "{at}: {} still has candidate {d} although a peer holds {d}",
                cell_name(cell)
            ));
        }
    }
    Ok(solution)
}

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
