//! The closing summary of a batch on standard error: how many puzzles ended in each status,
//! the time taken and the throughput, and a histogram of the ER of the solved puzzles by
//! whole-number band.
//!
//! Owns [`Summary`]: fed one status and ER per puzzle, rendered once at the end.

use std::time::Duration;

/// Statuses in the order the summary lists them (the words `rate` prints).
const STATUSES: [&str; 6] = [
    "solved",
    "stuck",
    "timeout",
    "invalid",
    "no_solution",
    "multiple_solutions",
];

/// Width of the longest histogram bar, in characters.
const BAR_WIDTH: usize = 40;

/// Counts gathered over a batch.
#[derive(Debug, Default)]
pub struct Summary {
    counts: [u64; STATUSES.len()],
    /// Solved puzzles per ER band: index `b` holds ER in `[b, b + 1)`.
    er_bands: Vec<u64>,
}

impl Summary {
    /// Counts one puzzle; the ER counts only for a solved one (others carry sentinels).
    pub fn add(&mut self, status: &str, er: f64) {
        if let Some(i) = STATUSES.iter().position(|&s| s == status) {
            self.counts[i] += 1;
        }
        if status == "solved" && er.is_finite() && er >= 0.0 {
            let band = er.floor() as usize;
            if self.er_bands.len() <= band {
                self.er_bands.resize(band + 1, 0);
            }
            self.er_bands[band] += 1;
        }
    }

    /// All puzzles counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The summary text, every line ending in `\n`.
    pub fn render(&self, elapsed: Duration, jobs: usize) -> String {
        let seconds = elapsed.as_secs_f64();
        let rate = if seconds > 0.0 {
            self.total() as f64 / seconds
        } else {
            0.0
        };
        let mut out = format!(
            "summary: {} puzzle{} in {:.2} s, {:.1} puzzles/s, {} job{}\n",
            self.total(),
            if self.total() == 1 { "" } else { "s" },
            seconds,
            rate,
            jobs,
            if jobs == 1 { "" } else { "s" }
        );
        let counts: Vec<String> = STATUSES
            .iter()
            .zip(self.counts)
            .map(|(s, n)| format!("{s} {n}"))
            .collect();
        out.push_str(&format!("  {}\n", counts.join(", ")));
        let Some(first) = self.er_bands.iter().position(|&n| n > 0) else {
            return out;
        };
        out.push_str("  ER of solved puzzles:\n");
        let most = self.er_bands.iter().copied().max().unwrap_or(1).max(1);
        for (band, &n) in self.er_bands.iter().enumerate().skip(first) {
            let bar = (n as usize * BAR_WIDTH).div_ceil(most as usize);
            out.push_str(&format!(
                "  {:>4.1}-{:<4.1} {:>9} {}\n",
                band as f64,
                band as f64 + 0.9,
                n,
                "#".repeat(bar)
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_status_and_er_bands_of_solved_puzzles() {
        let mut summary = Summary::default();
        summary.add("solved", 1.2);
        summary.add("solved", 1.5);
        summary.add("solved", 3.0);
        summary.add("stuck", 20.0);
        summary.add("timeout", 20.0);
        summary.add("invalid", 20.0);
        let text = summary.render(Duration::from_secs(2), 2);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "summary: 6 puzzles in 2.00 s, 3.0 puzzles/s, 2 jobs"
        );
        assert_eq!(
            lines[1],
            "  solved 3, stuck 1, timeout 1, invalid 1, no_solution 0, multiple_solutions 0"
        );
        assert_eq!(lines[2], "  ER of solved puzzles:");
        assert_eq!(
            lines[3],
            format!("   1.0-1.9          2 {}", "#".repeat(40))
        );
        assert_eq!(lines[4], "   2.0-2.9          0 ");
        assert_eq!(
            lines[5],
            format!("   3.0-3.9          1 {}", "#".repeat(20))
        );
        assert_eq!(lines.len(), 6);
    }

    #[test]
    fn no_histogram_without_solved_puzzles() {
        let mut summary = Summary::default();
        summary.add("invalid", 20.0);
        assert_eq!(summary.render(Duration::ZERO, 1).lines().count(), 2);
    }
}
