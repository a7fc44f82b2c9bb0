//! `stepwise serve` end to end: the real binary on an ephemeral loopback port, spoken to with a
//! small HTTP/1.1 client over `TcpStream` (one request per connection). Every endpoint with
//! good and bad input, the limits (body size, time, queue), and the server still answering
//! after each error. Each test starts its own server and kills it when done.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::server::Server;
use serde_json::{json, Value};
use stepwise::format::{parse_puzzle, to_line, to_pencilmark};
use stepwise::grid::Grid;
use stepwise::solver::{validity, Validity};
use stepwise::technique::Technique;
use strum::IntoEnumIterator;

/// Wikipedia's puzzle: singles only (ER 1.2, HoDoKu Easy, score 204).
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// One of the forum's hardest (ER 11.1): its path takes about half a second.
const HARDEST: &str =
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2";
/// From `rated/se-hardest-1106.tsv`: explaining it with every technique takes seconds.
const SLOW_TO_EXPLAIN: &str =
    "12.3.....4.....3....3.5......42..5......8...9.6...5.7...15..2......9..6......7..8";
/// Nothing given: many solutions.
const EMPTY: &str =
    ".................................................................................";

/// Starts the server on a free loopback port with `args`.
fn start_server(args: &[&str]) -> Server {
    Server::start(env!("CARGO_BIN_EXE_stepwise"), args)
}

/// Requests to a running server.
impl Server {
    /// Sends `head` (request line and headers, without the blank line) and `body`.
    fn send(&self, head: &str, body: &[u8]) -> Response {
        let mut stream = TcpStream::connect(&self.addr).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let request = format!(
            "{head}\r\nHost: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.addr,
            body.len()
        );
        let mut bytes = request.into_bytes();
        bytes.extend_from_slice(body);
        // A server that refuses a body early may close before it is all written.
        // (The write side stays open: hyper drops a connection half closed by its client.)
        let _ = stream.write_all(&bytes);
        let mut raw = Vec::new();
        if let Err(e) = stream.read_to_end(&mut raw) {
            assert!(!raw.is_empty(), "no answer: {e}");
        }
        Response::parse(&raw)
    }

    fn get(&self, path: &str) -> Response {
        self.send(&format!("GET {path} HTTP/1.1"), b"")
    }

    fn post_raw(&self, path: &str, content_type: &str, body: &str) -> Response {
        self.send(
            &format!("POST {path} HTTP/1.1\r\nContent-Type: {content_type}"),
            body.as_bytes(),
        )
    }

    fn post(&self, path: &str, body: &Value) -> Response {
        self.post_raw(path, "application/json", &body.to_string())
    }
}

#[derive(Debug)]
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Response {
    fn parse(raw: &[u8]) -> Response {
        let text = String::from_utf8_lossy(raw);
        let (head, body) = text
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("a whole response: {text:?}"));
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("a status line: {head:?}"));
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
        let body = if chunked {
            dechunk(body)
        } else {
            body.to_string()
        };
        Response {
            status,
            headers,
            body,
        }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        assert_eq!(
            self.header("content-type"),
            Some("application/json"),
            "{self:?}"
        );
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("JSON ({e}): {:?}", self.body))
    }

    /// The JSON body, after checking the status.
    fn expect(&self, status: u16) -> Value {
        assert_eq!(self.status, status, "{}", self.body);
        self.json()
    }

    /// The error message of an error answer with this status.
    fn error(&self, status: u16) -> String {
        let body = self.expect(status);
        body["error"]
            .as_str()
            .unwrap_or_else(|| panic!("an error message: {body}"))
            .to_string()
    }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).expect("a chunk size");
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}

/// The server still answers: health and a good check.
fn still_serving(server: &Server) {
    assert_eq!(server.get("/healthz").expect(200)["status"], "ok");
    let answer = server
        .post("/api/check", &json!({ "puzzle": EASY }))
        .expect(200);
    assert_eq!(answer["status"], "unique");
}

/// A puzzle with no solution and no two equal digits in a unit: the first empty cell of
/// `EASY` given a digit that fits its row, column and box but not the solution.
fn no_solution() -> String {
    let puzzle = parse_puzzle(EASY, None).unwrap();
    let grid = Grid::from_puzzle(&puzzle.cells);
    let masks = grid.candidate_masks();
    for cell in 0..81 {
        if puzzle.cells[cell] != 0 {
            continue;
        }
        for digit in 1..=9u8 {
            if masks[cell] & (1 << (digit - 1)) == 0 {
                continue;
            }
            let mut cells = puzzle.cells;
            cells[cell] = digit;
            if validity(&cells) == Validity::NoSolution {
                return to_line(&cells);
            }
        }
    }
    unreachable!("a wrong candidate exists");
}

