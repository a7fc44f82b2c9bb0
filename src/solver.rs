//! The complete solver: a fast, deterministic search that proves validity (0, 1 or many
//! solutions) and returns the solutions it finds. It owns nothing else: no techniques, no
//! ratings, no formats (callers turn text into `[u8; 81]` and check given conflicts themselves).
//!
//! Representation: for each digit and each band (three rows), a 27-bit word of the cells where
//! the digit may be or is (bit `9 * (row % 3) + column`). Propagation runs to a fixpoint:
//! - per digit and band, rows and boxes must match one to one (a table of the 3x3 perfect
//!   matchings keeps the cells some matching allows): hidden singles of rows and boxes, and
//!   locked candidates. A column only this band can hold (a column's hidden single) confines
//!   the band's box to it; a column alone in its box in this band is removed from the others;
//! - a row of a digit reduced to one cell fixes that cell for the digit, and every other
//!   digit loses it; counting across the nine digits finds naked singles and empty cells.
//!
//! Then it branches on a most constrained cell (fewest candidates; among two-candidate cells the
//! one with the most open peers, then the first): its lowest digit first, the alternative "not
//! that digit" saved on an explicit stack (no recursion; at most 81 deep, as each saved board
//! has one more cell placed on the current path). Same input, same solutions in the same order.
//! A found solution is checked to be a valid grid before it is reported.

/// Outcome of a search limited to `limit` solutions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solutions {
    /// The number of solutions found: the real count, capped at `limit`.
    pub count: usize,
    /// The first `count` solutions found, in a deterministic order (depth first, lower digits
    /// first). Index `i = row * 9 + col`, digits 1..=9.
    pub solutions: Vec<[u8; 81]>,
}

/// The uniqueness check: a search limited to two solutions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Validity {
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has exactly one solution.
    Unique([u8; 81]),
    /// The puzzle has two or more solutions; these are the first two found.
    Multiple([u8; 81], [u8; 81]),
}

/// Counts solutions of a puzzle, stopping at `limit`.
///
/// `cells[i]` is 0 for empty or 1..=9; index `i = row * 9 + col` (row-major, 0-based).
/// Conflicting givens simply give count 0 (callers check conflicts for error messages
/// themselves), and so does any value above 9. `limit` 0 gives count 0 without searching.
pub fn count_solutions(cells: &[u8; 81], limit: usize) -> Solutions {
    let mut solutions = Vec::new();
    let count = match Board::from_cells(cells) {
        Some(board) => search(board, limit, |s| solutions.push(*s)),
        None => 0,
    };
    Solutions { count, solutions }
}

/// Calls `found` with each solution in turn (in [`count_solutions`]'s order), stopping at
/// `limit`, and returns their number; keeps none of them, for callers that enumerate many
/// (the `fast` engine of [`crate::engines`]). Cells as in [`count_solutions`].
pub fn for_each_solution(cells: &[u8; 81], limit: usize, found: impl FnMut(&[u8; 81])) -> usize {
    match Board::from_cells(cells) {
        Some(board) => search(board, limit, found),
        None => 0,
    }
}

/// Counts solutions, stopping at `limit`, when each cell may only take the digits allowed in
/// `candidates[i]` (bit `d - 1` set = digit `d` allowed; bits above the ninth are ignored).
/// A cell with one candidate is effectively given; a cell with none gives count 0.
/// Used for pencilmark puzzles.
pub fn count_solutions_with_candidates(candidates: &[u16; 81], limit: usize) -> Solutions {
    let mut solutions = Vec::new();
    let count = search(Board::from_candidates(candidates), limit, |s| {
        solutions.push(*s)
    });
    Solutions { count, solutions }
}

