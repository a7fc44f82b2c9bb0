//! Reading the step notation a player writes: the community (HoDoKu, Sudoku Explainer) style
//! that Stepwise itself prints.
//!
//! Owns [`Claim`] (what a player says a step does: an optional technique, placements,
//! eliminations), [`parse`] and [`NotationError`]. Accepted:
//! - placements `r1c2=5` and eliminations `r1c456<>4`, `r12c3<>5`, `r1c4,r2c5<>34` (cells of
//!   one group share the digits; `r12c3` is r1c3 and r2c3);
//! - several of them, separated by `,`, `;` or spaces: `r1c2=5, r3c4<>18`;
//! - a technique before a colon, and a pattern before `=>`, exactly as Stepwise's own notation
//!   writes a step: `Hidden Single: r1c2=5`,
//!   `Naked Pair: 3,8 in r5c2,r5c7 => r5c1<>3, r5c4<>38`. The pattern is not read (it may hold
//!   anything, chains included); the deductions after the last `=>` are.
//!
//! Letters and technique names are case-insensitive (`R1C2=5`). Errors name the column
//! (1-based, in characters) where reading stopped: `column 7: expected a digit after '<>'`.

use std::fmt;

use crate::geometry::{cell_at, Cell, Digit};
use crate::step::{eliminations_notation, placements_notation, Candidate};
use crate::technique::Technique;

/// What a player says a step does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// The technique named before the colon, if any.
    pub technique: Option<Technique>,
    /// Sorted, without repeats.
    pub placements: Vec<Candidate>,
    /// Sorted, without repeats.
    pub eliminations: Vec<Candidate>,
}

impl Claim {
    /// The deductions in Stepwise's notation: `r1c2=5, r1c456<>4`.
    pub fn deductions_notation(&self) -> String {
        let mut parts = Vec::new();
        if !self.placements.is_empty() {
            parts.push(placements_notation(&self.placements));
        }
        if !self.eliminations.is_empty() {
            parts.push(eliminations_notation(&self.eliminations));
        }
        parts.join(", ")
    }
}

/// Why a notation could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based, in characters.
    pub column: usize,
    /// What was expected there, without the column.
    pub message: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for NotationError {}

/// Reads a step's notation (see the module documentation).
///
/// # Examples
///
/// ```
/// use stepwise::geometry::parse_cell_name;
/// use stepwise::notation::parse;
/// use stepwise::step::Candidate;
/// use stepwise::technique::Technique;
///
/// let claim = parse("Naked Pair: 3,8 in r5c2,r5c7 => r5c1<>3, r5c4<>38").unwrap();
/// assert_eq!(claim.technique, Some(Technique::NakedPair));
/// assert!(claim.placements.is_empty());
/// let r5c4 = parse_cell_name("r5c4").unwrap();
/// assert!(claim.eliminations.contains(&Candidate::new(r5c4, 8)));
/// assert_eq!(claim.deductions_notation(), "r5c1<>3, r5c4<>38");
///
/// let error = parse("r1c2<>").unwrap_err();
/// assert_eq!(error.column, 7);
/// assert_eq!(error.to_string(), "column 7: expected a digit after '<>', found the end");
/// ```
pub fn parse(text: &str) -> Result<Claim, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let colon = chars.iter().position(|&c| c == ':');
    let arrow = find_last_arrow(&chars, colon.map_or(0, |at| at + 1));
    let technique = match (colon, arrow) {
        (Some(colon), _) => Some(technique_named(&chars, 0, colon)?),
        // No colon: what stands before `=>` must be the technique alone.
        (None, Some(arrow)) => {
            Some(
                technique_named(&chars, 0, arrow).map_err(|error| NotationError {
                    message: format!(
                        "{}; write the technique, a colon, then the pattern, as in \
                     'Naked Pair: 3,8 in r5c2,r5c7 => r5c1<>3'",
                        error.message
                    ),
                    ..error
                })?,
            )
        }
        (None, None) => None,
    };
    let start = match (arrow, colon) {
        (Some(arrow), _) => arrow + 2,
        (None, Some(colon)) => colon + 1,
        (None, None) => 0,
    };
    let mut reader = Reader {
        chars: &chars,
        at: start,
    };
    let (placements, eliminations) = reader.deductions()?;
    Ok(Claim {
        technique,
        placements,
        eliminations,
    })
}

