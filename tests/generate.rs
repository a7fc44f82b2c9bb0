//! The generator's contract, checked from outside: every puzzle given is valid (the complete
//! solver finds exactly its one solution, the one given with it), rated as `rate` rates it,
//! and meets each constraint asked (re-checked here independently: the level, ER and hardest
//! step on a fresh rating, the technique on a fresh path, symmetry, minimality and the number
//! of givens); a seed gives the same puzzles at any number of threads; requests that cannot be
//! met are refused naming the option, or end at their time limit with the nearest miss.
//! Samples are small and the requests quick, so the whole file runs in seconds.

use std::ops::ControlFlow;
use std::time::Duration;

use stepwise::analysis::Symmetry;
use stepwise::explain::{rate_puzzle, solve_paths};
use stepwise::generate::{run, validate, Constraints, Generated, Report, Request};
use stepwise::geometry::CellSet;
use stepwise::grid::Grid;
use stepwise::profile::{Profile, RateSettings};
use stepwise::solver::{validity, Validity};
use stepwise::technique::{Level, Technique};

/// A request on one thread, with a time limit far above what it needs, so that a regression
/// fails instead of hanging.
fn request(count: usize, constraints: Constraints, settings: RateSettings, seed: u64) -> Request {
    Request {
        count,
        constraints,
        settings,
        seed,
        jobs: 1,
        time_limit: Some(Duration::from_secs(120)),
    }
}

/// Runs a request, returning the puzzles given and the report.
fn generate(request: &Request) -> (Vec<Generated>, Report) {
    let mut puzzles = Vec::new();
    let report = run(
        request,
        |g| {
            puzzles.push(g.clone());
            ControlFlow::Continue(())
        },
        |_| {},
    )
    .expect("a valid request");
    (puzzles, report)
}

/// Checks one puzzle against its request, independently of the generator.
fn check(g: &Generated, request: &Request) {
    let c = &request.constraints;
    let line = g.line();
    match validity(&g.puzzle) {
        Validity::Unique(solution) => assert_eq!(solution, g.solution, "{line}"),
        other => panic!("{line} has no single solution: {other:?}"),
    }
    let grid = Grid::from_puzzle(&g.puzzle);
    let record = rate_puzzle(&grid, &request.settings);
    assert_eq!(record, g.record, "{line} is rated as rate rates it");
    assert_eq!(record.status, "solved", "{line}");
    let givens: Vec<usize> = (0..81).filter(|&i| g.puzzle[i] != 0).collect();
    if let Some(level) = c.level {
        assert_eq!(record.level, Some(level), "{line}");
    }
    if let Some((min, max)) = c.er {
        let er = record.er.expect("an ER");
        assert!(er >= min - 1e-9 && er <= max + 1e-9, "{line}: ER {er}");
    }
    if let Some(hardest) = c.hardest {
        assert_eq!(record.hardest, Some(hardest), "{line}");
    }
    if !c.techniques.is_empty() {
        let (se, hodoku) = solve_paths(&grid, &request.settings);
        let main = se.or(hodoku).expect("a path");
        for t in &c.techniques {
            assert!(
                main.steps.iter().any(|s| s.technique == *t),
                "{line} uses no {t}"
            );
        }
    }
    if let Some(symmetry) = c.symmetry {
        let cells: CellSet = givens.iter().copied().collect();
        assert!(
            symmetry.holds_for(cells),
            "{line} is not {}",
            symmetry.name()
        );
    }
    if c.minimal {
        for &i in &givens {
            let mut less = g.puzzle;
            less[i] = 0;
            assert!(
                !matches!(validity(&less), Validity::Unique(_)),
                "{line}: the given at {i} can go"
            );
        }
    }
    if let Some((min, max)) = c.givens {
        assert!(
            (min..=max).contains(&givens.len()),
            "{line}: {} givens",
            givens.len()
        );
    }
}

fn level(level: Level) -> Constraints {
    Constraints {
        level: Some(level),
        ..Default::default()
    }
}

