//! The sum-and-all-different constraint (a Kakuro run): distinct values 1..=9 that add up to
//! a sum. Owns the one combination table (every set of distinct digits per size and sum,
//! built at compile time, listed as a person writes them: 1+9, 2+8, 3+7, 4+6), the
//! arithmetic of sums, and the constraint's revisions, from the weakest to the strongest:
//!
//! - [`check`]: the assigned variables hold distinct values, do not pass the sum, and meet it
//!   once all are assigned;
//! - [`forward_check`]: an assigned value leaves the unassigned variables, and the last one
//!   left is narrowed to the value that meets the sum;
//! - [`revise_bounds`]: all-different as pairwise inequalities and the sum as bounds, to the
//!   constraint's own fixpoint (the classic decomposition);
//! - [`arrangeable`]: generalized arc consistency on sum and all-different together: every
//!   value kept is part of a combination that fits every variable, in an arrangement giving
//!   each variable a value of its own.

use arrayvec::ArrayVec;

use super::domain::{Domain, Var, Wipeout};

/// The most variables a sum constraint can hold: nine take the nine digits.
pub const MAX_RUN: usize = 9;
/// The largest sum (1+2+...+9).
pub const MAX_SUM: u32 = 45;
/// The values of a sum constraint's variables.
pub const DIGITS: Domain = Domain::full(9);

/// The most combinations any size and sum has (four digits summing to 20, five to 25).
pub const MOST_COMBINATIONS: usize = 12;

/// Per (size, sum), its combinations (in written order) and a bit per set of digits (bit `d - 1` for digit
/// `d`): whether the set lies within one of them.
struct Table {
    combinations: [[[u16; MOST_COMBINATIONS]; MAX_SUM as usize + 1]; MAX_RUN + 1],
    counts: [[u8; MAX_SUM as usize + 1]; MAX_RUN + 1],
    partial: [[[u64; 8]; MAX_SUM as usize + 1]; MAX_RUN + 1],
}

const fn build() -> Table {
    let mut table = Table {
        combinations: [[[0; MOST_COMBINATIONS]; MAX_SUM as usize + 1]; MAX_RUN + 1],
        counts: [[0; MAX_SUM as usize + 1]; MAX_RUN + 1],
        partial: [[[0; 8]; MAX_SUM as usize + 1]; MAX_RUN + 1],
    };
    let mut bits = 0u16;
    while bits < 512 {
        let size = bits.count_ones() as usize;
        let mut sum = 0;
        let mut digit = 0;
        while digit < 9 {
            if bits & (1 << digit) != 0 {
                sum += digit + 1;
            }
            digit += 1;
        }
        let count = table.counts[size][sum] as usize;
        // A table too small for the digits' arithmetic fails the build, not a run.
        assert!(count < MOST_COMBINATIONS);
        // Insertion in written order: the list is short and this runs at compile time.
        let list = &mut table.combinations[size][sum];
        let mut at = count;
        while at > 0 && written_before(bits, list[at - 1]) {
            list[at] = list[at - 1];
            at -= 1;
        }
        list[at] = bits;
        table.counts[size][sum] += 1;
        // Every subset of the combination (3^9 visits over all 512 sets).
        let mut subset = bits;
        loop {
            table.partial[size][sum][subset as usize >> 6] |= 1 << (subset & 63);
            if subset == 0 {
                break;
            }
            subset = (subset - 1) & bits;
        }
        bits += 1;
    }
    table
}

/// Whether the set of digits `a` comes before `b` (of the same size) when both are written in
/// increasing digits: the lowest digit that only one of them has decides.
const fn written_before(a: u16, b: u16) -> bool {
    let only = a ^ b;
    only != 0 && a & only & only.wrapping_neg() != 0
}

static TABLE: Table = build();

/// The combinations of `size` distinct digits summing to `sum`, as a person writes them (by
/// the smallest digit first: 1+9, 2+8, 3+7, 4+6); none when there is none (a size past 9, a
/// sum out of reach).
pub fn combinations(size: usize, sum: u32) -> impl ExactSizeIterator<Item = Domain> + Clone {
    let list: &'static [u16] = if size > MAX_RUN || sum > MAX_SUM {
        &[]
    } else {
        &TABLE.combinations[size][sum as usize][..usize::from(TABLE.counts[size][sum as usize])]
    };
    list.iter().map(|&bits| Domain::from_bits(u32::from(bits)))
}

/// The smallest and largest sums of `size` distinct digits (`size` at most 9): 1+2+...
/// and ...+8+9.
pub const fn sum_range(size: usize) -> (u32, u32) {
    let n = size as u32;
    (n * (n + 1) / 2, n * (19 - n) / 2)
}

/// The sum of the values of a set.
fn total(domain: Domain) -> u32 {
    domain.values().map(u32::from).sum()
}