/// The index of the last `=>` at or after `from`.
fn find_last_arrow(chars: &[char], from: usize) -> Option<usize> {
    (from..chars.len().saturating_sub(1))
        .rev()
        .find(|&i| chars[i] == '=' && chars[i + 1] == '>')
}

/// The technique named by `chars[from..to]`, trimmed.
fn technique_named(chars: &[char], from: usize, to: usize) -> Result<Technique, NotationError> {
    let name: String = chars[from..to].iter().collect();
    let leading = name.chars().take_while(|c| c.is_whitespace()).count();
    let name = name.trim();
    if name.is_empty() {
        return Err(NotationError {
            column: from + 1,
            message: "expected a technique's name before ':'".into(),
        });
    }
    Technique::parse(name).ok_or_else(|| NotationError {
        column: from + leading + 1,
        message: format!("unknown technique '{name}'"),
    })
}

/// A cursor over the deductions part of a notation.
struct Reader<'a> {
    chars: &'a [char],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn error(&self, message: impl Into<String>) -> NotationError {
        NotationError {
            column: self.at + 1,
            message: message.into(),
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    /// What stands at the cursor, for messages: `'x'` or `the end`.
    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("'{c}'"),
            None => "the end".into(),
        }
    }

    /// Every placement and elimination up to the end.
    fn deductions(&mut self) -> Result<(Vec<Candidate>, Vec<Candidate>), NotationError> {
        let mut placements = Vec::new();
        let mut eliminations = Vec::new();
        loop {
            while self
                .peek()
                .is_some_and(|c| c.is_whitespace() || c == ',' || c == ';')
            {
                self.at += 1;
            }
            if self.peek().is_none() {
                break;
            }
            self.deduction(&mut placements, &mut eliminations)?;
        }
        if placements.is_empty() && eliminations.is_empty() {
            return Err(
                self.error("expected a placement or an elimination, like r1c2=5 or r1c2<>4")
            );
        }
        placements.sort();
        placements.dedup();
        eliminations.sort();
        eliminations.dedup();
        Ok((placements, eliminations))
    }

    /// One placement (`r1c2=5`) or one group of eliminations (`r1c4,r2c56<>34`).
    fn deduction(
        &mut self,
        placements: &mut Vec<Candidate>,
        eliminations: &mut Vec<Candidate>,
    ) -> Result<(), NotationError> {
        let cells_start = self.at;
        let mut cells = self.cell_group()?;
        loop {
            let before = self.at;
            self.skip_spaces();
            if self.peek() != Some(',') {
                self.at = before;
                break;
            }
            self.at += 1;
            self.skip_spaces();
            if !self.peek().is_some_and(|c| c.eq_ignore_ascii_case(&'r')) {
                return Err(self.error(format!(
                    "expected another cell after ',' (the cells before it have no '=' or '<>'), found {}",
                    self.found()
                )));
            }
            cells.extend(self.cell_group()?);
        }
        let cells_text: String = self.chars[cells_start..self.at].iter().collect();
        self.skip_spaces();
        let placing = match (self.peek(), self.chars.get(self.at + 1)) {
            (Some('='), Some('>')) => {
                return Err(self.error("unexpected '=>' among the deductions"));
            }
            (Some('='), _) => {
                self.at += 1;
                true
            }
            (Some('<'), Some('>')) => {
                self.at += 2;
                false
            }
            _ => {
                return Err(self.error(format!(
                    "expected '=' or '<>' after {}, found {}",
                    cells_text.trim(),
                    self.found()
                )))
            }
        };
        let operator = if placing { "=" } else { "<>" };
        self.skip_spaces();
        let digits_start = self.at;
        let digits = self.digits(|reader| {
            reader.error(format!(
                "expected a digit after '{operator}', found {}",
                reader.found()
            ))
        })?;
        if let Some(c) = self.peek() {
            if !(c.is_whitespace() || c == ',' || c == ';') {
                return Err(self.error(format!(
                    "unexpected '{c}' after {}{operator}{}",
                    cells_text.trim(),
                    digits.iter().map(|d| d.to_string()).collect::<String>()
                )));
            }
        }
        if placing {
            if cells.len() != 1 {
                return Err(NotationError {
                    column: cells_start + 1,
                    message: format!(
                        "a placement names one cell, {} names {}",
                        cells_text.trim(),
                        cells.len()
                    ),
                });
            }
            if digits.len() != 1 {
                return Err(NotationError {
                    column: digits_start + 1,
                    message: "a placement names one digit".into(),
                });
            }
            placements.push(Candidate::new(cells[0], digits[0]));
        } else {
            for &cell in &cells {
                for &digit in &digits {
                    eliminations.push(Candidate::new(cell, digit));
                }
            }
        }
        Ok(())
    }

    /// `r12c3`: every cell of the rows and columns named.
    fn cell_group(&mut self) -> Result<Vec<Cell>, NotationError> {
        if !self.peek().is_some_and(|c| c.eq_ignore_ascii_case(&'r')) {
            return Err(self.error(format!("expected a cell like r1c2, found {}", self.found())));
        }
        self.at += 1;
        let rows = self.digits(|reader| {
            reader.error(format!(
                "expected a row (1-9) after 'r', found {}",
                reader.found()
            ))
        })?;
        if !self.peek().is_some_and(|c| c.eq_ignore_ascii_case(&'c')) {
            return Err(self.error(format!(
                "expected 'c' and a column after the row, found {}",
                self.found()
            )));
        }
        self.at += 1;
        let columns = self.digits(|reader| {
            reader.error(format!(
                "expected a column (1-9) after 'c', found {}",
                reader.found()
            ))
        })?;
        let mut cells = Vec::with_capacity(rows.len() * columns.len());
        for &row in &rows {
            for &column in &columns {
                cells.push(cell_at(row as usize - 1, column as usize - 1));
            }
        }
        Ok(cells)
    }

    /// One or more digits 1-9; `missing` makes the error when there is none.
    fn digits(
        &mut self,
        missing: impl Fn(&Self) -> NotationError,
    ) -> Result<Vec<Digit>, NotationError> {
        let mut digits = Vec::new();
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            if c == '0' {
                return Err(self.error("0 is not a Sudoku digit (1-9)"));
            }
            digits.push(c as u8 - b'0');
            self.at += 1;
        }
        if digits.is_empty() {
            return Err(missing(self));
        }
        Ok(digits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::cell_name;

    fn names(candidates: &[Candidate]) -> Vec<String> {
        candidates
            .iter()
            .map(|c| format!("{}:{}", cell_name(c.cell), c.digit))
            .collect()
    }

    fn error_of(text: &str) -> String {
        parse(text).expect_err(text).to_string()
    }

    #[test]
    fn placements_and_eliminations_in_every_form() {
        let claim = parse("r1c2=5").unwrap();
        assert_eq!(claim.technique, None);
        assert_eq!(names(&claim.placements), ["r1c2:5"]);
        assert!(claim.eliminations.is_empty());

        let claim = parse("r1c456<>4").unwrap();
        assert_eq!(names(&claim.eliminations), ["r1c4:4", "r1c5:4", "r1c6:4"]);

        let claim = parse("r12c3<>5").unwrap();
        assert_eq!(names(&claim.eliminations), ["r1c3:5", "r2c3:5"]);

        let claim = parse("r1c4,r2c5<>34").unwrap();
        assert_eq!(
            names(&claim.eliminations),
            ["r1c4:3", "r1c4:4", "r2c5:3", "r2c5:4"]
        );

        let claim = parse("  R3C4=1 r1c2=5; r9c9<>9, r1c5, r3c5 <> 1 ").unwrap();
        assert_eq!(names(&claim.placements), ["r1c2:5", "r3c4:1"]);
        assert_eq!(names(&claim.eliminations), ["r1c5:1", "r3c5:1", "r9c9:9"]);
        assert_eq!(
            claim.deductions_notation(),
            "r1c2=5, r3c4=1, r1c5,r3c5<>1, r9c9<>9"
        );
    }

    #[test]
    fn a_technique_and_a_pattern_before_the_deductions() {
        let claim = parse("Naked Pair: 3,8 in r5c2,r5c7 => r5c1<>3, r5c4<>38").unwrap();
        assert_eq!(claim.technique, Some(Technique::NakedPair));
        assert_eq!(names(&claim.eliminations), ["r5c1:3", "r5c4:3", "r5c4:8"]);

        let claim = parse("hidden single: r1c2=5").unwrap();
        assert_eq!(
            claim.technique.map(|t| t.to_string()).as_deref(),
            Some("Hidden Single")
        );

        // A chain's pattern holds '=' and '<>' of its own; only what follows the last '=>'
        // counts.
        let claim =
            parse("Nishio Forcing Chains: r4c1=3 leads to r9c4=3 and r9c4<>3 => r4c1<>3").unwrap();
        assert_eq!(names(&claim.eliminations), ["r4c1:3"]);
        assert!(claim.placements.is_empty());

        let claim = parse("x-wing => r3c5<>9").unwrap();
        assert_eq!(claim.technique, Some(Technique::XWing));
    }

    #[test]
    fn errors_name_the_column_and_what_was_expected() {
        assert_eq!(
            error_of("r1c2<>x"),
            "column 7: expected a digit after '<>', found 'x'"
        );
        assert_eq!(
            error_of("r1c2<>"),
            "column 7: expected a digit after '<>', found the end"
        );
        assert_eq!(
            error_of("r1c2=x"),
            "column 6: expected a digit after '=', found 'x'"
        );
        assert_eq!(
            error_of("r0c2=5"),
            "column 2: 0 is not a Sudoku digit (1-9)"
        );
        assert_eq!(
            error_of("r1x2=5"),
            "column 3: expected 'c' and a column after the row, found 'x'"
        );
        assert_eq!(
            error_of("rc2=5"),
            "column 2: expected a row (1-9) after 'r', found 'c'"
        );
        assert_eq!(
            error_of("r1c=5"),
            "column 4: expected a column (1-9) after 'c', found '='"
        );
        assert_eq!(
            error_of("r1c2"),
            "column 5: expected '=' or '<>' after r1c2, found the end"
        );
        assert_eq!(
            error_of("r1c2-5"),
            "column 5: expected '=' or '<>' after r1c2, found '-'"
        );
        assert_eq!(
            error_of("r1c23=5"),
            "column 1: a placement names one cell, r1c23 names 2"
        );
        assert_eq!(error_of("r1c2=56"), "column 6: a placement names one digit");
        assert_eq!(
            error_of("r1c2<>4x"),
            "column 8: unexpected 'x' after r1c2<>4"
        );
        assert_eq!(
            error_of("r1c2, 5<>4"),
            "column 7: expected another cell after ',' (the cells before it have no '=' or '<>'), found '5'"
        );
        assert_eq!(
            error_of(""),
            "column 1: expected a placement or an elimination, like r1c2=5 or r1c2<>4"
        );
        assert_eq!(
            error_of("X-Wing:"),
            "column 8: expected a placement or an elimination, like r1c2=5 or r1c2<>4"
        );
        assert_eq!(
            error_of(": r1c2=5"),
            "column 1: expected a technique's name before ':'"
        );
        assert_eq!(
            error_of("  Naked Pear: r1c2<>5"),
            "column 3: unknown technique 'Naked Pear'"
        );
        assert!(error_of("3,8 in r5c2,r5c7 => r5c1<>3")
            .starts_with("column 1: unknown technique '3,8 in r5c2,r5c7'; write the technique"));
        assert_eq!(
            error_of("r1c2=5 => r1c3<>5"),
            "column 1: unknown technique 'r1c2=5'; write the technique, a colon, then the \
             pattern, as in 'Naked Pair: 3,8 in r5c2,r5c7 => r5c1<>3'"
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(
            error_of("X-Wing: 9 → r => r1c2<>x"),
            "column 24: expected a digit after '<>', found 'x'"
        );
    }
}
