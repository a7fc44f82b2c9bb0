//! Hints: the next step from a user's own state, told at the level of detail asked for.
//!
//! Owns [`HintLevel`], [`Hint`], [`hint`] (the one path every hint takes) and [`step_hint`]. Before any technique the user's
//! state is checked: against the original puzzle's givens when it is known (an erased or
//! changed given is the hint; a state of another puzzle is an error), for cells left without a
//! candidate, and against the solution (a wrong digit, a true candidate removed, a stale
//! candidate). Then the next step is found with [`Options::for_hints`] (the most natural
//! single first) and told: a nudge names the family and the region, the technique level the
//! technique and its digits, the cells level the cells of the pattern, the full level the
//! deduction in notation and words.

use serde::Serialize;

use crate::finders::forcing_chains::FORCING_CHAINS_AND_CYCLES;
use crate::geometry::{
    box_of, cell_name, unit_words, Cell, Digit, DigitSet, Unit, UnitKind, CELLS,
};
use crate::grid::Grid;
use crate::pipeline::next_step;
#[cfg(doc)]
use crate::pipeline::Options;
use crate::profile::HintSettings;
use crate::solver::{validity, Validity};
use crate::step::{cell_list, digit_list, Candidate, Link, Role, Step};
use crate::technique::{Family, Technique};

pub use crate::hint_level::HintLevel;

/// What kind of hint it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HintKind {
    /// A given of the original puzzle is empty in the state.
    ErasedGiven,
    /// A given of the original puzzle holds another digit in the state.
    ChangedGiven,
    /// A placed digit is not the solution's.
    WrongDigit,
    /// Without the original puzzle: the digits admit no solution, and taking away any one of
    /// several placed digits would leave one; one of them is wrong.
    DigitsInDoubt,
    /// An empty cell has no candidate left.
    NoCandidates,
    /// A candidate the user removed is the solution's digit.
    RemovedCandidate,
    /// A candidate is still written although a peer holds that digit.
    StaleCandidate,
    /// The next logical step.
    Step,
    /// Nothing left to do.
    Solved,
    /// No enabled technique applies.
    Stuck,
    /// The budget's time ran out before a step was found (not "stuck": a later search might
    /// have found one).
    Timeout,
}

/// A hint, ready to show.
#[derive(Debug, Clone, Serialize)]
pub struct Hint {
    /// A mistake in the state, the next step, or why there is none.
    pub kind: HintKind,
    /// The level of detail it was told at.
    pub level: HintLevel,
    /// The hint in plain English, one or a few sentences.
    pub text: String,
    /// The cells the hint points at (`r8c1`...), from level `cells` on: the pattern's cells,
    /// or where a forcing chain starts and ends; empty below that level and for hints
    /// without a step.
    #[serde(skip_serializing_if = "Vec::is_empty", serialize_with = "cell_names")]
    pub cells: Vec<Cell>,
    /// The step behind the hint, present at level `full`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
}

/// As much of a hint's step as its level gives away, to draw on the user's grid: all of it at
/// `full`, at `cells` only the cells the hint names on the step's technique (nothing placed or
/// removed), nothing below. `full` is the same hint told at level `full` (it holds the step);
/// `told` is the hint as shown.
pub fn shown_step(full: &Hint, told: &Hint) -> Option<Step> {
    full.step.as_ref().and_then(|step| match told.level {
        HintLevel::Full => Some(step.clone()),
        HintLevel::Cells => {
            let pattern = told
                .cells
                .iter()
                .fold(crate::step::Pattern::default(), |p, &cell| {
                    p.cell(cell, Role::Pattern)
                });
            Some(Step::new(
                step.technique,
                vec![],
                vec![],
                pattern,
                String::new(),
                String::new(),
            ))
        }
        HintLevel::Nudge | HintLevel::Technique => None,
    })
}

fn cell_names<S: serde::Serializer>(cells: &[Cell], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cells.iter().map(|&c| cell_name(c)))
}

/// Why no hint can be given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HintError {
    /// The state's digits have no solution, and no single placed digit is to blame (taking
    /// any one away still leaves none), so without the original it cannot be told which.
    NoSolution,
    /// The puzzle has several solutions; no logical hint is certain.
    MultipleSolutions,
    /// The original puzzle given with the state has no solution itself.
    OriginalHasNoSolution,
    /// The state is not a state of the original puzzle: fewer than half of its givens are
    /// in place.
    OtherPuzzle {
        /// The original puzzle's number of givens.
        givens: usize,
        /// The givens' cells that are empty or hold another digit, ascending.
        differing: Vec<Cell>,
    },
}

/// How many cells an error message names before it says how many more there are.
const CELLS_NAMED: usize = 6;

