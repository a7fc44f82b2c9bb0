//! Time per puzzle over a batch (`stepwise rate --times`): the median, the 90th and 99th
//! percentiles and the worst, in bounded memory whatever the batch's size.
//!
//! Owns [`TimeStats`]: times go into logarithmic buckets 1% wide (from 1 µs up), so a
//! percentile is exact to within 1%; the worst time is kept exactly, with where its puzzle
//! came from.

/// Buckets per factor of ten: 1% apart (ln 10 / ln 1.01 ≈ 231.4).
const BUCKETS_PER_DECADE: f64 = 231.4;
/// Smallest time told apart, in milliseconds (1 µs); anything faster counts as this.
const FLOOR_MS: f64 = 0.001;
/// Buckets: from 1 µs to beyond 10⁴ s (ten decades).
const BUCKETS: usize = 2315;

/// Times gathered over a batch.
#[derive(Debug)]
pub struct TimeStats {
    counts: Vec<u64>,
    total: u64,
    /// The slowest puzzle: its time in milliseconds and where it came from.
    worst: Option<(f64, String)>,
}

impl Default for TimeStats {
    fn default() -> Self {
        TimeStats {
            counts: vec![0; BUCKETS],
            total: 0,
            worst: None,
        }
    }
}

fn bucket_of(ms: f64) -> usize {
    let decades = (ms.max(FLOOR_MS) / FLOOR_MS).log10();
    ((decades * BUCKETS_PER_DECADE) as usize).min(BUCKETS - 1)
}

/// The time at the middle of a bucket, in milliseconds.
fn time_of(bucket: usize) -> f64 {
    FLOOR_MS * 10f64.powf((bucket as f64 + 0.5) / BUCKETS_PER_DECADE)
}

impl TimeStats {
    /// Counts one puzzle's time (milliseconds); `origin` names it (source and line).
    pub fn add(&mut self, ms: f64, origin: impl FnOnce() -> String) {
        if !ms.is_finite() || ms < 0.0 {
            return;
        }
        self.counts[bucket_of(ms)] += 1;
        self.total += 1;
        if self.worst.as_ref().is_none_or(|(worst, _)| ms > *worst) {
            self.worst = Some((ms, origin()));
        }
    }

    /// The time below which a share `q` (0 to 1) of the puzzles fall, to within 1%.
    pub fn percentile(&self, q: f64) -> Option<f64> {
        if self.total == 0 {
            return None;
        }
        // The rank of the puzzle at that share, counting from 1.
        let rank = ((q * self.total as f64).ceil() as u64).clamp(1, self.total);
        let worst = self.worst.as_ref().map_or(f64::INFINITY, |(ms, _)| *ms);
        let mut seen = 0;
        for (bucket, &n) in self.counts.iter().enumerate() {
            seen += n;
            if seen >= rank {
                // (a bucket's middle may lie past the slowest time in it)
                return Some(time_of(bucket).min(worst));
            }
        }
        None
    }

    /// The summary line, ending in `\n` (empty when no time was counted).
    pub fn render(&self) -> String {
        let (Some(median), Some(p90), Some(p99), Some((worst, origin))) = (
            self.percentile(0.5),
            self.percentile(0.9),
            self.percentile(0.99),
            self.worst.as_ref(),
        ) else {
            return String::new();
        };
        format!(
            "  time per puzzle: median {}, 90% under {}, 99% under {}, worst {} ({origin})\n",
            millis(median),
            millis(p90),
            millis(p99),
            millis(*worst)
        )
    }
}

/// A time in milliseconds as people read it: `0.35 ms`, `41.2 ms`, `2.47 s`.
fn millis(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{:.2} s", ms / 1000.0)
    } else if ms >= 10.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{ms:.2} ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_within_one_percent_and_the_worst_is_exact() {
        let mut stats = TimeStats::default();
        // 1 ms to 1000 ms, one puzzle each.
        for i in 1..=1000 {
            stats.add(i as f64, || format!("line {i}"));
        }
        let near = |got: Option<f64>, want: f64| {
            let got = got.expect("a time");
            assert!((got - want).abs() <= want * 0.01, "{got} for {want}");
        };
        near(stats.percentile(0.5), 500.0);
        near(stats.percentile(0.9), 900.0);
        near(stats.percentile(0.99), 990.0);
        near(stats.percentile(1.0), 1000.0);
        assert_eq!(stats.worst, Some((1000.0, "line 1000".to_string())));
        let line = stats.render();
        assert!(line.starts_with("  time per puzzle: median 49"), "{line}");
        assert!(line.ends_with("worst 1.00 s (line 1000)\n"), "{line}");
    }

    #[test]
    fn nothing_counted_renders_nothing() {
        let mut stats = TimeStats::default();
        assert_eq!(stats.render(), "");
        stats.add(f64::NAN, || {
            unreachable!("a time that is not one is skipped")
        });
        assert_eq!(stats.percentile(0.5), None);
        // Times beyond the last bucket still count, the worst exactly.
        stats.add(5e8, || "slow".into());
        assert!(stats.render().ends_with("worst 500000.00 s (slow)\n"));
    }
}
