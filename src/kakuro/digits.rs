//! `Digits`: a set of the digits 1 to 9 held in nine bits (bit `d - 1` for digit `d`).
//!
//! Owns the one bit representation every Kakuro module uses: a white cell's domain or
//! candidates, a combination of a run, the digits placed in a run. Nothing else in
//! `kakuro` shifts bits by hand.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// A set of digits 1..=9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Digits(u16);

impl Digits {
    /// No digit.
    pub const EMPTY: Digits = Digits(0);
    /// Every digit 1 to 9.
    pub const ALL: Digits = Digits(0x1FF);

    /// The set of the digits whose bits are set in `bits` (bit 0 is digit 1); bits past the
    /// ninth are dropped.
    pub const fn from_bits(bits: u16) -> Digits {
        Digits(bits & 0x1FF)
    }

    /// The set's nine bits.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set of one digit; `digit` must be 1..=9 (anything else gives the empty set).
    pub const fn single(digit: u8) -> Digits {
        if digit >= 1 && digit <= 9 {
            Digits(1 << (digit - 1))
        } else {
            Digits::EMPTY
        }
    }

    /// The digits `low..=high` (empty when `low > high`); bounds are clamped to 1..=9.
    pub const fn range(low: i32, high: i32) -> Digits {
        let low = if low < 1 { 1 } else { low };
        let high = if high > 9 { 9 } else { high };
        if low > high {
            return Digits::EMPTY;
        }
        let width = (high - low + 1) as u32;
        Digits((((1u32 << width) - 1) << (low - 1)) as u16)
    }

    /// How many digits the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no digit.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `digit` is in the set.
    pub const fn contains(self, digit: u8) -> bool {
        digit >= 1 && digit <= 9 && self.0 & (1 << (digit - 1)) != 0
    }

    /// Whether every digit of `self` is in `other`.
    pub const fn is_subset_of(self, other: Digits) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share a digit.
    pub const fn meets(self, other: Digits) -> bool {
        self.0 & other.0 != 0
    }

    /// The set with `digit` added.
    pub const fn with(self, digit: u8) -> Digits {
        Digits(self.0 | Digits::single(digit).0)
    }

    /// The set with `digit` taken out.
    pub const fn without(self, digit: u8) -> Digits {
        Digits(self.0 & !Digits::single(digit).0)
    }

    /// The smallest digit, if any.
    pub const fn min(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The largest digit, if any.
    pub const fn max(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(16 - self.0.leading_zeros() as u8)
        }
    }

    /// The digit of a set of exactly one.
    pub const fn only(self) -> Option<u8> {
        if self.0.count_ones() == 1 {
            self.min()
        } else {
            None
        }
    }

    /// The sum of the set's digits.
    pub const fn sum(self) -> u32 {
        let mut total = 0;
        let mut digit = 1;
        while digit <= 9 {
            if self.0 & (1 << (digit - 1)) != 0 {
                total += digit;
            }
            digit += 1;
        }
        total
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let digit = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            Some(digit)
        })
    }

    /// The digits joined by `+`, as a combination is written: `7+9`.
    pub fn as_sum(self) -> String {
        let parts: Vec<String> = self.iter().map(|d| d.to_string()).collect();
        parts.join("+")
    }
}

impl BitOr for Digits {
    type Output = Digits;
    fn bitor(self, other: Digits) -> Digits {
        Digits(self.0 | other.0)
    }
}

impl BitOrAssign for Digits {
    fn bitor_assign(&mut self, other: Digits) {
        self.0 |= other.0;
    }
}

impl BitAnd for Digits {
    type Output = Digits;
    fn bitand(self, other: Digits) -> Digits {
        Digits(self.0 & other.0)
    }
}

impl BitAndAssign for Digits {
    fn bitand_assign(&mut self, other: Digits) {
        self.0 &= other.0;
    }
}

/// The digits of `self` that are not in `other`.
impl Sub for Digits {
    type Output = Digits;
    fn sub(self, other: Digits) -> Digits {
        Digits(self.0 & !other.0)
    }
}

/// The digits 1..=9 not in the set.
impl Not for Digits {
    type Output = Digits;
    fn not(self) -> Digits {
        Digits(!self.0 & 0x1FF)
    }
}

impl FromIterator<u8> for Digits {
    fn from_iter<I: IntoIterator<Item = u8>>(digits: I) -> Digits {
        digits.into_iter().fold(Digits::EMPTY, Digits::with)
    }
}

/// The digits in increasing order, run together: `79`.
impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for digit in self.iter() {
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_what_was_put_in() {
        let set: Digits = [7, 9].into_iter().collect();
        assert_eq!(set.len(), 2);
        assert!(set.contains(7) && set.contains(9) && !set.contains(8));
        assert_eq!((set.min(), set.max(), set.sum()), (Some(7), Some(9), 16));
        assert_eq!(set.to_string(), "79");
        assert_eq!(set.as_sum(), "7+9");
        assert_eq!(set.iter().collect::<Vec<_>>(), [7, 9]);
        assert_eq!(set.without(7).only(), Some(9));
        assert_eq!(!set, Digits::range(1, 8).without(7));
        assert_eq!(Digits::single(0), Digits::EMPTY);
        assert_eq!(Digits::single(10), Digits::EMPTY);
        assert_eq!(Digits::range(3, 5).to_string(), "345");
        assert_eq!(Digits::range(-4, 20), Digits::ALL);
        assert_eq!(Digits::range(6, 2), Digits::EMPTY);
        assert_eq!(Digits::EMPTY.min(), None);
    }
}
