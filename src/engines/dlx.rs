//! `dlx`: Knuth's Algorithm X on Dancing Links ("Dancing Links", 2000).
//!
//! The exact-cover matrix of a problem has one row per variable and value of its domain, and
//! columns for "the variable has a value" and, for each all-different constraint and value,
//! "the value is in the constraint". When a constraint has as many variables as there are
//! values (a grid's rows, columns and boxes) each value must appear in it exactly once: a
//! primary column, which a solution covers once. A smaller group only forbids a value twice:
//! a secondary column, covered at most once and never chosen to branch on.
//!
//! Each column is a circular doubly linked list of its rows' nodes under a header that keeps
//! its size; each row a circular list of its nodes. Covering a column unlinks it from the
//! headers and every row that meets it from the other columns; uncovering relinks them in
//! exactly the reverse order. The search covers the primary column with the fewest rows,
//! tries each of its rows in turn (a node), and meets a dead end at a column left with none.
//! The givens' rows are chosen before the search (not counted as nodes); two givens that
//! claim one column make the problem unsolvable at once.
//!
//! The links are indices into flat vectors (no pointers, no `unsafe`); the recursion is one
//! call per row chosen deep, at most one per variable.

use std::ops::ControlFlow;

use crate::csp::{Constraint, Meter, Problem};

pub(super) fn search(problem: &Problem, meter: &mut Meter<'_>) -> ControlFlow<()> {
    let mut links = Links::of(problem);
    let mut values = vec![0u8; problem.var_count()];
    if !links.choose_givens(problem, &mut values) {
        meter.dead_end();
        return ControlFlow::Continue(());
    }
    links.solve(&mut values, meter)
}

/// The dancing links of one exact-cover matrix. Node 0 is the root, nodes `1..=columns` the
/// column headers, the rest the rows' nodes.
struct Links {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    /// Each node's column header.
    column: Vec<usize>,
    /// Each header's number of rows still linked (indexed by node; only headers used).
    size: Vec<usize>,
    /// Each row node's variable and value.
    row: Vec<(usize, u8)>,
    /// Each variable's first row node (its rows follow one another).
    first_row: Vec<usize>,
}

impl Links {
    fn of(problem: &Problem) -> Links {
        let n = problem.var_count();
        let values = usize::from(problem.max_value());
        // Headers: one per variable, then one per constraint and value.
        let mut base = Vec::with_capacity(problem.constraints().len());
        let mut primary = vec![true; n];
        for c in problem.constraints() {
            base.push(1 + primary.len());
            let Constraint::AllDifferent(vars) = c else {
                continue;
            };
            primary.extend(std::iter::repeat_n(vars.len() == values, values));
        }
        let headers = primary.len();
        let mut links = Links {
            left: (0..=headers).collect(),
            right: (0..=headers).collect(),
            up: (0..=headers).collect(),
            down: (0..=headers).collect(),
            column: (0..=headers).collect(),
            size: vec![0; headers + 1],
            row: vec![(0, 0); headers + 1],
            first_row: vec![0; n],
        };
        // The root's ring holds the primary headers; a secondary header links to itself.
        let mut previous = 0;
        for (h, &is_primary) in primary.iter().enumerate() {
            let header = h + 1;
            if is_primary {
                links.right[previous] = header;
                links.left[header] = previous;
                previous = header;
            }
        }
        links.right[previous] = 0;
        links.left[0] = previous;
        for var in 0..n {
            links.first_row[var] = links.column.len();
            for value in problem.domains()[var].values() {
                let mut columns = vec![1 + var];
                for &c in problem.constraints_of(var) {
                    columns.push(base[c] + usize::from(value) - 1);
                }
                links.add_row(&columns, (var, value));
            }
        }
        links
    }

    /// Appends a row with nodes in `columns`.
    fn add_row(&mut self, columns: &[usize], what: (usize, u8)) {
        let first = self.column.len();
        for (k, &col) in columns.iter().enumerate() {
            let node = first + k;
            self.column.push(col);
            self.row.push(what);
            // At the bottom of its column.
            self.up.push(self.up[col]);
            self.down.push(col);
            let above = self.up[col];
            self.down[above] = node;
            self.up[col] = node;
            self.size[col] += 1;
            // In its row's ring.
            let (prev, next) = if k == 0 {
                (node, node)
            } else {
                (node - 1, first)
            };
            self.left.push(prev);
            self.right.push(next);
            if k > 0 {
                self.right[node - 1] = node;
                self.left[first] = node;
            }
        }
    }

    /// Chooses the row of every given (a variable whose domain has one value), setting its
    /// value. False when two givens claim one column.
    fn choose_givens(&mut self, problem: &Problem, values: &mut [u8]) -> bool {
        let mut covered = vec![false; self.size.len()];
        for (var, d) in problem.domains().iter().enumerate() {
            let Some(value) = d.single_value() else {
                continue;
            };
            let row = self.first_row[var];
            let mut node = row;
            loop {
                if covered[self.column[node]] {
                    return false;
                }
                node = self.right[node];
                if node == row {
                    break;
                }
            }
            loop {
                covered[self.column[node]] = true;
                self.cover(self.column[node]);
                node = self.right[node];
                if node == row {
                    break;
                }
            }
            values[var] = value;
        }
        true
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                self.size[self.column[j]] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }

    /// The primary column with the fewest rows (the first of equals), `None` when every one is
    /// covered.
    fn smallest_column(&self) -> Option<usize> {
        let mut best: Option<usize> = None;
        let mut c = self.right[0];
        while c != 0 {
            if best.is_none_or(|b| self.size[c] < self.size[b]) {
                best = Some(c);
                if self.size[c] <= 1 {
                    break;
                }
            }
            c = self.right[c];
        }
        best
    }

    fn solve(&mut self, values: &mut [u8], meter: &mut Meter<'_>) -> ControlFlow<()> {
        let Some(c) = self.smallest_column() else {
            return meter.solution(values);
        };
        if self.size[c] == 0 {
            meter.dead_end();
            return ControlFlow::Continue(());
        }
        self.cover(c);
        let mut r = self.down[c];
        while r != c {
            meter.node()?;
            let (var, value) = self.row[r];
            values[var] = value;
            let mut j = self.right[r];
            while j != r {
                self.cover(self.column[j]);
                j = self.right[j];
            }
            self.solve(values, meter)?;
            let mut j = self.left[r];
            while j != r {
                self.uncover(self.column[j]);
                j = self.left[j];
            }
            values[var] = 0;
            r = self.down[r];
        }
        self.uncover(c);
        ControlFlow::Continue(())
    }
}
