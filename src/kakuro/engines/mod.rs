//! Complete engines for Kakuro, from plain backtracking to generalized arc consistency: each
//! a configuration of the constraint core's one search ([`crate::csp::search`]), with
//! shaving ([`crate::csp::shave`]), on the Kakuro's [`model::Model`] (a problem of the core
//! with a sum-and-all-different constraint per run).
//!
//! Owns [`Engine`] (the four: `backtrack`, `forward-checking`, `mac`, `gac`), [`Options`],
//! [`Report`] and [`solve`]. The engines are the core's propagators: `backtrack` is
//! [`CheckAfter`] in reading order, `forward-checking` [`ForwardCheck`], `mac`
//! [`ArcConsistency::decomposed`] (pairwise inequalities and sum bounds) and `gac`
//! [`ArcConsistency::generalized`] (each run's combinations), the last three smallest domain
//! first. A puzzle is decided in three stages, in order, each run only when the one before
//! left it open:
//!
//! 1. **propagation**: the engine's propagation at the root, before any choice;
//! 2. **shaving** (when asked): each digit of each open cell tried, propagated, removed on a
//!    contradiction, until a pass removes none;
//! 3. **search**: depth first, counting solutions up to [`Options::limit`] (2 tells a unique
//!    puzzle from one with several), under a cap of [`Options::node_cap`] digits tried
//!    (the core's [`Meter`]; [`Options::limits`]).
//!
//! A node is one digit tried in one cell; a backtrack is a node that failed (its propagation
//! emptied a domain, or the full assignment it reached broke a constraint). Measured on the
//! corpus, all four engines, their propagation alone and with shaving: `stepwise kakuro
//! bench` (the bench sits above the engines; nothing here refers to it).

pub mod model;

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::csp::{
    search, shave, ArcConsistency, CheckAfter, ForwardCheck, Limits, Meter, Propagator, Run, State,
    Stats, Stop, Strategy, ValueOrder, VarOrder, Walk, Wipeout,
};
use model::Model;

/// A domain emptied or a constraint broken: the state has no solution.
pub type Contradiction = Wipeout;

/// The four engines, from the weakest propagation to the strongest.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    strum::Display,
    strum::EnumString,
    strum::EnumIter,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum Engine {
    /// Chronological backtracking in reading order, checking assigned cells only.
    #[strum(serialize = "backtrack", serialize = "bt")]
    Backtrack,
    /// Forward checking: an assignment prunes its runs' other cells.
    #[strum(
        serialize = "forward-checking",
        serialize = "fc",
        serialize = "forward"
    )]
    ForwardChecking,
    /// Maintained arc consistency on all-different (pairwise) and sum bounds.
    #[strum(serialize = "mac")]
    Mac,
    /// Generalized arc consistency on each run's combined sum-and-all-different constraint.
    #[strum(serialize = "gac")]
    Gac,
}

impl Engine {
    /// Every engine, weakest first.
    pub const ALL: [Engine; 4] = [
        Engine::Backtrack,
        Engine::ForwardChecking,
        Engine::Mac,
        Engine::Gac,
    ];
}

/// The default cap on digits tried by a search (the study's 500,000 nodes).
pub const DEFAULT_NODE_CAP: u64 = 500_000;

/// How [`solve`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Stop after this many solutions (2 decides uniqueness).
    pub limit: usize,
    /// Give up after this many digits tried in the search.
    pub node_cap: u64,
    /// Shave between propagation and search.
    pub shave: bool,
}

impl Default for Options {
    /// Two solutions (uniqueness), the default cap, shaving on.
    fn default() -> Options {
        Options {
            limit: 2,
            node_cap: DEFAULT_NODE_CAP,
            shave: true,
        }
    }
}

/// The stage that decided a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Propagation at the root left one digit per cell, or a contradiction.
    Propagation,
    /// Shaving did.
    Shaving,
    /// The search did (or hit its cap).
    Search,
}

/// How many solutions, as far as the limit and the cap let the engine tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Count {
    /// None at all.
    None,
    /// Exactly one (proven when the limit is 2 or more).
    Unique,
    /// At least two.
    Multiple,
    /// The node cap stopped the search first.
    Unknown,
}

/// What an engine found and spent on one puzzle: the core's [`Run`] (how it ended, nodes,
/// dead ends, time) with what Kakuro adds to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Which engine.
    pub engine: Engine,
    /// The solutions found (at most the limit), each a digit per white cell.
    pub solutions: Vec<Vec<u8>>,
    /// The stage that decided it.
    pub stage: Stage,
    /// Digits shaving removed.
    pub shaved: usize,
    /// The run of all stages: its count is that of `solutions`, its stop says whether the
    /// node cap cut the search, its time is the wall time of all stages.
    pub run: Run,
}

impl Report {
    /// The count as far as it is known.
    pub fn count(&self) -> Count {
        match self.solutions.len() {
            _ if self.solutions.len() >= 2 => Count::Multiple,
            _ if !self.complete() => Count::Unknown,
            0 => Count::None,
            _ => Count::Unique,
        }
    }

    /// Whether the engine answered (the cap did not stop it first).
    pub fn decided(&self) -> bool {
        self.count() != Count::Unknown
    }

    /// False when the node cap (or the thread's deadline) stopped the search before it could
    /// answer.
    pub fn complete(&self) -> bool {
        !self.run.stop.is_cut()
    }

    /// Digits the search tried.
    pub fn nodes(&self) -> u64 {
        self.run.stats.nodes.unwrap_or(0)
    }

