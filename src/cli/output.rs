//! Standard output for every command: buffered, flushed often enough that a slow batch shows
//! its rows as it goes, and a reader that went away (`stepwise explain BIG | head -1`) ends the
//! process at once and quietly, pending work included.
//!
//! Owns [`Out`] and [`report`], the one way a command writes an answer and an error about it,
//! and [`write_pictures`], the one way `--svg DIR` writes a path's pictures.

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::time::{Duration, Instant};

use super::{EXIT_FAILED, EXIT_OK};

/// Output is flushed at least this often while records keep coming.
const FLUSH_EVERY: Duration = Duration::from_millis(250);

/// Buffered standard output that never reports a write error to its caller: a closed pipe
/// exits with code 0 (the reader has all it wanted), any other failure exits with code 1 after
/// saying so on standard error.
pub struct Out {
    writer: BufWriter<StdoutLock<'static>>,
    last_flush: Instant,
    /// A terminal gets each record as soon as it is written.
    interactive: bool,
}

impl Out {
    pub fn new() -> Out {
        let stdout = io::stdout();
        Out {
            interactive: stdout.is_terminal(),
            writer: BufWriter::new(stdout.lock()),
            last_flush: Instant::now(),
        }
    }

    /// Whether standard output is a terminal.
    pub fn is_terminal(&self) -> bool {
        self.interactive
    }

    /// Writes text as it is.
    pub fn write(&mut self, text: &str) {
        if let Err(e) = self.writer.write_all(text.as_bytes()) {
            stop(&e);
        }
    }

    /// Writes one line (a line break is added).
    pub fn line(&mut self, text: &str) {
        self.write(text);
        self.write("\n");
    }

    /// Marks the end of one record: flushed at once on a terminal, otherwise at least every
    /// [`FLUSH_EVERY`], so a closed reader is noticed within one record of a slow batch.
    pub fn end_record(&mut self) {
        if self.interactive || self.last_flush.elapsed() >= FLUSH_EVERY {
            self.flush();
        }
    }

    pub fn flush(&mut self) {
        self.last_flush = Instant::now();
        if let Err(e) = self.writer.flush() {
            stop(&e);
        }
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        self.flush();
    }
}

/// Ends the process after a failed write to standard output.
fn stop(error: &io::Error) -> ! {
    if error.kind() == io::ErrorKind::BrokenPipe {
        // The reader closed the pipe: what it did not read is not wanted.
        std::process::exit(EXIT_OK);
    }
    eprintln!("error: cannot write to standard output: {error}");
    std::process::exit(EXIT_FAILED);
}

/// Says an error about one input on standard error, unless standard output is the same
/// terminal, where the answer row already shows it.
pub fn report(out: &Out, message: &str) {
    if !out.is_terminal() || !io::stderr().is_terminal() {
        eprintln!("error: {message}");
    }
}

/// Writes one puzzle's pictures into `dir`, `prefix` before each name (`p2-`, or nothing for
/// a single puzzle); the error names the file.
pub(super) fn write_pictures(
    dir: &std::path::Path,
    prefix: &str,
    pictures: &[String],
) -> Result<(), String> {
    for (i, picture) in pictures.iter().enumerate() {
        let path = dir.join(format!("{prefix}step-{:03}.svg", i + 1));
        std::fs::write(&path, picture)
            .map_err(|e| format!("--svg: cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}
