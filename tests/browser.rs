//! The page of `stepwise serve` in a real headless Chromium, driven over WebDriver
//! (chromedriver's HTTP API, spoken here by hand over a `TcpStream`), at a desktop's size and
//! a phone's: the first view, a bundled puzzle, playing with the keyboard (digits, arrows,
//! pencil marks, undo), the board kept in the link and in localStorage, a shared link opened,
//! a wrong digit as the first hint, hints through every level drawn on the playing board,
//! applying steps until solved, the explanation stepped through with the keyboard and the
//! buttons with each step drawn on the board and the board in view, a chain's links, a
//! technique's catalog page, touch-sized controls and the cancel of a slow request.
//! Screenshots go to `target/browser-screenshots/`. Without `chromium` and `chromedriver` the
//! test says it skipped and passes (`.ci/run` installs them).

mod common;

use common::server::Server;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// ER 8.3 (SE 1.2.1): its path has forcing chains, drawn with links.
const CHAINS: &str =
    "....1....71..9....6..2....8.......5.2..3...7...5.2.....671....41.......3.8267....";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A child process killed when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP/1.1 request with a JSON body (or none); the status and the JSON answer.
fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("writes");
    // Read the head, then exactly its Content-Length (chromedriver keeps connections open).
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    let split = loop {
        if let Some(at) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        let n = stream.read(&mut buf).expect("reads");
        assert!(n > 0, "the connection closed before the head");
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    let mut payload = raw[split + 4..].to_vec();
    match length {
        Some(length) => {
            while payload.len() < length {
                let n = stream.read(&mut buf).expect("reads");
                assert!(n > 0, "the connection closed before the body");
                payload.extend_from_slice(&buf[..n]);
            }
        }
        None => {
            stream.read_to_end(&mut payload).expect("reads");
        }
    }
    if head.contains("transfer-encoding: chunked") {
        payload = unchunk(&payload);
    }
    let value = serde_json::from_slice(&payload).unwrap_or(Value::Null);
    (status, value)
}

fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size_text = String::from_utf8_lossy(&data[..end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16)
            .expect("a chunk size");
        if size == 0 {
            break;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[end + 2 + size + 2..];
    }
    out
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=' && c != b'\n').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &c)| n | (value(c) as u32) << (18 - 6 * i));
        out.push((n >> 16) as u8);
        if chunk.len() > 2 {
            out.push((n >> 8) as u8);
        }
        if chunk.len() > 3 {
            out.push(n as u8);
        }
    }
    out
}

/// A WebDriver session on chromedriver.
struct Browser {
    driver: String,
    session: String,
    _chromedriver: Killed,
    _profile: PathBuf,
}