#[test]
fn each_option_gives_puzzles_that_meet_it() {
    let both = RateSettings::default();
    let hodoku = RateSettings::select(Some(Profile::Hodoku), &[], false);
    let cases: Vec<(Constraints, RateSettings)> = vec![
        (level(Level::Easy), both.clone()),
        (level(Level::Medium), both.clone()),
        (level(Level::Hard), both.clone()),
        (level(Level::Hard), hodoku.clone()),
        (
            Constraints {
                er: Some((3.0, 4.5)),
                ..Default::default()
            },
            both.clone(),
        ),
        (
            Constraints {
                er: Some((1.0, 1.5)),
                ..Default::default()
            },
            both.clone(),
        ),
        (
            Constraints {
                hardest: Some(Technique::XYWing),
                ..Default::default()
            },
            both.clone(),
        ),
        (
            Constraints {
                techniques: vec![Technique::LockedCandidatesPointing],
                ..level(Level::Medium)
            },
            both.clone(),
        ),
        (
            Constraints {
                symmetry: Some(Symmetry::Rotational180),
                ..level(Level::Easy)
            },
            both.clone(),
        ),
        (
            Constraints {
                symmetry: Some(Symmetry::Diagonal),
                ..level(Level::Medium)
            },
            both.clone(),
        ),
        (
            Constraints {
                minimal: true,
                ..level(Level::Easy)
            },
            both.clone(),
        ),
        (
            Constraints {
                minimal: true,
                symmetry: Some(Symmetry::Vertical),
                ..Default::default()
            },
            both.clone(),
        ),
        (
            Constraints {
                givens: Some((28, 30)),
                ..level(Level::Easy)
            },
            both.clone(),
        ),
        (
            Constraints {
                givens: Some((22, 24)),
                ..Default::default()
            },
            both.clone(),
        ),
    ];
    for (i, (constraints, settings)) in cases.into_iter().enumerate() {
        let request = request(2, constraints, settings, 40 + i as u64);
        let (puzzles, report) = generate(&request);
        assert!(report.complete, "{:?}: {report:?}", request.constraints);
        assert_eq!((puzzles.len(), report.found), (2, 2));
        assert!(report.tried >= 2 && report.closest.is_none());
        for g in &puzzles {
            check(g, &request);
        }
        assert!(puzzles[0].attempt < puzzles[1].attempt);
    }
}

#[test]
fn a_seed_gives_the_same_puzzles_at_any_number_of_threads() {
    let lines = |jobs: usize, seed: u64| {
        let request = Request {
            jobs,
            ..request(6, level(Level::Medium), RateSettings::default(), seed)
        };
        let (puzzles, report) = generate(&request);
        assert!(report.complete);
        puzzles
            .iter()
            .map(|g| (g.attempt, g.line()))
            .collect::<Vec<_>>()
    };
    let one = lines(1, 7);
    assert_eq!(one, lines(2, 7));
    assert_eq!(one, lines(1, 7));
    let other = lines(2, 8);
    assert!(
        one.iter().all(|p| !other.contains(p)),
        "seeds 7 and 8 share puzzles"
    );
}

#[test]
fn a_rare_target_is_reached() {
    // Unfair: about one random minimal puzzle in seven, and each costs a rating past Hard.
    let request = request(
        2,
        level(Level::Unfair),
        RateSettings::select(Some(Profile::Hodoku), &[], false),
        3,
    );
    let (puzzles, report) = generate(&request);
    assert!(report.complete, "{report:?}");
    for g in &puzzles {
        check(g, &request);
    }
}

