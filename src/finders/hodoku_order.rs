//! HoDoKu's choice among the steps of one of its sorted searches (X-Chain, XY-Chain, Remote
//! Pair, Turbot Fish): it sorts every step the search finds and applies the first. The key is
//! here so that the pipeline, which sorts whole steps, and the chain searches, which rank what
//! they find before writing any of it in words, agree on it.

use std::cmp::Reverse;

use crate::geometry::{Cell, Digit};
use crate::step::{Candidate, Step};

/// HoDoKu's sort key: most eliminations first, then the lowest index sum
/// ([`index_sum`]), then the shortest chain (its nodes, a loop's start counted twice).
pub type SortKey = (Reverse<usize>, usize, usize);

/// The key of a step with `eliminations` over a chain of `chain_nodes` nodes.
pub fn sort_key(eliminations: &[Candidate], chain_nodes: usize) -> SortKey {
    let mut by_digit: Vec<(Digit, Cell)> = eliminations.iter().map(|c| (c.digit, c.cell)).collect();
    by_digit.sort_unstable();
    (
        Reverse(eliminations.len()),
        index_sum(&by_digit),
        chain_nodes,
    )
}

/// [`sort_key`] of a whole step (its pattern lists the chain's nodes).
pub fn step_sort_key(step: &Step) -> SortKey {
    sort_key(&step.eliminations, step.pattern.nodes.len())
}

/// `getIndexSumme`: each eliminated candidate's cell weighted by its position, plus its digit,
/// over the candidates sorted by digit, then cell (this matters for a Remote Pair's two
/// digits).
pub fn index_sum(by_digit: &[(Digit, Cell)]) -> usize {
    by_digit
        .iter()
        .enumerate()
        .map(|(i, &(d, c))| c * (1 + 80 * i) + d as usize)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_eliminations_come_first_then_the_lower_index_sum_then_the_shorter_chain() {
        let one = [Candidate::new(3, 1)];
        let two = [Candidate::new(3, 1), Candidate::new(4, 1)];
        assert!(sort_key(&two, 9) < sort_key(&one, 4));
        let later_cell = [Candidate::new(5, 1)];
        assert!(sort_key(&one, 9) < sort_key(&later_cell, 4));
        assert!(sort_key(&one, 4) < sort_key(&one, 5));
    }

    /// The second candidate's cell counts 81 times: r1c5<>1,r1c4<>2 sorts by digit first.
    #[test]
    fn the_index_sum_weights_cells_by_their_place_in_digit_order() {
        let eliminations = [Candidate::new(4, 1), Candidate::new(3, 2)];
        assert_eq!(sort_key(&eliminations, 0).1, 4 + 1 + 3 * 81 + 2);
    }
}
