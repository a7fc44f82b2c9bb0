//! Checking a step the player took themselves, and applying it when it is sound.
//!
//! Owns [`apply`], its report [`ApplyReport`] (a serde type) with its [`Verdict`] and
//! per-deduction [`Finding`]s, and [`ApplyError`]. A claim ([`crate::notation::Claim`]) is
//! checked three ways:
//! 1. against the state: a placement in a filled cell or of a digit that is no candidate
//!    there, an elimination of a candidate already gone;
//! 2. against the solution (of the original puzzle when given, else the state's own, which
//!    must be unique): a placement of another digit than the solution's, an elimination of the
//!    solution's digit;
//! 3. when a technique is named, against that technique's finder on this state: one of its
//!    steps must make every new deduction of the claim (so the player learns whether the
//!    technique they named justifies it). Whether named or not, the report also gives the
//!    step of the simplest technique that makes them all, searched in the extended profile's
//!    order without the forcing chains (whose searches take seconds): what Stepwise would
//!    have called the step.
//!
//! The state after the step (as pencilmarks) comes only with a sound, applicable claim. The
//! named technique's search runs under a time limit (`apply`'s `search_limit`); a search cut
//! by it proves nothing, and the verdict is then `undecided`.

use std::ops::ControlFlow;
use std::time::Duration;

use serde::Serialize;

use crate::deadline;
use crate::finders::{finder, hodoku_finder, Finder};
use crate::format::to_pencilmark;
use crate::geometry::{cell_name, peers, Cell, Digit, CELLS};
use crate::grid::Grid;
use crate::notation::Claim;
use crate::pipeline::Options;
use crate::solver::{validity, validity_with_candidates, Validity};
use crate::step::{eliminations_notation, placements_notation, Candidate, Step};
use crate::technique::{Family, Technique};

/// What a checked claim amounts to, worst first in the order they are decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// A placement or an elimination contradicts the solution.
    Unsound,
    /// Sound, but a deduction does not fit the state (a placement in a filled cell, or of a
    /// digit that is no candidate there: the state lost a true candidate).
    NotApplicable,
    /// Every deduction is already made in the state.
    NothingToDo,
    /// Sound, but the named technique gives no step that makes it.
    NotJustified,
    /// Sound, but the named technique's search did not end within the time limit, so whether
    /// it gives the step is not known.
    Undecided,
    /// Sound and, when a technique is named, justified by it.
    Valid,
}

impl Verdict {
    /// As the command line prints it: `valid`, `not justified`, ...
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Unsound => "unsound",
            Verdict::NotApplicable => "not applicable",
            Verdict::NothingToDo => "nothing to do",
            Verdict::NotJustified => "not justified",
            Verdict::Undecided => "undecided",
            Verdict::Valid => "valid",
        }
    }
}

/// What is wrong with, or already true of, one deduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// Against the solution.
    Wrong,
    /// A placement in a cell that holds another digit, or an elimination of the digit a cell
    /// holds.
    CellFilled,
    /// A placement of a digit that is no longer a candidate of the cell.
    NotACandidate,
    /// The placement is already there, or the candidate already gone.
    AlreadyDone,
}

/// One remark on one deduction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The deduction in notation: `r1c2=5`, `r1c2<>5`.
    pub deduction: String,
    /// What is wrong with it, or that it is already made.
    pub kind: FindingKind,
    /// The solution's digit in the deduction's cell, for a wrong deduction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution_digit: Option<Digit>,
    /// The remark in words: `r1c2=5 is wrong: the solution has 3 in r1c2`.
    pub text: String,
}

/// The outcome of checking a claim.
#[derive(Debug, Clone, Serialize)]
pub struct ApplyReport {
    /// What the claim amounts to.
    pub verdict: Verdict,
    /// The verdict in one sentence: `not justified by X-Wing: ...`.
    pub message: String,
    /// The technique the claim named.
    pub technique: Option<Technique>,
    /// The claim's placements, as claimed.
    pub placements: Vec<Candidate>,
    /// The claim's eliminations, as claimed.
    pub eliminations: Vec<Candidate>,
    /// Remarks on single deductions (wrong ones, ones that do not fit the state, ones already
    /// made); empty when every deduction is new and sound.
    pub findings: Vec<Finding>,
    /// Mistakes the state already held before this step (a wrong digit, a lost true
    /// candidate), found when the original puzzle is given.
    pub state_mistakes: Vec<String>,
    /// The step Stepwise finds on this state that makes every new deduction: the named
    /// technique's when it justifies the claim, otherwise the simplest technique's (forcing
    /// chains not searched); none when no single step makes them all or the claim is unsound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
    /// The state after the step, as pencilmarks: only when the claim is sound and applicable.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// The same state as a grid.
    #[serde(skip)]
    pub grid: Option<Grid>,
}