#[test]
fn health_the_page_and_json_errors_for_unknown_paths() {
    let server = start_server(&["--workers", "1", "--queue", "3", "--timeout", "4"]);
    let health = server.get("/healthz").expect(200);
    assert_eq!(health["status"], "ok");
    assert_eq!(health["workers"], 1);
    assert_eq!(health["queue"], 3);
    assert_eq!(health["timeout"], 4.0);
    assert_eq!(health["max_body_bytes"], 65536);

    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(page.body.contains("<html"), "{}", page.body);

    let missing = server.get("/nothing-here").error(404);
    assert_eq!(missing, "no such endpoint: GET /nothing-here");
    let wrong_method = server.get("/api/check").error(405);
    assert!(
        wrong_method.contains("GET is not allowed"),
        "{wrong_method}"
    );
    let wrong_method = server.send("DELETE /healthz HTTP/1.1", b"").error(405);
    assert!(wrong_method.contains("DELETE"), "{wrong_method}");
    still_serving(&server);
}

#[test]
fn check_reads_every_format_and_tells_unique_none_and_multiple() {
    let server = start_server(&["--workers", "2"]);
    let check = |puzzle: Value| server.post("/api/check", &json!({ "puzzle": puzzle }));

    let unique = check(json!(EASY)).expect(200);
    assert_eq!(
        unique,
        json!({ "puzzle": EASY, "status": "unique", "solution": EASY_SOLUTION })
    );
    // A grid, a pencilmark grid, a JSON record as text and as an object: the same puzzle.
    let cells = parse_puzzle(EASY, None).unwrap().cells;
    let grid = stepwise::format::to_grid(&cells);
    let pencilmarks = to_pencilmark(&cells, &Grid::from_puzzle(&cells).candidate_masks());
    let rows: Vec<Vec<u8>> = cells.chunks(9).map(<[u8]>::to_vec).collect();
    let record = json!({ "id": "wiki", "board": rows });
    for puzzle in [
        json!(grid),
        json!(pencilmarks),
        json!(record.to_string()),
        record,
    ] {
        let answer = check(puzzle.clone()).expect(200);
        assert_eq!(answer["status"], "unique", "{puzzle}");
        assert_eq!(answer["solution"], EASY_SOLUTION, "{puzzle}");
    }
    let forced = server
        .post(
            "/api/check",
            &json!({ "puzzle": EASY, "input_format": "line" }),
        )
        .expect(200);
    assert_eq!(forced["status"], "unique");

    assert_eq!(check(json!(no_solution())).expect(200)["status"], "none");
    let multiple = check(json!(EMPTY)).expect(200);
    assert_eq!(multiple["status"], "multiple");
    assert_eq!(multiple["solution"], Value::Null);

    // Bad puzzles: the library's message, naming what and where.
    let conflict = check(json!(format!("55{}", ".".repeat(79))));
    let body = conflict.expect(400);
    assert_eq!(body["option"], "puzzle");
    assert_eq!(
        body["error"],
        "puzzle: line 1: r1c1 and r1c2 both hold 5 (row 1)"
    );
    let short = check(json!("123")).error(400);
    assert!(short.starts_with("puzzle: "), "{short}");
    let number = check(json!(5)).error(400);
    assert!(number.contains("found a number"), "{number}");
    let format = server
        .post(
            "/api/check",
            &json!({ "puzzle": EASY, "input_format": "csv" }),
        )
        .expect(400);
    assert_eq!(format["option"], "input_format");
    still_serving(&server);
}

#[test]
fn solve_gives_the_solution_or_says_why_not() {
    let server = start_server(&["--workers", "2"]);
    let solve = |body: Value| server.post("/api/solve", &body);

    let line = solve(json!({ "puzzle": EASY })).expect(200);
    assert_eq!(line, json!({ "puzzle": EASY, "solution": EASY_SOLUTION }));
    let grid = solve(json!({ "puzzle": EASY, "format": "grid" })).expect(200);
    let solution = parse_puzzle(EASY_SOLUTION, None).unwrap().cells;
    assert_eq!(grid["solution"], stepwise::format::to_grid(&solution));
    let record = solve(json!({ "puzzle": EASY, "format": "json" })).expect(200);
    assert_eq!(record["solution"]["id"], "line-1");
    assert_eq!(
        record["solution"]["solution"][0],
        json!([5, 3, 4, 6, 7, 8, 9, 1, 2])
    );

    let several = solve(json!({ "puzzle": EMPTY })).expect(422);
    assert_eq!(several["status"], "multiple_solutions");
    assert!(
        several["error"].as_str().unwrap().contains("differ"),
        "{several}"
    );
    let none = solve(json!({ "puzzle": no_solution() })).expect(422);
    assert_eq!(none["status"], "no_solution");
    let format = solve(json!({ "puzzle": EASY, "format": "csv" })).expect(400);
    assert_eq!(format["option"], "format");
    still_serving(&server);
}

