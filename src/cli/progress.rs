//! The progress line of a batch on standard error: puzzles done, puzzles per second, and the
//! share done with an ETA once the input's length is known; or a line of the command's own
//! (`generate`: found and tried) through [`Progress::show`].
//!
//! Owns [`Progress`]. It draws only when standard error is a terminal (a log file or a pipe
//! gets nothing), at most ten times a second, on one line rewritten in place; messages printed
//! meanwhile go through [`Progress::message`] so they do not mix with the line.
//! Hand-written rather than `indicatif`: one line of text needs no dependency.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

const REDRAW_EVERY: Duration = Duration::from_millis(100);

/// Where the batch stands, drawn on standard error.
pub struct Progress {
    enabled: bool,
    start: Instant,
    last_drawn: Option<Instant>,
    done: u64,
    /// Lines of every source, filled in by a counting thread when all sources are files.
    total_lines: Arc<OnceLock<Vec<u64>>>,
    drawn: bool,
}

impl Progress {
    /// A progress line for standard error when it is a terminal; otherwise one that stays
    /// silent. `total_lines` may be filled later (the count runs beside the batch).
    pub fn on_stderr(total_lines: Arc<OnceLock<Vec<u64>>>) -> Progress {
        Progress::new(std::io::stderr().is_terminal(), total_lines)
    }

    fn new(enabled: bool, total_lines: Arc<OnceLock<Vec<u64>>>) -> Progress {
        Progress {
            enabled,
            start: Instant::now(),
            last_drawn: None,
            done: 0,
            total_lines,
            drawn: false,
        }
    }

    /// Whether anything is drawn at all.
    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    /// One more puzzle written; `source` and `line` say how far into the input it was.
    pub fn advance(&mut self, source: usize, line: usize) {
        self.done += 1;
        self.show(|progress, elapsed| progress.line(source, line, elapsed));
    }

    /// Draws a line of the caller's own, given the time since the start, for a batch that
    /// counts something else than puzzles read (`generate`: found and tried); as often as
    /// [`Progress::advance`] draws, and only on a terminal.
    pub fn show(&mut self, text: impl FnOnce(&Progress, Duration) -> String) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if self
            .last_drawn
            .is_some_and(|at| now.duration_since(at) < REDRAW_EVERY)
        {
            return;
        }
        self.last_drawn = Some(now);
        let text = text(self, now.duration_since(self.start));
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[K{text}");
        let _ = err.flush();
        self.drawn = true;
    }

    /// Prints a message on its own line, above the progress line.
    pub fn message(&mut self, text: &str) {
        self.clear();
        eprintln!("{text}");
    }

    /// Removes the progress line (before the summary).
    pub fn clear(&mut self) {
        if self.drawn {
            eprint!("\r\x1b[K");
            self.drawn = false;
        }
    }

    fn line(&self, source: usize, line: usize, elapsed: Duration) -> String {
        let seconds = elapsed.as_secs_f64().max(1e-9);
        let mut text = format!(
            "{} puzzles, {:.0} puzzles/s",
            self.done,
            self.done as f64 / seconds
        );
        if let Some(fraction) = self.fraction(source, line) {
            text.push_str(&format!(", {:.1}%", fraction * 100.0));
            if fraction > 0.0 {
                let left = seconds * (1.0 - fraction) / fraction;
                text.push_str(&format!(", ETA {}", clock(left)));
            }
        }
        text
    }

    /// The share of the input's lines read up to `line` of `source`, when the total is known.
    fn fraction(&self, source: usize, line: usize) -> Option<f64> {
        let counts = self.total_lines.get()?;
        let total: u64 = counts.iter().sum();
        if total == 0 {
            return None;
        }
        let before: u64 = counts.iter().take(source).sum();
        Some(((before + line as u64) as f64 / total as f64).min(1.0))
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

/// `h:mm:ss`.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_shows_rate_and_eta_once_the_total_is_known() {
        let total = Arc::new(OnceLock::new());
        let mut progress = Progress::new(false, total.clone());
        for _ in 0..50 {
            progress.advance(0, 0);
        }
        let line = progress.line(1, 25, Duration::from_secs(10));
        assert_eq!(line, "50 puzzles, 5 puzzles/s");
        total.set(vec![50, 50]).unwrap();
        // Source 1, line 25: 75 of 100 lines in 10 s, so about 3 s left.
        let line = progress.line(1, 25, Duration::from_secs(10));
        assert_eq!(line, "50 puzzles, 5 puzzles/s, 75.0%, ETA 0:00:03");
    }

    #[test]
    fn clock_format() {
        assert_eq!(clock(3725.4), "1:02:05");
        assert_eq!(clock(0.0), "0:00:00");
    }
}