/// The uniqueness check of a puzzle given as in [`count_solutions`] (a search limited to 2).
///
/// # Examples
///
/// ```
/// use stepwise::format::parse_puzzle;
/// use stepwise::solver::{validity, Validity};
///
/// let puzzle = parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", None).unwrap();
/// match validity(&puzzle.cells) {
///     Validity::Unique(solution) => assert_eq!(solution[2], 4), // r1c3
///     other => panic!("expected one solution, got {other:?}"),
/// }
/// // The empty grid has many solutions; the first two found are returned.
/// assert!(matches!(validity(&[0; 81]), Validity::Multiple(..)));
/// ```
pub fn validity(cells: &[u8; 81]) -> Validity {
    match Board::from_cells(cells) {
        Some(board) => validity_of(board),
        None => Validity::NoSolution,
    }
}

/// The uniqueness check of a pencilmark puzzle given as in [`count_solutions_with_candidates`].
pub fn validity_with_candidates(candidates: &[u16; 81]) -> Validity {
    validity_of(Board::from_candidates(candidates))
}

/// Whether a puzzle keeps one solution once the givens at the cells of `removed` (bit `c` for
/// cell `c`) are taken away, when with them it had exactly the one solution `solution`.
/// `cells` is the puzzle without them (those cells 0), its givens agreeing with `solution`.
///
/// Any other solution would be one of the puzzle with the givens back unless it differs from
/// `solution` in a removed cell; so each removed cell in turn is searched for a solution with
/// another digit there, the cells searched before it fixed to theirs. Each search stops at the
/// first solution and never enters the part of the tree around `solution` that a count to two
/// explores: for one removed cell it is the cheaper test (the generator's digging), for many
/// the searches add up to more than one count. The answer is [`validity`]'s (`Unique` or not)
/// whenever the premise holds; bits past cell 80 are ignored.
pub fn unique_without(cells: &[u8; 81], solution: &[u8; 81], removed: u128) -> bool {
    let mut puzzle = *cells;
    let mut rest = removed & ((1u128 << 81) - 1);
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let Some(mut board) = Board::from_cells(&puzzle) else {
            return false;
        };
        let digit = usize::from(solution[c]);
        if !(1..=9).contains(&digit) {
            return false;
        }
        board.exclude(c / 27, 1 << (c % 27), digit - 1);
        if search(board, 1, |_| {}) > 0 {
            return false;
        }
        puzzle[c] = solution[c];
    }
    true
}

fn validity_of(board: Board) -> Validity {
    let mut found = [[0u8; 81]; 2];
    let mut n = 0;
    // `search` stops at the limit: at most two solutions arrive here.
    search(board, 2, |grid| {
        if let Some(slot) = found.get_mut(n) {
            *slot = *grid;
            n += 1;
        }
    });
    match n {
        0 => Validity::NoSolution,
        1 => Validity::Unique(found[0]),
        _ => Validity::Multiple(found[0], found[1]),
    }
}

// ---------------------------------------------------------------------------------------------
// Bit layout
// ---------------------------------------------------------------------------------------------

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The first cell of each of the three rows of a band: multiplying a 9-bit column mask by it
/// copies the mask into the three rows.
const ROW_STARTS: u32 = 0o001_001_001;

/// `ROW_BOX_CELLS[m]`, for the minirows `m` of a digit in a band (bit `3 * row + box` = the digit
/// can be in that row inside that box), is the mask of the band cells that lie in a minirow of
/// some perfect row-box matching.
static ROW_BOX_CELLS: [u32; 512] = row_box_cells_table();

/// `COLUMN_TAKEN[c]`, for the columns `c` (9 bits) of a digit in a band, is the mask (copied
/// into the three rows) of the columns alone in their box: the band surely holds the digit there.
static COLUMN_TAKEN: [u32; 512] = column_taken_table();

/// `ONLY_KEEP[c]`, for the columns `c` (9 bits) that only this band can hold for a digit, is
/// the mask of the band cells that stay possible: in a stack with such a column, only it
/// (none at all when a stack has two such columns).
static ONLY_KEEP: [u32; 512] = only_keep_table();

/// `BAND_PEERS[p]`: the row and box peers of band cell `p` inside its band (`p` excluded).
static BAND_PEERS: [u32; 27] = band_peers_table();

/// `COLUMN_NIBBLES[m]`: the 9-bit mask `m` with bit `c` moved to bit `4 * c` (one counter
/// per column when added up).
static COLUMN_NIBBLES: [u64; 512] = column_nibbles_table();