#[test]
fn impossible_requests_are_refused_naming_the_option() {
    let both = RateSettings::default();
    let hodoku = RateSettings::select(Some(Profile::Hodoku), &[], false);
    let se = RateSettings::select(Some(Profile::Se), &[], false);
    let refused = |constraints: Constraints, settings: &RateSettings| {
        let request = request(1, constraints, settings.clone(), 1);
        let error = validate(&request).expect_err("refused");
        // run refuses the same way, before any work
        let again = run(&request, |_| ControlFlow::Continue(()), |_| {}).unwrap_err();
        assert_eq!(error, again);
        (error.option, error.to_string())
    };
    let (option, message) = refused(
        Constraints {
            givens: Some((10, 12)),
            ..Default::default()
        },
        &both,
    );
    assert_eq!(option, "givens");
    assert!(message.contains("17"), "{message}");
    let (option, message) = refused(
        Constraints {
            hardest: Some(Technique::FullHouse),
            level: Some(Level::Extreme),
            ..Default::default()
        },
        &both,
    );
    assert_eq!(option, "level");
    assert!(
        message.contains("Easy") && message.contains("256"),
        "{message}"
    );
    for (constraints, settings, expected) in [
        (
            Constraints {
                er: Some((5.0, 4.0)),
                ..Default::default()
            },
            &both,
            "er",
        ),
        (
            Constraints {
                er: Some((0.2, 0.8)),
                ..Default::default()
            },
            &both,
            "er",
        ),
        (
            Constraints {
                er: Some((3.0, 4.0)),
                ..Default::default()
            },
            &hodoku,
            "er",
        ),
        (level(Level::Hard), &se, "level"),
        (
            Constraints {
                hardest: Some(Technique::XChain),
                ..Default::default()
            },
            &se,
            "hardest",
        ),
        (
            Constraints {
                hardest: Some(Technique::XWing),
                level: Some(Level::Medium),
                ..Default::default()
            },
            &hodoku,
            "level",
        ),
        (
            Constraints {
                hardest: Some(Technique::XWing),
                er: Some((4.0, 5.0)),
                ..Default::default()
            },
            &both,
            "er",
        ),
        (
            Constraints {
                hardest: Some(Technique::XWing),
                techniques: vec![Technique::Swordfish],
                ..Default::default()
            },
            &both,
            "technique",
        ),
        (
            Constraints {
                hardest: Some(Technique::XYWing),
                ..level(Level::Easy)
            },
            &both,
            "hardest",
        ),
        (
            Constraints {
                er: Some((3.0, 9.0)),
                ..level(Level::Easy)
            },
            &both,
            "er",
        ),
        (
            Constraints {
                hardest: Some(Technique::HiddenSingleBox),
                givens: Some((30, 40)),
                ..level(Level::Medium)
            },
            &both,
            "level",
        ),
    ] {
        let (option, message) = refused(constraints.clone(), settings);
        assert_eq!(option, expected, "{constraints:?}: {message}");
        assert!(message.starts_with(expected), "{message}");
    }
    let zero = Request {
        jobs: 0,
        ..request(1, Constraints::default(), both.clone(), 1)
    };
    assert_eq!(validate(&zero).unwrap_err().option, "jobs");
    // Possible, if rare: a level below the technique's own when the hardest step is read on
    // the se path (Sudoku Explainer takes an X-Wing where HoDoKu takes a hidden pair).
    let possible = request(
        1,
        Constraints {
            hardest: Some(Technique::XWing),
            level: Some(Level::Medium),
            ..Default::default()
        },
        both,
        1,
    );
    assert!(validate(&possible).is_ok());
}

#[test]
fn an_unmeetable_request_ends_at_its_time_limit_with_the_nearest_miss() {
    let request = Request {
        time_limit: Some(Duration::from_millis(1500)),
        jobs: 2,
        ..request(
            3,
            Constraints {
                er: Some((12.0, 13.0)),
                ..Default::default()
            },
            RateSettings::default(),
            5,
        )
    };
    let (puzzles, report) = generate(&request);
    assert!(puzzles.is_empty());
    assert!(!report.complete);
    assert_eq!(report.found, 0);
    assert!(report.tried > 0, "{report:?}");
    let closest = report.closest.expect("a nearest miss");
    assert!(!closest.misses.is_empty());
    assert!(closest.misses[0].starts_with("ER"), "{:?}", closest.misses);
    assert_eq!(closest.puzzle.len(), 81);
    println!(
        "ended after {:.2} s, {} tried",
        report.seconds, report.tried
    );
}

#[test]
fn a_run_stops_when_told_and_reports_progress() {
    let easy = request(5, level(Level::Easy), RateSettings::default(), 9);
    let mut given = 0;
    let report = run(
        &easy,
        |g| {
            check(g, &easy);
            given += 1;
            ControlFlow::Break(())
        },
        |_| {},
    )
    .unwrap();
    assert_eq!((given, report.found, report.complete), (1, 1, false));
    let report = run(
        &Request { count: 0, ..easy },
        |_| ControlFlow::Continue(()),
        |_| {},
    )
    .unwrap();
    assert!(report.complete && report.found == 0);
    // Progress after each attempt but the last, in order.
    let medium = request(3, level(Level::Medium), RateSettings::default(), 9);
    let mut progress = Vec::new();
    let report = run(&medium, |_| ControlFlow::Continue(()), |p| progress.push(p)).unwrap();
    assert!(progress.windows(2).all(|w| w[0].tried < w[1].tried));
    assert_eq!(progress.len() as u64, report.tried - 1);
}

#[test]
fn json_records_carry_the_level_and_solution() {
    let request = request(1, level(Level::Medium), RateSettings::default(), 2);
    let (puzzles, _) = generate(&request);
    let record = puzzles[0].json_record("g1".to_string(), "2024-01-01T00:00:00Z".to_string());
    assert_eq!(record.difficulty.as_deref(), Some("Medium"));
    assert_eq!(record.board.len(), 9);
    assert!(record.solution.is_some());
}