/// Why a claim cannot be checked at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApplyError {
    /// The state (or, when given, the original puzzle) has no solution.
    NoSolution {
        /// Whether the original puzzle is meant (else the state).
        original: bool,
    },
    /// The state (or the original puzzle) has more than one solution.
    MultipleSolutions {
        /// Whether the original puzzle is meant (else the state).
        original: bool,
    },
    /// The state does not hold one of the original puzzle's givens.
    NotFromOriginal {
        /// The given's cell, 0..81.
        cell: Cell,
        /// The original's digit there.
        given: Digit,
        /// The state's digit there, 0 for empty.
        found: Digit,
    },
}

impl std::fmt::Display for ApplyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApplyError::NoSolution { original: true } => {
                f.write_str("the original puzzle has no solution")
            }
            ApplyError::NoSolution { original: false } => f.write_str(
                "this state has no solution, so a placed digit or a removed candidate is wrong; \
                 give the original puzzle to find which",
            ),
            ApplyError::MultipleSolutions { original } => write!(
                f,
                "the {} has more than one solution, so no deduction can be checked",
                if *original {
                    "original puzzle"
                } else {
                    "state"
                }
            ),
            ApplyError::NotFromOriginal { cell, given, found } => {
                let holds = if *found == 0 {
                    "is empty".to_string()
                } else {
                    format!("holds {found}")
                };
                write!(
                    f,
                    "the state is not of the original puzzle: {} {holds}, the original gives {given} there",
                    cell_name(*cell)
                )
            }
        }
    }
}

impl std::error::Error for ApplyError {}

