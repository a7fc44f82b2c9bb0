//! The page of `stepwise serve` in a real headless Chromium, driven over WebDriver
//! (chromedriver's HTTP API, spoken here by hand over a `TcpStream`): typing with conflicts,
//! pencil marks and undo, pasting a grid, a wrong digit as the first hint, hints through every
//! level with their pictures, applying steps until solved, an explanation step's picture, a
//! technique's catalog page, a phone-sized screen and the cancel of a slow request.
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
    fn start(chromedriver: &Path, chromium: &Path) -> Browser {
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
        let profile = std::env::temp_dir().join(format!("stepwise-browser-{}", std::process::id()));
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
            "--window-size=1280,1000",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([format!("--user-data-dir={}", profile.display())])
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

#[test]
fn page_in_headless_chromium() {
    let Some(chromium) = program(&["chromium", "chromium-browser", "/usr/bin/chromium"]) else {
        common::skipped("chromium not found (apt-get install chromium chromium-driver)");
        return;
    };
    let Some(chromedriver) = program(&["chromedriver", "/usr/bin/chromedriver"]) else {
        common::skipped("chromedriver not found (apt-get install chromium-driver)");
        return;
    };
    let server = Server::start(env!("CARGO_BIN_EXE_stepwise"), &[]);
    let browser = Browser::start(&chromedriver, &chromium);
    browser.open(&format!("http://{}/", server.addr));
    browser.wait(
        "document.querySelectorAll('#board .cell').length === 81",
        "the board",
    );

    // Typing: two 5s in row 1 conflict; Ctrl+Z takes the second back; pencil marks.
    browser.click("#board .cell[data-cell='r1c1']");
    browser.keys("#board", "5\u{E014}5");
    assert_eq!(
        count(&browser, "#board .cell.conflict"),
        2,
        "both 5s marked"
    );
    browser.keys("#board", "\u{E009}z\u{E000}");
    assert_eq!(count(&browser, "#board .cell.conflict"), 0, "undone");
    assert_eq!(&board_digits(&browser)[..2], &[5, 0]);
    browser.keys("#board", "\u{E009}y\u{E000}");
    assert_eq!(&board_digits(&browser)[..2], &[5, 5], "redone");
    browser.keys("#board", "\u{E003}p\u{E015}3");
    let marks = browser.text("#board .cell[data-cell='r2c2']");
    // The first pencil mark makes the shown candidates (all but the 5 in its box) the user's;
    // `3` then takes 3 away.
    assert_eq!(marks, "1246789", "3 struck from r2c2's candidates");
    browser.keys("#board", "p");
    // The page's pencilmark text reads back as the same marks.
    let parsed = browser.wait(
        "fetch('/api/parse', {method: 'POST', headers: {'Content-Type': 'application/json'}, \
           body: JSON.stringify({puzzle: stateText()})}).then(r => r.json()).then(j => window.__parsed = j) && window.__parsed",
        "the pencilmark text read back",
    );
    assert_eq!(
        parsed["candidates"][10],
        json!([1, 2, 4, 6, 7, 8, 9]),
        "{parsed}"
    );
    browser.screenshot("1-typing");

    // Pasting a grid (read by the server) loads it as the givens, and the rating shows.
    let grid: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let row: String = row.iter().map(|&b| format!("{} ", b as char)).collect();
            format!("{}\n", row.trim_end())
        })
        .collect();
    browser.js("document.getElementById('paste').value = '';");
    browser.keys("#paste", &grid);
    browser.click("#load");
    browser.wait(
        "document.querySelectorAll('#board .cell.given').length === 30",
        "the pasted givens",
    );
    let rating = browser.wait(
        "document.getElementById('rating').textContent.includes('ER ') && document.getElementById('rating').textContent",
        "the rating",
    );
    assert!(rating.as_str().unwrap().contains("level"), "{rating}");

    // A wrong digit is the first hint; Apply erases it.
    let (_, solved) = http(
        &server.addr,
        "POST",
        "/api/solve",
        Some(&json!({ "puzzle": PUZZLE })),
    );
    let solution = solved["solution"].as_str().expect("a solution").as_bytes();
    // An empty cell and a digit that is a candidate there but not the solution's.
    let given = PUZZLE.as_bytes();
    let sees = |a: usize, b: usize| {
        a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
    };
    let (empty, wrong) = (0..81)
        .filter(|&i| given[i] == b'.')
        .find_map(|i| {
            (b'1'..=b'9')
                .find(|&d| d != solution[i] && (0..81).all(|j| !sees(i, j) || given[j] != d))
                .map(|d| (i, d - b'0'))
        })
        .expect("a wrong candidate");
    let cell = format!("r{}c{}", empty / 9 + 1, empty % 9 + 1);
    browser.click(&format!("#board .cell[data-cell='{cell}']"));
    browser.keys("#board", &wrong.to_string());
    browser.click("#hint");
    let kind = browser.wait(
        "!document.getElementById('hintbox').hidden && document.getElementById('hintlevel').textContent",
        "the wrong-digit hint",
    );
    assert!(kind.as_str().unwrap().contains("wrong digit"), "{kind}");
    // The nudge names the box; the next level the cell, marked on the board.
    browser.js("document.getElementById('hinttext').textContent = '';");
    browser.click("#hint");
    let text = browser.wait(
        "document.getElementById('hinttext').textContent",
        "the wrong digit's cell",
    );
    assert!(text.as_str().unwrap().contains(&cell), "{text}");
    assert_eq!(
        count(&browser, &format!("#board .cell.hl[data-cell='{cell}']")),
        1
    );
    browser.screenshot("2-wrong-digit");
    browser.click("#apply");
    browser.wait(
        "document.getElementById('hintbox').hidden",
        "the wrong digit erased",
    );
    assert_eq!(board_digits(&browser)[empty], 0);

    // Hints level by level, each with its text and picture.
    for (level, marks) in [
        ("nudge", ""),
        ("technique", ""),
        ("cells", "#hintpic svg .cell"),
        ("full", "#hintpic svg .place, #hintpic svg .elim"),
    ] {
        browser.js("document.getElementById('hinttext').textContent = '';");
        browser.click("#hint");
        let shown = browser.wait(
            "document.getElementById('hinttext').textContent && document.getElementById('hintlevel').textContent",
            level,
        );
        assert_eq!(shown.as_str().unwrap(), format!("Hint · {level}"));
        if marks.is_empty() {
            assert_eq!(count(&browser, "#hintpic svg"), 0, "no picture at {level}");
        } else {
            assert_eq!(count(&browser, "#hintpic svg"), 1, "a picture at {level}");
            assert!(count(&browser, marks) > 0, "{marks} at {level}");
        }
        if level == "cells" {
            assert!(
                count(&browser, "#board .cell.hl") > 0,
                "cells marked on the board"
            );
        }
        if level == "technique" {
            browser.screenshot("3-hint-technique");
        }
    }
    assert!(!browser.text("#hinttext").is_empty());
    browser.screenshot("4-hint-full");

    // Apply steps until solved.
    for round in 0.. {
        assert!(round < 120, "solved within 120 steps");
        if !board_digits(&browser).contains(&0) {
            break;
        }
        browser.js("document.getElementById('message').textContent = '';");
        browser.keys("#board", "a");
        if browser.js("return document.getElementById('apply').disabled;") == json!(true) {
            browser.click("#hint");
            browser.wait(
                "!document.getElementById('apply').disabled",
                "a step to apply",
            );
            browser.click("#apply");
        }
        browser.wait(
            "document.getElementById('message').textContent",
            "a step applied",
        );
    }
    let digits = board_digits(&browser);
    assert_eq!(
        digits
            .iter()
            .map(|d| (b'0' + d) as char)
            .collect::<String>(),
        String::from_utf8_lossy(solution)
    );
    assert!(browser.text("#message").contains("Solved"));
    browser.screenshot("5-solved");

    // The explanation: every step listed; one chosen is drawn on the board as it was.
    browser.click("#explain");
    browser.wait(
        "document.querySelectorAll('#steps li').length > 10",
        "the steps",
    );
    browser.click("#steps li:nth-child(5) button.step");
    browser.wait(
        "document.querySelector('#steppic svg')",
        "the step's picture",
    );
    let notation = browser.text("#steps li:nth-child(5) button.step");
    let title = browser.text("#steppic svg title");
    assert_eq!(title, notation.trim_end_matches(':'));
    assert!(count(&browser, "#steppic svg .place, #steppic svg .elim") > 0);
    browser.screenshot("6-explain-step");

    // A technique's catalog page.
    browser.click("#steps li:nth-child(5) a.techlink");
    let page = browser.wait(
        "!document.getElementById('technique').hidden && document.getElementById('techpage').textContent",
        "the catalog page",
    );
    assert!(page.as_str().unwrap().len() > 100, "{page}");
    // The page's Markdown is drawn as headings, paragraphs and blocks, not shown raw.
    assert!(count(&browser, "#techpage h3") >= 2, "section headings");
    assert!(count(&browser, "#techpage p") >= 2, "paragraphs");
    assert!(
        !page.as_str().unwrap().contains("## "),
        "no raw Markdown: {page}"
    );
    browser.screenshot("7-technique");

    // A harder puzzle's explanation: a chain step is drawn with its links as arrows, strong
    // and weak told apart.
    browser.js("document.getElementById('paste').value = '';");
    browser.keys("#paste", CHAINS);
    browser.click("#load");
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
           li.querySelector('a.techlink').textContent.includes('Forcing Chain'));",
    );
    let chain = chain.as_i64().expect("an index");
    assert!(chain >= 0, "a forcing chain among the steps");
    browser.click(&format!("#steps li:nth-child({}) button.step", chain + 1));
    browser.wait(
        "document.querySelector('#steppic svg .link')",
        "the chain's links",
    );
    assert!(
        count(&browser, "#steppic svg .link.strong") > 0,
        "strong links"
    );
    assert!(count(&browser, "#steppic svg .link.weak") > 0, "weak links");
    let title = browser.text("#steppic svg title");
    assert!(title.contains("Forcing Chain"), "{title}");
    browser.screenshot("7b-chain-step");

    // A phone-sized screen: nothing wider than it.
    browser.resize(375, 812);
    browser.wait("window.innerWidth <= 400", "the narrow window");
    let fits = browser.js(
        "return document.documentElement.scrollWidth <= window.innerWidth && document.getElementById('board').getBoundingClientRect().right <= window.innerWidth;",
    );
    assert_eq!(fits, json!(true), "the page fits 375 px");
    browser.js("window.scrollTo(0, 0);");
    browser.screenshot("8-phone");
    browser.click("#hint");
    browser.wait(
        "!document.getElementById('hintbox').hidden",
        "a hint on the phone",
    );
    browser.resize(1280, 1000);

    // A slow request shows the spinner and can be cancelled. Requests here are fast, so the
    // page's fetch is slowed down by 5 s (an abort still ends it at once).
    browser.js(
        "const real = window.fetch; window.fetch = (url, options) => new Promise((ok, fail) => { \
           const timer = setTimeout(() => real(url, options).then(ok, fail), 5000); \
           options.signal.addEventListener('abort', () => { clearTimeout(timer); \
             fail(new DOMException('The request was cancelled', 'AbortError')); }); });",
    );
    browser.click("#hint");
    browser.wait("!document.getElementById('busy').hidden", "the spinner");
    browser.js("window.scrollTo(0, 0);");
    browser.screenshot("9-busy");
    browser.click("#cancel");
    browser.wait(
        "document.getElementById('busy').hidden && document.getElementById('message').textContent === 'Cancelled.'",
        "the cancel",
    );
}

