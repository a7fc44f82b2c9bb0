//! Famous puzzles written as literals, shared by the format tests.

/// The first puzzle of top1465.
pub const P1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// Wikipedia's example puzzle (its solution is [`super::WIKIPEDIA_SOLUTION`]).
pub const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// Golden Nugget.
pub const NUGGET: &str =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";

/// Each cell's candidates after removing the digits of its filled peers.
pub fn basic_candidates(cells: &[u8; 81]) -> [u16; 81] {
    std::array::from_fn(|i| {
        if cells[i] != 0 {
            return 1 << (cells[i] - 1);
        }
        let mut mask = 0x1ffu16;
        for p in stepwise::geometry::peers(i).iter() {
            if cells[p] != 0 {
                mask &= !(1 << (cells[p] - 1));
            }
        }
        mask
    })
}