/// Checks `claim` on `state` (see the module documentation). `original`, when given, is the
/// puzzle as first set (0 for empty): the solution is taken from it, and the state must hold
/// its givens. `search_limit` bounds the named technique's search (nested forcing chains can
/// take minutes): past it the verdict is [`Verdict::Undecided`].
///
/// # Examples
///
/// ```
/// use stepwise::apply::{apply, Verdict};
/// use stepwise::explain::grid_of;
/// use stepwise::format::parse_puzzle;
/// use stepwise::notation::parse;
///
/// let state = grid_of(&parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", None).unwrap());
///
/// let claim = parse("Hidden Single: r1c6=8").unwrap();
/// let report = apply(&state, None, &claim, None).unwrap();
/// assert_eq!(report.verdict, Verdict::Valid);
/// assert_eq!(report.grid.unwrap().value(5), 8); // r1c6 is cell 5
///
/// let claim = parse("r1c3=1").unwrap();
/// let report = apply(&state, None, &claim, None).unwrap();
/// assert_eq!(report.verdict, Verdict::Unsound);
/// assert_eq!(report.message, "unsound: r1c3=1 is wrong: the solution has 4 in r1c3");
/// ```
pub fn apply(
    state: &Grid,
    original: Option<&[Digit; CELLS]>,
    claim: &Claim,
    search_limit: Option<Duration>,
) -> Result<ApplyReport, ApplyError> {
    let solution = solution_of(state, original)?;
    let state_mistakes = if original.is_some() {
        mistakes(state, &solution)
    } else {
        // The solution was found from the state's own digits and candidates: it agrees with
        // them by construction.
        Vec::new()
    };
    let mut findings = Vec::new();
    let mut new_placements = Vec::new();
    let mut new_eliminations = Vec::new();
    for &placement in &claim.placements {
        if check_placement(state, &solution, placement, &mut findings) {
            new_placements.push(placement);
        }
    }
    for &elimination in &claim.eliminations {
        if check_elimination(state, &solution, elimination, &mut findings) {
            new_eliminations.push(elimination);
        }
    }
    let mut report = ApplyReport {
        verdict: Verdict::Valid,
        message: String::new(),
        technique: claim.technique,
        placements: claim.placements.clone(),
        eliminations: claim.eliminations.clone(),
        findings,
        state_mistakes,
        step: None,
        state: None,
        grid: None,
    };
    let texts_of = |kinds: &[FindingKind], report: &ApplyReport| -> String {
        report
            .findings
            .iter()
            .filter(|f| kinds.contains(&f.kind))
            .map(|f| f.text.clone())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let deductions = notation_of(&new_placements, &new_eliminations);
    if report.findings.iter().any(|f| f.kind == FindingKind::Wrong) {
        report.verdict = Verdict::Unsound;
        report.message = format!("unsound: {}", texts_of(&[FindingKind::Wrong], &report));
        return Ok(report);
    }
    let misfits = [FindingKind::CellFilled, FindingKind::NotACandidate];
    if report.findings.iter().any(|f| misfits.contains(&f.kind)) {
        report.verdict = Verdict::NotApplicable;
        report.message = format!("not applicable: {}", texts_of(&misfits, &report));
        return Ok(report);
    }
    if new_placements.is_empty() && new_eliminations.is_empty() {
        report.verdict = Verdict::NothingToDo;
        report.message = format!(
            "nothing to do: {}",
            texts_of(&[FindingKind::AlreadyDone], &report)
        );
        return Ok(report);
    }
    let (verb, pronoun) = if new_placements.len() + new_eliminations.len() == 1 {
        ("is", "it")
    } else {
        ("are", "them all")
    };
    let named = claim.technique.map(|technique| {
        let _deadline = deadline::Guard::new(search_limit);
        let step = step_of(technique, state, &new_placements, &new_eliminations);
        // A search cut by the deadline finds nothing: that is no proof of absence.
        let cut = step.is_none() && deadline::expired();
        (technique, step, cut)
    });
    match named {
        Some((technique, Some(step), _)) => {
            report.message = format!("valid: {technique} gives {deductions}");
            report.step = Some(step);
        }
        Some((technique, None, true)) => {
            report.verdict = Verdict::Undecided;
            report.message = format!(
                "undecided: {deductions} {verb} sound, but whether {technique} makes {pronoun} \
                 could not be decided within {} s",
                search_limit.unwrap_or_default().as_secs_f64()
            );
        }
        Some((technique, None, false)) => {
            report.verdict = Verdict::NotJustified;
            report.step = simplest_step(state, &new_placements, &new_eliminations);
            let instead = match &report.step {
                Some(step) if step.technique.to_string() != technique.to_string() => {
                    format!("; {} does", step.technique)
                }
                _ => String::new(),
            };
            report.message = format!(
                "not justified by {technique}: {deductions} {verb} sound, but {technique} \
                 finds no step here that makes {pronoun}{instead}"
            );
        }
        None => {
            report.step = simplest_step(state, &new_placements, &new_eliminations);
            report.message = format!("valid: {deductions} {verb} sound");
            if report.step.is_none() {
                report.message.push_str(&format!(
                    " (no technique short of forcing chains makes {pronoun} in one step)"
                ));
            }
        }
    }
    let mut after = state.clone();
    for placement in &new_placements {
        after.place(placement.cell, placement.digit);
    }
    for elimination in &new_eliminations {
        after.eliminate(elimination.cell, elimination.digit);
    }
    report.state = Some(to_pencilmark(after.values(), &after.candidate_masks()));
    report.grid = Some(after);
    Ok(report)
}

/// The solution the claim is checked against.
fn solution_of(
    state: &Grid,
    original: Option<&[Digit; CELLS]>,
) -> Result<[Digit; CELLS], ApplyError> {
    let Some(original) = original else {
        // The state's candidates restrict the search, as the pipeline checks a pencilmark grid.
        let mut masks = state.candidate_masks();
        for (cell, mask) in masks.iter_mut().enumerate() {
            if state.value(cell) != 0 {
                *mask = 1 << (state.value(cell) - 1);
            }
        }
        return match validity_with_candidates(&masks) {
            Validity::Unique(solution) => Ok(solution),
            Validity::NoSolution => Err(ApplyError::NoSolution { original: false }),
            Validity::Multiple(..) => Err(ApplyError::MultipleSolutions { original: false }),
        };
    };
    let solution = match validity(original) {
        Validity::Unique(solution) => solution,
        Validity::NoSolution => return Err(ApplyError::NoSolution { original: true }),
        Validity::Multiple(..) => return Err(ApplyError::MultipleSolutions { original: true }),
    };
    if let Some(cell) = (0..CELLS).find(|&c| original[c] != 0 && state.value(c) != original[c]) {
        return Err(ApplyError::NotFromOriginal {
            cell,
            given: original[cell],
            found: state.value(cell),
        });
    }
    Ok(solution)
}

/// The state's own mistakes: wrong digits, then true candidates removed (except those a wrong
/// digit in a peer took away, which follow from the first kind).
fn mistakes(state: &Grid, solution: &[Digit; CELLS]) -> Vec<String> {
    let mut found = Vec::new();
    for (cell, &digit) in solution.iter().enumerate() {
        let value = state.value(cell);
        if value != 0 && value != digit {
            found.push(format!(
                "{} holds {value}, but the solution has {digit} there",
                cell_name(cell)
            ));
        }
    }
    for (cell, &digit) in solution.iter().enumerate() {
        let taken_by_a_peer = peers(cell).iter().any(|peer| state.value(peer) == digit);
        if state.value(cell) == 0 && !state.candidates(cell).contains(digit) && !taken_by_a_peer {
            found.push(format!(
                "{} has lost its candidate {digit}, the solution's digit there",
                cell_name(cell)
            ));
        }
    }
    found
}

/// The findings about one deduction, each recorded with the deduction's notation and, for a
/// wrong one, the solution's digit.
struct Noted<'a> {
    findings: &'a mut Vec<Finding>,
    deduction: String,
    solution_digit: Digit,
}

