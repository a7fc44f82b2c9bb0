//! Random puzzles for the property tests: a random solution grid found by the complete solver
//! from a few random seed digits, then clues removed in a random order while the solution stays
//! unique. Deterministic in the seed, so a failing case prints a seed that reproduces it.

use stepwise::solver::count_solutions;

/// A xorshift generator: small, fast, and the same on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random solution grid: eleven random digits in random cells (kept only where they clash
/// with no peer), and the complete solver's first solution of that; a fresh try when the digits
/// happen to admit none.
pub fn solution_grid(rng: &mut Rng) -> [u8; 81] {
    loop {
        let mut cells = [0u8; 81];
        for _ in 0..11 {
            let cell = rng.below(81);
            let digit = rng.below(9) as u8 + 1;
            let clash = stepwise::geometry::peers(cell)
                .iter()
                .any(|p| cells[p] == digit);
            if !clash {
                cells[cell] = digit;
            }
        }
        if let Some(solution) = count_solutions(&cells, 1).solutions.first() {
            return *solution;
        }
    }
}

/// A puzzle of `solution` with one solution: its cells tried for removal in a random order,
/// each removed when the rest still has one solution, stopping after `tries` cells (81 makes a
/// minimal puzzle; fewer an easier one with more givens).
pub fn dug_puzzle(rng: &mut Rng, solution: &[u8; 81], tries: usize) -> [u8; 81] {
    let mut cells = *solution;
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    for &cell in order.iter().take(tries) {
        cells[cell] = 0;
        if count_solutions(&cells, 2).count != 1 {
            cells[cell] = solution[cell];
        }
    }
    cells
}

/// A random puzzle and its solution, from a seed and a number of removal tries.
pub fn puzzle(seed: u64, tries: usize) -> ([u8; 81], [u8; 81]) {
    let mut rng = Rng::new(seed);
    let solution = solution_grid(&mut rng);
    (dug_puzzle(&mut rng, &solution, tries), solution)
}
