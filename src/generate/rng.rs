//! The generator's random numbers: SplitMix64, written here so that a seed gives the same
//! puzzles in every version and on every platform (a crate's generator may change its stream
//! between releases, which would break `--seed`).

/// A SplitMix64 stream (Steele, Lea and Flood, 2014): 64 bits of state, one multiply-xorshift
/// output per step, every seed good.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The stream for attempt `index` of a run seeded with `seed`: attempts are independent,
    /// so a run gives the same puzzles however its attempts are spread over threads.
    pub(crate) fn for_attempt(seed: u64, index: u64) -> Rng {
        let mut mixer = Rng(seed ^ 0x5157_4550_5749_5345); // "STEPWISE"-ish, any odd constant
        let base = mixer.next_u64();
        Rng(base ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), by Lemire's multiply-shift (its bias is below 2^-32 here).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Shuffles in place (Fisher-Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn a_seed_gives_one_stream() {
        let a: Vec<u64> = (0..4).map(|_| Rng::for_attempt(7, 3).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(
            Rng::for_attempt(7, 3).next_u64(),
            Rng::for_attempt(7, 4).next_u64()
        );
        assert_ne!(
            Rng::for_attempt(7, 3).next_u64(),
            Rng::for_attempt(8, 3).next_u64()
        );
    }

    #[test]
    fn below_stays_below_and_covers() {
        let mut rng = Rng::for_attempt(1, 0);
        let mut seen = [false; 9];
        for _ in 0..1000 {
            let x = rng.below(9);
            seen[x] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