/// The digits `low..=high`, clamped to 1..=9 (empty when `low > high`).
fn range(low: i32, high: i32) -> Domain {
    let (low, high) = (low.max(1), high.min(9));
    if low > high {
        return Domain::EMPTY;
    }
    let width = (high - low + 1) as u32;
    Domain::from_bits(((1u32 << width) - 1) << (low - 1))
}

/// Whether the assigned variables of the constraint hold distinct values, do not reach the
/// sum while some variable is open, and meet it once none is.
pub fn check(vars: &[Var], sum: u32, domains: &[Domain], assigned: &[bool]) -> bool {
    let mut seen = 0u32;
    let mut total_assigned = 0;
    let mut open = 0;
    for &other in vars {
        if !assigned[other] {
            open += 1;
            continue;
        }
        let bits = domains[other].bits();
        if seen & bits != 0 {
            return false;
        }
        seen |= bits;
        total_assigned += total(domains[other]);
    }
    if open == 0 {
        total_assigned == sum
    } else {
        total_assigned < sum
    }
}

/// Forward checking after `var` took `value`: the value leaves the unassigned variables;
/// with one left, it is narrowed to the value that meets the sum. Pushes each variable
/// narrowed onto `changed`.
pub fn forward_check(
    vars: &[Var],
    sum: u32,
    domains: &mut [Domain],
    assigned: &[bool],
    var: Var,
    value: u8,
    changed: &mut Vec<Var>,
) -> Result<(), Wipeout> {
    let taken = Domain::single(value);
    let mut total_assigned = 0;
    let mut last_open = None;
    let mut open = 0;
    for &other in vars {
        if assigned[other] || other == var {
            total_assigned += total(domains[other]);
            if other != var && domains[other] == taken {
                return Err(Wipeout);
            }
            continue;
        }
        let narrowed = Domain::from_bits(domains[other].bits() & !taken.bits());
        if narrowed.is_empty() {
            return Err(Wipeout);
        }
        if narrowed != domains[other] {
            domains[other] = narrowed;
            changed.push(other);
        }
        last_open = Some(other);
        open += 1;
    }
    match (open, last_open) {
        (0, _) if total_assigned != sum => Err(Wipeout),
        (1, Some(last)) => {
            let needed = sum as i32 - total_assigned as i32;
            let narrowed = Domain::from_bits(domains[last].bits() & range(needed, needed).bits());
            if narrowed.is_empty() {
                return Err(Wipeout);
            }
            if narrowed != domains[last] {
                domains[last] = narrowed;
                changed.push(last);
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Pairwise inequalities and sum bounds to the constraint's own fixpoint (each variable lies
/// between the sum minus the others' largest and the sum minus the others' smallest).
/// Pushes each variable narrowed onto `changed`.
pub fn revise_bounds(
    vars: &[Var],
    sum: u32,
    domains: &mut [Domain],
    changed: &mut Vec<Var>,
) -> Result<(), Wipeout> {
    let mut narrowed = 0u16;
    loop {
        let before = narrowed;
        for &var in vars {
            let Some(value) = domains[var].single_value() else {
                continue;
            };
            for (position, &other) in vars.iter().enumerate() {
                if other != var && domains[other].contains(value) {
                    domains[other].remove(value);
                    if domains[other].is_empty() {
                        return Err(Wipeout);
                    }
                    narrowed |= 1 << position;
                }
            }
        }
        let (mut low, mut high) = (0i32, 0i32);
        for &var in vars {
            let bits = domains[var].bits();
            if bits == 0 {
                return Err(Wipeout);
            }
            low += bits.trailing_zeros() as i32 + 1;
            high += 32 - bits.leading_zeros() as i32;
        }
        let sum = sum as i32;
        if low > sum || high < sum {
            return Err(Wipeout);
        }
        for (position, &var) in vars.iter().enumerate() {
            let bits = domains[var].bits();
            let (min, max) = (
                bits.trailing_zeros() as i32 + 1,
                32 - bits.leading_zeros() as i32,
            );
            let bounded = bits & range(sum - (high - max), sum - (low - min)).bits();
            if bounded != bits {
                if bounded == 0 {
                    return Err(Wipeout);
                }
                domains[var] = Domain::from_bits(bounded);
                narrowed |= 1 << position;
            }
        }
        if narrowed == before {
            break;
        }
    }
    for (position, &var) in vars.iter().enumerate() {
        if narrowed & (1 << position) != 0 {
            changed.push(var);
        }
    }
    Ok(())
}

/// For each variable of the constraint (`domains` are theirs, in order), the values it can
/// take in a full arrangement: distinct values, one per variable, each from its domain,
/// summing to `sum`. `None` when there is no such arrangement.
///
/// A walk over the sets of digits the first variables can take (at most 512 sets, each a
/// subset of some combination), forward from the first variable, then back from the last,
/// keeping the digits that lead to a complete combination.
pub fn arrangeable(domains: &[Domain], sum: u32) -> Option<ArrayVec<Domain, MAX_RUN>> {
    let size = domains.len();
    if size > MAX_RUN || sum > MAX_SUM {
        return None;
    }
    // The digits of the combinations that fit: within the digits the variables hold, and
    // meeting every variable's domain. Only they can be part of an arrangement.
    let union = domains.iter().fold(0u32, |a, d| a | d.bits());
    let mut fits = combinations(size, sum)
        .map(|c| c.bits())
        .filter(|&c| c & !union == 0 && domains.iter().all(|d| d.bits() & c != 0))
        .peekable();
    fits.peek()?;
    let allowed = fits.fold(0u32, |a, c| a | c);
    let partial = &TABLE.partial[size][sum as usize];
    let test = |bits: &[u64; 8], set: u32| bits[set as usize >> 6] & (1 << (set & 63)) != 0;
    let mark = |bits: &mut [u64; 8], set: u32| bits[set as usize >> 6] |= 1 << (set & 63);
    // Sets reached after the first i variables lie in sets[starts[i]..starts[i + 1]].
    let mut sets = [0u32; 512];
    let mut starts = [0usize; MAX_RUN + 2];
    let mut reached = [0u64; 8];
    let mut good = [0u64; 8];
    let mut count = 1;
    starts[1] = 1;
    for (i, &domain) in domains.iter().enumerate() {
        for at in starts[i]..starts[i + 1] {
            let set = sets[at];
            let mut open = domain.bits() & allowed & !set;
            while open != 0 {
                let next = set | (open & open.wrapping_neg());
                open &= open - 1;
                if !test(&reached, next) && test(partial, next) {
                    mark(&mut reached, next);
                    sets[count] = next;
                    count += 1;
                }
            }
        }
        starts[i + 2] = count;
    }
    // A full set within a combination of the same size is that combination.
    if starts[size] == starts[size + 1] {
        return None;
    }
    for &set in &sets[starts[size]..starts[size + 1]] {
        mark(&mut good, set);
    }
    let mut supported: ArrayVec<Domain, MAX_RUN> = (0..size).map(|_| Domain::EMPTY).collect();
    for i in (0..size).rev() {
        for &set in &sets[starts[i]..starts[i + 1]] {
            let mut open = domains[i].bits() & DIGITS.bits() & !set;
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open &= open - 1;
                if test(&good, set | bit) {
                    mark(&mut good, set);
                    supported[i] = Domain::from_bits(supported[i].bits() | bit);
                }
            }
        }
    }
    Some(supported)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(text: &str) -> Domain {
        Domain::from_bits(text.bytes().fold(0, |a, b| a | 1 << (b - b'1')))
    }

    fn written(d: Domain) -> String {
        d.values().map(|v| char::from(b'0' + v)).collect()
    }

    #[test]
    fn arrangements_keep_only_digits_of_a_full_fit() {
        let all = DIGITS;
        let kept = |domains: &[Domain], sum| {
            arrangeable(domains, sum).map(|s| s.iter().map(|&d| written(d)).collect::<Vec<_>>())
        };
        assert_eq!(kept(&[all, all], 16).unwrap(), ["79", "79"]);
        assert_eq!(kept(&[digits("13"), all], 10).unwrap(), ["13", "79"]);
        assert_eq!(
            kept(&[digits("12"), digits("12"), digits("123")], 6).unwrap(),
            ["12", "12", "3"]
        );
        assert_eq!(kept(&[digits("12"), digits("12"), digits("12")], 6), None);
        assert_eq!(kept(&[digits("9"), digits("9")], 18), None);
        assert_eq!(kept(&[all; 9], 45).unwrap(), vec![written(all); 9]);
    }

    #[test]
    fn bounds_and_forward_checking() {
        let mut domains = vec![DIGITS, DIGITS];
        let mut changed = Vec::new();
        revise_bounds(&[0, 1], 16, &mut domains, &mut changed).unwrap();
        assert_eq!(domains, vec![digits("789"), digits("789")]);
        assert_eq!(changed, vec![0, 1]);

        let mut domains = vec![Domain::single(3), DIGITS, DIGITS];
        let assigned = [true, false, false];
        forward_check(
            &[0, 1, 2],
            6,
            &mut domains,
            &assigned,
            0,
            3,
            &mut Vec::new(),
        )
        .unwrap();
        assert!(!domains[1].contains(3) && !domains[2].contains(3));
        assert!(check(
            &[0, 1],
            5,
            &[Domain::single(2), Domain::single(3)],
            &[true, true]
        ));
        assert!(!check(
            &[0, 1],
            6,
            &[Domain::single(2), Domain::single(3)],
            &[true, true]
        ));
        assert!(!check(
            &[0, 1],
            5,
            &[Domain::single(5), DIGITS],
            &[true, false]
        ));
    }
}
