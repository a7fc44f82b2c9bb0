//! Constraints over a problem's variables, and the three questions the engines ask of one:
//! is a value legal beside the values assigned so far (backtracking), which values does an
//! assignment rule out (forward checking), which values have no support left (arc
//! consistency).
//!
//! Two kinds: all-different (a row, column or box of a grid) and sum-and-all-different (a
//! Kakuro run, whose revisions live in `sum.rs`). Both answer the same questions, so every
//! propagator and the one search serve both.

use super::domain::Domain;
pub use super::domain::{Var, Wipeout};
use super::sum;

/// One constraint of a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Constraint {
    /// The variables take pairwise different values (a row, column or box of a grid).
    AllDifferent(Vec<Var>),
    /// The variables take distinct values 1..=9 adding up to `sum` (a Kakuro run).
    Sum {
        /// The variables, in order.
        vars: Vec<Var>,
        /// What their values add up to.
        sum: u32,
    },
}

impl Constraint {
    /// The variables the constraint is about.
    pub fn vars(&self) -> &[Var] {
        match self {
            Constraint::AllDifferent(vars) | Constraint::Sum { vars, .. } => vars,
        }
    }

    /// Backtracking's legality check: whether `var = value` agrees with the values assigned
    /// so far, which are the one-value domains (a search that only checks never narrows a
    /// domain, so a variable has one value exactly when it is assigned or given).
    #[inline]
    pub fn allows(&self, domains: &[Domain], var: Var, value: u8) -> bool {
        match self {
            Constraint::AllDifferent(vars) => {
                let taken = Domain::single(value);
                vars.iter()
                    .all(|&other| other == var || domains[other] != taken)
            }
            Constraint::Sum { .. } => !self.taken(domains, var).contains(value),
        }
    }

    /// The values [`Constraint::allows`] refuses `var`, all at once.
    #[inline]
    pub fn taken(&self, domains: &[Domain], var: Var) -> Domain {
        match self {
            Constraint::AllDifferent(vars) => {
                let mut taken = 0u32;
                for &other in vars {
                    let bits = domains[other].bits();
                    // One value (assigned): taken. `other == var` may be anything.
                    if other != var && bits & bits.wrapping_sub(1) == 0 {
                        taken |= bits;
                    }
                }
                Domain::from_bits(taken)
            }
            Constraint::Sum { vars, sum } => {
                let (mut taken, mut total, mut open) = (0u32, 0u32, 0);
                for &other in vars {
                    let bits = domains[other].bits();
                    if other == var {
                        continue;
                    }
                    if bits != 0 && bits & (bits - 1) == 0 {
                        taken |= bits;
                        total += bits.trailing_zeros() + 1;
                    } else {
                        open += 1;
                    }
                }
                // The values that keep the assigned ones below the sum (or meet it, when
                // `var` is the last open variable).
                let room = sum.saturating_sub(total);
                let fits = match open {
                    0 => Domain::single(u8::try_from(room).unwrap_or(0)).bits(),
                    _ => Domain::full(u8::try_from(room.saturating_sub(1)).unwrap_or(32)).bits(),
                };
                Domain::from_bits(taken | !fits)
            }
        }
    }

    /// Whether a complete assignment satisfies the constraint.
    pub fn satisfied(&self, values: &[u8]) -> bool {
        match self {
            Constraint::AllDifferent(vars) => {
                let mut seen = 0u64;
                vars.iter().all(|&v| {
                    let bit = 1u64 << (values[v] & 63);
                    let fresh = seen & bit == 0 && values[v] != 0;
                    seen |= bit;
                    fresh
                })
            }
            Constraint::Sum { vars, sum } => {
                let distinct = Constraint::AllDifferent(vars.clone());
                distinct.satisfied(values)
                    && vars.iter().all(|&v| (1..=9).contains(&values[v]))
                    && vars.iter().map(|&v| u32::from(values[v])).sum::<u32>() == *sum
            }
        }
    }

    /// After an assignment, with no domain narrowed: whether the assigned variables keep the
    /// constraint so far (distinct values; for a sum, below it while a variable is open and
    /// equal to it once none is).
    pub fn check(&self, domains: &[Domain], assigned: &[bool]) -> bool {
        match self {
            Constraint::AllDifferent(vars) => {
                let mut seen = 0u32;
                vars.iter().filter(|&&v| assigned[v]).all(|&v| {
                    let bits = domains[v].bits();
                    let fresh = seen & bits == 0;
                    seen |= bits;
                    fresh
                })
            }
            Constraint::Sum { vars, sum } => sum::check(vars, *sum, domains, assigned),
        }
    }

