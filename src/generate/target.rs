//! What a request asks of a puzzle, checked on its rating and path: whether a puzzle meets
//! every constraint, what it misses, and how far it is from them (the measure the search
//! climbs).

use super::Constraints;
use crate::analysis::symmetry::Symmetry;
use crate::explain::RateRecord;
use crate::geometry::CellSet;
use crate::pipeline::{Status, Trace};
use crate::technique::Technique;

/// One constraint a puzzle does not meet, said as the closing message says it.
pub(crate) fn misses(
    constraints: &Constraints,
    puzzle: &[u8; 81],
    record: &RateRecord,
    main: &Trace,
    minimal: impl FnOnce() -> bool,
) -> Vec<String> {
    let mut misses = Vec::new();
    if main.status != Status::Solved {
        misses.push(format!("the path ends {}", record.status));
        return misses;
    }
    let givens = puzzle.iter().filter(|&&d| d != 0).count();
    if let Some((min, max)) = constraints.givens {
        if givens < min || givens > max {
            misses.push(format!("{givens} givens"));
        }
    }
    if let Some(symmetry) = constraints.symmetry {
        if !holds(symmetry, puzzle) {
            misses.push(format!("not {}", symmetry.name()));
        }
    }
    if let Some(level) = constraints.level {
        if record.level != Some(level) {
            misses.push(match record.level {
                Some(found) => format!("level {found}"),
                None => "no level".to_string(),
            });
        }
    }
    if let Some((min, max)) = constraints.er {
        match record.er {
            Some(er) if er >= min - 1e-9 && er <= max + 1e-9 => {}
            Some(er) => misses.push(format!("ER {er:.1}")),
            None => misses.push("no ER".to_string()),
        }
    }
    if let Some(hardest) = constraints.hardest {
        if record.hardest != Some(hardest) {
            misses.push(match record.hardest {
                Some(found) => format!("hardest {found}"),
                None => "no hardest step".to_string(),
            });
        }
    }
    for &technique in &constraints.techniques {
        if !uses(main, technique) {
            misses.push(format!("no {technique}"));
        }
    }
    if constraints.minimal && misses.is_empty() && !minimal() {
        misses.push("not minimal".to_string());
    }
    misses
}

/// How far a rated puzzle is from the constraints on its rating (0 when it meets them all):
/// the search keeps mutations that do not move away.
pub(crate) fn distance(constraints: &Constraints, record: &RateRecord, main: &Trace) -> f64 {
    if main.status != Status::Solved {
        return f64::INFINITY;
    }
    let mut distance = 0.0;
    if let Some(level) = constraints.level {
        let found = record.level.map_or(0.0, |l| l as usize as f64);
        distance += (found - level as usize as f64).abs();
    }
    if let Some((min, max)) = constraints.er {
        let er = record.er.unwrap_or(0.0);
        distance += (min - er).max(0.0) + (er - max).max(0.0);
    }
    if let Some(hardest) = constraints.hardest {
        let found = record.hardest.map_or(0.0, |t| t.se_rating());
        if record.hardest != Some(hardest) {
            distance += 0.5 + (found - hardest.se_rating()).abs();
        }
    }
    for &technique in &constraints.techniques {
        if !uses(main, technique) {
            distance += 1.0;
        }
    }
    distance
}

fn uses(trace: &Trace, technique: Technique) -> bool {
    trace.steps.iter().any(|s| s.technique == technique)
}

fn holds(symmetry: Symmetry, puzzle: &[u8; 81]) -> bool {
    let givens = (0..81)
        .filter(|&c| puzzle[c] != 0)
        .fold(CellSet::EMPTY, |s, c| s.with(c));
    symmetry.holds_for(givens)
}