impl Browser {
    /// A session whose window is `width` x `height`; `name` keeps its profile apart from the
    /// other tests' sessions.
    fn start(chromedriver: &Path, chromium: &Path, name: &str, width: u32, height: u32) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let chromedriver = Killed(child);
        let driver = format!("127.0.0.1:{port}");
        let start = Instant::now();
        while TcpStream::connect(&driver).is_err() {
            assert!(start.elapsed() < Duration::from_secs(20), "chromedriver up");
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile =
            std::env::temp_dir().join(format!("stepwise-browser-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([
            format!("--window-size={width},{height}"),
            format!("--user-data-dir={}", profile.display()),
        ])
        .collect::<Vec<_>>();
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
        }}});
        let (status, answer) = http(&driver, "POST", "/session", Some(&capabilities));
        assert_eq!(status, 200, "a session: {answer}");
        let session = answer["value"]["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        Browser {
            driver,
            session,
            _chromedriver: chromedriver,
            _profile: profile,
        }
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let (status, answer) = http(&self.driver, method, &path, body.as_ref());
        assert_eq!(status, 200, "{method} {path}: {answer}");
        answer["value"].clone()
    }

    fn open(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    fn find(&self, css: &str) -> String {
        let found = self.call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        found[ELEMENT].as_str().expect("an element").to_string()
    }

    fn click(&self, css: &str) {
        let id = self.find(css);
        self.call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    /// Real key presses into the element (WebDriver key codes for special keys).
    fn keys(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.call(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        );
    }

    fn js(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Waits until `expression` is truthy; its value.
    fn wait(&self, expression: &str, what: &str) -> Value {
        let start = Instant::now();
        loop {
            let value = self.js(&format!("return ({expression});"));
            let truthy = !matches!(&value, Value::Null | Value::Bool(false))
                && value != json!(0)
                && value != json!("");
            if truthy {
                return value;
            }
            if start.elapsed() > Duration::from_secs(30) {
                let message = self.js("return document.getElementById('message').textContent;");
                panic!("timed out waiting for {what} ({expression}); message: {message}");
            }
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    fn text(&self, css: &str) -> String {
        let script = format!("return document.querySelector({css:?}).textContent;");
        self.js(&script).as_str().unwrap_or("").to_string()
    }

    fn resize(&self, width: u32, height: u32) {
        self.call(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        );
    }

    fn screenshot(&self, name: &str) {
        let data = self.call("GET", "/screenshot", None);
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/browser-screenshots");
        std::fs::create_dir_all(&dir).expect("the screenshot folder");
        let png = base64_decode(data.as_str().expect("base64"));
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("a screenshot written");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.session);
        let _ = std::panic::catch_unwind(|| http(&self.driver, "DELETE", &path, None));
        let _ = std::fs::remove_dir_all(&self._profile);
    }
}

/// The first of `names` found on the `PATH` or as an absolute path.
fn program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    names.iter().find_map(|name| {
        let direct = PathBuf::from(name);
        if direct.is_absolute() && direct.is_file() {
            return Some(direct);
        }
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// The board's 81 digits as the page shows them (0 for empty).
fn board_digits(browser: &Browser) -> Vec<u8> {
    let script = "return [...document.querySelectorAll('#board .cell')].map(c => c.querySelector('.cands') ? 0 : Number(c.textContent));";
    browser
        .js(script)
        .as_array()
        .expect("81 cells")
        .iter()
        .map(|v| v.as_u64().unwrap_or(0) as u8)
        .collect()
}

fn count(browser: &Browser, css: &str) -> u64 {
    let script = format!("return document.querySelectorAll({css:?}).length;");
    browser.js(&script).as_u64().unwrap_or(0)
}

/// Whether the step's overlay is shown on the playing board, the same size as the board, and
/// wholly inside the window; `Err` says where things are.
fn overlay_on_board_in_view(browser: &Browser) -> Result<(), Value> {
    let seen = browser.js(
        "const o = document.getElementById('overlay'); const svg = o.querySelector('svg.overlay'); \
         if (o.hidden || !svg) return {ok: false, why: 'no overlay'}; \
         const b = document.getElementById('board').getBoundingClientRect(); \
         const r = svg.getBoundingClientRect(); \
         const onBoard = Math.abs(r.left - b.left) < 6 && Math.abs(r.right - b.right) < 6 \
           && Math.abs(r.top - b.top) < 6 && Math.abs(r.bottom - b.bottom) < 6; \
         const inView = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth; \
         return {ok: onBoard && inView, overlay: [r.left, r.top, r.right, r.bottom], \
           board: [b.left, b.top, b.right, b.bottom], window: [window.innerWidth, window.innerHeight]};",
    );
    if seen["ok"] == json!(true) {
        Ok(())
    } else {
        Err(seen)
    }
}

/// Whether every candidate the overlay strikes or rings is shown on the board under it (the
/// page's grid as it was agrees with the server's), and there is at least one.
fn marks_on_shown_candidates(browser: &Browser) -> bool {
    browser.js(
        "const marks = [...document.querySelectorAll('#overlay svg .elim, #overlay svg .place')]; \
         return marks.length > 0 && marks.every(m => { \
           const c = document.querySelector(`#board .cell[data-cell='${m.dataset.cell}'] .cands`); \
           return c && c.children[m.dataset.digit - 1].textContent === m.dataset.digit; });",
    ) == json!(true)
}

/// The two programs, or a visible skip.
fn browser_programs() -> Option<(PathBuf, PathBuf)> {
    let Some(chromium) = program(&["chromium", "chromium-browser", "/usr/bin/chromium"]) else {
        common::skipped("chromium not found (apt-get install chromium chromium-driver)");
        return None;
    };
    let Some(chromedriver) = program(&["chromedriver", "/usr/bin/chromedriver"]) else {
        common::skipped("chromedriver not found (apt-get install chromium-driver)");
        return None;
    };
    Some((chromium, chromedriver))
}

/// The puzzle with `digit` written into its `cell`-th cell (a line of 81).
fn with_digit(puzzle: &str, cell: usize, digit: u8) -> String {
    let mut bytes = puzzle.as_bytes().to_vec();
    bytes[cell] = b'0' + digit;
    String::from_utf8(bytes).unwrap()
}

#[test]
fn page_in_headless_chromium() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        return;
    };
    let server = Server::start(env!("CARGO_BIN_EXE_stepwise"), &[]);
    let browser = Browser::start(&chromedriver, &chromium, "desktop", 1280, 900);
    let home = format!("http://{}/", server.addr);
    browser.open(&home);
    browser.wait(
        "document.querySelectorAll('#board .cell').length === 81",
        "the board",
    );

    // The first view offers a puzzle; the empty board shows no candidates.
    assert_eq!(
        browser.js("return document.getElementById('welcome').hidden;"),
        json!(false)
    );
    assert_eq!(count(&browser, "#board .cands span:not(:empty)"), 0);
    assert!(count(&browser, "#bundled button") >= 5, "bundled puzzles");
    browser.screenshot("0-first-view");

    // A bundled puzzle: its givens, its rating, the link holds it.
    browser.click(&format!("#bundled button[data-puzzle='{PUZZLE}']"));
    browser.wait(
        "document.querySelectorAll('#board .cell.given').length === 30",
        "the bundled givens",
    );
    let rating = browser.wait(
        "document.getElementById('rating').textContent.includes('ER ') && document.getElementById('rating').textContent",
        "the rating",
    );
    assert!(rating.as_str().unwrap().contains("level"), "{rating}");
    assert_eq!(
        browser.js("return location.hash;"),
        json!(format!("#p={PUZZLE}"))
    );

    // Playing with the keyboard: a 5 beside the given 5 conflicts, Ctrl+Z takes it back, the
    // arrows move, a digit goes in, pencil marks strike candidates, Ctrl+Y redoes.
    browser.click("#board .cell[data-cell='r1c3']");
    browser.keys("#board", "5");
    assert_eq!(
        count(&browser, "#board .cell.conflict"),
        2,
        "both 5s marked"
    );
    browser.keys("#board", "\u{E009}z\u{E000}");
    assert_eq!(count(&browser, "#board .cell.conflict"), 0, "undone");
    browser.keys("#board", "\u{E009}y\u{E000}");
    assert_eq!(board_digits(&browser)[2], 5, "redone");
    browser.keys("#board", "\u{E009}z\u{E000}");
    // Right to r1c4, a 6 (the solution's); down and left to r2c3, pencil 4 off.
    browser.keys("#board", "\u{E014}6\u{E015}\u{E012}p4p");
    assert_eq!(board_digits(&browser)[3], 6);
    assert_eq!(
        browser.text("#board .cell[data-cell='r2c3']"),
        "27",
        "4 struck"
    );
    assert!(
        browser
            .js("return location.hash;")
            .as_str()
            .unwrap()
            .contains("&s=...6"),
        "the player's digit in the link"
    );
    browser.screenshot("1-keyboard");

    // The board is kept: a fresh visit without a link finds it as it was.
    browser.open("about:blank");
    browser.open(&home);
    browser.wait(
        "document.getElementById('message').textContent.includes('Welcome back')",
        "the kept board",
    );
    assert_eq!(board_digits(&browser)[3], 6);
    assert_eq!(browser.text("#board .cell[data-cell='r2c3']"), "27");

    // A shared link opens its puzzle and the player's digits, over what was kept.
    let played = with_digit(&".".repeat(81), 2, 1); // r1c3 = 1 (not the solution's 4: a wrong digit)
    browser.open("about:blank");
    browser.open(&format!("{home}#p={PUZZLE}&s={played}"));
    browser.wait(
        "document.getElementById('message').textContent.includes('link')",
        "the shared link",
    );
    let digits = board_digits(&browser);
    assert_eq!(digits[2], 1, "the shared digit");
    assert_eq!(digits[3], 0, "the kept board gave way to the link");

    // The wrong digit is the first hint (at the default level); Apply erases it.
    browser.click("#hint");
    let head = browser.wait(
        "!document.getElementById('caption').hidden && document.getElementById('capthead').textContent",
        "the wrong-digit hint",
    );
    let head = head.as_str().unwrap();
    assert!(
        head.contains("wrong digit") && head.contains("technique"),
        "{head}"
    );
    browser.js("document.getElementById('capttext').textContent = '';");
    browser.click("#hint");
    let text = browser.wait(
        "document.getElementById('capttext').textContent",
        "the wrong digit's cell",
    );
    assert!(text.as_str().unwrap().contains("r1c3"), "{text}");
    assert_eq!(count(&browser, "#board .cell.hl[data-cell='r1c3']"), 1);
    browser.screenshot("2-wrong-digit");
    browser.click("#apply");
    browser.wait(
        "document.getElementById('caption').hidden",
        "the wrong digit erased",
    );
    assert_eq!(board_digits(&browser)[2], 0);

    // Hints tell more at each press, drawn on the playing board from `cells` on; the
    // technique is named once.
    for (level, marks) in [
        ("technique", ""),
        ("cells", "#overlay svg .cell"),
        ("full", "#overlay svg .place, #overlay svg .elim"),
    ] {
        browser.js("document.getElementById('capttext').textContent = '';");
        browser.click("#hint");
        let head = browser.wait(
            "document.getElementById('capttext').textContent && document.getElementById('capthead').textContent",
            level,
        );
        assert!(
            head.as_str()
                .unwrap()
                .starts_with(&format!("Hint · {level}")),
            "{head}"
        );
        if marks.is_empty() {
            assert_eq!(count(&browser, "#overlay svg"), 0, "no marks at {level}");
        } else {
            assert!(count(&browser, marks) > 0, "{marks} at {level}");
            overlay_on_board_in_view(&browser)
                .unwrap_or_else(|seen| panic!("the overlay on the board at {level}: {seen}"));
        }
        // The technique's name once in what is read (the notation is folded away).
        let said = browser
            .js("return document.getElementById('capthead').innerText + ' ' + document.getElementById('capttext').innerText;")
            .as_str()
            .unwrap()
            .to_string();
        let name = "Hidden Single";
        if said.contains(name) {
            assert_eq!(said.matches(name).count(), 1, "{said}");
        }
        if level == "full" {
            browser.screenshot("3-hint-full-on-board");
        }
    }
    assert_eq!(count(&browser, ".picture svg"), 0, "no second board");
    // Esc takes the hint off the board.
    browser.keys("#board", "\u{E00C}");
    assert_eq!(
        browser.js("return document.getElementById('overlay').hidden;"),
        json!(true)
    );

    // Apply steps until solved.
    let (_, solved) = http(
        &server.addr,
        "POST",
        "/api/solve",
        Some(&json!({ "puzzle": PUZZLE })),
    );
    let solution = solved["solution"].as_str().expect("a solution").to_string();
    for round in 0.. {
        assert!(round < 120, "solved within 120 steps");
        if !board_digits(&browser).contains(&0) {
            break;
        }
        browser.js("document.getElementById('message').textContent = '';");
        browser.keys("#board", "a");
        browser.wait(
            "document.getElementById('message').textContent",
            "a step applied",
        );
    }
    let digits: String = board_digits(&browser)
        .iter()
        .map(|d| (b'0' + d) as char)
        .collect();
    assert_eq!(digits, solution);
    assert!(browser.text("#message").contains("Solved"));
    browser.screenshot("4-solved");

    // The explanation: every step listed; the first is drawn on the board at once, a chosen
    // one on the board as it was, in plain words; the arrows and the buttons step.
    browser.click("#explain");
    browser.wait(
        "document.querySelectorAll('#steps li').length > 10 && document.querySelector('#overlay svg')",
        "the steps",
    );
    browser.click("#steps li:nth-child(5) button.step");
    browser.wait(
        "document.getElementById('capthead').textContent.startsWith('Step 5 of')",
        "step 5",
    );
    overlay_on_board_in_view(&browser).unwrap_or_else(|seen| panic!("step 5 on the board: {seen}"));
    assert_eq!(
        browser.js("return document.getElementById('board').classList.contains('past');"),
        json!(true)
    );
    let (_, explained) = http(
        &server.addr,
        "POST",
        "/api/explain",
        Some(&json!({ "puzzle": PUZZLE })),
    );
    assert_eq!(
        browser.text("#capttext"),
        explained["steps"][4]["text"].as_str().unwrap()
    );
    assert_eq!(
        browser.text("#overlay svg title"),
        explained["steps"][4]["notation"].as_str().unwrap()
    );
    assert!(
        marks_on_shown_candidates(&browser),
        "step 5's marks on the board's candidates"
    );
    // The board shows the grid before step 5: the path's first four placements and no more.
    let before = board_digits(&browser).iter().filter(|&&d| d != 0).count();
    assert_eq!(before, 30 + 4, "givens and four placed");
    browser.keys("#steps li:nth-child(5) button.step", "\u{E014}");
    assert!(browser.text("#capthead").starts_with("Step 6 of"));
    browser.keys("#steps li:nth-child(5) button.step", "\u{E012}\u{E012}");
    assert!(browser.text("#capthead").starts_with("Step 4 of"));
    browser.click("#next");
    assert!(browser.text("#capthead").starts_with("Step 5 of"));
    overlay_on_board_in_view(&browser).unwrap_or_else(|seen| panic!("the overlay: {seen}"));
    browser.screenshot("5-explain-step");
    // A step far down the list: the list scrolls, the board stays in view.
    browser.click("#steps li:nth-child(40) button.step");
    assert!(browser.text("#capthead").starts_with("Step 40 of"));
    overlay_on_board_in_view(&browser)
        .unwrap_or_else(|seen| panic!("step 40 on the board, in view: {seen}"));

    // A technique's catalog page, from the step's name.
    browser.click("#capthead a.techlink");
    let page = browser.wait(
        "!document.getElementById('technique').hidden && document.getElementById('techpage').textContent",
        "the catalog page",
    );
    assert!(page.as_str().unwrap().len() > 100, "{page}");
    assert!(count(&browser, "#techpage h3") >= 2, "section headings");
    assert!(
        !page.as_str().unwrap().contains("## "),
        "no raw Markdown: {page}"
    );
    browser.screenshot("6-technique");
    browser.click("#close");
    assert_eq!(
        browser.js("return document.getElementById('overlay').hidden;"),
        json!(true)
    );
    assert_eq!(
        board_digits(&browser).iter().filter(|&&d| d == 0).count(),
        0,
        "the player's board again"
    );

    // A harder puzzle's chain step: links drawn strong and weak, a legend, words.
    browser.click("#open");
    browser.click(&format!("#bundled button[data-puzzle='{CHAINS}']"));
    browser.wait(
        "document.querySelectorAll('#board .cell.given').length === 23",
        "the chain puzzle's givens",
    );
    browser.click("#explain");
    browser.wait(
        "document.querySelectorAll('#steps li').length > 20",
        "the chain puzzle's steps",
    );
    let chain = browser.js(
        "return [...document.querySelectorAll('#steps li')].findIndex(li => \
           li.querySelector('.name').textContent === 'Forcing Chain');",
    );
    let chain = chain.as_i64().expect("an index");
    assert!(chain >= 0, "a forcing chain among the steps");
    browser.click(&format!("#steps li:nth-child({}) button.step", chain + 1));
    browser.wait(
        "document.querySelector('#overlay svg .link')",
        "the chain's links",
    );
    assert!(
        count(&browser, "#overlay svg .link.strong") > 0,
        "strong links"
    );
    assert!(count(&browser, "#overlay svg .link.weak") > 0, "weak links");
    let legend = browser.text("#legend");
    assert!(
        legend.contains("strong link") && legend.contains("weak link"),
        "{legend}"
    );
    assert!(
        marks_on_shown_candidates(&browser),
        "the chain's removal on the board's candidates"
    );
    // Every step of the path: what it strikes or places is a candidate the board shows.
    let steps = count(&browser, "#steps li");
    for n in (1..=steps).step_by(7) {
        browser.click(&format!("#steps li:nth-child({n}) button.step"));
        assert!(
            marks_on_shown_candidates(&browser),
            "step {n}'s marks on the board"
        );
    }
    browser.click(&format!("#steps li:nth-child({}) button.step", chain + 1));
    let words = browser.text("#capttext");
    assert!(
        words.starts_with("If ") && words.contains(", then ") && !words.contains("->"),
        "{words}"
    );
    overlay_on_board_in_view(&browser).unwrap_or_else(|seen| panic!("the overlay: {seen}"));
    browser.screenshot("7-chain-step");

    // A slow request shows the spinner and can be cancelled. Requests here are fast, so the
    // page's fetch is slowed down by 5 s (an abort still ends it at once).
    browser.keys("#board", "\u{E00C}");
    browser.js(
        "const real = window.fetch; window.fetch = (url, options) => new Promise((ok, fail) => { \
           const timer = setTimeout(() => real(url, options).then(ok, fail), 5000); \
           options.signal.addEventListener('abort', () => { clearTimeout(timer); \
             fail(new DOMException('The request was cancelled', 'AbortError')); }); });",
    );
    browser.click("#hint");
    browser.wait("!document.getElementById('busy').hidden", "the spinner");
    browser.screenshot("8-busy");
    browser.click("#cancel");
    browser.wait(
        "document.getElementById('busy').hidden && document.getElementById('message').textContent === 'Cancelled.'",
        "the cancel",
    );
}

/// A phone's screen: the board first and whole, controls under it big enough for a finger,
/// a shared link opened, keys typed, a step clicked far down the list drawn on the board in
/// view.
#[test]
fn page_on_a_phone() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        return;
    };
    let server = Server::start(env!("CARGO_BIN_EXE_stepwise"), &[]);
    let browser = Browser::start(&chromedriver, &chromium, "phone", 375, 812);
    browser.resize(375, 812);
    let home = format!("http://{}/", server.addr);
    browser.open(&home);
    browser.wait("window.innerWidth <= 400", "the narrow window");
    browser.wait(
        "!document.getElementById('welcome').hidden",
        "the first view",
    );
    browser.screenshot("phone-0-first-view");

    browser.open("about:blank");
    browser.open(&format!("{home}#p={CHAINS}"));
    browser.wait(
        "document.querySelectorAll('#board .cell.given').length === 23",
        "the shared puzzle",
    );
    let fits = browser.js(
        "return document.documentElement.scrollWidth <= window.innerWidth && document.getElementById('board').getBoundingClientRect().right <= window.innerWidth;",
    );
    assert_eq!(fits, json!(true), "the page fits 375 px");
    // The board comes first: nothing of the controls above it.
    let order = browser.js(
        "return document.getElementById('board').getBoundingClientRect().bottom <= document.getElementById('hint').getBoundingClientRect().top;",
    );
    assert_eq!(order, json!(true), "the board above the controls");
    // Every control shown is at least 40 px high; candidates at least 9 px.
    let smallest = browser.js(
        "return Math.min(...[...document.querySelectorAll('button, select')].filter(b => b.offsetParent !== null).map(b => { const r = b.getBoundingClientRect(); return Math.min(r.width, r.height); }));",
    );
    assert!(
        smallest.as_f64().unwrap() >= 40.0,
        "a control {smallest} px high"
    );
    let font = browser.js(
        "return parseFloat(getComputedStyle(document.querySelector('#board .cands')).fontSize);",
    );
    assert!(font.as_f64().unwrap() >= 9.0, "candidates at {font} px");

    // Keys: a digit typed into an empty cell with the arrows.
    browser.click("#board .cell[data-cell='r1c1']");
    browser.keys("#board", "\u{E014}\u{E014}\u{E014}3");
    assert_eq!(board_digits(&browser)[3], 3);
    browser.keys("#board", "\u{E017}");
    assert_eq!(board_digits(&browser)[3], 0);
    browser.screenshot("phone-1-board");

    // A hint at `full` is drawn on the board, in view.
    for _ in 0..3 {
        browser.js("document.getElementById('capttext').textContent = '';");
        browser.click("#hint");
        browser.wait("document.getElementById('capttext').textContent", "a hint");
    }
    assert!(browser.text("#capthead").contains("full"));
    overlay_on_board_in_view(&browser)
        .unwrap_or_else(|seen| panic!("the hint on the board, in view: {seen}"));
    browser.screenshot("phone-2-hint");
    browser.keys("#board", "\u{E00C}");

    // The explanation: a step far down the list, then the next by the arrow key.
    browser.click("#explain");
    browser.wait(
        "document.querySelectorAll('#steps li').length > 30",
        "the steps",
    );
    browser
        .js("document.querySelector('#steps li:nth-child(30)').scrollIntoView({block: 'center'});");
    browser.click("#steps li:nth-child(30) button.step");
    assert!(browser.text("#capthead").starts_with("Step 30 of"));
    overlay_on_board_in_view(&browser)
        .unwrap_or_else(|seen| panic!("step 30 on the board, in view: {seen}"));
    browser.screenshot("phone-3-explain");
    browser.keys("#steps li:nth-child(30) button.step", "\u{E014}");
    assert!(browser.text("#capthead").starts_with("Step 31 of"));
    overlay_on_board_in_view(&browser)
        .unwrap_or_else(|seen| panic!("step 31 on the board, in view: {seen}"));
    let fits = browser.js("return document.documentElement.scrollWidth <= window.innerWidth;");
    assert_eq!(fits, json!(true), "still 375 px wide");
}

/// The Kakuro mode: a small grid picked, digits typed with the arrows (a digit twice in a run
/// turns red), a hint with its cells marked, the explanation stepped through on the grid as
/// it was, and a new grid from the generator.
#[test]
fn kakuro_on_the_page() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        return;
    };
    let server = Server::start(env!("CARGO_BIN_EXE_stepwise"), &[]);
    let browser = Browser::start(&chromedriver, &chromium, "kakuro", 1280, 900);
    browser.open(&format!("http://{}/", server.addr));
    browser.wait(
        "!document.getElementById('welcome').hidden",
        "the first view",
    );
    browser.click("#kexample");
    browser.wait(
        "document.querySelectorAll('#kboard .ksq').length === 25",
        "the Kakuro grid",
    );
    assert_eq!(count(&browser, "#kboard .ksq.white"), 9);
    assert_eq!(
        browser.js("return getComputedStyle(document.getElementById('board')).display;"),
        json!("none"),
        "one board: the Sudoku board is put away"
    );
    // 17 across in r2c4-5: a 9 and another 9 clash; Backspace takes one back.
    browser.click("#kboard .ksq[data-cell='r2c4']");
    browser.keys("#kboard", "9\u{E014}9");
    assert_eq!(
        count(&browser, "#kboard .ksq.conflict"),
        2,
        "both 9s marked"
    );
    browser.keys("#kboard", "\u{E003}");
    assert_eq!(count(&browser, "#kboard .ksq.conflict"), 0);
    // The grid and the digit are in the link: a fresh visit opens them.
    let link = browser.js("return location.href;");
    let link = link.as_str().unwrap().to_string();
    assert!(link.contains("#k="), "{link}");
    browser.open("about:blank");
    browser.open(&link);
    browser.wait(
        "document.querySelectorAll('#kboard .ksq').length === 25",
        "the Kakuro from the link",
    );
    assert_eq!(browser.text("#kboard .ksq[data-cell='r2c4']"), "9");
    browser.click("#kboard .ksq[data-cell='r2c4']");
    browser.keys("#kboard", "\u{E003}");
    assert_eq!(browser.text("#kboard .ksq[data-cell='r2c4']"), "");
    // A hint, at the default level, with its run marked.
    browser.click("#hint");
    let head = browser.wait(
        "!document.getElementById('caption').hidden && document.getElementById('capthead').textContent",
        "the Kakuro hint",
    );
    assert!(head.as_str().unwrap().contains("technique"), "{head}");
    assert!(browser.text("#capttext").contains(" in r"), "a run named");
    assert!(count(&browser, "#kboard .ksq.hl") > 0, "the run marked");
    browser.screenshot("kakuro-1-hint");
    // The explanation: the first step on the grid with every candidate, its removals struck;
    // the arrow keys step.
    browser.click("#explain");
    browser.wait(
        "document.getElementById('capthead').textContent.startsWith('Step 1 of')",
        "the first step",
    );
    assert!(
        count(&browser, "#kboard .cands span.gone") > 0,
        "removals struck"
    );
    browser.keys("#steps li:nth-child(1) button.step", "\u{E014}\u{E014}");
    assert!(browser.text("#capthead").starts_with("Step 3 of"));
    let last = count(&browser, "#steps li");
    browser.click(&format!("#steps li:nth-child({last}) button.step"));
    assert!(
        count(&browser, "#kboard .cands span.placed") > 0,
        "the last placement ringed"
    );
    // The grid as it was: a naked single's square holds that one candidate (placed digits
    // left the other squares of their runs, as in the library).
    if browser.text("#capthead").contains("Naked Single") {
        assert_eq!(
            count(&browser, "#kboard .ksq.marked .cands span:not(:empty)"),
            1
        );
    }
    browser.screenshot("kakuro-2-explain");
    browser.keys("#steps li:nth-child(1) button.step", "\u{E00C}");
    assert_eq!(
        browser.js("return document.getElementById('caption').hidden;"),
        json!(true)
    );
    // A new 6x6 grid from the generator.
    browser.click("#open");
    browser.js("document.getElementById('ksize').value = '6';");
    browser.js("document.getElementById('klevel').value = 'hard';");
    browser.click("#knew");
    browser.wait(
        "document.querySelectorAll('#kboard .ksq').length === 36",
        "the generated grid",
    );
    browser.screenshot("kakuro-3-new");
    // It is of the level asked: its explanation rates it so.
    browser.click("#explain");
    browser.wait(
        "document.getElementById('rating').textContent.includes('level hard')",
        "a hard Kakuro, rated hard",
    );
    browser.keys("#steps li:nth-child(1) button.step", "\u{E00C}");
    // A Sudoku puzzle takes the board back.
    browser.click("#open");
    browser.click(&format!("#bundled button[data-puzzle='{PUZZLE}']"));
    browser.wait(
        "document.querySelectorAll('#board .cell.given').length === 30 && getComputedStyle(document.getElementById('kboard')).display === 'none'",
        "the Sudoku board again",
    );
}