/// `NIBBLE_OF_COLUMN[p]`: the shift of the nibble of band cell `p`'s column.
static NIBBLE_OF_COLUMN: [u8; 27] = nibble_of_column_table();

/// `BYTE_PER_BIT[m]`: byte `i` is bit `i` of `m`.
static BYTE_PER_BIT: [u64; 256] = byte_per_bit_table();

/// `POP9[m]`: the number of bits set in the 9-bit mask `m`.
static POP9: [u8; 512] = pop9_table();

/// `KEEP[p]`: the band cells that are not a row or box peer of band cell `p` (`p` included).
static KEEP: [u32; 27] = keep_table();

/// For each 3x3 bipartite graph `m` (bit `3 * a + b` = edge between `a` and `b`), the union of
/// the edges of its perfect matchings (0 when there is none).
const fn matching_table() -> [u16; 512] {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u16; 512];
    let mut graph = 0;
    while graph < 512 {
        let mut union: u16 = 0;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let edges: u16 = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            if graph as u16 & edges == edges {
                union |= edges;
            }
            p += 1;
        }
        table[graph] = union;
        graph += 1;
    }
    table
}

const fn row_box_cells_table() -> [u32; 512] {
    let matching = matching_table();
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let allowed = matching[m] as u32;
        let mut cells = 0;
        let mut minirow = 0;
        while minirow < 9 {
            if allowed & (1 << minirow) != 0 {
                let (row, bx) = (minirow / 3, minirow % 3);
                cells |= 0b111 << (9 * row + 3 * bx);
            }
            minirow += 1;
        }
        table[m] = cells;
        m += 1;
    }
    table
}

const fn column_taken_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut taken = 0;
        let mut stack = 0;
        while stack < 3 {
            let part = (cols >> (3 * stack)) & 0b111;
            if part == 0b001 || part == 0b010 || part == 0b100 {
                taken |= part << (3 * stack);
            }
            stack += 1;
        }
        table[cols] = taken as u32 * ROW_STARTS;
        cols += 1;
    }
    table
}

const fn only_keep_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut only = 0;
    while only < 512 {
        let mut keep = 0o777;
        let mut stack = 0;
        while stack < 3 {
            let part: usize = (only >> (3 * stack)) & 0b111;
            if part != 0 {
                keep &= !((0b111 & !part) << (3 * stack));
            }
            if part & part.wrapping_sub(1) != 0 {
                // Two columns of one box that only this band can hold: no room for both.
                keep = 0;
            }
            stack += 1;
        }
        table[only] = keep as u32 * ROW_STARTS;
        only += 1;
    }
    table
}

const fn band_peers_table() -> [u32; 27] {
    let keep = keep_table();
    let mut table = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        table[p] = BAND & !keep[p];
        p += 1;
    }
    table
}

const fn column_nibbles_table() -> [u64; 512] {
    let mut table = [0u64; 512];
    let mut m = 0;
    while m < 512 {
        let mut c = 0;
        while c < 9 {
            if m & (1 << c) != 0 {
                table[m] |= 1 << (4 * c);
            }
            c += 1;
        }
        m += 1;
    }
    table
}

const fn nibble_of_column_table() -> [u8; 27] {
    let mut table = [0u8; 27];
    let mut p = 0;
    while p < 27 {
        table[p] = (4 * (p % 9)) as u8;
        p += 1;
    }
    table
}

const fn byte_per_bit_table() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut i = 0;
        while i < 8 {
            if m & (1 << i) != 0 {
                table[m] |= 1 << (8 * i);
            }
            i += 1;
        }
        m += 1;
    }
    table
}

const fn pop9_table() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        table[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    table
}

const fn keep_table() -> [u32; 27] {
    let mut table = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (row, bx) = (p / 9, p % 9 / 3);
        let mut peers = 0u32;
        let mut q = 0;
        while q < 27 {
            if q / 9 == row || q % 9 / 3 == bx {
                peers |= 1 << q;
            }
            q += 1;
        }
        table[p] = (BAND & !peers) | (1 << p);
        p += 1;
    }
    table
}