impl std::fmt::Display for HintError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HintError::NoSolution => f.write_str(
                "the digits in this state admit no solution, and taking away any one of them still leaves none, so at least two placed digits are wrong; give the original puzzle to find which",
            ),
            HintError::MultipleSolutions => f.write_str("the puzzle has more than one solution, so no hint is certain"),
            HintError::OriginalHasNoSolution => {
                f.write_str("the original puzzle given with the state has no solution")
            }
            HintError::OtherPuzzle { givens, differing } => {
                let named: Vec<String> =
                    differing.iter().take(CELLS_NAMED).map(|&c| cell_name(c)).collect();
                let more = differing.len().saturating_sub(CELLS_NAMED);
                let tail = if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                };
                write!(
                    f,
                    "this state is not one of the original puzzle: {} of its {givens} givens are empty or hold other digits ({}{tail})",
                    differing.len(),
                    named.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for HintError {}

/// The next hint for a user's `state`, with the techniques of `settings` (a profile's, in the
/// hint policy's order) within its budget. `original`, when given, is the puzzle as first set
/// (its givens); the state is checked against its givens and the solution is taken from it,
/// so wrong digits can be named. `stale` lists candidates the user wrote although a peer
/// holds the digit (cell, digit, peer), as [`Grid::stale_candidates`] finds them; after
/// mistakes, they are the first thing pointed out. When the budget's time runs out before the
/// next step is found, the hint is of kind [`HintKind::Timeout`], never "stuck" and never a
/// step a cut search happened to leave.
///
/// A front end starts from a parsed state instead: [`crate::Puzzle::hint`] or
/// [`crate::next_hint_with`].
pub fn hint(
    state: &Grid,
    stale: &[(Cell, u8, Cell)],
    original: Option<&[u8; CELLS]>,
    level: HintLevel,
    settings: &HintSettings,
) -> Result<Hint, HintError> {
    let _budget = settings.budget.enter();
    let solution = match original {
        Some(original) => {
            let solution = match validity(original) {
                Validity::Unique(solution) => solution,
                Validity::NoSolution => return Err(HintError::OriginalHasNoSolution),
                Validity::Multiple(..) => return Err(HintError::MultipleSolutions),
            };
            if let Some(mistake) = check_givens(state, original, level)? {
                return Ok(mistake);
            }
            solution
        }
        None => match validity(state.values()) {
            Validity::Unique(solution) => solution,
            // A cell without candidates is told even when the digits leave no single
            // solution: it is the plainest sign of what went wrong.
            other => {
                if let Some(mistake) = check_empty_cells(state, stale, None, level) {
                    return Ok(mistake);
                }
                if other != Validity::NoSolution {
                    return Err(HintError::MultipleSolutions);
                }
                let culprits = culprits(state.values());
                // A puzzle has one solution: a digit whose removal leaves exactly one is the
                // culprit, even when taking away a given instead would leave several.
                let unique: Vec<_> = culprits.iter().filter(|(_, s)| s.is_some()).collect();
                let culprits = match unique.as_slice() {
                    [only] => vec![**only],
                    _ => culprits,
                };
                match culprits.as_slice() {
                    // One digit alone stands between the state and its solution: the rest
                    // of the checks name it as a wrong digit, as they would with the original.
                    [(_, Some(solution))] => *solution,
                    [(cell, None)] => return Ok(lone_culprit(state, *cell, level)),
                    [] => return Err(HintError::NoSolution),
                    several => {
                        let cells: Vec<Cell> = several.iter().map(|&(c, _)| c).collect();
                        return Ok(digits_in_doubt(state, cells, level));
                    }
                }
            }
        },
    };
    if let Some(mistake) = check_state(state, stale, &solution, level) {
        return Ok(mistake);
    }
    if let Some(&(cell, digit, peer)) = stale.first() {
        let text = match level {
            HintLevel::Nudge => format!(
                "Some candidates in box {} can go: a peer already holds the digit.",
                box_of(cell) + 1
            ),
            HintLevel::Technique | HintLevel::Cells => format!(
                "{} lists a digit that a peer already holds.",
                cell_name(cell)
            ),
            HintLevel::Full => format!(
                "{} still lists {digit} as a candidate, but {} holds {digit}: remove it.",
                cell_name(cell),
                cell_name(peer)
            ),
        };
        return Ok(told(HintKind::StaleCandidate, level, text));
    }
    if state.is_solved() {
        return Ok(told(
            HintKind::Solved,
            level,
            "The puzzle is solved.".into(),
        ));
    }
    let found = next_step(state, &settings.options);
    // As in the pipeline: once the time has passed, a search may have been cut short, so
    // whatever was found is not taken for the next step.
    if crate::deadline::expired() {
        return Ok(told(
            HintKind::Timeout,
            level,
            "The time limit passed before the next step was found.".into(),
        ));
    }
    match found {
        Some(step) => Ok(step_hint(step, level)),
        None => Ok(told(
            HintKind::Stuck,
            level,
            "None of the techniques Stepwise knows applies to this state.".into(),
        )),
    }
}

/// The hint for a step already found (by [`next_step`] or any finder), told at `level`; the
/// step itself is kept at level full.
pub fn step_hint(step: Step, level: HintLevel) -> Hint {
    let text = describe(&step, level);
    let cells = match level {
        HintLevel::Cells | HintLevel::Full => Focus::of(&step).cells,
        HintLevel::Nudge | HintLevel::Technique => vec![],
    };
    Hint {
        kind: HintKind::Step,
        level,
        text,
        cells,
        step: (level == HintLevel::Full).then_some(step),
    }
}

/// A hint without a step.
fn told(kind: HintKind, level: HintLevel, text: String) -> Hint {
    Hint {
        kind,
        level,
        text,
        cells: vec![],
        step: None,
    }
}

// ----- checks of the state ------------------------------------------------------------------

/// The placed digits whose removal alone leaves digits with a solution, each with that
/// solution when it is the only one. With one wrong digit, that digit is among them; a right
/// digit is too when the wrong one would fit a solution without it, and then only the
/// original puzzle can say which is wrong. With two wrong digits there may be none.
fn culprits(values: &[u8; CELLS]) -> Vec<(Cell, Option<[u8; CELLS]>)> {
    let mut probe = *values;
    let mut found = Vec::new();
    for cell in (0..CELLS).filter(|&c| values[c] != 0) {
        probe[cell] = 0;
        match validity(&probe) {
            Validity::Unique(solution) => found.push((cell, Some(solution))),
            Validity::Multiple(..) => found.push((cell, None)),
            Validity::NoSolution => {}
        }
        probe[cell] = values[cell];
    }
    found
}

/// The one digit whose removal gives the state solutions (several, so the right digit is
/// not known).
fn lone_culprit(state: &Grid, cell: Cell, level: HintLevel) -> Hint {
    let text = match level {
        HintLevel::Nudge => format!("A digit in box {} is wrong.", box_of(cell) + 1),
        HintLevel::Technique | HintLevel::Cells => {
            format!("The digit in {} is wrong.", cell_name(cell))
        }
        HintLevel::Full => format!(
            "{} holds {}, but with it the digits admit no solution, and without it they do: \
             it is wrong.",
            cell_name(cell),
            state.value(cell)
        ),
    };
    Hint {
        cells: if matches!(level, HintLevel::Cells | HintLevel::Full) {
            vec![cell]
        } else {
            vec![]
        },
        ..told(HintKind::WrongDigit, level, text)
    }
}

/// Several placed digits, each of which alone stands between the state and a solution.
fn digits_in_doubt(state: &Grid, cells: Vec<Cell>, level: HintLevel) -> Hint {
    let names = |with_digits: bool| {
        and_list(
            cells
                .iter()
                .map(|&c| match with_digits {
                    true => format!("{}={}", cell_name(c), state.value(c)),
                    false => cell_name(c),
                })
                .collect(),
        )
    };
    let text = match level {
        HintLevel::Nudge => "A placed digit is wrong: the digits admit no solution.".to_string(),
        HintLevel::Technique | HintLevel::Cells => format!(
            "The digits admit no solution; taking away any one of those in {} would leave \
             digits with solutions.",
            names(false)
        ),
        HintLevel::Full => format!(
            "The digits admit no solution; taking away any one of {} would leave digits with \
             solutions. Give the original puzzle to know which is wrong.",
            names(true)
        ),
    };
    Hint {
        cells: if matches!(level, HintLevel::Cells | HintLevel::Full) {
            cells
        } else {
            vec![]
        },
        ..told(HintKind::DigitsInDoubt, level, text)
    }
}

/// The original's givens that the state changed or erased: `Ok(None)` when every given is in
/// place, an error when so few are that the state belongs to another puzzle.
fn check_givens(
    state: &Grid,
    original: &[u8; CELLS],
    level: HintLevel,
) -> Result<Option<Hint>, HintError> {
    let givens: Vec<Cell> = (0..CELLS)
        .filter(|&c| (1..=9).contains(&original[c]))
        .collect();
    let changed: Vec<Cell> = givens
        .iter()
        .copied()
        .filter(|&c| state.value(c) != 0 && state.value(c) != original[c])
        .collect();
    let erased: Vec<Cell> = givens
        .iter()
        .copied()
        .filter(|&c| state.value(c) == 0)
        .collect();
    let differing = changed.len() + erased.len();
    if differing == 0 {
        return Ok(None);
    }
    if 2 * differing > givens.len() {
        let mut differing: Vec<Cell> = changed.into_iter().chain(erased).collect();
        differing.sort_unstable();
        return Err(HintError::OtherPuzzle {
            givens: givens.len(),
            differing,
        });
    }
    // A changed given is told first: a digit in its place is a mistake to undo, an empty
    // given only a digit to put back.
    let (kind, cells, done) = if changed.is_empty() {
        (HintKind::ErasedGiven, erased, "erased")
    } else {
        (HintKind::ChangedGiven, changed, "changed")
    };
    let names = and_list(cells.iter().map(|&c| cell_name(c)).collect());
    let plural = cells.len() > 1;
    let text = match level {
        HintLevel::Nudge if plural => format!(
            "Givens of the puzzle were {done} in {}.",
            cells_region(&cells)
        ),
        HintLevel::Nudge => format!(
            "A given of the puzzle was {done} in {}.",
            cells_region(&cells)
        ),
        HintLevel::Technique | HintLevel::Cells if plural => {
            format!("The givens in {names} were {done}.")
        }
        HintLevel::Technique | HintLevel::Cells => format!("The given in {names} was {done}."),
        HintLevel::Full => {
            let each: Vec<String> = cells
                .iter()
                .map(|&c| match state.value(c) {
                    0 => format!("{} (given {})", cell_name(c), original[c]),
                    held => format!("{} (given {}, holds {held})", cell_name(c), original[c]),
                })
                .collect();
            let (are, them) = if plural {
                ("are givens", "them")
            } else {
                ("is a given", "it")
            };
            let how = if kind == HintKind::ErasedGiven {
                "empty"
            } else {
                "changed"
            };
            format!(
                "{} {are} of the puzzle but {} {how} in this state: put {them} back.",
                and_list(each),
                if plural { "are" } else { "is" }
            )
        }
    };
    Ok(Some(told(kind, level, text)))
}

/// Wrong digits first (the likeliest cause of what follows), then cells left without a
/// candidate, then true candidates removed.
fn check_state(
    state: &Grid,
    stale: &[(Cell, u8, Cell)],
    solution: &[u8; CELLS],
    level: HintLevel,
) -> Option<Hint> {
    for (cell, &correct) in solution.iter().enumerate() {
        let v = state.value(cell);
        if v != 0 && v != correct {
            let text = match level {
                HintLevel::Nudge => format!("A digit in box {} is wrong.", box_of(cell) + 1),
                HintLevel::Technique | HintLevel::Cells => {
                    format!("The digit in {} is wrong.", cell_name(cell))
                }
                HintLevel::Full => format!(
                    "{} holds {v}, but the puzzle's solution has {} there.",
                    cell_name(cell),
                    correct
                ),
            };
            return Some(told(HintKind::WrongDigit, level, text));
        }
    }
    if let Some(mistake) = check_empty_cells(state, stale, Some(solution), level) {
        return Some(mistake);
    }
    for (cell, &correct) in solution.iter().enumerate() {
        if state.value(cell) == 0 && !state.candidates(cell).contains(correct) {
            let text = match level {
                HintLevel::Nudge => format!(
                    "A candidate was removed by mistake in box {}.",
                    box_of(cell) + 1
                ),
                HintLevel::Technique | HintLevel::Cells => {
                    format!("A candidate was removed by mistake in {}.", cell_name(cell))
                }
                HintLevel::Full => format!(
                    "{} is missing the candidate {}, but {} is the puzzle's solution there.",
                    cell_name(cell),
                    correct,
                    correct
                ),
            };
            return Some(told(HintKind::RemovedCandidate, level, text));
        }
    }
    None
}

/// Empty cells with no candidate left (the state's own, or every one written there held by a
/// peer), told with their solution digits when the solution is known.
fn check_empty_cells(
    state: &Grid,
    stale: &[(Cell, u8, Cell)],
    solution: Option<&[u8; CELLS]>,
    level: HintLevel,
) -> Option<Hint> {
    let empty: Vec<Cell> = (0..CELLS)
        .filter(|&c| state.value(c) == 0 && state.candidates(c).is_empty())
        .collect();
    let first = *empty.first()?;
    let names = and_list(empty.iter().map(|&c| cell_name(c)).collect());
    let has = if empty.len() > 1 { "have" } else { "has" };
    let text = match level {
        HintLevel::Nudge => format!("A cell in box {} has no candidate left.", box_of(first) + 1),
        HintLevel::Technique | HintLevel::Cells => format!("{names} {has} no candidate left."),
        HintLevel::Full => {
            let held_by_peers = empty
                .iter()
                .filter(|&&c| stale.iter().any(|s| s.0 == c))
                .count();
            let why = if held_by_peers > 0 {
                " (the digits written there are held by peers)"
            } else {
                ""
            };
            match solution {
                Some(solution) => {
                    let each: Vec<String> = empty
                        .iter()
                        .map(|&c| format!("{} in {}", solution[c], cell_name(c)))
                        .collect();
                    format!(
                        "{names} {has} no candidate left{why}, so a true candidate was removed: the solution has {}.",
                        and_list(each)
                    )
                }
                None => format!(
                    "{names} {has} no candidate left{why}: a digit placed or a candidate removed earlier was a mistake."
                ),
            }
        }
    };
    Some(told(HintKind::NoCandidates, level, text))
}

// ----- telling a step -----------------------------------------------------------------------

fn describe(step: &Step, level: HintLevel) -> String {
    let technique = step.technique;
    let focus = Focus::of(step);
    match level {
        HintLevel::Nudge => format!(
            "Look for {} in {}.",
            technique.family().hint_phrase(),
            focus.region
        ),
        HintLevel::Technique => {
            let there = if technique.has_plural_name() {
                "There are"
            } else {
                "There is"
            };
            let (place, digits_from) = match focus.chain_ends {
                Some(_) => ("starting in", "from"),
                None => ("in", "on"),
            };
            let digits = match focus.digits.len() {
                0 => String::new(),
                1 => format!(", {digits_from} the digit {}", digit_list(focus.digits)),
                _ => format!(", {digits_from} the digits {}", digit_list(focus.digits)),
            };
            format!(
                "{there} {} {place} {}{digits}.",
                technique.with_article(),
                focus.region
            )
        }
        HintLevel::Cells => match &focus.chain_ends {
            Some(ends) => format!(
                "{}: the chains start in {} and {} {}.",
                technique.short_name(),
                and_list(ends.starts.iter().map(|&c| cell_name(c)).collect()),
                if ends.contradiction {
                    "lead to a contradiction in"
                } else {
                    "meet in"
                },
                cell_name(ends.end)
            ),
            // A step without a pattern or any change (only a caller can make one) has no
            // cells to name.
            None if focus.cells.is_empty() => {
                format!("{}: look in {}.", technique.short_name(), focus.region)
            }
            None => format!(
                "{}: look at {} in {}.",
                technique.short_name(),
                cell_list(focus.cells.iter().copied()),
                focus.region
            ),
        },
        HintLevel::Full => {
            let mut text = format!("{} — {}", step.notation(), step.text);
            if technique.family() == Family::ForcingChains {
                if let Some(reading) = chain_reading(technique, &step.text, &step.pattern.links) {
                    text.push(' ');
                    text.push_str(&reading);
                }
            }
            text
        }
    }
}

/// Most digits a hint names; a pattern on more (an almost locked set, a chain through many
/// cells) is better told by its region and cells.
const DIGITS_NAMED: u32 = 4;

/// What a step's hint points at.
struct Focus {
    /// Where to look, in words: "box 3", "rows 2 and 7", "boxes 1 and 7", "the whole grid".
    region: String,
    /// The cells of the pattern, in grid order (empty only for a step without a pattern or
    /// any change).
    cells: Vec<Cell>,
    /// The digits worth naming: empty when there are more than [`DIGITS_NAMED`].
    digits: DigitSet,
    /// Sudoku Explainer's forcing chains of several branches (or one assumption's two):
    /// where they start and end.
    chain_ends: Option<ChainEnds>,
}

impl Focus {
    fn of(step: &Step) -> Focus {
        let few = |digits: DigitSet| {
            if digits.len() <= DIGITS_NAMED {
                digits
            } else {
                DigitSet::EMPTY
            }
        };
        if let Some(ends) = ChainEnds::of(step) {
            let mut cells = ends.starts.clone();
            cells.push(ends.end);
            cells.sort_unstable();
            cells.dedup();
            return Focus {
                region: cells_region(&ends.starts),
                cells,
                digits: few(ends.start_digits),
                chain_ends: Some(ends),
            };
        }
        let cells = pattern_cells(step);
        Focus {
            region: step_region(step, &cells),
            digits: few(pattern_digits(step)),
            cells,
            chain_ends: None,
        }
    }
}

/// The cells a step's pattern is made of: its marked cells, its chain's nodes (with their
/// almost locked sets) and the cells of its candidates but those it eliminates; failing
/// those, where it places or eliminates.
fn pattern_cells(step: &Step) -> Vec<Cell> {
    let pattern = &step.pattern;
    let mut cells: Vec<Cell> = pattern.cells.iter().map(|m| m.item).collect();
    for node in &pattern.nodes {
        cells.extend(node.cells.iter().chain(&node.als));
    }
    cells.extend(
        pattern
            .candidates
            .iter()
            .filter(|m| m.role != Role::Cover)
            .map(|m| m.item.cell),
    );
    if cells.is_empty() {
        cells.extend(
            step.placements
                .iter()
                .chain(&step.eliminations)
                .map(|c| c.cell),
        );
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The digits of a step's pattern but those it only eliminates; failing those, the digits
/// it places or eliminates.
fn pattern_digits(step: &Step) -> DigitSet {
    let from_pattern: DigitSet = step
        .pattern
        .candidates
        .iter()
        .filter(|m| m.role != Role::Cover)
        .map(|m| m.item.digit)
        .collect();
    if from_pattern.is_empty() {
        step.placements
            .iter()
            .chain(&step.eliminations)
            .map(|c| c.digit)
            .collect()
    } else {
        from_pattern
    }
}

/// Most units a region names; beyond that the pattern's cells decide.
const UNITS_NAMED: usize = 4;

/// Where a step is best looked for: a uniqueness pattern's cells (its units are those of the
/// naked set or strong links beside it); else its base units (a single's house, a fish's
/// base lines, a subset's house) when there are a few; else its cells marked as base (the
/// cells of an aligned exclusion); else the house of each almost locked set; else its cells.
fn step_region(step: &Step, cells: &[Cell]) -> String {
    let pattern = &step.pattern;
    if step.technique.family() == Family::Uniqueness {
        return cells_region(cells);
    }
    let mut bases: Vec<Unit> = pattern.units_with(Role::Base).collect();
    bases.sort_unstable();
    bases.dedup();
    if (1..=UNITS_NAMED).contains(&bases.len()) {
        return units_phrase(&bases);
    }
    let base_cells: Vec<Cell> = pattern.cells_with(Role::Base).collect();
    if !base_cells.is_empty() {
        return cells_region(&base_cells);
    }
    if let Some(houses) = als_houses(step) {
        return units_phrase(&houses);
    }
    cells_region(cells)
}

/// The house of each almost locked set of a step (a line before a box), when every set has
/// one and there are few.
fn als_houses(step: &Step) -> Option<Vec<Unit>> {
    let mut sets: Vec<(u8, Vec<Cell>)> = Vec::new();
    for m in &step.pattern.cells {
        if let Role::Als(index) = m.role {
            match sets.iter_mut().find(|(i, _)| *i == index) {
                Some((_, cells)) => cells.push(m.item),
                None => sets.push((index, vec![m.item])),
            }
        }
    }
    if sets.is_empty() {
        return None;
    }
    let order = [UnitKind::Row, UnitKind::Column, UnitKind::Box];
    let mut houses: Vec<Unit> = sets
        .iter()
        .map(|(_, cells)| common_unit(cells, &order))
        .collect::<Option<_>>()?;
    houses.sort_unstable();
    houses.dedup();
    (houses.len() <= UNITS_NAMED).then_some(houses)
}

/// The first unit of the kinds in `order` that holds every one of `cells`.
fn common_unit(cells: &[Cell], order: &[UnitKind]) -> Option<Unit> {
    let first = *cells.first()?;
    order
        .iter()
        .map(|&kind| Unit::containing(first, kind))
        .find(|unit| cells.iter().all(|&c| unit.cell_set().contains(c)))
}

/// A region holding `cells`: their box, row or column when they share one (a box first, as
/// a single cell is looked for in its box), else their boxes when there are few, else the
/// whole grid.
fn cells_region(cells: &[Cell]) -> String {
    if let Some(unit) = common_unit(cells, &[UnitKind::Box, UnitKind::Row, UnitKind::Column]) {
        return unit_words(unit);
    }
    let mut boxes: Vec<Unit> = cells
        .iter()
        .map(|&c| Unit::containing(c, UnitKind::Box))
        .collect();
    boxes.sort_unstable();
    boxes.dedup();
    if (1..=UNITS_NAMED).contains(&boxes.len()) {
        units_phrase(&boxes)
    } else {
        "the whole grid".into()
    }
}

/// `row 4`, `rows 2 and 7`, or `box 6 and column 7` when the kinds are mixed.
fn units_phrase(units: &[Unit]) -> String {
    let Some(first) = units.first() else {
        return "the whole grid".into();
    };
    if units.len() > 1 && units.iter().all(|u| u.kind() == first.kind()) {
        let kind = match first.kind() {
            UnitKind::Row => "rows",
            UnitKind::Column => "columns",
            UnitKind::Box => "boxes",
        };
        let numbers = units.iter().map(|u| (u.number() + 1).to_string()).collect();
        return format!("{kind} {}", and_list(numbers));
    }
    and_list(units.iter().map(|&u| unit_words(u)).collect())
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: Vec<String>) -> String {
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

// ----- Sudoku Explainer's forcing chains --------------------------------------------------

/// Where the chains of a Sudoku Explainer multi-branch forcing chain step (contradiction,
/// double, cell, region, dynamic, nested) start and where they end, read from its pattern.
/// The pattern holds every potential of the chains (role On or Off), the conclusion first,
/// and a link from each parent to each potential, marked strong exactly when that potential
/// is "on"; so a potential without a link into it is an assumption the chains start from.
#[derive(Debug, Clone)]
struct ChainEnds {
    /// The assumptions' cells, in grid order.
    starts: Vec<Cell>,
    start_digits: DigitSet,
    /// Where the chains end: their common conclusion, or the candidate they make both true
    /// and false.
    end: Cell,
    contradiction: bool,
}

impl ChainEnds {
    fn of(step: &Step) -> Option<ChainEnds> {
        let technique = step.technique;
        // A cycle or a forcing chain of one branch is a loop: its cells are the pattern.
        if technique.family() != Family::ForcingChains
            || FORCING_CHAINS_AND_CYCLES.contains(&technique)
        {
            return None;
        }
        let pattern = &step.pattern;
        let potentials: Vec<(Candidate, bool)> = pattern
            .candidates
            .iter()
            .filter(|m| matches!(m.role, Role::On | Role::Off))
            .map(|m| (m.item, m.role == Role::On))
            .collect();
        let &(conclusion, conclusion_on) = potentials.first()?;
        let implied = |&(c, on): &(Candidate, bool)| {
            pattern.links.iter().any(|l| l.to == c && l.strong == on)
        };
        let assumptions: Vec<Candidate> = potentials
            .iter()
            .filter(|p| !implied(p))
            .map(|p| p.0)
            .collect();
        if assumptions.is_empty() {
            return None;
        }
        let mut starts: Vec<Cell> = assumptions.iter().map(|c| c.cell).collect();
        starts.sort_unstable();
        starts.dedup();
        Some(ChainEnds {
            starts,
            start_digits: assumptions.iter().map(|c| c.digit).collect(),
            end: conclusion.cell,
            contradiction: potentials.contains(&(conclusion, !conclusion_on)),
        })
    }
}

/// One potential of a chain's text: `r1c2=5` (on) or `r1c2<>5` (off).
fn potential(word: &str) -> Option<(Candidate, bool)> {
    let word = word.trim_end_matches(['.', ',', ';', ':', ')']);
    let word = word.trim_start_matches('(');
    let bytes = word.as_bytes();
    let (rest, on) = match bytes {
        [b'r', _, b'c', _, b'=', rest @ ..] => (rest, true),
        [b'r', _, b'c', _, b'<', b'>', rest @ ..] => (rest, false),
        _ => return None,
    };
    let digit_of = |b: u8| (b'1'..=b'9').contains(&b).then(|| b - b'0');
    let (row, column) = (digit_of(bytes[1])?, digit_of(bytes[3])?);
    let digit: Digit = match rest {
        [d] => digit_of(*d)?,
        _ => return None,
    };
    let cell = (row as usize - 1) * 9 + column as usize - 1;
    Some((Candidate::new(cell, digit), on))
}

/// `(+2)`: the count of a chain mark.
fn mark_count(word: &str) -> Option<usize> {
    word.trim_end_matches(['.', ',', ';', ':'])
        .strip_prefix("(+")?
        .strip_suffix(')')?
        .parse()
        .ok()
}

/// A chain's text in words read back in notation for [`chain_reading`]: `r1c2 is not 5` as
/// `r1c2<>5`, `r1c2 is 5` as `r1c2=5`, `(with 2 more facts)` as `(+2)`, `, then ` and `, so `
/// as ` -> ` (text already in notation is left as it is).
fn as_notation(text: &str) -> String {
    text.replace(" is not ", "<>")
        .replace(" is ", "=")
        .replace("(with ", "(+")
        .replace(" more facts)", ")")
        .replace(" more fact)", ")")
        .replace(", then ", " -> ")
        .replace(", so ", " -> ")
}

/// How to read a dynamic or nested chain's text, for the marks it holds (the text in words,
/// read back in notation by [`as_notation`]; the sentences name potentials in words). The text
/// follows each potential's main parent back to the assumption; `(+N)` after a potential says it has
/// N parents besides that one, earlier potentials of the chain not shown before it. A
/// potential made "on" has them when the chain itself removed the other candidates of its
/// cell, or the other places of its digit in a row, column or box (a dynamic chain works on
/// the grid it has reduced); a potential made "off" by a removal has them when a simpler
/// technique or an inner chain, run on that reduced grid, removed it and relied on several of
/// the chain's removals. A removal following a removal without a mark is such a step relying
/// on that one removal alone. `None` when the text has neither.
fn chain_reading(technique: Technique, text: &str, links: &[Link]) -> Option<String> {
    let text = as_notation(text);
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut on_mark: Option<(Candidate, usize)> = None;
    let mut off_mark: Option<(Candidate, usize)> = None;
    let mut removal_after_removal: Option<(Candidate, Candidate)> = None;
    for (i, word) in words.iter().enumerate() {
        if let Some(count) = mark_count(word) {
            let Some(before) = i.checked_sub(1).and_then(|j| potential(words[j])) else {
                continue;
            };
            let slot = if before.1 {
                &mut on_mark
            } else {
                &mut off_mark
            };
            slot.get_or_insert((before.0, count));
        } else if *word == "->" && removal_after_removal.is_none() {
            // The potential before the arrow, past its mark if it has one.
            let before = match i.checked_sub(1).map(|j| (j, words[j])) {
                Some((j, w)) if mark_count(w).is_some() => j.checked_sub(1).map(|k| words[k]),
                other => other.map(|(_, w)| w),
            };
            let after = words.get(i + 1).copied();
            // A removal with a mark of its own relied on more than the one before it.
            let after_marked = words.get(i + 2).is_some_and(|w| mark_count(w).is_some());
            if let (Some((before, false)), Some((after, false)), false) = (
                before.and_then(potential),
                after.and_then(potential),
                after_marked,
            ) {
                removal_after_removal = Some((before, after));
            }
        }
    }
    // What removes candidates inside the chains: Sudoku Explainer's inner rules.
    let inner = if technique == Technique::NestedForcingChains {
        "a simpler technique (locked candidates, a hidden or naked pair, an X-Wing) or an inner forcing chain"
    } else {
        "a simpler technique (locked candidates, a hidden or naked pair, an X-Wing)"
    };
    let mut sentences = Vec::new();
    if let Some((placed, count)) = on_mark {
        let p = on_name(placed);
        sentences.push(format!(
            "\"{p} {}\" means that {p} follows from the fact before it together with {count} more {}, which left {}.",
            with_more(count),
            removals(count),
            what_was_left(placed, count, links)
        ));
    }
    if let Some((removed, count)) = off_mark {
        sentences.push(format!(
            "\"{} {}\" means that {inner}, applied to the grid the chain has reduced, removed {} from {} relying on the removal before it and {count} more {}.",
            off_name(removed),
            with_more(count),
            removed.digit,
            cell_name(removed.cell),
            removals(count)
        ));
    }
    if let Some((before, after)) = removal_after_removal {
        sentences.push(format!(
            "Where a removal follows a removal ({}, so {}), {inner} made it on the reduced grid, relying on the one before it.",
            off_name(before),
            off_name(after)
        ));
    }
    if sentences.is_empty() {
        return None;
    }
    Some(format!("How to read the chains: {}", sentences.join(" ")))
}

/// What the removals before a potential made "on" left it: the last candidate of its cell,
/// or the last place for its digit in a house, read from the pattern's links into it (its
/// parents) when the pattern holds all `count + 1` of them; else either, unsaid which.
fn what_was_left(placed: Candidate, count: usize, links: &[Link]) -> String {
    let parents: Vec<Candidate> = links
        .iter()
        .filter(|l| l.strong && l.to == placed)
        .map(|l| l.from)
        .collect();
    let (cell, digit) = (cell_name(placed.cell), placed.digit);
    if parents.len() == count + 1 {
        if parents.iter().all(|p| p.cell == placed.cell) {
            return format!("{digit} the last candidate of {cell}");
        }
        if parents.iter().all(|p| p.digit == digit) {
            // Every house of the cell that holds all the removed places could be the one.
            let houses: Vec<String> = [UnitKind::Row, UnitKind::Column, UnitKind::Box]
                .into_iter()
                .map(|kind| Unit::containing(placed.cell, kind))
                .filter(|unit| parents.iter().all(|p| unit.cell_set().contains(p.cell)))
                .map(unit_words)
                .collect();
            if !houses.is_empty() {
                return format!(
                    "{cell} the last place for {digit} in {}",
                    houses.join(" or ")
                );
            }
        }
    }
    format!("{digit} the last candidate of {cell} or {cell} the last place for {digit} in a row, column or box")
}

/// `r1c2=5`.
fn on_name(c: Candidate) -> String {
    format!("{} is {}", cell_name(c.cell), c.digit)
}

/// `(with 2 more facts)`, as the chain's words mark a potential with more parents.
fn with_more(count: usize) -> String {
    format!(
        "(with {count} more fact{})",
        if count == 1 { "" } else { "s" }
    )
}

/// `r1c2<>5`.
fn off_name(c: Candidate) -> String {
    format!("{} is not {}", cell_name(c.cell), c.digit)
}

/// "removal the chain made earlier" or "removals the chain made earlier".
fn removals(count: usize) -> &'static str {
    if count == 1 {
        "removal the chain made earlier"
    } else {
        "removals the chain made earlier"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn potentials_and_marks_parse_from_chain_text() {
        assert_eq!(potential("r9c3=4"), Some((Candidate::new(74, 4), true)));
        assert_eq!(potential("r1c1<>9:"), Some((Candidate::new(0, 9), false)));
        assert_eq!(potential("r0c1=4"), None);
        assert_eq!(potential("r1c1=45"), None);
        assert_eq!(potential("->"), None);
        assert_eq!(mark_count("(+12)"), Some(12));
        assert_eq!(mark_count("(+2)."), Some(2));
        assert_eq!(mark_count("(2)"), None);
    }

    #[test]
    fn chain_reading_explains_each_kind_of_mark_it_finds() {
        let text = "If r9c5=3, then r9c5=3 -> r9c5<>6 -> r8c2<>6 (+1) -> r9c6=1 (+2) -> r3c6<>1 -> r1c2<>1 (+4) -> r3c2<>1 -> r2c2=1: a contradiction.";
        let reading = chain_reading(Technique::NestedForcingChains, text, &[]).expect("marks");
        let expect = [
            "\"r9c6 is 1 (with 2 more facts)\" means that r9c6 is 1 follows from the fact before it together with 2 more removals the chain made earlier, which left 1 the last candidate of r9c6 or r9c6 the last place for 1",
            "\"r8c2 is not 6 (with 1 more fact)\" means that a simpler technique (locked candidates, a hidden or naked pair, an X-Wing) or an inner forcing chain, applied to the grid the chain has reduced, removed 6 from r8c2 relying on the removal before it and 1 more removal the chain made earlier.",
            // The first removal after a removal without a mark of its own.
            "(r1c2 is not 1, so r3c2 is not 1)",
        ];
        for part in expect {
            assert!(reading.contains(part), "{part:?} not in {reading}");
        }
        // Dynamic chains (+) have no inner chains.
        let plus = chain_reading(Technique::DynamicForcingChainsPlus, text, &[]).expect("marks");
        assert!(!plus.contains("inner forcing chain"), "{plus}");
        let static_loop = "r1c1=5 -> r1c4<>5 -> r9c4=5";
        assert_eq!(
            chain_reading(Technique::NestedForcingChains, static_loop, &[]),
            None
        );
    }

    #[test]
    fn what_was_left_is_read_from_the_links_when_they_are_all_there() {
        let link = |from: Candidate, to: Candidate| Link {
            from,
            to,
            strong: true,
        };
        let placed = Candidate::new(74, 4); // r9c3=4
                                            // Its other candidates 2 and 8 removed: a naked single.
        let naked = [
            link(Candidate::new(74, 8), placed),
            link(Candidate::new(74, 2), placed),
        ];
        assert_eq!(
            what_was_left(placed, 1, &naked),
            "4 the last candidate of r9c3"
        );
        // The other places of 4 in column 3 removed: a hidden single.
        let hidden = [
            link(Candidate::new(2, 4), placed),
            link(Candidate::new(38, 4), placed),
        ];
        assert_eq!(
            what_was_left(placed, 1, &hidden),
            "r9c3 the last place for 4 in column 3"
        );
        // Places in its row and box both: either house may be the one.
        let both = [link(Candidate::new(73, 4), placed)];
        assert_eq!(
            what_was_left(placed, 0, &both),
            "r9c3 the last place for 4 in row 9 or box 7"
        );
        // A link missing: both readings, unsaid which.
        assert_eq!(
            what_was_left(placed, 2, &hidden),
            "4 the last candidate of r9c3 or r9c3 the last place for 4 in a row, column or box"
        );
    }

    #[test]
    fn a_bare_step_is_told_without_empty_lists() {
        use crate::step::Pattern;
        let bare = Step::new(
            Technique::NestedForcingChains,
            vec![],
            vec![],
            Pattern::default(),
            String::new(),
            String::new(),
        );
        for level in [HintLevel::Nudge, HintLevel::Technique, HintLevel::Cells] {
            let text = step_hint(bare.clone(), level).text;
            assert!(!text.contains("  ") && !text.contains(" ."), "{text}");
        }
        assert_eq!(
            step_hint(bare, HintLevel::Cells).text,
            "Nested Forcing Chains: look in the whole grid."
        );
    }

    #[test]
    fn regions_name_shared_units_or_few_boxes() {
        assert_eq!(cells_region(&[10]), "box 1");
        assert_eq!(cells_region(&[0, 8]), "row 1");
        assert_eq!(cells_region(&[0, 80]), "boxes 1 and 9");
        assert_eq!(cells_region(&[0, 30, 60, 80, 40]), "boxes 1, 5 and 9");
        assert_eq!(cells_region(&[0, 4, 8, 40, 80]), "the whole grid");
        assert_eq!(units_phrase(&[Unit::row(1), Unit::row(6)]), "rows 2 and 7");
        assert_eq!(
            units_phrase(&[Unit::column(6), Unit::boxed(5)]),
            "column 7 and box 6"
        );
    }
}