/// What the page asks of the API beyond the CLI's commands (no browser needed): the hint's
/// picture, an explanation step's picture and a pasted puzzle read back.
#[test]
fn api_additions_for_the_page() {
    let server = Server::start(env!("CARGO_BIN_EXE_stepwise"), &[]);
    let addr = server.addr.as_str();

    let (status, hint) = http(
        addr,
        "POST",
        "/api/hint",
        Some(&json!({"puzzle": PUZZLE, "level": "full", "svg": true})),
    );
    assert_eq!(status, 200);
    let svg = hint["svg"].as_str().expect("a picture");
    assert!(svg.contains(r#"class="place" data-cell="r5c5" data-digit="5""#));
    let (_, cells) = http(
        addr,
        "POST",
        "/api/hint",
        Some(&json!({"puzzle": PUZZLE, "level": "cells", "svg": true})),
    );
    let svg = cells["svg"].as_str().expect("a picture");
    assert!(svg.contains(r#"data-cell="r5c5""#) && !svg.contains(r#"class="place""#));
    let (_, nudge) = http(
        addr,
        "POST",
        "/api/hint",
        Some(&json!({"puzzle": PUZZLE, "level": "nudge"})),
    );
    assert!(nudge.get("svg").is_none(), "no picture unless asked");

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
