//! The one deterministic random number module of the crate: the generators of puzzles
//! (`generate`, the engines' digger, Kakuro's generator) draw from it, so that a seed gives
//! the same puzzles in every version and on every platform (a crate's generator may change
//! its stream between releases, which would break `--seed`).
//!
//! One [`Rng`] with two steps, because puzzles already published under a seed must not
//! change: SplitMix64 ([`Rng::for_attempt`], the Sudoku generator's) and xorshift64*
//! ([`Rng::xorshift`], the engines' digger and Kakuro's generator, each with its own seeding).
//! The draws ([`Rng::below`], [`Rng::below_modulo`], [`Rng::shuffle`]) are shared.

/// How the stream steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// SplitMix64 (Steele, Lea and Flood, 2014): every seed good.
    SplitMix,
    /// xorshift64* (Vigna): small and fast; the state must not be 0.
    XorShift,
}

/// A seeded stream of 64-bit numbers.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
    step: Step,
}

/// The golden-ratio increment of SplitMix64, also the seed spreader of the xorshift streams.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

impl Rng {
    /// The SplitMix64 stream for attempt `index` of a run seeded with `seed`: attempts are
    /// independent, so a run gives the same puzzles however its attempts are spread over
    /// threads.
    pub fn for_attempt(seed: u64, index: u64) -> Rng {
        let mut mixer = Rng {
            state: seed ^ 0x5157_4550_5749_5345,
            step: Step::SplitMix,
        };
        let base = mixer.next_u64();
        Rng {
            state: base ^ index.wrapping_mul(GOLDEN),
            step: Step::SplitMix,
        }
    }

    /// The xorshift64* stream of `seed` spread by the golden ratio, xored with `salt`, made
    /// odd (so never 0): every seed is good, 0 included.
    pub fn xorshift(seed: u64, salt: u64) -> Rng {
        Rng {
            state: seed.wrapping_mul(GOLDEN) ^ salt | 1,
            step: Step::XorShift,
        }
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        match self.step {
            Step::SplitMix => {
                self.state = self.state.wrapping_add(GOLDEN);
                let mut z = self.state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            }
            Step::XorShift => {
                self.state ^= self.state >> 12;
                self.state ^= self.state << 25;
                self.state ^= self.state >> 27;
                self.state.wrapping_mul(0x2545_F491_4F6C_DD1D)
            }
        }
    }

    /// A number in `0..n` (n > 0), by Lemire's multiply-shift on the high 32 bits (its bias
    /// is below 2^-32 here).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A number in `0..n` (n > 0) as the remainder of the next 64 bits (Kakuro's generator
    /// draws so).
    pub fn below_modulo(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffles in place (Fisher-Yates, drawing with [`Rng::below`]).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
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
        assert_ne!(Rng::xorshift(0, 0).next_u64(), 0);
        assert_ne!(
            Rng::xorshift(1, 0).next_u64(),
            Rng::xorshift(1, 1 << 40).next_u64()
        );
    }

    #[test]
    fn below_stays_below_and_covers() {
        for mut rng in [Rng::for_attempt(1, 0), Rng::xorshift(1, 0)] {
            let mut seen = [false; 9];
            for _ in 0..1000 {
                seen[rng.below(9)] = true;
                assert!(rng.below_modulo(9) < 9);
            }
            assert!(seen.iter().all(|&s| s));
        }
    }
}