impl Noted<'_> {
    fn note(&mut self, kind: FindingKind, text: String) {
        self.findings.push(Finding {
            deduction: self.deduction.clone(),
            kind,
            solution_digit: (kind == FindingKind::Wrong).then_some(self.solution_digit),
            text,
        });
    }
}

/// Records what is wrong with or already true of a placement; returns whether it changes the
/// state.
fn check_placement(
    state: &Grid,
    solution: &[Digit; CELLS],
    placement: Candidate,
    findings: &mut Vec<Finding>,
) -> bool {
    let Candidate { cell, digit } = placement;
    let name = cell_name(cell);
    let deduction = format!("{name}={digit}");
    let mut noted = Noted {
        findings,
        deduction: deduction.clone(),
        solution_digit: solution[cell],
    };
    if solution[cell] != digit {
        let text = format!(
            "{deduction} is wrong: the solution has {} in {name}",
            solution[cell]
        );
        noted.note(FindingKind::Wrong, text);
    }
    let (kind, text) = match state.value(cell) {
        0 if state.candidates(cell).contains(digit) => return true,
        0 => (
            FindingKind::NotACandidate,
            format!("{digit} is not a candidate of {name} in this state"),
        ),
        value if value == digit => (
            FindingKind::AlreadyDone,
            format!("{name} already holds {digit}"),
        ),
        value => (
            FindingKind::CellFilled,
            format!("{name} already holds {value}"),
        ),
    };
    noted.note(kind, text);
    false
}

/// Records what is wrong with or already true of an elimination; returns whether it changes
/// the state.
fn check_elimination(
    state: &Grid,
    solution: &[Digit; CELLS],
    elimination: Candidate,
    findings: &mut Vec<Finding>,
) -> bool {
    let Candidate { cell, digit } = elimination;
    let name = cell_name(cell);
    let deduction = format!("{name}<>{digit}");
    let mut noted = Noted {
        findings,
        deduction: deduction.clone(),
        solution_digit: solution[cell],
    };
    if solution[cell] == digit {
        let text = format!("{deduction} is wrong: {digit} is the solution in {name}");
        noted.note(FindingKind::Wrong, text);
    }
    let (kind, text) = match state.value(cell) {
        0 if state.candidates(cell).contains(digit) => return true,
        0 => (
            FindingKind::AlreadyDone,
            format!("{digit} is already gone from {name}"),
        ),
        value if value == digit => (
            FindingKind::CellFilled,
            format!("{name} holds {digit} itself"),
        ),
        value => (
            FindingKind::AlreadyDone,
            format!("{name} already holds {value}"),
        ),
    };
    noted.note(kind, text);
    false
}

/// `r1c2=5, r1c456<>4`.
fn notation_of(placements: &[Candidate], eliminations: &[Candidate]) -> String {
    let mut parts = Vec::new();
    if !placements.is_empty() {
        parts.push(placements_notation(placements));
    }
    if !eliminations.is_empty() {
        parts.push(eliminations_notation(eliminations));
    }
    parts.join(", ")
}

/// Whether a step makes every one of these deductions (and maybe more).
fn makes_all(step: &Step, placements: &[Candidate], eliminations: &[Candidate]) -> bool {
    placements.iter().all(|p| step.placements.contains(p))
        && eliminations.iter().all(|e| step.eliminations.contains(e))
}