#[test]
fn explain_rate_and_analyze_follow_the_profile() {
    let server = start_server(&["--workers", "2"]);

    let explanation = server
        .post("/api/explain", &json!({ "puzzle": EASY }))
        .expect(200);
    assert_eq!(explanation["status"], "solved");
    assert_eq!(explanation["solution"], EASY_SOLUTION);
    assert_eq!(explanation["rating"]["er"], 1.2);
    assert_eq!(explanation["rating"]["level"], "Easy");
    assert_eq!(explanation["steps"].as_array().unwrap().len(), 51);

    let hodoku = server
        .post(
            "/api/explain",
            &json!({ "puzzle": EASY, "profile": "hodoku" }),
        )
        .expect(200);
    assert_eq!(hodoku["profile"], "hodoku");
    assert_eq!(hodoku["rating"]["er"], Value::Null);
    assert_eq!(hodoku["rating"]["level"], "Easy");

    // Singles without hidden singles: stuck, which is an answer.
    let stuck = server
        .post(
            "/api/explain",
            &json!({ "puzzle": HARDEST, "techniques": "full-house,naked-single" }),
        )
        .expect(200);
    assert_eq!(stuck["status"], "stuck");
    assert!(stuck["remaining"].is_string(), "{stuck}");

    let profile = server
        .post(
            "/api/explain",
            &json!({ "puzzle": EASY, "profile": "sudoku" }),
        )
        .expect(400);
    assert_eq!(profile["option"], "profile");
    assert!(
        profile["error"]
            .as_str()
            .unwrap()
            .contains("expected one of se, hodoku"),
        "{profile}"
    );
    let technique = server
        .post(
            "/api/rate",
            &json!({ "puzzle": EASY, "techniques": ["naked-single", "xwing"] }),
        )
        .expect(400);
    assert_eq!(technique["option"], "techniques");
    assert!(
        technique["error"]
            .as_str()
            .unwrap()
            .contains("did you mean x-wing"),
        "{technique}"
    );
    assert_eq!(technique["suggestions"][0], "x-wing");

    let rated = server
        .post("/api/rate", &json!({ "puzzle": EASY }))
        .expect(200);
    assert_eq!(
        rated,
        json!({
            "puzzle": EASY, "er": 1.2, "ep": 1.2, "ed": 1.2, "level": "Easy", "score": 204,
            "hardest": "Hidden Single", "steps": 51, "status": "solved", "error": null
        })
    );
    // The fields come in the CLI's order.
    assert!(server
        .post("/api/rate", &json!({ "puzzle": EASY }))
        .body
        .starts_with(&format!("{{\"puzzle\":\"{EASY}\",\"er\":1.2,")));
    let several = server
        .post("/api/rate", &json!({ "puzzle": EMPTY }))
        .expect(422);
    assert_eq!(several["status"], "multiple_solutions");

    let analysis = server
        .post(
            "/api/analyze",
            &json!({ "puzzle": EASY, "require": "x-wing" }),
        )
        .expect(200);
    assert_eq!(analysis["givens"], 30);
    assert_eq!(analysis["requirements"][0]["met"], false, "{analysis}");
    let require = server
        .post(
            "/api/analyze",
            &json!({ "puzzle": EASY, "require": ["xwnig"] }),
        )
        .expect(400);
    assert_eq!(require["option"], "require");
    still_serving(&server);
}

