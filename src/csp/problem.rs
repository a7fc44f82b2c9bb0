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
    /// constraint of `var` prunes the others (`assigned`: which variables are assigned, for
    /// the constraints that count them). Pushes the variables whose domain shrank onto
    /// `changed`.
    #[inline]
    pub fn forward_check(
        &self,
        domains: &mut [Domain],
        assigned: &[bool],
        var: Var,
        value: u8,
        changed: &mut Vec<Var>,
    ) -> Result<(), Wipeout> {
        domains[var] = Domain::single(value);
        for &c in &self.constraints_of[var] {
            self.constraints[c].forward_check(domains, assigned, var, value, changed)?;
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
        let values = self.fixed_values();
        let assigned: Vec<bool> = values.iter().map(|&v| v != 0).collect();
        let mut changed = Vec::new();
        for (var, value) in values.into_iter().enumerate() {
            if value != 0 {
                if !domains[var].contains(value) {
                    return Err(Wipeout);
                }
                self.forward_check(&mut domains, &assigned, var, value, &mut changed)?;
            }
        }
        Ok(domains)
    }

    /// Arc consistency to a fixpoint (AC-3 over constraints) on the decomposition of each
    /// constraint ([`Constraint::propagate`]): starting from the constraints of the
    /// variables in `changed` (every constraint when `changed` is empty), a constraint whose
    /// variable shrank is revised again. `changed` is used up.
    pub fn arc_consistency(
        &self,
        domains: &mut [Domain],
        changed: &mut Vec<Var>,
    ) -> Result<(), Wipeout> {
        let mut queue = Queue::default();
        if changed.is_empty() {
            queue.start_all(self);
        }
        let start = std::mem::take(changed);
        self.revise(domains, &start, &mut queue, false)
    }

    /// AC-3 from the constraints of the variables `changed`, on `queue`'s buffers (kept
    /// between calls): each constraint revised by [`Constraint::propagate`], or by
    /// [`Constraint::propagate_generalized`] when `generalized`, until none removes
    /// anything. A constraint is not queued again by its own removals (it revises to its
    /// own fixpoint). The fixpoint is the same in any order of revision.
    pub fn revise(
        &self,
        domains: &mut [Domain],
        changed: &[Var],
        queue: &mut Queue,
        generalized: bool,
    ) -> Result<(), Wipeout> {
        queue.fit(self.constraints.len());
        for &var in changed {
            queue.push_of(self, var, usize::MAX);
        }
        while let Some(c) = queue.pop() {
            queue.changed.clear();
            let revised = if generalized {
                self.constraints[c].propagate_generalized(domains, &mut queue.changed)
            } else {
                self.constraints[c].propagate(domains, &mut queue.changed)
            };
            if let Err(wipeout) = revised {
                queue.clear();
                return Err(wipeout);
            }
            for i in 0..queue.changed.len() {
                let var = queue.changed[i];
                queue.push_of(self, var, c);
            }
        }
        Ok(())
    }
}

/// The constraints waiting to be revised by [`Problem::revise`], each queued at most once,
/// and its scratch list: kept by a propagator so a fixpoint allocates nothing.
#[derive(Debug, Clone, Default)]
pub struct Queue {
    pending: Vec<usize>,
    queued: Vec<bool>,
    changed: Vec<Var>,
}

impl Queue {
    fn fit(&mut self, constraints: usize) {
        if self.queued.len() != constraints {
            self.queued = vec![false; constraints];
            self.pending.clear();
        }
    }

    fn start_all(&mut self, problem: &Problem) {
        self.fit(problem.constraints.len());
        self.pending.extend(0..problem.constraints.len());
        self.queued.fill(true);
    }

    /// Queues the constraints of `var` but `except`.
    #[inline]
    fn push_of(&mut self, problem: &Problem, var: Var, except: usize) {
        for &c in &problem.constraints_of[var] {
            if c != except && !self.queued[c] {
                self.queued[c] = true;
                self.pending.push(c);
            }
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<usize> {
        let c = self.pending.pop()?;
        self.queued[c] = false;
        Some(c)
    }

    fn clear(&mut self) {
        for c in self.pending.drain(..) {
            self.queued[c] = false;
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
