//! The library in one type: a parsed [`Puzzle`] and the five things a front end asks of it
//! (check, solve, explain, hint, rate), each answering with the records of
//! [`crate::answer`].
//!
//! ```
//! use stepwise::{HintLevel, HintSettings, Puzzle, RateSettings};
//!
//! let puzzle = Puzzle::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! assert!(puzzle.check().is_unique());
//! assert!(puzzle.solve()?.starts_with("534678912"));
//!
//! let settings = RateSettings::default();
//! let explanation = puzzle.explain(&settings);
//! assert_eq!(explanation.steps.len(), 51);
//! let rating = puzzle.rate(&settings);
//! assert_eq!((rating.er, rating.level.map(|l| l.to_string())), (Some(1.2), Some("Easy".into())));
//!
//! // The user's state: the puzzle with r1c3 filled in.
//! let state = Puzzle::parse(
//!     "534.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! let hint = puzzle.hint(&state, HintLevel::Nudge, &HintSettings::default())?;
//! assert_eq!(hint.text, "Look for a single in box 5.");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::answer::{unique_solution, CheckAnswer};
use crate::error::Error;
use crate::explain::{explain, grid_of, next_hint_with, rate_puzzle, Explanation, RateRecord};
use crate::format::{parse_puzzle, to_line, Format, PuzzleInput};
use crate::hint::{Hint, HintError, HintLevel};
use crate::profile::{HintSettings, RateSettings};

/// A puzzle read from text in any format the library reads: an 81-character line, a grid, a
/// pencilmark grid (its candidates kept) or a JSON puzzle record.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    input: PuzzleInput,
}

impl Puzzle {
    /// Reads the first puzzle of `text`, its format detected.
    ///
    /// ```
    /// let puzzle = stepwise::Puzzle::parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")?;
    /// assert_eq!(puzzle.line().len(), 81);
    /// assert!(stepwise::Puzzle::parse("not a puzzle").is_err());
    /// # Ok::<(), stepwise::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<Puzzle, Error> {
        parse_puzzle(text, None).map(Puzzle::from)
    }

    /// Reads the first puzzle of `text` in the format given.
    pub fn parse_as(text: &str, format: Format) -> Result<Puzzle, Error> {
        parse_puzzle(text, Some(format)).map(Puzzle::from)
    }

    /// The puzzle as read: digits, candidates, format and record.
    pub fn input(&self) -> &PuzzleInput {
        &self.input
    }

    /// The puzzle as an 81-character line (`.` for empty).
    pub fn line(&self) -> &str {
        &self.input.text
    }

    /// Whether the puzzle has one solution, none or several (`check`'s answer).
    pub fn check(&self) -> CheckAnswer {
        CheckAnswer::of(&self.input)
    }

    /// The solution as an 81-character line; an error when there is none or several (naming
    /// where two solutions differ).
    ///
    /// ```
    /// let two = stepwise::Puzzle::parse(&".".repeat(81))?;
    /// assert!(matches!(two.solve(), Err(stepwise::Error::MultipleSolutions { .. })));
    /// # Ok::<(), stepwise::Error>(())
    /// ```
    pub fn solve(&self) -> Result<String, Error> {
        unique_solution(&self.input)
            .map(|solution| to_line(&solution))
            .map_err(|unsolvable| unsolvable.error)
    }

    /// The whole logical path with its rating, on the paths `settings` names within its budget
    /// (`explain`'s answer).
    pub fn explain(&self, settings: &RateSettings) -> Explanation {
        explain(&self.input, settings)
    }

    /// The rating alone (`rate`'s record), on the same paths as [`Puzzle::explain`].
    pub fn rate(&self, settings: &RateSettings) -> RateRecord {
        rate_puzzle(&grid_of(&self.input), settings)
    }

    /// The next hint from a user's `state` of this puzzle (digits filled in, or pencilmarks),
    /// told at `level`. The state is checked against this puzzle's givens and solution first:
    /// a wrong digit or a removed true candidate is the hint. An error when this puzzle has no
    /// single solution or the state is not one of its states.
    ///
    /// ```
    /// use stepwise::{HintKind, HintLevel, HintSettings, Puzzle};
    ///
    /// let puzzle = Puzzle::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
    /// // A wrong 1 in r1c3 (the solution has 4 there).
    /// let state = Puzzle::parse("531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
    /// let hint = puzzle.hint(&state, HintLevel::Full, &HintSettings::default())?;
    /// assert_eq!(hint.kind, HintKind::WrongDigit);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(
        &self,
        state: &Puzzle,
        level: HintLevel,
        settings: &HintSettings,
    ) -> Result<Hint, HintError> {
        next_hint_with(&state.input, Some(&self.input.cells), level, settings)
    }
}

impl From<PuzzleInput> for Puzzle {
    fn from(input: PuzzleInput) -> Puzzle {
        Puzzle { input }
    }
}
