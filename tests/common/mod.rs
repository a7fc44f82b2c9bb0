//! Shared helpers for the integration tests: locating `../shared/data` and reading corpora.
#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared/data` beside the crate, if present.
pub fn shared_data() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    dir.is_dir().then_some(dir)
}

/// Puzzles (first field of each non-comment line) of a shared corpus file, at most `limit`.
/// `None`, with a note on stderr, when the shared data is absent.
pub fn corpus(name: &str, limit: usize) -> Option<Vec<String>> {
    let Some(dir) = shared_data() else {
        eprintln!("skipped: ../shared/data not found ({name})");
        return None;
    };
    let text = std::fs::read_to_string(dir.join(name)).expect("corpus file readable");
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
            .take(limit)
            .collect(),
    )
}

/// Cells of an 81-character line.
pub fn cells(line: &str) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for (i, ch) in line.chars().take(81).enumerate() {
        cells[i] = ch.to_digit(10).unwrap_or(0) as u8;
    }
    cells
}