/// What the page asks of the API beyond the CLI's commands (no browser needed): the hint's
/// picture and overlay, an explanation step's picture, every step's overlay, a pasted puzzle
/// read back.
#[test]
fn api_additions_for_the_page() {
    let server = Server::start(env!("CARGO_BIN_EXE_stepwise"), &[]);
    let addr = server.addr.as_str();

    let (status, hint) = http(
        addr,
        "POST",
        "/api/hint",
        Some(&json!({"puzzle": PUZZLE, "level": "full", "svg": true, "overlay": true})),
    );
    assert_eq!(status, 200);
    let svg = hint["svg"].as_str().expect("a picture");
    assert!(svg.contains(r#"class="place" data-cell="r5c5" data-digit="5""#));
    // The overlay: the same marks alone on the board's square, no digits of its own.
    let over = hint["overlay"].as_str().expect("an overlay");
    assert!(over.contains(r#"class="overlay""#) && over.contains(r#"viewBox="30 30 540 540""#));
    assert!(over.contains(r#"class="place" data-cell="r5c5" data-digit="5""#));
    assert!(!over.contains(r#"class="cand""#) && !over.contains(r#"class="given""#));
    assert!(hint["legend"].as_str().unwrap().contains("Legend"));
    let (_, cells) = http(
        addr,
        "POST",
        "/api/hint",
        Some(&json!({"puzzle": PUZZLE, "level": "cells", "svg": true, "overlay": true})),
    );
    let svg = cells["svg"].as_str().expect("a picture");
    assert!(svg.contains(r#"data-cell="r5c5""#) && !svg.contains(r#"class="place""#));
    assert!(!cells["overlay"]
        .as_str()
        .unwrap()
        .contains(r#"class="place""#));
    let (_, nudge) = http(
        addr,
        "POST",
        "/api/hint",
        Some(&json!({"puzzle": PUZZLE, "level": "nudge", "overlay": true})),
    );
    assert!(nudge.get("svg").is_none(), "no picture unless asked");
    assert!(nudge.get("overlay").is_none(), "no overlay below cells");

    let (status, step) = http(
        addr,
        "POST",
        "/api/explain",
        Some(&json!({"puzzle": PUZZLE, "svg_step": 3})),
    );
    assert_eq!(status, 200);
    let notation = step["steps"][2]["notation"].as_str().unwrap();
    assert!(step["svg"]
        .as_str()
        .unwrap()
        .contains(&format!("<title>{notation}</title>")));
    let (status, wrong) = http(
        addr,
        "POST",
        "/api/explain",
        Some(&json!({"puzzle": PUZZLE, "svg_step": 999})),
    );
    assert_eq!(status, 400);
    assert_eq!(wrong["option"], "svg_step");

    // Every step's overlay, in order, each titled with its step.
    let (status, all) = http(
        addr,
        "POST",
        "/api/explain",
        Some(&json!({"puzzle": CHAINS, "overlays": true})),
    );
    assert_eq!(status, 200);
    let steps = all["steps"].as_array().unwrap();
    let overlays = all["overlays"].as_array().unwrap();
    assert_eq!(steps.len(), overlays.len());
    for (step, drawn) in steps.iter().zip(overlays) {
        let over = drawn["overlay"].as_str().unwrap();
        let title = step["notation"]
            .as_str()
            .unwrap()
            .replace('>', "&gt;")
            .replace('<', "&lt;");
        assert!(over.contains(&format!("<title>{title}</title>")), "{title}");
        assert!(drawn["legend"].as_str().unwrap().starts_with("<svg"));
    }
    let (status, refused) = http(
        addr,
        "POST",
        "/api/rate",
        Some(&json!({"puzzle": PUZZLE, "overlays": true})),
    );
    assert_eq!(status, 400);
    assert_eq!(refused["option"], "overlays");

    let pencilmarks = "5 3 1246 | 7 \n".to_string();
    let (status, bad) = http(
        addr,
        "POST",
        "/api/parse",
        Some(&json!({ "puzzle": pencilmarks })),
    );
    assert_eq!(status, 400, "{bad}");
    let (status, parsed) = http(
        addr,
        "POST",
        "/api/parse",
        Some(&json!({ "puzzle": PUZZLE })),
    );
    assert_eq!(status, 200);
    assert_eq!(parsed["cells"].as_array().unwrap().len(), 81);
    assert_eq!(parsed["cells"][0], 5);
    assert!(parsed["candidates"].is_null());
}
