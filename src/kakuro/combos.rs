//! The combinations of a run on digit sets: every set of distinct digits 1..9 of a given size
//! and sum (16 in two is only 7+9; 22 in three is 5+8+9 or 6+7+9).
//!
//! The table, in the order a person writes combinations, and the arithmetic of sums are the
//! constraint core's ([`crate::csp::combinations`]); this module reads them as [`Digits`], with
//! what the human steps ask of them: the combinations left once digits are placed, those that
//! fit a run's cells, and which digits each cell can take in some arrangement.

use arrayvec::ArrayVec;

use super::digits::Digits;
use crate::csp::{self, Domain, MOST_COMBINATIONS};
pub use crate::csp::{sum_range, MAX_RUN, MAX_SUM};

/// The combinations of `size` distinct digits summing to `sum`, as a person writes them;
/// none when there is none (a size past 9, a sum out of reach).
pub fn combinations(size: usize, sum: u32) -> impl Iterator<Item = Digits> {
    csp::combinations(size, sum).map(as_digits)
}

/// A core domain of digits as a digit set (the core's sum domains hold nine bits).
fn as_digits(domain: Domain) -> Digits {
    Digits::from_bits((domain.bits() & 0x1FF) as u16)
}

/// The combinations of `size` digits summing to `sum` that use none of `excluded`: what the
/// open cells of a run can still hold once the digits `excluded` are placed in it.
pub fn combinations_without(
    size: usize,
    sum: u32,
    excluded: Digits,
) -> impl Iterator<Item = Digits> {
    combinations(size, sum).filter(move |c| !c.meets(excluded))
}

/// The combinations of a run that fit its cells: each cell can take one of the
/// combination's digits and each digit can go in one of the cells. `domains` are the cells'
/// possible digits (one per cell, so their number is the run's length).
pub fn fitting(domains: &[Digits], sum: u32) -> ArrayVec<Digits, MOST_COMBINATIONS> {
    let all = domains.iter().fold(Digits::EMPTY, |a, &d| a | d);
    combinations(domains.len(), sum)
        .filter(|&c| c.is_subset_of(all) && domains.iter().all(|d| d.meets(c)))
        .collect()
}

/// For each cell of a run, the digits it can take in a full arrangement: distinct digits, one
/// per cell, each from its cell's domain, summing to `sum`. `None` when there is no such
/// arrangement. Every digit kept is part of a combination that fits every cell (generalized
/// arc consistency of the run's sum and all-different together): the constraint core's
/// revision of a sum ([`crate::csp::arrangeable`]), on digit sets.
pub fn arrangeable(domains: &[Digits], sum: u32) -> Option<ArrayVec<Digits, MAX_RUN>> {
    if domains.len() > MAX_RUN {
        return None;
    }
    let own: ArrayVec<Domain, MAX_RUN> = domains
        .iter()
        .map(|d| Domain::from_bits(u32::from(d.bits())))
        .collect();
    let kept = csp::arrangeable(&own, sum)?;
    Some(kept.into_iter().map(as_digits).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(size: usize, sum: u32) -> Vec<String> {
        combinations(size, sum).map(|c| c.as_sum()).collect()
    }

    #[test]
    fn the_well_known_combinations_are_there() {
        assert_eq!(written(2, 16), ["7+9"]);
        assert_eq!(written(2, 3), ["1+2"]);
        assert_eq!(written(3, 6), ["1+2+3"]);
        assert_eq!(written(3, 24), ["7+8+9"]);
        assert_eq!(written(3, 22), ["5+8+9", "6+7+9"]);
        assert_eq!(written(9, 45), ["1+2+3+4+5+6+7+8+9"]);
        assert_eq!(written(4, 20).len(), 12);
        assert!(written(2, 18).is_empty());
        assert!(written(10, 45).is_empty());
        assert!(written(2, 99).is_empty());
        assert_eq!(written(0, 0), [""]);
    }

    #[test]
    fn every_sum_in_range_has_a_combination_and_no_other_does() {
        for size in 1..=MAX_RUN {
            let (low, high) = sum_range(size);
            for sum in 0..=MAX_SUM + 1 {
                assert_eq!(
                    combinations(size, sum).next().is_some(),
                    (low..=high).contains(&sum),
                    "{size} cells, sum {sum}"
                );
            }
        }
        assert_eq!(sum_range(2), (3, 17));
        assert_eq!(sum_range(9), (45, 45));
    }

    fn digits(text: &str) -> Digits {
        text.bytes().map(|b| b - b'0').collect()
    }

    #[test]
    fn arrangements_keep_only_digits_of_a_full_fit() {
        let all = Digits::ALL;
        let kept = |domains: &[Digits], sum| {
            arrangeable(domains, sum).map(|s| s.iter().map(|d| d.to_string()).collect::<Vec<_>>())
        };
        assert_eq!(kept(&[all, all], 16).unwrap(), ["79", "79"]);
        // 10 in two with the first cell 1 or 3: 1+9 or 3+7.
        assert_eq!(kept(&[digits("13"), all], 10).unwrap(), ["13", "79"]);
        // 6 in three is 1+2+3; two cells hold 1 and 2, so the third is 3.
        assert_eq!(
            kept(&[digits("12"), digits("12"), digits("123")], 6).unwrap(),
            ["12", "12", "3"]
        );
        assert_eq!(kept(&[digits("12"), digits("12"), digits("12")], 6), None);
        assert_eq!(kept(&[digits("9"), digits("9")], 18), None);
        assert_eq!(kept(&[all; 9], 45).unwrap(), vec![all.to_string(); 9]);
        let fits: Vec<String> = fitting(&[digits("5"), all, all], 22)
            .iter()
            .map(|c| c.as_sum())
            .collect();
        assert_eq!(fits, ["5+8+9"]);
    }

    #[test]
    fn placed_digits_narrow_the_combinations() {
        let left: Vec<_> = combinations_without(2, 10, Digits::single(1))
            .map(|c| c.as_sum())
            .collect();
        assert_eq!(left, ["2+8", "3+7", "4+6"]);
    }
}
