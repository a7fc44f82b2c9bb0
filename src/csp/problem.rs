//! A problem: variables with their starting domains, the constraints between them, and the
//! propagation loops the engines share (forward checking from an assignment, arc consistency
//! to a fixpoint).

use super::constraint::{Constraint, Var, Wipeout};
use super::domain::{Domain, MAX_VALUE};

/// Variables `0..n` with starting domains (a puzzle's givens are one-value domains) and the
/// constraints on them.
#[derive(Debug, Clone)]
pub struct Problem {
    max_value: u8,
    domains: Vec<Domain>,
    constraints: Vec<Constraint>,
    /// For each variable, the indices of the constraints it is in.
    constraints_of: Vec<Vec<usize>>,
}

impl Problem {
    /// A problem over `domains.len()` variables whose values lie in `1..=max_value` (capped
    /// at [`MAX_VALUE`]). A constraint naming a variable past the last one is dropped
    /// (callers build constraints from their own geometry, so that does not happen).
    pub fn new(max_value: u8, domains: Vec<Domain>, constraints: Vec<Constraint>) -> Problem {
        let max_value = max_value.min(MAX_VALUE);
        let allowed = Domain::full(max_value).bits();
        let domains: Vec<Domain> = domains
            .into_iter()
            .map(|d| Domain::from_bits(d.bits() & allowed))
            .collect();
        let n = domains.len();
        let constraints: Vec<Constraint> = constraints
            .into_iter()
            .filter(|c| c.vars().iter().all(|&v| v < n))
            .collect();
        let mut constraints_of = vec![Vec::new(); n];
        for (i, c) in constraints.iter().enumerate() {
            for &v in c.vars() {
                constraints_of[v].push(i);
            }
        }
        Problem {
            max_value,
            domains,
            constraints,
            constraints_of,
        }
    }

    /// The number of variables.
    pub fn var_count(&self) -> usize {
        self.domains.len()
    }

    /// The largest value a variable may take.
    pub fn max_value(&self) -> u8 {
        self.max_value
    }

    /// The starting domains.
    pub fn domains(&self) -> &[Domain] {
        &self.domains
    }

    /// Every constraint.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The indices of the constraints `var` is in.
    pub fn constraints_of(&self, var: Var) -> &[usize] {
        &self.constraints_of[var]
    }

    /// The starting assignment: the value of each variable whose starting domain has one
    /// value (a given), 0 for the others.
    pub fn fixed_values(&self) -> Vec<u8> {
        self.domains
            .iter()
            .map(|d| d.single_value().unwrap_or(0))
            .collect()
    }

    /// Whether a complete assignment satisfies every constraint and every starting domain.
    pub fn satisfied(&self, values: &[u8]) -> bool {
        values.len() == self.domains.len()
            && values
                .iter()
                .zip(&self.domains)
                .all(|(&v, d)| d.contains(v))
            && self.constraints.iter().all(|c| c.satisfied(values))
    }

    /// Whether `var = value` agrees with every constraint on the values assigned so far (the
    /// one-value domains: see [`Constraint::allows`]).
    #[inline]
    pub fn allows(&self, domains: &[Domain], var: Var, value: u8) -> bool {
        self.constraints_of[var]
            .iter()
            .all(|&c| self.constraints[c].allows(domains, var, value))
    }

    /// The values of `var`'s domain that every constraint allows beside the values assigned
    /// so far (the one-value domains: see [`Constraint::allows`]).
    #[inline]
    pub fn allowed(&self, domains: &[Domain], var: Var) -> Domain {
        let mut allowed = domains[var].bits();
        for &c in &self.constraints_of[var] {
            allowed &= !self.constraints[c].taken(domains, var).bits();
        }
        Domain::from_bits(allowed)
    }

    /// Forward checking after `var = value` (its domain is set to that value): every
    /// constraint of `var` prunes the others. Pushes the variables whose domain shrank onto
    /// `changed`.
    pub fn forward_check(
        &self,
        domains: &mut [Domain],
        var: Var,
        value: u8,
        changed: &mut Vec<Var>,
    ) -> Result<(), Wipeout> {
        domains[var] = Domain::single(value);
        for &c in &self.constraints_of[var] {
            self.constraints[c].forward_check(domains, var, value, changed)?;
        }
        Ok(())
    }

    /// The starting domains with every given forward-checked: where fc, fc-mrv, fc-mrv-lcv and
    /// cost start. A [`Wipeout`] means the givens conflict.
    pub fn forward_checked_start(&self) -> Result<Vec<Domain>, Wipeout> {
        let mut domains = self.domains.clone();
        if domains.iter().any(|d| d.is_empty()) {
            return Err(Wipeout);
        }
        let mut changed = Vec::new();
        for (var, value) in self.fixed_values().into_iter().enumerate() {
            if value != 0 {
                if !domains[var].contains(value) {
                    return Err(Wipeout);
                }
                self.forward_check(&mut domains, var, value, &mut changed)?;
            }
        }
        Ok(domains)
    }

    /// Arc consistency to a fixpoint (AC-3 over constraints): starting from the constraints
    /// of the variables in `changed` (every constraint when `changed` is empty), a constraint
    /// whose variable shrank is revised again. `changed` is used up.
    pub fn arc_consistency(
        &self,
        domains: &mut [Domain],
        changed: &mut Vec<Var>,
    ) -> Result<(), Wipeout> {
        let mut queued = vec![false; self.constraints.len()];
        let mut queue: Vec<usize> = Vec::new();
        if changed.is_empty() {
            queue.extend(0..self.constraints.len());
            queued.fill(true);
        }
        loop {
            for var in changed.drain(..) {
                for &c in &self.constraints_of[var] {
                    if !queued[c] {
                        queued[c] = true;
                        queue.push(c);
                    }
                }
            }
            let Some(c) = queue.pop() else {
                return Ok(());
            };
            queued[c] = false;
            self.constraints[c].propagate(domains, changed)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn latin(n: usize, givens: &[u8]) -> Problem {
        let domains = givens
            .iter()
            .map(|&g| {
                if g == 0 {
                    Domain::full(n as u8)
                } else {
                    Domain::single(g)
                }
            })
            .collect();
        let mut constraints = Vec::new();
        for r in 0..n {
            constraints.push(Constraint::AllDifferent(
                (0..n).map(|c| r * n + c).collect(),
            ));
            constraints.push(Constraint::AllDifferent(
                (0..n).map(|c| c * n + r).collect(),
            ));
        }
        Problem::new(n as u8, domains, constraints)
    }

    #[test]
    fn forward_checking_from_the_givens() {
        let p = latin(2, &[1, 0, 0, 0]);
        let d = p.forward_checked_start().unwrap();
        assert_eq!(d[1], Domain::single(2));
        assert_eq!(d[2], Domain::single(2));
        assert_eq!(d[3], Domain::full(2));
        assert!(latin(2, &[1, 1, 0, 0]).forward_checked_start().is_err());
    }

    #[test]
    fn arc_consistency_solves_a_forced_square() {
        let p = latin(2, &[1, 0, 0, 0]);
        let mut d = p.domains().to_vec();
        p.arc_consistency(&mut d, &mut Vec::new()).unwrap();
        assert_eq!(
            d.iter().map(|x| x.single_value()).collect::<Vec<_>>(),
            vec![Some(1), Some(2), Some(2), Some(1)]
        );
        assert!(p.satisfied(&[1, 2, 2, 1]));
        assert!(!p.satisfied(&[2, 1, 1, 2]));
        assert_eq!(p.fixed_values(), vec![1, 0, 0, 0]);
    }
}
