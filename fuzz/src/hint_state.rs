//! The hint target: a user's state made from a real puzzle by the fuzzer's bytes (digits placed,
//! right or wrong; cells cleared, givens too; candidates removed, or left although a peer holds
//! the digit), written as a pencilmark grid or a line and read back by the parser as the CLI and
//! server read it, then `next_hint_with` under a small time budget.
//!
//! Never a panic; a step hint is sound against the solution the hint was reckoned from; and a
//! state that agrees with the solution (every digit right, every true candidate kept, the givens
//! in place) is never told it holds a mistake.

use std::time::Duration;

use stepwise::budget::Budget;
use stepwise::format::{parse_puzzle, to_line, to_pencilmark, Format};
use stepwise::geometry::peers;
use stepwise::hint::{HintKind, HintLevel};
use stepwise::next_hint_with;
use stepwise::profile::{HintSettings, Profile};
use stepwise::solver::{validity, Validity};

use super::puzzles::{assert_sound, puzzle, Bytes};

/// What one hint may take: small, so the fuzzer stays fast; a hint cut by it is a `timeout`.
const BUDGET: Duration = Duration::from_millis(50);

/// The most edits one input makes.
const MAX_EDITS: usize = 64;

const PROFILES: [Profile; 5] = [
    Profile::Se,
    Profile::Hodoku,
    Profile::Sukaku,
    Profile::Extended,
    Profile::All,
];

const LEVELS: [HintLevel; 4] = [
    HintLevel::Nudge,
    HintLevel::Technique,
    HintLevel::Cells,
    HintLevel::Full,
];

/// The user's state being edited.
struct State {
    values: [u8; 81],
    /// Candidates the user crossed out, per cell.
    removed: [u16; 81],
    /// Candidates the user kept although a peer holds the digit (stale), per cell.
    kept: [u16; 81],
}

impl State {
    /// Each cell's pencilmarks: a placed digit alone; in an empty cell the digits no peer holds,
    /// plus those kept stale, less those crossed out.
    fn candidates(&self) -> [u16; 81] {
        std::array::from_fn(|cell| {
            if self.values[cell] != 0 {
                return 1 << (self.values[cell] - 1);
            }
            let mut free = 0x1ffu16;
            for peer in peers(cell).iter() {
                if self.values[peer] != 0 {
                    free &= !(1 << (self.values[peer] - 1));
                }
            }
            (free | self.kept[cell]) & !self.removed[cell]
        })
    }
}

/// Runs one case.
pub fn run(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let (givens, solution) = puzzle(bytes.byte());
    let flags = bytes.byte();
    let as_pencilmark = flags & 1 != 0;
    let with_original = flags & 2 != 0;
    let no_uniqueness = flags & 4 != 0;
    let level = LEVELS[(flags >> 3) as usize % LEVELS.len()];
    let profile = PROFILES[bytes.below(PROFILES.len())];

    let mut state = State {
        values: givens,
        removed: [0; 81],
        kept: [0; 81],
    };
    for _ in 0..MAX_EDITS {
        if bytes.is_empty() {
            break;
        }
        let op = bytes.byte();
        let cell = bytes.below(81);
        let digit = bytes.below(9) as u8 + 1;
        match op % 5 {
            0 | 1 => state.values[cell] = solution[cell],
            2 => state.values[cell] = digit,
            3 => state.values[cell] = 0,
            _ if op & 0x80 != 0 => state.kept[cell] |= 1 << (digit - 1),
            _ => state.removed[cell] |= 1 << (digit - 1),
        }
    }
    let candidates = state.candidates();
    let text = if as_pencilmark {
        to_pencilmark(&state.values, &candidates)
    } else {
        to_line(&state.values)
    };
    // Read as the CLI and the server read a user's state; what the parser refuses (two equal
    // digits that see each other) never reaches a hint.
    let format = if as_pencilmark {
        Format::Pencilmark
    } else {
        Format::Line
    };
    let Ok(input) = parse_puzzle(&text, Some(format)) else {
        return;
    };

    let settings =
        HintSettings::select(Some(profile), &[], no_uniqueness).with_budget(Budget::time(BUDGET));
    let original = with_original.then_some(&givens);
    let result = next_hint_with(&input, original, level, &settings);
    let context = format!("{profile}, {level}, original {with_original}:\n{text}");

    let agrees = agrees_with_solution(&input.cells, input.candidates.as_ref(), &solution)
        && (0..81).all(|c| givens[c] == 0 || input.cells[c] == givens[c]);
    let hint = match result {
        Ok(hint) => hint,
        // With every given in place the state has the puzzle's one solution.
        Err(error) => {
            assert!(!agrees, "a right state got an error: {error} ({context})");
            return;
        }
    };
    assert!(!hint.text.is_empty(), "{context}");
    if agrees {
        let mistake = matches!(
            hint.kind,
            HintKind::ErasedGiven
                | HintKind::ChangedGiven
                | HintKind::WrongDigit
                | HintKind::DigitsInDoubt
                | HintKind::NoCandidates
                | HintKind::RemovedCandidate
        );
        assert!(!mistake, "a right state told {:?} ({context})", hint.kind);
    }
    if let Some(step) = &hint.step {
        // The solution the hint was reckoned from: the original's, or the state's own.
        let reference = match (with_original, validity(&input.cells)) {
            (true, _) => solution,
            (false, Validity::Unique(own)) => own,
            (false, other) => {
                panic!("a step from a state without one solution ({other:?}): {step} ({context})")
            }
        };
        assert_sound(step, &reference, &context);
    }
}

/// Every digit placed is the solution's and every empty cell keeps the solution's digit.
fn agrees_with_solution(
    cells: &[u8; 81],
    candidates: Option<&[u16; 81]>,
    solution: &[u8; 81],
) -> bool {
    (0..81).all(|c| match cells[c] {
        0 => candidates.is_none_or(|m| m[c] & (1 << (solution[c] - 1)) != 0),
        v => v == solution[c],
    })
}
