//! The explain target: a valid puzzle made by the fuzzer's bytes, explained and rated under a
//! small time budget with a profile the bytes choose.
//!
//! Most inputs make a puzzle with one solution: the cells of a built-in puzzle's solution that
//! the bytes keep, with the solution's digits added back where two solutions differ until one
//! is left. Some inputs take their bytes as cells (digits 1-9, or empty) so that puzzles with no
//! solution or several are explained too. Never a panic; every step sound; the status is the
//! complete solver's verdict; the JSON serializes and the text renders.

use std::time::Duration;

use stepwise::format::{check_conflicts, to_line, Format, PuzzleInput};
use stepwise::pipeline::Status;
use stepwise::profile::{Profile, RateSettings};
use stepwise::solver::{count_solutions, validity, Validity};
use stepwise::{explain, rate_puzzle};

use super::puzzles::{assert_sound, puzzle, Bytes};

/// What one puzzle may take over all its paths.
const BUDGET: Duration = Duration::from_millis(50);

/// `None`: both the se and the hodoku path, as `stepwise explain` takes them by default.
const PROFILES: [Option<Profile>; 6] = [
    None,
    Some(Profile::Se),
    Some(Profile::Hodoku),
    Some(Profile::Sukaku),
    Some(Profile::Extended),
    Some(Profile::All),
];

/// Runs one case.
pub fn run(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let flags = bytes.byte();
    let profile = PROFILES[bytes.below(PROFILES.len())];
    let no_uniqueness = flags & 2 != 0;
    let cells = if flags & 1 == 0 {
        dug_puzzle(&mut bytes)
    } else {
        std::array::from_fn(|_| match bytes.byte() % 16 {
            d @ 1..=9 => d,
            _ => 0,
        })
    };
    // The parser refuses two equal digits that see each other; explain never meets them.
    if check_conflicts(&cells).is_err() {
        return;
    }
    let input = PuzzleInput {
        line: 1,
        format: Format::Line,
        cells,
        candidates: None,
        record: None,
        text: to_line(&cells),
    };
    let settings = RateSettings::select(profile, &[], no_uniqueness).with_time_limit(Some(BUDGET));
    let explanation = explain(&input, &settings);
    let context = format!("{profile:?}, no_uniqueness {no_uniqueness}: {}", input.text);

    let verdict = validity(&cells);
    match &verdict {
        Validity::Unique(solution) => {
            for step in &explanation.steps {
                assert_sound(step, solution, &context);
            }
            assert!(
                matches!(
                    explanation.status,
                    Status::Solved | Status::Stuck | Status::Timeout
                ),
                "{:?} ({context})",
                explanation.status
            );
            if explanation.status == Status::Solved {
                assert_eq!(explanation.solution.as_deref(), Some(&*to_line(solution)));
            }
        }
        Validity::NoSolution => assert_eq!(explanation.status, Status::NoSolution, "{context}"),
        Validity::Multiple(..) if !no_uniqueness => {
            assert_eq!(explanation.status, Status::MultipleSolutions, "{context}")
        }
        Validity::Multiple(..) => {}
    }
    let json = serde_json::to_value(&explanation).expect("an explanation serializes");
    assert_eq!(json["puzzle"], input.text);
    assert!(!explanation.to_text().is_empty());

    let record = rate_puzzle(&stepwise::explain::grid_of(&input), &settings);
    assert!(!record.to_csv().is_empty());
}

/// A puzzle with one solution: the cells of a built-in solution the bytes keep (one bit per
/// cell), then, while it has several solutions, the solution's digit in the first cell where
/// two of them differ.
fn dug_puzzle(bytes: &mut Bytes) -> [u8; 81] {
    let (_, solution) = puzzle(bytes.byte());
    let mut cells = [0u8; 81];
    for chunk in 0..11 {
        let keep = bytes.byte();
        for bit in 0..8 {
            let cell = chunk * 8 + bit;
            if cell < 81 && keep & (1 << bit) != 0 {
                cells[cell] = solution[cell];
            }
        }
    }
    loop {
        let found = count_solutions(&cells, 2);
        if found.count < 2 {
            return cells;
        }
        let [a, b] = [&found.solutions[0], &found.solutions[1]];
        let cell = (0..81)
            .find(|&c| a[c] != b[c])
            .expect("two solutions differ");
        cells[cell] = solution[cell];
    }
}