#[test]
fn hints_at_every_level_with_and_without_the_original() {
    let server = start_server(&["--workers", "2"]);
    let hint = |body: Value| server.post("/api/hint", &body);

    let nudge = hint(json!({ "puzzle": EASY, "level": "nudge" })).expect(200);
    assert_eq!(nudge["kind"], "step");
    assert_eq!(nudge["text"], "Look for a single in box 5.");
    assert!(nudge.get("step").is_none());
    let technique = hint(json!({ "puzzle": EASY })).expect(200);
    assert_eq!(technique["level"], "technique");
    let cells = hint(json!({ "puzzle": EASY, "level": "cells" })).expect(200);
    assert!(!cells["cells"].as_array().unwrap().is_empty(), "{cells}");
    let full = hint(json!({ "puzzle": EASY, "level": "FULL" })).expect(200);
    assert_eq!(full["level"], "full");
    assert!(full["step"].is_object(), "{full}");

    // A wrong digit in r1c3, named with the original given either way.
    let mut wrong = EASY.to_string();
    wrong.replace_range(2..3, "1");
    for body in [
        json!({ "puzzle": wrong, "original": EASY }),
        json!({ "state": wrong, "puzzle": EASY }),
    ] {
        let answer = hint(body.clone()).expect(200);
        assert_eq!(answer["kind"], "wrong_digit", "{body}: {answer}");
    }
    let twice = hint(json!({ "state": wrong, "puzzle": EASY, "original": EASY })).expect(400);
    assert_eq!(twice["option"], "original");

    // The user's pencilmarks, the true candidate removed from the first cell with several.
    let cells = parse_puzzle(EASY, None).unwrap().cells;
    let mut masks = Grid::from_puzzle(&cells).candidate_masks();
    let cell = (0..9)
        .find(|&c| cells[c] == 0 && masks[c].count_ones() >= 2)
        .expect("a cell of row 1");
    let digit = EASY_SOLUTION.as_bytes()[cell] - b'0';
    masks[cell] &= !(1 << (digit - 1));
    let removed = hint(json!({ "puzzle": to_pencilmark(&cells, &masks), "level": "full" }));
    let removed = removed.expect(200);
    assert_eq!(removed["kind"], "removed_candidate", "{removed}");
    assert_eq!(
        removed["text"],
        format!(
            "r1c{} is missing the candidate {digit}, but {digit} is the puzzle's solution there.",
            cell + 1
        ),
    );

    let level = hint(json!({ "puzzle": EASY, "level": "everything" })).expect(400);
    assert_eq!(
        level["error"],
        "level: unknown level 'everything': expected nudge, technique, cells or full"
    );
    let drawn = server
        .post("/api/rate", &json!({ "puzzle": EASY, "svg_step": 1 }))
        .expect(400);
    assert_eq!(drawn["option"], "svg_step", "{drawn}");
    // Each path endpoint's own option is refused by the others, naming it and its endpoint.
    for (path, body, option) in [
        (
            "/api/analyze",
            json!({ "puzzle": EASY, "svg_step": 1 }),
            "svg_step",
        ),
        (
            "/api/explain",
            json!({ "puzzle": EASY, "require": "x-wing" }),
            "require",
        ),
        (
            "/api/rate",
            json!({ "puzzle": EASY, "require": ["x-wing"] }),
            "require",
        ),
    ] {
        let refused = server.post(path, &body).expect(400);
        assert_eq!(refused["option"], option, "{path}: {refused}");
        let owner = if option == "require" {
            "/api/analyze"
        } else {
            "/api/explain"
        };
        assert_eq!(
            refused["error"],
            format!("{option}: only {owner} takes {option}; {path} does not"),
            "{refused}"
        );
    }
    let several = hint(json!({ "puzzle": EMPTY })).error(422);
    assert!(several.contains("more than one solution"), "{several}");
    let missing = hint(json!({ "level": "full" })).expect(400);
    assert_eq!(missing["option"], "puzzle");
    // The techniques looked for: a profile, or a list that replaces it.
    let se = hint(json!({ "puzzle": EASY, "profile": "se", "level": "full" })).expect(200);
    assert_eq!(se["kind"], "step", "{se}");
    let hidden = hint(json!({
        "puzzle": EASY, "level": "full",
        "techniques": ["hidden-single-box", "hidden-single-line"],
    }))
    .expect(200);
    assert_eq!(full["step"]["technique"], "Naked Single", "{full}");
    assert!(
        hidden["step"]["technique"]
            .as_str()
            .unwrap()
            .starts_with("Hidden Single"),
        "{hidden}"
    );
    let profile = hint(json!({ "puzzle": EASY, "profile": "explainer" })).expect(400);
    assert_eq!(profile["option"], "profile", "{profile}");
    let technique = hint(json!({ "puzzle": EASY, "techniques": ["x-wingg"] })).expect(400);
    assert_eq!(technique["option"], "techniques", "{technique}");
    still_serving(&server);
}

