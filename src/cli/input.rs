//! Where a command's puzzles come from: positional arguments (a file path when such a file or
//! directory exists, otherwise a puzzle string), `-f FILE`, or standard input (`-`, `-f -`, or
//! nothing); and reading one puzzle from an argument (`hint --puzzle`).
//!
//! Every source is streamed record by record, so a batch file of any size is never read whole.

use std::fs::File;
use std::io::{self, BufReader, Cursor};
use std::path::Path;

use stepwise::format::{read_records, Format, Note, PuzzleInput, Record, Rejected};

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

    /// The source a positional argument names: `-` is standard input, an existing path (file
    /// or directory, which then fails to open with a clear message) a file, anything else a
    /// puzzle text. `argument` is its 1-based position, for messages.
    fn from_argument(argument: usize, text: &str) -> Source {
        if text == "-" {
            Source::Stdin
        } else if Path::new(text).exists() {
            Source::File(text.to_string())
        } else {
            Source::Text {
                argument,
                text: text.to_string(),
            }
        }
    }
}

/// Turns the command's inputs into sources, in the order given; `-f -` is standard input.
pub fn sources(positional: &[String], files: &[String]) -> Vec<Source> {
    let mut out: Vec<Source> = positional
        .iter()
        .enumerate()
        .map(|(i, arg)| Source::from_argument(i + 1, arg))
        .collect();
    out.extend(files.iter().map(|f| match f.as_str() {
        "-" => Source::Stdin,
        path => Source::File(path.to_string()),
    }));
    if out.is_empty() {
        out.push(Source::Stdin);
    }
    out
}

/// What a source yields: each record (puzzle, rejected record or note), in input order.
pub type Records = Box<dyn Iterator<Item = Record>>;

/// Opens a source as a stream of records. A source that cannot be opened is an `Err` naming
/// it: `PATH: is a directory`, `PATH: no such file`, `PATH: cannot open: REASON`.
pub fn open(source: &Source, format: Option<Format>) -> Result<Records, String> {
    let name = source.name();
    Ok(Box::new(
        read_records(open_bytes(source)?, format).with_source(&name),
    ))
}

/// Opens a source as bytes, with [`open`]'s messages for a source that cannot be opened (and
/// for a text that is more likely a missing path than a puzzle).
pub fn open_bytes(source: &Source) -> Result<Box<dyn io::BufRead>, String> {
    match source {
        Source::File(path) => {
            if Path::new(path).is_dir() {
                return Err(format!("{path}: is a directory"));
            }
            let file = File::open(path).map_err(|e| match e.kind() {
                io::ErrorKind::NotFound => format!("{path}: no such file"),
                _ => format!("{path}: cannot open: {e}"),
            })?;
            Ok(Box::new(BufReader::new(file)))
        }
        Source::Text { text, .. } => {
            if looks_like_a_missing_path(text) {
                return Err(format!("{text}: no such file (and not a puzzle)"));
            }
            Ok(Box::new(Cursor::new(text.clone().into_bytes())))
        }
        Source::Stdin => Ok(Box::new(BufReader::new(io::stdin()))),
    }
}

/// Reads exactly one puzzle from a command-line argument: a file path, `-` for standard
/// input, or the puzzle itself. A header on the first line is skipped. The error is the message to print:
/// the source that could not be opened (`DIR: is a directory`, `PATH: no such file (and not
/// a puzzle)`), or the puzzle's error or a second puzzle's line, after `FILE: ` or `stdin: `
/// when it came from there.
pub fn read_one_puzzle(argument: &str, format: Option<Format>) -> Result<PuzzleInput, String> {
    let source = Source::from_argument(1, argument);
    // A file or stdin is named in messages; a puzzle given as text needs no name.
    let prefix = match &source {
        Source::Text { .. } => String::new(),
        other => format!("{}: ", other.name()),
    };
    let mut records = open(&source, format)?.filter(|r| !matches!(r, Record::Note(_)));
    let first = match records.next() {
        Some(Record::Puzzle(puzzle)) => puzzle,
        Some(Record::Rejected(rejected)) => return Err(format!("{prefix}{}", rejected.error)),
        Some(Record::Note(_)) | None => return Err(format!("{prefix}no puzzle found")),
    };
    match records.next() {
        None => Ok(first),
        Some(Record::Rejected(rejected)) => Err(format!("{prefix}{}", rejected.error)),
        Some(second) => Err(format!(
            "{prefix}line {}: a second puzzle starts here, but exactly one was expected",
            second.line()
        )),
    }
}

/// One entry of the stream over every source: a puzzle or the rejected record in its place,
/// or a note, each with the index of its source; or a source that could not be opened.
// Nearly every entry is a puzzle: boxing it would allocate per puzzle to shrink the rare one.
#[allow(clippy::large_enum_variant)]
pub enum Entry {
    Puzzle {
        source: usize,
        parsed: Result<PuzzleInput, Rejected>,
    },
    Note {
        source: usize,
        note: Note,
    },
    Unopened(String),
}

/// Every record of every source in order, opening each source only when the previous one is
/// used up, so nothing is read ahead beyond what the caller asks for.
pub fn stream(sources: Vec<Source>, format: Option<Format>) -> impl Iterator<Item = Entry> {
    sources.into_iter().enumerate().flat_map(
        move |(index, source)| -> Box<dyn Iterator<Item = Entry>> {
            match open(&source, format) {
                Ok(records) => Box::new(records.map(move |record| match record {
                    Record::Puzzle(puzzle) => Entry::Puzzle {
                        source: index,
                        parsed: Ok(puzzle),
                    },
                    Record::Rejected(rejected) => Entry::Puzzle {
                        source: index,
                        parsed: Err(rejected),
                    },
                    Record::Note(note) => Entry::Note {
                        source: index,
                        note,
                    },
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
            &["-".into(), "Cargo.toml".into(), "1.3".into(), "src".into()],
            &["x".into(), "-".into()],
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
        // A directory is a file source, which then fails to open naming it.
        assert_eq!(got[3], Source::File("src".into()));
        assert_eq!(got[4], Source::File("x".into()));
        assert_eq!(got[5], Source::Stdin);
        assert_eq!(
            open(&got[3], None).err(),
            Some("src: is a directory".to_string())
        );
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
