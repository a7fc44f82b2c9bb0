//! A variable and its domain (the values it may still take, as a bitset), and the wipeout
//! of an emptied domain: the words every part of the core shares.

/// A variable: an index into the problem's domains (for a grid, the cell `row * N + col`).
pub type Var = usize;

/// A domain was emptied: the current assignment cannot be completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wipeout;

/// The largest value a domain can hold. 25 is enough for a 25x25 grid; a `u32` leaves room.
pub const MAX_VALUE: u8 = 32;

/// A set of values 1..=32: bit `v - 1` set when value `v` is possible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Domain(u32);

impl Domain {
    /// No value at all: a wiped-out domain.
    pub const EMPTY: Domain = Domain(0);

    /// The values `1..=max` (`max` at most [`MAX_VALUE`]).
    pub const fn full(max: u8) -> Domain {
        if max >= MAX_VALUE {
            Domain(u32::MAX)
        } else {
            Domain((1u32 << max) - 1)
        }
    }

    /// The one value `value` (1..=32; any other value gives the empty domain).
    pub const fn single(value: u8) -> Domain {
        if value >= 1 && value <= MAX_VALUE {
            Domain(1 << (value - 1))
        } else {
            Domain::EMPTY
        }
    }

    /// The domain of a bit mask (bit `v - 1` = value `v`).
    pub const fn from_bits(bits: u32) -> Domain {
        Domain(bits)
    }

    /// The bit mask (bit `v - 1` = value `v`).
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether `value` (1..=32) is in the domain.
    pub const fn contains(self, value: u8) -> bool {
        value >= 1 && value <= MAX_VALUE && self.0 & (1 << (value - 1)) != 0
    }

    /// Takes `value` out; returns whether it was there.
    pub fn remove(&mut self, value: u8) -> bool {
        if !self.contains(value) {
            return false;
        }
        self.0 &= !(1u32 << (value - 1));
        true
    }

    /// The number of values.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether no value is left.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The value of a one-value domain.
    pub const fn single_value(self) -> Option<u8> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.0.trailing_zeros() as u8 + 1)
        } else {
            None
        }
    }

    /// The values, ascending.
    pub fn values(self) -> impl Iterator<Item = u8> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let value = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            Some(value)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_out_ascending() {
        let d = Domain::full(4);
        assert_eq!(d.values().collect::<Vec<_>>(), vec![1, 2, 3, 4]);
        assert_eq!(d.len(), 4);
        let mut d = d;
        assert!(d.remove(2));
        assert!(!d.remove(2));
        assert_eq!(d.values().collect::<Vec<_>>(), vec![1, 3, 4]);
        assert_eq!(Domain::single(25).single_value(), Some(25));
        assert!(Domain::single(0).is_empty() && Domain::single(33).is_empty());
        assert_eq!(d.single_value(), None);
        assert!(Domain::EMPTY.is_empty());
        assert_eq!(Domain::full(32).len(), 32);
        assert!(!Domain::full(9).contains(0));
        assert!(!Domain::full(9).contains(10));
    }
}
