//! Combinations of a few items, one copy of each order the finders' searches follow (the first
//! step found is the one taken, so the order is part of every path):
//! - [`masks`]: by bit mask read as a number, ascending, Sudoku Explainer's `Permutations`
//!   order, which its naked and hidden sets, fish and Type 3 sets follow: `{0,1}`, `{0,2}`,
//!   `{1,2}`, `{0,3}`, ...;
//! - [`lexicographic`]: by first item, then second, ..., as a depth-first walk meets them:
//!   `{0,1}`, `{0,2}`, `{0,3}`, ..., `{1,2}`, ...

use std::ops::ControlFlow;

/// Masks of `width` bits (at most 16) with exactly `size` bits set, ascending (Gosper's hack:
/// each mask is the next larger number with as many bits). One empty mask when `size` is 0,
/// none when `size` exceeds `width`.
pub(crate) fn masks(width: u32, size: u32) -> impl Iterator<Item = u16> {
    let limit = 1u32 << width;
    let first = if size > width {
        limit
    } else {
        (1u32 << size) - 1
    };
    std::iter::successors(Some(first), |&m| {
        if m == 0 {
            return None; // the empty combination is the only one of its size
        }
        let lowest = m & m.wrapping_neg();
        let ripple = m + lowest;
        Some((((ripple ^ m) >> 2) / lowest) | ripple)
    })
    .take_while(move |&m| m < limit)
    .map(|m| m as u16)
}

/// Calls `visit` with every `size`-item combination of `items` in lexicographic order of
/// positions; `visit` breaks the walk.
pub(crate) fn lexicographic<T: Copy>(
    items: &[T],
    size: usize,
    visit: &mut dyn FnMut(&[T]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn extend<T: Copy>(
        items: &[T],
        size: usize,
        chosen: &mut Vec<T>,
        visit: &mut dyn FnMut(&[T]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if chosen.len() == size {
            return visit(chosen);
        }
        for (i, &item) in items.iter().enumerate() {
            chosen.push(item);
            extend(&items[i + 1..], size, chosen, visit)?;
            chosen.pop();
        }
        ControlFlow::Continue(())
    }
    extend(items, size, &mut Vec::with_capacity(size), visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_are_every_mask_with_that_many_bits_in_order() {
        for width in 0..=9u32 {
            for size in 0..=5u32 {
                let expected: Vec<u16> = (0u16..(1 << width))
                    .filter(|m| m.count_ones() == size)
                    .collect();
                let found: Vec<u16> = masks(width, size).collect();
                assert_eq!(found, expected, "{width} {size}");
            }
        }
    }

    #[test]
    fn lexicographic_order_differs_from_mask_order() {
        let mut found = Vec::new();
        let _ = lexicographic(&[0, 1, 2, 3], 2, &mut |c| {
            found.push(c.to_vec());
            ControlFlow::Continue(())
        });
        let expected = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
        assert_eq!(found, expected);
        let by_mask: Vec<u16> = masks(4, 2).collect();
        assert_eq!(by_mask, [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        // `visit` breaks the walk.
        let mut seen = 0;
        let _ = lexicographic(&[0, 1, 2, 3], 2, &mut |_| {
            seen += 1;
            ControlFlow::Break(())
        });
        assert_eq!(seen, 1);
        // No combination larger than the items; one empty combination.
        let count = |size| {
            let mut n = 0;
            let _ = lexicographic(&[7, 8], size, &mut |_| {
                n += 1;
                ControlFlow::Continue(())
            });
            n
        };
        assert_eq!((count(3), count(0)), (0, 1));
    }
}
