//! The technique catalog's pages (`techniques/<slug>.md`): their fenced blocks and sections,
//! the example position each shows and the grid it describes, shared by the catalog's own
//! checks and the tests that reuse its worked examples (hints).

use std::path::PathBuf;

use stepwise::format::{parse_puzzle, Format};
use stepwise::geometry::{cell_name, peers};
use stepwise::grid::Grid;
use stepwise::solver::{validity, Validity};
use stepwise::technique::Technique;

/// The catalog's directory, `techniques/` in the crate.
pub fn catalog_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("techniques")
}

/// How a page is named in failure messages.
pub fn page_name(technique: Technique) -> String {
    format!("techniques/{}.md", technique.slug())
}

/// A fenced code block of a page.
#[derive(Debug, Clone)]
pub struct Block {
    /// The info string after the opening fence (`pencilmark`, `puzzle`, `step`, ...).
    pub info: String,
    pub body: String,
    /// 1-based line of the opening fence.
    pub line: usize,
    /// The `## ` heading the block sits under, if any.
    pub section: Option<String>,
    /// For a position block, the puzzle's givens from a ```` ```givens ```` block right after
    /// it (an 81-character line): the position's other filled cells were placed while solving.
    /// Without one, every filled cell counts as a given.
    pub givens: Option<String>,
}

impl Block {
    pub fn is_position(&self) -> bool {
        self.info == "pencilmark" || self.info == "puzzle"
    }
}

/// A page split into its lines and fenced blocks.
pub struct Page {
    pub name: String,
    pub text: String,
    pub blocks: Vec<Block>,
    /// The `## ` headings, in order.
    pub headings: Vec<String>,
}

impl Page {
    pub fn read(technique: Technique) -> Result<Page, String> {
        let name = page_name(technique);
        let path = catalog_dir().join(format!("{}.md", technique.slug()));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("{name}: cannot be read ({e}); every technique needs a page"))?;
        Page::parse(name, text)
    }

    pub fn parse(name: String, text: String) -> Result<Page, String> {
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
    pub fn example(&self) -> Result<(&Block, String), String> {
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
    pub fn near_miss(&self) -> Result<&Block, String> {
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
    pub fn field(&self, prefix: &str) -> Option<&str> {
        self.text
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .map(str::trim_end)
    }
}

/// The grid a position block describes.
pub fn grid_of(page: &str, block: &Block) -> Result<Grid, String> {
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
pub fn position_grid(at: &str, block: &Block) -> Result<Grid, String> {
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
pub fn solution_of(at: &str, grid: &Grid) -> Result<[u8; 81], String> {
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

/// The grid of a technique's worked example (its page's first position, with its givens).
pub fn example_grid(technique: Technique) -> Grid {
    let page = Page::read(technique).unwrap_or_else(|e| panic!("{e}"));
    let (block, _) = page.example().unwrap_or_else(|e| panic!("{e}"));
    grid_of(&page.name, block).unwrap_or_else(|e| panic!("{e}"))
}

/// Every catalog example whose finder finds a step, with that step.
pub fn every_example_step() -> Vec<(Technique, Grid, stepwise::step::Step)> {
    use strum::IntoEnumIterator;
    Technique::iter()
        .filter_map(|technique| {
            let grid = example_grid(technique);
            stepwise::finders::first(technique, &grid).map(|step| (technique, grid, step))
        })
        .collect()
}

/// The grid and the first step of a technique's catalog example.
pub fn example_step(technique: Technique) -> (Grid, stepwise::step::Step) {
    let grid = example_grid(technique);
    let step = stepwise::finders::first(technique, &grid).expect("the example has a step");
    (grid, step)
}
