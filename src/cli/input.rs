//! Where a command's puzzles come from: positional arguments (a file path when such a file
//! exists, otherwise a puzzle string), `-f FILE`, or standard input (`-` or nothing).
//!
//! Every source is streamed puzzle by puzzle, so a batch file of any size is never read whole.

use std::fs::File;
use std::io::{self, BufReader, Cursor};
use std::path::Path;

use stepwise::format::{read_puzzles, Format, PuzzleInput};
use stepwise::Error;

/// One place puzzles are read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    File(String),
    Text { argument: usize, text: String },
    Stdin,
}

impl Source {
    /// The name used in messages: the file path, `argument N` or `stdin`.
    pub fn name(&self) -> String {
        match self {
            Source::File(path) => path.clone(),
            Source::Text { argument, .. } => format!("argument {argument}"),
            Source::Stdin => "stdin".to_string(),
        }
    }
}

/// Turns the command's inputs into sources, in the order given.
pub fn sources(positional: &[String], files: &[String]) -> Vec<Source> {
    let mut out = Vec::new();
    for (i, arg) in positional.iter().enumerate() {
        if arg == "-" {
            out.push(Source::Stdin);
        } else if Path::new(arg).is_file() {
            out.push(Source::File(arg.clone()));
        } else {
            out.push(Source::Text {
                argument: i + 1,
                text: arg.clone(),
            });
        }
    }
    out.extend(files.iter().map(|f| Source::File(f.clone())));
    if out.is_empty() {
        out.push(Source::Stdin);
    }
    out
}

/// What a source yields: each puzzle or the error for it, in input order.
pub type Puzzles = Box<dyn Iterator<Item = Result<PuzzleInput, Error>>>;

/// Opens a source as a stream of puzzles. A source that cannot be opened is an `Err` naming it.
pub fn open(source: &Source, format: Option<Format>) -> Result<Puzzles, String> {
    let name = source.name();
    match source {
        Source::File(path) => {
            let file = File::open(path).map_err(|e| format!("{path}: cannot open: {e}"))?;
            Ok(Box::new(
                read_puzzles(BufReader::new(file), format).with_source(&name),
            ))
        }
        Source::Text { text, .. } => {
            if looks_like_a_missing_path(text) {
                return Err(format!("{text}: no such file (and not a puzzle)"));
            }
            let cursor = Cursor::new(text.clone().into_bytes());
            Ok(Box::new(read_puzzles(cursor, format).with_source(&name)))
        }
        Source::Stdin => Ok(Box::new(
            read_puzzles(BufReader::new(io::stdin()), format).with_source(&name),
        )),
    }
}

/// A positional argument that is not a file and could not be a puzzle either: a word with
/// letters and no grid punctuation, such as `puzles.txt`. Saying "no such file" beats
/// "unexpected character 'p'".
fn looks_like_a_missing_path(text: &str) -> bool {
    let t = text.trim();
    !t.starts_with('{')
        && !t.starts_with('[')
        && !t.contains('\n')
        && t.chars().any(|c| c.is_ascii_alphabetic())
        && t.chars()
            .filter(|c| c.is_ascii_digit() || *c == '.')
            .count()
            < 17
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_become_sources() {
        let got = sources(
            &["-".into(), "Cargo.toml".into(), "1.3".into()],
            &["x".into()],
        );
        assert_eq!(got[0], Source::Stdin);
        assert_eq!(got[1], Source::File("Cargo.toml".into()));
        assert_eq!(
            got[2],
            Source::Text {
                argument: 3,
                text: "1.3".into()
            }
        );
        assert_eq!(got[3], Source::File("x".into()));
        assert_eq!(sources(&[], &[]), vec![Source::Stdin]);
    }

    #[test]
    fn missing_paths_are_named() {
        assert!(looks_like_a_missing_path("puzzles.txt"));
        assert!(!looks_like_a_missing_path(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
        ));
    }
}