#[test]
fn generate_repeats_by_seed_and_refuses_what_cannot_be_met() {
    let server = start_server(&["--workers", "2"]);
    let generate = |body: Value| server.post("/api/generate", &body);

    let request = json!({ "count": 2, "level": "easy", "symmetry": "rotational", "seed": 1 });
    let first = generate(request.clone()).expect(200);
    assert_eq!(first["seed"], 1);
    assert_eq!(first["complete"], true);
    let puzzles = first["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 2);
    for puzzle in puzzles {
        assert_eq!(puzzle["rating"]["level"], "Easy", "{puzzle}");
        assert_eq!(puzzle["rating"]["puzzle"], puzzle["puzzle"]);
        assert!(
            puzzle["record"]["id"]
                .as_str()
                .unwrap()
                .starts_with("stepwise-1-"),
            "{puzzle}"
        );
        let line = puzzle["puzzle"].as_str().unwrap();
        let check = server
            .post("/api/check", &json!({ "puzzle": line }))
            .expect(200);
        assert_eq!(check["status"], "unique");
    }
    let again = generate(request).expect(200);
    let lines = |v: &Value| -> Vec<Value> {
        v["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["puzzle"].clone())
            .collect()
    };
    assert_eq!(
        lines(&first),
        lines(&again),
        "the same seed, the same puzzles"
    );
    let default = generate(json!({})).expect(200);
    assert_eq!(default["puzzles"].as_array().unwrap().len(), 1);
    assert!(default["seed"].is_u64());

    for (body, option, says) in [
        (json!({ "count": 21 }), "count", "from 1 to 20"),
        (json!({ "count": 0 }), "count", "from 1 to 20"),
        (json!({ "level": "diabolical" }), "level", "unfair"),
        (json!({ "symmetry": "spiral" }), "symmetry", "rotational"),
        (
            json!({ "hardest": "xwing" }),
            "hardest",
            "did you mean x-wing",
        ),
        (
            json!({ "technique": ["x-wing", "skyscrapr"] }),
            "technique",
            "skyscraper",
        ),
        (
            json!({ "er": "5..3" }),
            "er",
            "not a range from low to high",
        ),
        (json!({ "er": "x..3" }), "er", "'x' is not a rating"),
        (json!({ "givens": [10, 12] }), "givens", "fewer than 17"),
        (
            json!({ "level": "hard", "profile": "se" }),
            "level",
            "no hodoku path",
        ),
        (json!({ "timeout": 100 }), "timeout", "at most 10 seconds"),
    ] {
        let answer = generate(body.clone()).expect(400);
        assert_eq!(answer["option"], option, "{body}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(says), "{body}: {error}");
    }
    still_serving(&server);
}

#[test]
fn the_catalog_holds_every_technique_and_its_page() {
    let server = start_server(&["--workers", "1"]);
    let catalog = server.get("/api/techniques").expect(200);
    let entries = catalog.as_array().unwrap();
    assert_eq!(entries.len(), Technique::iter().count());
    // The list is small (no pages); each page is at its own URL.
    let size = catalog.to_string().len();
    assert!(size < 100_000, "the list is {size} bytes");
    for (entry, technique) in entries.iter().zip(Technique::iter()) {
        assert_eq!(entry["slug"], technique.slug());
        assert_eq!(entry["name"], technique.to_string());
        assert!(entry.get("page").is_none(), "{entry}");
        let url = entry["page_url"]
            .as_str()
            .unwrap_or_else(|| panic!("{entry}"));
        assert_eq!(url, format!("/api/techniques/{}", technique.slug()));
        let full = server.get(url).expect(200);
        assert_eq!(full["name"], technique.to_string());
        let page = full["page"].as_str().unwrap_or_else(|| panic!("{full}"));
        let on_disk = std::fs::read_to_string(format!(
            "{}/techniques/{}.md",
            env!("CARGO_MANIFEST_DIR"),
            technique.slug()
        ))
        .unwrap();
        assert_eq!(page, on_disk, "{}", technique.slug());
    }
    let x_wing = server.get("/api/techniques/x-wing").expect(200);
    assert_eq!(x_wing["name"], "X-Wing");
    assert_eq!(x_wing["family"], "fish");
    assert_eq!(x_wing["se_rating"], 3.2);
    assert_eq!(x_wing["hodoku_level"], "Hard");
    assert!(x_wing["page"].as_str().unwrap().starts_with("# X-Wing"));
    let unknown = server.get("/api/techniques/xwing").expect(404);
    assert_eq!(unknown["suggestions"][0], "x-wing");
}

#[test]
fn the_puzzle_record_comes_back_solved() {
    let server = start_server(&["--workers", "1"]);
    let cells = parse_puzzle(EASY, None).unwrap().cells;
    let rows: Vec<Vec<u8>> = cells.chunks(9).map(<[u8]>::to_vec).collect();
    let solution = parse_puzzle(EASY_SOLUTION, None).unwrap().cells;
    let solved: Vec<Vec<u8>> = solution.chunks(9).map(<[u8]>::to_vec).collect();
    let record = json!({
        "id": "wiki-1", "difficulty": "easy", "board": rows, "solution": null,
        "createdAt": "2024-05-01T12:00:00Z"
    });
    let answer = server.post("/solve", &record).expect(200);
    let mut expected = record.clone();
    expected["solution"] = json!(solved);
    assert_eq!(answer, expected);
    // Solved again: the same record.
    assert_eq!(server.post("/solve", &answer).expect(200), expected);
    // A record without id comes back without one.
    let bare = server.post("/solve", &json!({ "board": rows })).expect(200);
    assert_eq!(bare, json!({ "board": rows, "solution": solved }));

    let no_board = server.post("/solve", &json!({ "id": "x" })).error(400);
    assert!(no_board.contains("board"), "{no_board}");
    let mut short = rows.clone();
    short.pop();
    let eight_rows = server.post("/solve", &json!({ "board": short })).error(400);
    assert!(eight_rows.contains("board"), "{eight_rows}");
    let empty: Vec<Vec<u8>> = vec![vec![0; 9]; 9];
    let several = server
        .post("/solve", &json!({ "board": empty }))
        .expect(422);
    assert_eq!(several["status"], "multiple_solutions");
    let text = server
        .post_raw("/solve", "text/plain", &record.to_string())
        .error(415);
    assert!(text.contains("application/json"), "{text}");
    still_serving(&server);
}

#[test]
fn bad_requests_get_json_errors_and_the_server_keeps_serving() {
    let server = start_server(&["--workers", "1"]);
    let post = |body: &str| server.post_raw("/api/check", "application/json", body);

    let syntax = post(r#"{"puzzle": "#).error(400);
    assert!(
        syntax.starts_with("the request body is not valid JSON: "),
        "{syntax}"
    );
    let empty = post("").error(400);
    assert!(empty.contains("empty"), "{empty}");
    let array = post(&json!([EASY]).to_string()).error(400);
    assert!(array.contains("must be a JSON object"), "{array}");
    assert!(array.ends_with("found an array"), "{array}");
    let wrong_type = server
        .post_raw(
            "/api/explain",
            "application/json",
            r#"{"puzzle": "1", "timeout": "soon"}"#,
        )
        .error(400);
    assert!(wrong_type.contains("invalid type: string"), "{wrong_type}");
    let missing = post("{}").error(400);
    assert!(missing.contains("missing field `puzzle`"), "{missing}");
    let unknown = post(&json!({ "puzzle": EASY, "puzle": EASY }).to_string()).error(400);
    assert!(unknown.contains("unknown field `puzle`"), "{unknown}");
    let untyped = server
        .send(
            "POST /api/check HTTP/1.1",
            json!({ "puzzle": EASY }).to_string().as_bytes(),
        )
        .error(415);
    assert!(untyped.contains("found none"), "{untyped}");
    let form = server
        .post_raw(
            "/api/explain",
            "application/x-www-form-urlencoded",
            "puzzle=1",
        )
        .error(415);
    assert!(form.contains("application/json"), "{form}");
    // With a charset, JSON is JSON.
    let charset = server.post_raw(
        "/api/check",
        "application/json; charset=utf-8",
        &json!({ "puzzle": EASY }).to_string(),
    );
    assert_eq!(charset.expect(200)["status"], "unique");
    still_serving(&server);
}

#[test]
fn limits_refuse_big_bodies_and_stop_work_past_its_time() {
    let server = start_server(&["--workers", "2", "--timeout", "5"]);

    // 70 KB of body: refused before it is read whole.
    let big = json!({ "puzzle": "1".repeat(70_000) }).to_string();
    let refused = server.post_raw("/api/check", "application/json", &big);
    let body = refused.expect(413);
    assert_eq!(body["limit"], 65536);
    assert!(body["error"].as_str().unwrap().contains("64 KiB"), "{body}");
    let big_record = format!("{{\"board\": [{}]}}", " ".repeat(70_000));
    assert_eq!(
        server
            .post_raw("/solve", "application/json", &big_record)
            .status,
        413
    );

    // A millisecond for one of the hardest puzzles: the work stops, and says so.
    let started = Instant::now();
    let explained = server
        .post(
            "/api/explain",
            &json!({ "puzzle": HARDEST, "timeout": 0.001 }),
        )
        .expect(504);
    assert_eq!(explained["status"], "timeout");
    assert!(
        explained["error"]
            .as_str()
            .unwrap()
            .contains("time limit passed"),
        "{explained}"
    );
    let rated = server
        .post("/api/rate", &json!({ "puzzle": HARDEST, "timeout": 0.001 }))
        .expect(504);
    assert_eq!(rated["status"], "timeout");
    assert_eq!(rated["er"], Value::Null);
    let hinted = server
        .post(
            "/api/hint",
            &json!({ "puzzle": HARDEST, "level": "full", "timeout": 0.001 }),
        )
        .expect(504);
    assert_eq!(hinted["kind"], "timeout");
    assert!(hinted["error"].is_string(), "{hinted}");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "three 1 ms requests took {:?}",
        started.elapsed()
    );

    // More than the server allows, or nothing: refused.
    for (timeout, says) in [
        (json!(6), "at most 5 seconds on this server"),
        (json!(0), "more than 0 seconds"),
        (json!(-1), "more than 0 seconds"),
        (json!(1e300), "at most 5 seconds"),
    ] {
        let answer = server
            .post(
                "/api/explain",
                &json!({ "puzzle": EASY, "timeout": timeout }),
            )
            .expect(400);
        assert_eq!(answer["option"], "timeout");
        assert!(answer["error"].as_str().unwrap().contains(says), "{answer}");
    }
    still_serving(&server);
}

#[test]
fn a_full_queue_is_refused_at_once_and_the_server_recovers() {
    let server = start_server(&["--workers", "1", "--queue", "0"]);
    // A run that cannot be met keeps the one worker busy for its whole second.
    let slow = json!({ "count": 20, "er": [11.5, 12], "seed": 1, "timeout": 1.0 });
    let (busy, refused) = std::thread::scope(|scope| {
        let busy = scope.spawn(|| server.post("/api/generate", &slow));
        std::thread::sleep(Duration::from_millis(300));
        let started = Instant::now();
        let refused = server.post("/api/check", &json!({ "puzzle": EASY }));
        assert!(
            started.elapsed() < Duration::from_millis(500),
            "refused at once"
        );
        (busy.join().unwrap(), refused)
    });
    let error = refused.error(503);
    assert!(error.contains("busy"), "{error}");
    let ended = busy.expect(504);
    assert_eq!(ended["complete"], false);
    assert!(
        ended["error"]
            .as_str()
            .unwrap()
            .contains("the time ran out"),
        "{ended}"
    );
    assert!(ended["closest"].is_object(), "{ended}");
    still_serving(&server);
}

#[test]
fn bad_options_and_a_taken_port_end_the_command() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_stepwise"))
            .arg("serve")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs")
    };
    for args in [
        &["--queue", "5000"][..],
        &["--workers", "0"],
        &["--timeout", "0"],
        &["--addr", "localhost"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = run(&["--addr", &addr]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("error: cannot listen on {addr}")),
        "{stderr}"
    );
}

/// Slow clients cannot hold the server: a body sent a byte at a time is answered 408 after
/// `--read-timeout`, a head that never ends is closed, and past `--max-connections` a new
/// connection is answered 503; the server then serves as before.
#[test]
fn slow_clients_and_too_many_connections_are_cut_off() {
    let server = start_server(&["--read-timeout", "0.5", "--max-connections", "3"]);
    let connect = || {
        let stream = TcpStream::connect(&server.addr).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream
    };

    // The body: its head at once, then a byte every 100 ms.
    let body = json!({ "puzzle": EASY }).to_string();
    let mut trickle = connect();
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    trickle.write_all(head.as_bytes()).unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    for byte in body.bytes() {
        if trickle.write_all(&[byte]).is_err() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        if started.elapsed() > Duration::from_secs(3) {
            break;
        }
    }
    let _ = trickle.read_to_end(&mut answer);
    let waited = started.elapsed();
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("did not arrive within 0.5 s"), "{text}");
    assert!(waited < Duration::from_secs(4), "cut off after {waited:?}");

    // The head: a request line and nothing more; the server closes the connection.
    let mut stalled = connect();
    stalled
        .write_all(b"POST /api/check HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let started = Instant::now();
    let mut rest = Vec::new();
    let _ = stalled.read_to_end(&mut rest);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "closed after {:?}",
        started.elapsed()
    );

    // Three idle connections fill the server; a fourth is refused with a 503 at once.
    let idle: Vec<TcpStream> = (0..3).map(|_| connect()).collect();
    std::thread::sleep(Duration::from_millis(100));
    let mut fourth = connect();
    let mut refused = Vec::new();
    let _ = fourth.read_to_end(&mut refused);
    let refused = String::from_utf8_lossy(&refused);
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(refused.contains("3 connections open"), "{refused}");
    drop(idle);
    // Once they are closed (or timed out), requests are served again.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let reply = server.post("/api/check", &json!({ "puzzle": EASY }));
        if reply.status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "still refused: {}", reply.status);
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A client that goes away mid-request stops its work: with one worker and no queue, the
/// worker is free again within a moment of the close, not at the end of the request's time.
#[test]
fn a_client_that_leaves_stops_its_work() {
    let server = start_server(&["--workers", "1", "--queue", "0"]);
    for (path, body) in [
        // A run that cannot be met would take its whole five seconds.
        (
            "/api/generate",
            json!({ "count": 20, "er": [11.5, 12], "seed": 1, "timeout": 5.0 }),
        ),
        // A puzzle of se-hardest explained on every technique, the slowest ones too: some 4 s
        // of work (the forum's hardest now takes 0.3 s, too close to the wait below).
        (
            "/api/explain",
            json!({ "puzzle": SLOW_TO_EXPLAIN, "profile": "all", "timeout": 5.0 }),
        ),
    ] {
        let mut client = TcpStream::connect(&server.addr).expect("the server accepts");
        let body = body.to_string();
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        client.write_all(request.as_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        // The one worker is taken.
        assert_eq!(
            server.post("/api/check", &json!({ "puzzle": EASY })).status,
            503,
            "{path}: busy while the request runs"
        );
        drop(client);
        let left = Instant::now();
        loop {
            let reply = server.post("/api/check", &json!({ "puzzle": EASY }));
            if reply.status == 200 {
                break;
            }
            assert!(
                left.elapsed() < Duration::from_millis(2500),
                "{path}: the worker still busy {:?} after the client left",
                left.elapsed()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        eprintln!(
            "{path}: worker free {:?} after the client left",
            left.elapsed()
        );
    }
}

/// Kakuro on the API: every endpoint answers with the JSON its command writes, under the same
/// limits and status codes as Sudoku's.
#[test]
fn kakuro_endpoints_answer_as_their_commands() {
    let server = start_server(&["--workers", "2", "--timeout", "10"]);
    let example = std::fs::read_to_string("examples/kakuro.txt").unwrap();
    let first = example
        .split("\n\n")
        .find(|block| block.lines().any(|l| l.starts_with('#')))
        .unwrap()
        .to_string();
    let post = |path: &str, body: Value| server.post(path, &body);

    let check = post("/api/kakuro/check", json!({ "puzzle": first })).expect(200);
    assert_eq!(check["status"], "unique");
    assert_eq!(check["engine"], "gac");
    assert!(check["solution"].is_null());
    let solved = post(
        "/api/kakuro/solve",
        json!({ "puzzle": first, "engine": "mac" }),
    )
    .expect(200);
    assert_eq!(solved["engine"], "mac");
    assert!(solved["solution"].is_array());
    let explained = post("/api/kakuro/explain", json!({ "puzzle": first })).expect(200);
    assert_eq!(explained["status"], "solved");
    assert!(!explained["steps"].as_array().unwrap().is_empty());
    let rated = post("/api/kakuro/rate", json!({ "puzzle": first })).expect(200);
    assert_eq!(rated["level"], "easy");
    // The same answers as the command's --json, times aside.
    let file = std::env::temp_dir().join(format!("stepwise-api-kakuro-{}.txt", std::process::id()));
    std::fs::write(&file, &first).unwrap();
    let cli = common::stepwise(&["kakuro", "rate", "--json", file.to_str().unwrap()], "");
    let mut from_cli: Value = serde_json::from_str(common::text(&cli.stdout).trim()).unwrap();
    from_cli["puzzle"] = json!("puzzle");
    assert_eq!(rated, from_cli);
    let _ = std::fs::remove_file(&file);

    for (level, kind) in [("nudge", "step"), ("cells", "step"), ("full", "step")] {
        let hint = post(
            "/api/kakuro/hint",
            json!({ "puzzle": first, "level": level }),
        )
        .expect(200);
        assert_eq!(hint["kind"], kind);
        assert_eq!(hint["level"], level);
        assert_eq!(hint["step"].is_object(), level == "full", "{hint}");
    }
    let hint = post("/api/kakuro/hint", json!({ "puzzle": first })).expect(200);
    assert_eq!(hint["level"], "technique");

    let generated = post("/api/kakuro/generate", json!({ "rows": 8, "seed": 3 })).expect(200);
    let again = post("/api/kakuro/generate", json!({ "rows": 8, "seed": 3 })).expect(200);
    assert_eq!(generated, again);
    let record = post("/api/kakuro/check", json!({ "puzzle": generated })).expect(200);
    assert_eq!(record["status"], "unique");
    // A level asked is the level rated; an unknown one is the field at fault.
    let hard = post(
        "/api/kakuro/generate",
        json!({ "rows": 8, "seed": 3, "level": "hard" }),
    )
    .expect(200);
    assert_eq!(hard["id"], "stepwise-kakuro-8x8-hard-seed3");
    let rated = post("/api/kakuro/rate", json!({ "puzzle": hard })).expect(200);
    assert_eq!(rated["level"], "hard", "{rated}");
    let unknown = post("/api/kakuro/generate", json!({ "level": "fiendish" })).expect(400);
    assert_eq!(unknown["option"], "level");
    assert!(
        unknown["error"]
            .as_str()
            .unwrap()
            .contains("expected easy, medium, hard or expert"),
        "{unknown}"
    );
    let spent = post(
        "/api/kakuro/generate",
        json!({ "rows": 40, "level": "expert", "timeout": 0.001 }),
    )
    .expect(504);
    assert!(spent["error"].as_str().unwrap().contains("time ran out"));

    // Errors name the field; a puzzle with several solutions is a 422; time runs out as 504.
    let bad = post("/api/kakuro/check", json!({ "puzzle": "# x\n" })).expect(400);
    assert_eq!(bad["option"], "puzzle");
    assert!(
        bad["error"].as_str().unwrap().contains("'x' is not a cell"),
        "{bad}"
    );
    let foreign = post(
        "/api/kakuro/rate",
        json!({ "puzzle": first, "engine": "mac" }),
    )
    .expect(400);
    assert_eq!(foreign["option"], "engine");
    let level = post(
        "/api/kakuro/hint",
        json!({ "puzzle": first, "level": "all" }),
    )
    .expect(400);
    assert_eq!(level["option"], "level");
    let big = post("/api/kakuro/generate", json!({ "rows": 500 })).expect(400);
    assert_eq!(big["option"], "rows");
    let several = post(
        "/api/kakuro/solve",
        json!({ "puzzle": "#   4\\_ 4\\_\n_\\4 .   .\n_\\4 .   .\n" }),
    )
    .expect(422);
    assert_eq!(several["status"], "multiple");
    let large = std::fs::read_to_string("tests/data/kakuro-large.jsonl").unwrap();
    let slow = post(
        "/api/kakuro/explain",
        json!({ "puzzle": large.lines().next().unwrap(), "timeout": 0.05 }),
    )
    .expect(504);
    assert_eq!(slow["status"], "timeout");
    still_serving(&server);
}