    /// Forward checking after `var` took `value`: removes from the other variables the values
    /// that can no longer go with it, pushing each variable whose domain shrank onto
    /// `changed`. An emptied domain is a [`Wipeout`]. `assigned` tells a sum which variables
    /// are assigned (their values count toward it) from those merely narrowed.
    #[inline]
    pub fn forward_check(
        &self,
        domains: &mut [Domain],
        assigned: &[bool],
        var: Var,
        value: u8,
        changed: &mut Vec<Var>,
    ) -> Result<(), Wipeout> {
        match self {
            Constraint::Sum { vars, sum } => {
                sum::forward_check(vars, *sum, domains, assigned, var, value, changed)
            }
            Constraint::AllDifferent(vars) => {
                for &other in vars {
                    if other != var && domains[other].remove(value) {
                        changed.push(other);
                        if domains[other].is_empty() {
                            return Err(Wipeout);
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// Arc consistency within this constraint, to its fixpoint: removes every value that no
    /// value of another variable supports, pushing each variable whose domain shrank onto
    /// `changed`.
    ///
    /// All-different is taken as its binary decomposition (`x != y` for every pair), as the
    /// classic MAC does: a value of `x` lacks support only where some `y` is fixed to it, so
    /// each fixed variable's value leaves the others, and a variable that becomes fixed in
    /// turn does the same. (Régin's matching-based filtering of the whole constraint would
    /// also find, for one, a value that only one variable can take; that is not this.)
    ///
    /// A sum is taken as the classic decomposition too: pairwise inequalities and the sum as
    /// bounds (`sum::revise_bounds`).
    pub fn propagate(&self, domains: &mut [Domain], changed: &mut Vec<Var>) -> Result<(), Wipeout> {
        match self {
            Constraint::Sum { vars, sum } => sum::revise_bounds(vars, *sum, domains, changed),
            Constraint::AllDifferent(vars) => {
                // The values of the fixed variables already taken out of the others.
                let mut done = 0u32;
                loop {
                    let mut fixed = 0u32;
                    for &v in vars {
                        if let Some(value) = domains[v].single_value() {
                            let bit = 1u32 << (value - 1);
                            if fixed & bit != 0 {
                                // Two variables fixed to one value.
                                return Err(Wipeout);
                            }
                            fixed |= bit;
                        }
                    }
                    let new = fixed & !done;
                    if new == 0 {
                        return Ok(());
                    }
                    done |= new;
                    for &v in vars {
                        let d = domains[v];
                        if d.single_value().is_some() {
                            continue;
                        }
                        let kept = Domain::from_bits(d.bits() & !new);
                        if kept != d {
                            domains[v] = kept;
                            changed.push(v);
                            if kept.is_empty() {
                                return Err(Wipeout);
                            }
                        }
                    }
                }
            }
        }
    }
}

impl Constraint {
    /// Generalized arc consistency within this constraint: every value kept is part of an
    /// assignment of all its variables that satisfies it. For a sum, its combinations
    /// ([`sum::arrangeable`]); all-different is revised as in [`Constraint::propagate`].
    pub fn propagate_generalized(
        &self,
        domains: &mut [Domain],
        changed: &mut Vec<Var>,
    ) -> Result<(), Wipeout> {
        match self {
            Constraint::AllDifferent(_) => self.propagate(domains, changed),
            Constraint::Sum { vars, sum } => {
                let own: arrayvec::ArrayVec<Domain, { sum::MAX_RUN }> = vars
                    .iter()
                    .take(sum::MAX_RUN)
                    .map(|&v| domains[v])
                    .collect();
                if own.len() != vars.len() {
                    return Err(Wipeout);
                }
                let kept = sum::arrangeable(&own, *sum).ok_or(Wipeout)?;
                for (position, &var) in vars.iter().enumerate() {
                    if kept[position] != own[position] {
                        domains[var] = kept[position];
                        changed.push(var);
                    }
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_different_checks_and_prunes() {
        let c = Constraint::AllDifferent(vec![0, 1, 2]);
        let assigned = [Domain::full(3), Domain::single(2), Domain::full(3)];
        assert!(c.allows(&assigned, 0, 1));
        assert!(!c.allows(&assigned, 0, 2));
        assert!(c.satisfied(&[1, 2, 3]));
        assert!(!c.satisfied(&[1, 2, 1]));
        assert!(!c.satisfied(&[1, 2, 0]));

        let mut domains = vec![Domain::full(3), Domain::from_bits(0b011), Domain::single(1)];
        let mut changed = Vec::new();
        assert_eq!(c.propagate(&mut domains, &mut changed), Ok(()));
        // 1 leaves the others; the second becomes 2, which leaves the first: 3.
        assert_eq!(
            domains,
            vec![Domain::single(3), Domain::single(2), Domain::single(1)]
        );

        let mut domains = vec![Domain::full(3), Domain::single(2), Domain::single(2)];
        assert_eq!(c.propagate(&mut domains, &mut Vec::new()), Err(Wipeout));

        let mut domains = vec![Domain::full(3), Domain::single(2), Domain::from_bits(0b010)];
        assert_eq!(
            c.forward_check(&mut domains, &[false; 3], 1, 2, &mut Vec::new()),
            Err(Wipeout)
        );
    }
}
