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

/// One entry of the stream over every source: a puzzle (or its error) with the index of its
/// source, or a source that could not be opened.
// Nearly every entry is a puzzle: boxing it would allocate per puzzle to shrink the rare one.
#[allow(clippy::large_enum_variant)]
pub enum Entry {
    Puzzle {
        source: usize,
        parsed: Result<PuzzleInput, Error>,
    },
    Unopened(String),
}

/// Every puzzle of every source in order, opening each source only when the previous one is
/// used up, so nothing is read ahead beyond what the caller asks for.
pub fn stream(sources: Vec<Source>, format: Option<Format>) -> impl Iterator<Item = Entry> {
    sources.into_iter().enumerate().flat_map(
        move |(index, source)| -> Box<dyn Iterator<Item = Entry>> {
            match open(&source, format) {
                Ok(puzzles) => Box::new(puzzles.map(move |parsed| Entry::Puzzle {
                    source: index,
                    parsed,
                })),
                Err(message) => Box::new(std::iter::once(Entry::Unopened(message))),
            }
        },
    )
}

/// The number of lines of each source, for a progress estimate: `None` when a source is
/// standard input (its length is unknown until it ends) or a file cannot be read. One fast
/// pass over the bytes, never holding more than a buffer.
pub fn line_counts(sources: &[Source]) -> Option<Vec<u64>> {
    use std::io::Read;
    let mut counts = Vec::with_capacity(sources.len());
    for source in sources {
        counts.push(match source {
            Source::Stdin => return None,
            Source::Text { text, .. } => text.lines().count() as u64,
            Source::File(path) => {
                let mut file = File::open(path).ok()?;
                let mut buffer = vec![0u8; 1 << 16];
                let (mut lines, mut last) = (0u64, b'\n');
                loop {
                    let n = file.read(&mut buffer).ok()?;
                    if n == 0 {
                        break;
                    }
                    lines += buffer[..n].iter().filter(|&&b| b == b'\n').count() as u64;
                    last = buffer[n - 1];
                }
                // A last line without its newline still counts.
                lines + u64::from(last != b'\n')
            }
        });
    }
    Some(counts)
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
    fn lines_are_counted_per_source_and_stdin_is_unknown() {
        let path = std::env::temp_dir().join(format!("stepwise-lines-{}.txt", std::process::id()));
        std::fs::write(&path, "a\nb\nc").unwrap();
        let file = Source::File(path.to_string_lossy().into_owned());
        let text = Source::Text {
            argument: 1,
            text: "x\ny\n".into(),
        };
        assert_eq!(line_counts(&[file.clone(), text]), Some(vec![3, 2]));
        assert_eq!(line_counts(&[file, Source::Stdin]), None);
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn missing_paths_are_named() {
        assert!(looks_like_a_missing_path("puzzles.txt"));
        assert!(!looks_like_a_missing_path(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
        ));
    }
}