    /// Digits tried that failed.
    pub fn backtracks(&self) -> u64 {
        self.run.stats.backtracks.unwrap_or(0)
    }

    /// Wall time of all stages.
    pub fn elapsed(&self) -> Duration {
        self.run.stats.time
    }
}

/// Decides `model` with `engine`: propagation, shaving (when asked), search.
pub fn solve(model: &Model, engine: Engine, options: &Options) -> Report {
    match engine {
        Engine::Backtrack => run(CheckAfter, VarOrder::First, engine, model, options),
        Engine::ForwardChecking => run(
            ForwardCheck::default(),
            VarOrder::Smallest,
            engine,
            model,
            options,
        ),
        Engine::Mac => run(
            ArcConsistency::decomposed(),
            VarOrder::Smallest,
            engine,
            model,
            options,
        ),
        Engine::Gac => run(
            ArcConsistency::generalized(),
            VarOrder::Smallest,
            engine,
            model,
            options,
        ),
    }
}

/// Propagates the root as far as `engine` can, without search or shaving: the domains left,
/// or a contradiction.
pub fn propagate_root(model: &Model, engine: Engine) -> Result<State, Contradiction> {
    let problem = model.problem();
    let mut state = State::new(problem.domains().to_vec());
    let all: Vec<usize> = (0..model.variables()).collect();
    match engine {
        Engine::Backtrack => CheckAfter.propagate(problem, &mut state, &all),
        Engine::ForwardChecking => ForwardCheck::default().propagate(problem, &mut state, &all),
        Engine::Mac => ArcConsistency::decomposed().propagate(problem, &mut state, &all),
        Engine::Gac => ArcConsistency::generalized().propagate(problem, &mut state, &all),
    }?;
    Ok(state)
}

/// Shaves `state` (propagated by `engine`) to a fixpoint: [`crate::csp::shave`] with the
/// engine's propagator. The digits removed, or a contradiction.
pub fn shave_root(
    model: &Model,
    engine: Engine,
    state: &mut State,
) -> Result<usize, Contradiction> {
    let problem = model.problem();
    match engine {
        Engine::Backtrack => shave(&mut CheckAfter, problem, state),
        Engine::ForwardChecking => shave(&mut ForwardCheck::default(), problem, state),
        Engine::Mac => shave(&mut ArcConsistency::decomposed(), problem, state),
        Engine::Gac => shave(&mut ArcConsistency::generalized(), problem, state),
    }
}

impl Options {
    /// The search's limits: the solutions asked (at least one), the node cap, no time limit
    /// of its own (the thread's deadline, when a caller set one, still holds).
    pub fn limits(&self) -> Limits {
        Limits {
            solutions: Some(self.limit.max(1) as u64),
            nodes: Some(self.node_cap),
            time: None,
        }
    }
}

fn run<P: Propagator>(
    mut propagator: P,
    order: VarOrder,
    engine: Engine,
    model: &Model,
    options: &Options,
) -> Report {
    let started = Instant::now();
    let problem = model.problem();
    let mut report = Report {
        engine,
        solutions: Vec::new(),
        stage: Stage::Propagation,
        shaved: 0,
        run: Run {
            solutions: 0,
            stop: Stop::Complete,
            stats: Stats {
                nodes: Some(0),
                backtracks: Some(0),
                time: Duration::ZERO,
            },
        },
    };
    let finish = |mut report: Report| {
        report.run.solutions = report.solutions.len() as u64;
        report.run.stats.time = started.elapsed();
        report
    };
    // A spent budget stops the stages before the search too (whose meter checks it): the
    // count is then unknown, never "none" or "unique" from a cut stage.
    let timed_out = |mut report: Report| {
        report.run.stop = Stop::TimeLimit;
        finish(report)
    };
    if crate::deadline::expired() {
        return timed_out(report);
    }
    let mut state = State::new(problem.domains().to_vec());
    let all: Vec<usize> = (0..model.variables()).collect();
    if propagator.propagate(problem, &mut state, &all).is_err() {
        return finish(report);
    }
    if let Some(values) = settled(&state) {
        report
            .solutions
            .extend(values.filter(|v| model.satisfied_by(v)));
        return finish(report);
    }
    if options.shave {
        report.stage = Stage::Shaving;
        if crate::deadline::expired() {
            return timed_out(report);
        }
        // Shaving stops at the deadline with its removals so far (each sound).
        match shave(&mut propagator, problem, &mut state) {
            Err(Wipeout) => return finish(report),
            Ok(removed) => report.shaved = removed,
        }
        if let Some(values) = settled(&state) {
            report
                .solutions
                .extend(values.filter(|v| model.satisfied_by(v)));
            return finish(report);
        }
        if crate::deadline::expired() {
            return timed_out(report);
        }
    }
    report.stage = Stage::Search;
    let strategy = Strategy {
        vars: order,
        values: ValueOrder::Ascending,
        walk: Walk::Stack,
    };
    let mut solutions = Vec::new();
    let mut keep = |values: &[u8]| solutions.push(values.to_vec());
    let mut meter = Meter::new(&options.limits(), &mut keep);
    let _ = search(&mut propagator, problem, state, strategy, &mut meter);
    report.run = meter.finish(Duration::ZERO);
    report.solutions = solutions;
    finish(report)
}

/// `Some` when every domain holds one digit: the values (to be checked), for an
/// engine whose propagation decides a singleton.
fn settled(state: &State) -> Option<Option<Vec<u8>>> {
    state
        .domains
        .iter()
        .all(|d| d.len() == 1)
        .then(|| state.values())
}