/// The minirows of a band word: bit `3 * row + box` set when the row has a cell in that box.
#[inline(always)]
fn minirows(x: u32) -> usize {
    // Bit 9 * row + 3 * box: the minirow has a cell.
    let t = (x | x >> 1 | x >> 2) & 0o111_111_111;
    // Multiplying by 0b10101 copies bit 3 * box to 3 * box + 4 - 2 * k for k = 0, 1, 2, no two
    // copies on one bit (so no carries); the k = box copies land on 9 * row + 4 + box.
    let u = ((t * 0b10101) >> 4) & 0o007_007_007;
    // Likewise 0o10101 copies bit 9 * row + box to 9 * row + box + 12 - 6 * k: on 12 + 3 * row
    // + box for k = row. (Bits past 32 are dropped, hence the wrapping multiply.)
    ((u.wrapping_mul(0o10101) >> 12) & 0o777) as usize
}

/// The columns (9 bits) that have a cell in a band word.
#[inline(always)]
fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0o777
}

/// The cells of a band word that are alone in their row. Every row must be non-empty.
#[inline(always)]
fn lone_in_row(x: u32) -> u32 {
    let crowded = x & x.wrapping_sub(ROW_STARTS); // non-zero rows had two cells or more
    let flags = (((crowded & 0o377_377_377) + 0o377_377_377) | crowded) & 0o400_400_400;
    x & !((flags >> 8) * 0o777)
}

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// The search state. `cand[b][d]` holds the cells of band `b` where digit `d + 1` is still
/// possible or placed (a "subband", also indexed `s = 9 * b + d`); `fixed[b]` the cells of band
/// `b` whose digit is known and taken out of the other digits' boards; `dirty` the subbands
/// changed since their last update (bit `s`).
#[derive(Clone, Copy)]
struct Board {
    cand: [[u32; 9]; 3],
    fixed: [u32; 3],
    dirty: u32,
}

/// The dirty bit of the subband of digit `d + 1` in band `b`.
const fn dirty_bit(b: usize, d: usize) -> u32 {
    1 << (9 * b + d)
}

/// Removes `cells` from the nine digit boards of a band; returns the digits (bit `d`) whose
/// board lost a cell. Branch-free: it compiles to a few vector instructions.
#[inline(always)]
fn remove_cells(band: &mut [u32; 9], cells: u32) -> u32 {
    let mut changed = 0;
    for (d, c) in band.iter_mut().enumerate() {
        changed |= u32::from(*c & cells != 0) << d;
        *c &= !cells;
    }
    changed
}