/// The techniques whose steps justify a claim that names `technique`: every technique of the
/// same name (`Hidden Single` is a box's or a line's), and for a hidden or a naked single also
/// Full House, which is both (Stepwise reports it under its own name).
fn justifying_techniques(technique: Technique) -> Vec<Technique> {
    let name = technique.to_string();
    let mut techniques: Vec<Technique> = <Technique as strum::IntoEnumIterator>::iter()
        .filter(|t| t.to_string() == name)
        .collect();
    let singles = [
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::NakedSingle,
    ];
    if singles.contains(&technique) {
        techniques.push(Technique::FullHouse);
    }
    techniques
}

/// A step that makes every deduction, if the finders of the techniques that justify a claim
/// naming `technique` ([`justifying_techniques`]) have one. Subsets are searched both as
/// Sudoku Explainer and as HoDoKu search them (HoDoKu's search finds more naked and hidden
/// sets).
fn step_of(
    technique: Technique,
    grid: &Grid,
    placements: &[Candidate],
    eliminations: &[Candidate],
) -> Option<Step> {
    let namesakes = justifying_techniques(technique);
    for &namesake in &namesakes {
        let mut searches: Vec<Finder> = vec![finder(namesake)];
        // The same search twice would only cost time.
        if hodoku_finder(namesake) as usize != finder(namesake) as usize {
            searches.push(hodoku_finder(namesake));
        }
        for search in searches {
            let mut found = None;
            let _ = search(grid, &mut |step: Step| {
                if namesakes.contains(&step.technique) && makes_all(&step, placements, eliminations)
                {
                    found = Some(step);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The first step, in the extended profile's order (rating order), that makes every
/// deduction; forcing chains are left out, since their searches can take seconds and any
/// sound deduction is one of theirs.
fn simplest_step(
    grid: &Grid,
    placements: &[Candidate],
    eliminations: &[Candidate],
) -> Option<Step> {
    let mut searched: Vec<String> = Vec::new();
    for technique in Options::extended().techniques {
        if technique.family() == Family::ForcingChains {
            continue;
        }
        let name = technique.to_string();
        if searched.contains(&name) {
            continue;
        }
        if let Some(step) = step_of(technique, grid, placements, eliminations) {
            return Some(step);
        }
        searched.push(name);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_puzzle;
    use crate::notation::parse;

    /// Sudoku Explainer's example from Wikipedia.
    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn grid(text: &str) -> Grid {
        crate::explain::grid_of(&parse_puzzle(text, None).unwrap())
    }

    fn check(state: &Grid, original: Option<&[Digit; CELLS]>, claim: &str) -> ApplyReport {
        apply(state, original, &parse(claim).unwrap(), None).unwrap()
    }

    #[test]
    fn a_sound_named_single_is_valid_and_applied() {
        let state = grid(PUZZLE);
        // r5c5: row 5 has 4,8,3,1 / column 5 has 7,9,6,1,8 / box 5 has 8,6,3,2: only 5.
        let report = check(&state, None, "Naked Single: r5c5=5");
        assert_eq!(report.verdict, Verdict::Valid, "{}", report.message);
        assert_eq!(report.message, "valid: Naked Single gives r5c5=5");
        assert_eq!(
            report.step.as_ref().map(|s| s.technique),
            Some(Technique::NakedSingle)
        );
        assert_eq!(report.grid.unwrap().value(40), 5);
        let state = parse_puzzle(&report.state.unwrap(), None).unwrap();
        assert_eq!(state.cells[40], 5);
        assert_eq!(
            state.candidates.unwrap()[41] & (1 << 4),
            0,
            "r5c6 lost its 5"
        );
    }

    /// A full house is both a hidden and a naked single, though Stepwise names it on its own.
    #[test]
    fn a_full_house_justifies_a_single_of_either_kind() {
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let state = grid(&format!(".{}", &solution[1..]));
        for (claim, found) in [
            ("Hidden Single: r1c1=5", Technique::FullHouse),
            ("Naked Single: r1c1=5", Technique::NakedSingle),
            ("Full House: r1c1=5", Technique::FullHouse),
        ] {
            let report = check(&state, None, claim);
            assert_eq!(report.verdict, Verdict::Valid, "{}", report.message);
            assert_eq!(report.step.map(|s| s.technique), Some(found));
        }
        let report = check(&state, None, "Naked Pair: r1c1=5");
        assert_eq!(report.verdict, Verdict::NotJustified);
    }

    /// Arto Inkala's puzzle: its first steps are dynamic forcing chains.
    const HARD: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn a_chain_search_cut_by_the_limit_decides_nothing() {
        let state = grid(HARD);
        let claim = parse("Dynamic Forcing Chains (+): r1c4<>3").unwrap();
        let report = apply(&state, None, &claim, Some(Duration::ZERO)).unwrap();
        assert_eq!(report.verdict, Verdict::Undecided);
        assert_eq!(
            report.message,
            "undecided: r1c4<>3 is sound, but whether Dynamic Forcing Chains (+) makes it could \
             not be decided within 0 s"
        );
        assert!(report.state.is_some());
        let report = apply(&state, None, &claim, Some(Duration::from_secs(600))).unwrap();
        assert_eq!(report.verdict, Verdict::Valid, "{}", report.message);
        assert!(!deadline::expired(), "the limit ends with the check");
    }

    #[test]
    fn a_wrong_deduction_names_the_solution_digit() {
        let state = grid(PUZZLE);
        let report = check(&state, None, "r5c5=2, r1c3<>4");
        assert_eq!(report.verdict, Verdict::Unsound);
        assert_eq!(
            report.message,
            "unsound: r5c5=2 is wrong: the solution has 5 in r5c5; r1c3<>4 is wrong: 4 is the solution in r1c3"
        );
        assert_eq!(report.findings[0].solution_digit, Some(5));
        assert!(report.state.is_none() && report.step.is_none());
    }

    #[test]
    fn a_sound_step_the_named_technique_does_not_give() {
        let state = grid(PUZZLE);
        let report = check(&state, None, "X-Wing: r5c5=5");
        assert_eq!(report.verdict, Verdict::NotJustified);
        assert!(
            report
                .message
                .starts_with("not justified by X-Wing: r5c5=5 is sound, but X-Wing finds no step here that makes it; "),
            "{}",
            report.message
        );
        assert!(report.state.is_some(), "a sound step is still applied");
    }

    #[test]
    fn deductions_already_made_or_out_of_place() {
        let state = grid(PUZZLE);
        let report = check(&state, None, "r1c1=5, r1c3<>5");
        assert_eq!(report.verdict, Verdict::NothingToDo);
        assert_eq!(
            report.message,
            "nothing to do: r1c1 already holds 5; 5 is already gone from r1c3"
        );
        // r1c3 is 4 in the solution, but 4 is a candidate: fine. r1c2 holds 3.
        let report = check(&state, None, "r1c2=3, r1c3=4");
        assert_eq!(report.verdict, Verdict::Valid, "{}", report.message);
        let mut lost = state.clone();
        lost.eliminate(2, 4);
        let original = parse_puzzle(PUZZLE, None).unwrap().cells;
        let report = check(&lost, Some(&original), "r1c3=4");
        assert_eq!(report.verdict, Verdict::NotApplicable);
        assert_eq!(
            report.message,
            "not applicable: 4 is not a candidate of r1c3 in this state"
        );
        assert_eq!(
            report.state_mistakes,
            ["r1c3 has lost its candidate 4, the solution's digit there"]
        );
    }

    #[test]
    fn the_original_decides_and_must_match() {
        let original = parse_puzzle(PUZZLE, None).unwrap().cells;
        let mut wrong = grid(PUZZLE);
        wrong.place(2, 1);
        let report = check(&wrong, Some(&original), "r1c4<>6");
        assert_eq!(
            report.state_mistakes,
            ["r1c3 holds 1, but the solution has 4 there"]
        );
        let mut other = original;
        other[0] = 0;
        other[1] = 0;
        assert!(matches!(
            apply(
                &grid(PUZZLE),
                Some(&other),
                &parse("r1c3<>1").unwrap(),
                None
            ),
            Err(ApplyError::MultipleSolutions { original: true })
        ));
        let mut cells = original;
        cells[0] = 0;
        let changed = Grid::from_puzzle(&cells);
        let error = apply(&changed, Some(&original), &parse("r1c3<>1").unwrap(), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the state is not of the original puzzle: r1c1 is empty, the original gives 5 there"
        );
    }

    #[test]
    fn a_state_without_a_unique_solution_cannot_check_anything() {
        let empty = Grid::empty();
        assert_eq!(
            apply(&empty, None, &parse("r1c1=1").unwrap(), None).unwrap_err(),
            ApplyError::MultipleSolutions { original: false }
        );
        let mut broken = grid(PUZZLE);
        broken.place(2, 1);
        assert_eq!(
            apply(&broken, None, &parse("r1c4<>6").unwrap(), None).unwrap_err(),
            ApplyError::NoSolution { original: false }
        );
    }
}