impl Board {
    /// The board of a puzzle, or `None` if a value is above 9.
    fn from_cells(cells: &[u8; 81]) -> Option<Board> {
        let mut cand = [[0u32; 9]; 3];
        let mut fixed = [0u32; 3];
        // Per digit, the columns of its givens (in the three rows): the other bands lose them.
        let mut given_columns = [[0u32; 9]; 3];
        for (b, band) in cells.chunks_exact(27).enumerate() {
            // Masks first (branch-free, vectorized), then only the givens one by one.
            let (mut empty, mut wrong) = (0u32, 0u32);
            for (p, &v) in band.iter().enumerate() {
                empty |= u32::from(v == 0) << p;
                wrong |= u32::from(v > 9) << p;
            }
            if wrong != 0 {
                return None;
            }
            let given = BAND & !empty;
            // Indexed by digit - 1, which is 0..9 here (16 slots: no bounds check needed).
            let mut placed = [0u32; 16];
            let mut keep = [BAND; 16];
            let mut rest = given;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let d = usize::from(band[p].wrapping_sub(1) & 15);
                placed[d] |= 1 << p;
                keep[d] &= KEEP[p];
            }
            for d in 0..9 {
                cand[b][d] = (empty | placed[d]) & keep[d];
                given_columns[b][d] = columns(placed[d]) * ROW_STARTS;
            }
            fixed[b] = given;
        }
        for d in 0..9 {
            let [c0, c1, c2] = [0, 1, 2].map(|b| given_columns[b][d]);
            cand[0][d] &= !(c1 | c2);
            cand[1][d] &= !(c0 | c2);
            cand[2][d] &= !(c0 | c1);
        }
        Some(Board {
            cand,
            fixed,
            dirty: BAND,
        })
    }

    fn from_candidates(candidates: &[u16; 81]) -> Board {
        let mut cand = [[0u32; 9]; 3];
        for (i, &c) in candidates.iter().enumerate() {
            let (b, bit) = (i / 27, 1 << (i % 27));
            let mut digits = c & 0o777;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                cand[b][d] |= bit;
            }
        }
        Board {
            cand,
            fixed: [0; 3],
            dirty: BAND,
        }
    }

    fn is_solved(&self) -> bool {
        self.fixed == [BAND; 3]
    }

    /// Propagates to a fixpoint. Returns false on a contradiction.
    fn propagate(&mut self) -> bool {
        // Kept in a local (a register) while propagating.
        let mut dirty = std::mem::take(&mut self.dirty);
        loop {
            // Rounds: the subbands changed in the previous round, in order (band by band, which
            // leaves consecutive updates independent of each other). One changed again before
            // its turn in this round is updated once, with its latest board.
            while dirty != 0 {
                let mut round = dirty;
                while round != 0 {
                    let s = round.trailing_zeros();
                    round &= round - 1;
                    dirty &= !(1 << s);
                    if !self.update(s as usize, &mut dirty) {
                        return false;
                    }
                }
            }
            match self.naked_singles(&mut dirty) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Updates subband `s` after it changed: row-box matching in the band, then the columns
    /// shared with the other two bands, then the cells it fixes. Returns false on a
    /// contradiction.
    #[inline(always)]
    fn update(&mut self, s: usize, dirty: &mut u32) -> bool {
        if s >= 27 {
            return true; // (never: dirty bits are below 27; this tells the compiler)
        }
        // Subband s = 9 * b + d; the same digit in the next bands down, cyclically.
        let b = s / 9;
        let s1 = if s >= 18 { s - 18 } else { s + 9 };
        let s2 = if s >= 9 { s - 9 } else { s + 18 };
        let cand = self.cand.as_flattened_mut();
        let (o1, o2) = (cand[s1], cand[s2]);
        let elsewhere = columns(o1 | o2);
        let mut x = cand[s];
        let cols = loop {
            x &= ROW_BOX_CELLS[minirows(x)];
            let cols = columns(x);
            if cols | elsewhere != 0o777 || x == 0 {
                return false;
            }
            // A column that only this band can hold takes its stack's digit in this band
            // (rarely: then the rows and boxes are matched again).
            let y = x & ONLY_KEEP[(cols & !elsewhere) as usize];
            if y == x {
                break cols;
            }
            x = y;
        };
        // A column alone in its box in this band is this band's: the other bands lose it.
        let taken = COLUMN_TAKEN[cols as usize];
        let (n1, n2) = (o1 & !taken, o2 & !taken);
        cand[s1] = n1;
        cand[s2] = n2;
        *dirty |= u32::from(n1 != o1) << s1 | u32::from(n2 != o2) << s2;
        // A row left with one cell fixes the cell: the other digits lose it. (Branch-free:
        // half the updates fix something, a branch on it would be mispredicted a lot.)
        let new = lone_in_row(x) & !self.fixed[b];
        self.fixed[b] |= new;
        let changed = remove_cells(&mut self.cand[b], new);
        *dirty |= (changed << (9 * b)) & !(1 << s);
        self.cand.as_flattened_mut()[s] = x;
        true
    }

    /// Finds the cells with one candidate left and forces them on their digit's board.
    /// Returns `None` if a cell has no candidate, else whether it forced anything.
    #[inline(always)]
    fn naked_singles(&mut self, dirty: &mut u32) -> Option<bool> {
        for b in 0..3 {
            let (mut once, mut twice) = (0, 0);
            for &v in &self.cand[b] {
                twice |= once & v;
                once |= v;
            }
            if once != BAND {
                return None;
            }
            let singles = once & !twice & !self.fixed[b];
            if singles != 0 {
                for d in 0..9 {
                    let mut hits = self.cand[b][d] & singles;
                    if hits != 0 {
                        *dirty |= dirty_bit(b, d);
                        while hits != 0 {
                            let p = hits.trailing_zeros() as usize;
                            hits &= hits - 1;
                            self.cand[b][d] &= KEEP[p];
                        }
                    }
                }
            }
        }
        Some(*dirty != 0)
    }

    /// The cell to branch on (band, bit) and its lowest digit: a cell with the fewest
    /// candidates. Among the cells with two candidates (there nearly always are some), the one
    /// with the most open peers, whose two branches each settle the most; then the first in
    /// cell order.
    fn choose(&self) -> (usize, u32, usize) {
        let mut pairs = [0u32; 3];
        for (b, band) in self.cand.iter().enumerate() {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for &v in band {
                thrice |= twice & v;
                twice |= once & v;
                once |= v;
            }
            pairs[b] = twice & !thrice;
        }
        let (b, bit) = if pairs != [0; 3] {
            self.busiest_pair(&pairs)
        } else {
            self.fewest_candidates()
        };
        // The lowest digit of the cell (branch-free: the loop compiles to a few vector ops).
        let mut digits = 0u32;
        for (d, &v) in self.cand[b].iter().enumerate() {
            digits |= u32::from(v & bit != 0) << d;
        }
        (b, bit, digits.trailing_zeros() as usize % 9)
    }

    /// Among the cells `pairs` (per band), the first with the most open peers.
    fn busiest_pair(&self, pairs: &[u32; 3]) -> (usize, u32) {
        let open = self.fixed.map(|f| !f & BAND);
        // Open cells per column of each band, one nibble per column.
        let per_column = open.map(|o| {
            COLUMN_NIBBLES[(o & 0o777) as usize]
                + COLUMN_NIBBLES[(o >> 9 & 0o777) as usize]
                + COLUMN_NIBBLES[(o >> 18) as usize]
        });
        let all_columns = per_column[0] + per_column[1] + per_column[2];
        // The best key: the score above, the complement of the cell index below (so that
        // ties go to the first cell).
        let mut best = 0;
        for b in 0..3 {
            let elsewhere = all_columns - per_column[b];
            let mut cells = pairs[b];
            while cells != 0 {
                let p = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let near = open[b] & BAND_PEERS[p];
                let score = u32::from(POP9[(near & 0o777) as usize])
                    + u32::from(POP9[(near >> 9 & 0o777) as usize])
                    + u32::from(POP9[(near >> 18) as usize])
                    + (elsewhere >> NIBBLE_OF_COLUMN[p] & 0xF) as u32;
                best = best.max(score << 8 | (255 - 27 * b as u32 - p as u32));
            }
        }
        let cell = 255 - (best & 0xFF) as usize;
        (cell / 27 % 3, 1 << (cell % 27))
    }

    /// The first open cell with the fewest candidates.
    fn fewest_candidates(&self) -> (usize, u32) {
        let mut best = (0, 0, usize::MAX);
        for b in 0..3 {
            let mut open = !self.fixed[b] & BAND;
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let n = self.cand[b].iter().filter(|&&v| v & bit != 0).count();
                if n < best.2 {
                    best = (b, bit, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// Places digit `d` in the cell `bit` of band `b`: the other digits lose the cell, and
    /// the cell's row and box peers lose the digit.
    fn place(&mut self, b: usize, bit: u32, d: usize) {
        let mut changed = 0;
        for (e, c) in self.cand[b].iter_mut().enumerate() {
            changed |= u32::from(*c & bit != 0) << e;
            *c &= !bit;
        }
        self.cand[b][d] &= KEEP[bit.trailing_zeros() as usize];
        self.cand[b][d] |= bit;
        self.dirty |= changed << (9 * b);
    }

    /// Removes digit `d` from the cell `bit` of band `b`.
    fn exclude(&mut self, b: usize, bit: u32, d: usize) {
        self.cand[b][d] &= !bit;
        self.dirty |= dirty_bit(b, d);
    }

    /// The grid of a solved board, or `None` if it is not a valid complete grid (which the
    /// propagation rules out; this is a cheap last guard).
    fn solution(&self) -> Option<[u8; 81]> {
        if !self.is_valid_solution() {
            return None;
        }
        // Bit k of every cell's digit, as an 81-bit mask; then 8 cells at a time, each mask
        // bit becomes a byte.
        let mut planes = [0u128; 4];
        for (b, band) in self.cand.iter().enumerate() {
            for (d, &w) in band.iter().enumerate() {
                for (k, plane) in planes.iter_mut().enumerate() {
                    if (d + 1) >> k & 1 != 0 {
                        *plane |= u128::from(w) << (27 * b);
                    }
                }
            }
        }
        let chunk = |c: usize| {
            let mut bytes = 0u64;
            for (k, plane) in planes.iter().enumerate() {
                bytes |= BYTE_PER_BIT[(plane >> (8 * c)) as u8 as usize] << k;
            }
            bytes.to_le_bytes()
        };
        let mut grid = [0u8; 81];
        for (c, cells) in grid.chunks_exact_mut(8).enumerate() {
            cells.copy_from_slice(&chunk(c));
        }
        grid[80] = chunk(10)[0];
        Some(grid)
    }

    /// Whether the boards form a valid complete grid: every cell in exactly one board, and
    /// every digit in every row, box and column (so exactly once in each: 81 cells in all).
    fn is_valid_solution(&self) -> bool {
        let mut ok = true;
        for band in &self.cand {
            let (mut once, mut twice) = (0, 0);
            for &x in band {
                twice |= once & x;
                once |= x;
                // Every row of the band, and every box, has the digit.
                let rows = (((x & 0o377_377_377) + 0o377_377_377) | x) & 0o400_400_400;
                let c = columns(x);
                let boxes = (((c & 0o333) + 0o333) | c) & 0o444;
                ok &= rows == 0o400_400_400 && boxes == 0o444;
            }
            ok &= once == BAND && twice == 0;
        }
        for d in 0..9 {
            ok &= columns(self.cand[0][d] | self.cand[1][d] | self.cand[2][d]) == 0o777;
        }
        ok
    }
}

/// A saved alternative: the board before placing `digit` in the cell, to be resumed with that
/// digit excluded.
struct Alternative {
    cand: [[u32; 9]; 3],
    fixed: [u32; 3],
    bit: u32,
    band: u8,
    digit: u8,
}

/// The depth-first search. Calls `found` with each solution, in order, and returns their
/// number, stopping at `limit`.
fn search(mut board: Board, limit: usize, mut found: impl FnMut(&[u8; 81])) -> usize {
    let mut count = 0;
    if limit == 0 {
        return 0;
    }
    // The stack of alternatives, of fixed capacity: at most 81 are pending, as each placed a
    // digit in a cell still open on the current path. Allocated on the first branch only
    // (most puzzles branch little, and a zeroed array would cost more than they do).
    let mut stack: Vec<Alternative> = Vec::new();
    loop {
        if board.propagate() {
            if !board.is_solved() {
                let (band, bit, digit) = board.choose();
                if stack.capacity() == 0 {
                    stack.reserve_exact(81);
                }
                stack.push(Alternative {
                    cand: board.cand,
                    fixed: board.fixed,
                    bit,
                    band: band as u8,
                    digit: digit as u8,
                });
                board.place(band, bit, digit);
                continue;
            }
            if let Some(grid) = board.solution() {
                count += 1;
                found(&grid);
                if count == limit {
                    return count;
                }
            }
        }
        match stack.pop() {
            Some(alt) => {
                board.cand = alt.cand;
                board.fixed = alt.fixed;
                board.dirty = 0;
                board.exclude(usize::from(alt.band), alt.bit, usize::from(alt.digit));
            }
            None => return count,
        }
    }
}
