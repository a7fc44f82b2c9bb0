//! Reading puzzles in every input format, and every error message, checked as exact strings.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{self, BufReader, Cursor, Read};

use common::cells;
use stepwise::format::{
    cells_to_rows, check_conflicts, is_iso8601, iso8601_utc, parse_all, parse_puzzle, read_puzzles,
    record_from, to_grid, to_line, to_pencilmark, Format, PuzzleInput, PuzzleRecord,
    MAX_DOCUMENT_BYTES, MAX_LINE_BYTES,
};
use stepwise::geometry::peers;
use stepwise::Error;

// ---------------------------------------------------------------------------------------------
// Allocation accounting for the streaming tests: the bytes allocated and not yet freed by the
// current thread, and the highest that figure reached. Per thread, so tests running in
// parallel do not disturb each other.

struct CountingAlloc;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn note(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size() as isize);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        note(-(layout.size() as isize));
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size as isize - layout.size() as isize);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

/// Runs `f` and returns its result with the most memory it held at once, in bytes.
fn peak_memory<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    let peak = PEAK.with(Cell::get) - base;
    (out, peak.max(0) as usize)
}

/// A reader that produces `prefix`, then `filler` repeated `count` times, then `suffix`,
/// without ever holding more than one piece.
struct Generated {
    pieces: Vec<Vec<u8>>,
    filler: Vec<u8>,
    count: usize,
    stage: usize,
    pos: usize,
}

impl Generated {
    fn new(prefix: &str, filler: &str, count: usize, suffix: &str) -> Self {
        Generated {
            pieces: vec![prefix.as_bytes().to_vec(), suffix.as_bytes().to_vec()],
            filler: filler.as_bytes().to_vec(),
            count,
            stage: 0,
            pos: 0,
        }
    }
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let piece: &[u8] = match self.stage {
                0 => &self.pieces[0],
                1 if self.count > 0 => &self.filler,
                1 => {
                    self.stage = 2;
                    continue;
                }
                2 => &self.pieces[1],
                _ => return Ok(0),
            };
            if self.pos == piece.len() {
                self.pos = 0;
                if self.stage == 1 {
                    self.count -= 1;
                } else {
                    self.stage += 1;
                }
                continue;
            }
            let n = buf.len().min(piece.len() - self.pos);
            buf[..n].copy_from_slice(&piece[self.pos..self.pos + n]);
            self.pos += n;
            return Ok(n);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Puzzles and helpers.

/// The first puzzle of top1465.
const P1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// Wikipedia's example puzzle and its solution.
const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// Golden Nugget.
const NUGGET: &str =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";

/// Each cell's candidates after removing the digits of its filled peers.
fn basic_candidates(cells: &[u8; 81]) -> [u16; 81] {
    std::array::from_fn(|i| {
        if cells[i] != 0 {
            return 1 << (cells[i] - 1);
        }
        let mut mask = 0x1ffu16;
        for p in peers(i).iter() {
            if cells[p] != 0 {
                mask &= !(1 << (cells[p] - 1));
            }
        }
        mask
    })
}

fn read_all(text: &str, format: Option<Format>) -> Vec<Result<PuzzleInput, Error>> {
    read_puzzles(Cursor::new(text.as_bytes().to_vec()), format).collect()
}

/// One string per item: `ok LINE FORMAT TEXT` or the error message.
fn summary(text: &str, format: Option<Format>) -> Vec<String> {
    summarize(read_all(text, format))
}

fn summarize(results: Vec<Result<PuzzleInput, Error>>) -> Vec<String> {
    results
        .into_iter()
        .map(|r| match r {
            Ok(p) => format!("ok {} {} {}", p.line, p.format, p.text),
            Err(e) => e.to_string(),
        })
        .collect()
}

fn only_error(text: &str) -> String {
    let results = read_all(text, None);
    assert_eq!(results.len(), 1, "{:?}", summarize(results));
    match &results[0] {
        Err(e) => e.to_string(),
        Ok(p) => panic!("expected an error, got a puzzle: {}", p.text),
    }
}

fn ok(line: usize, format: &str, text: &str) -> String {
    format!("ok {line} {format} {text}")
}

/// `P1` with the given cells changed (index, digit).
fn with(base: &str, changes: &[(usize, u8)]) -> String {
    let mut b = base.as_bytes().to_vec();
    for &(i, d) in changes {
        b[i] = if d == 0 { b'.' } else { b'0' + d };
    }
    String::from_utf8(b).unwrap()
}

// ---------------------------------------------------------------------------------------------
// 81-character lines.

#[test]
fn line_with_dots_or_zeros() {
    let zeros = P1.replace('.', "0");
    let got = parse_puzzle(&zeros, None).unwrap();
    assert_eq!(got.format, Format::Line);
    assert_eq!(got.line, 1);
    assert_eq!(got.cells, cells(P1));
    assert_eq!(got.text, P1);
    assert_eq!(got.candidates, None);
    assert_eq!(got.record, None);
    assert_eq!(got.cells[0], 4);
    assert_eq!(got.cells[4], 3);
    assert_eq!(got.cells[1], 0);
}

#[test]
fn line_with_trailing_ratings_columns_and_csv() {
    let text =
        format!("{P1}   ER 9.1\n{WIKI}\t2.8\t1.2\t1.2\n{NUGGET},{WIKI_SOLUTION}\n  {P1}\r\n");
    assert_eq!(
        summary(&text, None),
        vec![
            ok(1, "line", P1),
            ok(2, "line", WIKI),
            ok(3, "line", NUGGET),
            ok(4, "line", P1),
        ]
    );
}

#[test]
fn comments_and_blank_lines_are_skipped_and_counted() {
    let text = format!("# a list\n\n{P1}\n   \n  # indented comment\n{WIKI}\n\n");
    assert_eq!(
        summary(&text, None),
        vec![ok(3, "line", P1), ok(6, "line", WIKI)]
    );
}

#[test]
fn tsv_header_comment_then_rows() {
    let text = format!("# puzzle\ter\tep\ted\n{P1}\t2.8\t1.2\t1.2\n{NUGGET}\t11.9\t11.9\t11.3\n");
    assert_eq!(
        summary(&text, None),
        vec![ok(2, "line", P1), ok(3, "line", NUGGET)]
    );
}

#[test]
fn line_of_wrong_length() {
    assert_eq!(only_error(&P1[..80]), "line 1: expected 81 cells, found 80");
    assert_eq!(
        only_error(&format!("{P1}1")),
        "line 1: expected 81 cells, found 82"
    );
    assert_eq!(
        only_error(&format!("{}   ER 9.1", &P1[..80])),
        "line 1: expected 81 cells, found 80"
    );
    // The third line of a file, after a comment and a good puzzle.
    let text = format!("# x\n{P1}\n{}\n", &WIKI[..60]);
    assert_eq!(
        summary(&text, None),
        vec![
            ok(2, "line", P1),
            "line 3: expected 81 cells, found 60".to_string()
        ]
    );
}

#[test]
fn line_with_a_bad_character_names_its_column() {
    let bad: String = P1
        .chars()
        .enumerate()
        .map(|(i, c)| if i == 11 { 'x' } else { c })
        .collect();
    let text = format!("# 1\n{P1}\n\n# 4\n{WIKI}\n{NUGGET}\n{bad}\n{P1}\n");
    assert_eq!(
        summary(&text, None),
        vec![
            ok(2, "line", P1),
            ok(5, "line", WIKI),
            ok(6, "line", NUGGET),
            "line 7, column 12: unexpected character 'x'".to_string(),
            ok(8, "line", P1),
        ]
    );
    // Leading spaces count in the column; a grid decoration character in a line is an error
    // too, and does not make the input look like a grid.
    let dashed = format!("  {}-{}", &P1[..10], &P1[10..]);
    assert_eq!(
        only_error(&dashed),
        "line 1, column 13: unexpected character '-'"
    );
    // Control characters are shown escaped.
    let err = Error::UnexpectedChar {
        line: 2,
        column: 5,
        found: '\u{7}',
    };
    assert_eq!(
        err.to_string(),
        "line 2, column 5: unexpected character '\\u{7}'"
    );
}

#[test]
fn conflicts_in_row_column_and_box() {
    // Empty grid with two 7s in row 4 (r4c5, r4c9).
    let empty = ".".repeat(81);
    let row = with(&empty, &[(3 * 9 + 4, 7), (3 * 9 + 8, 7)]);
    assert_eq!(
        only_error(&row),
        "line 1: r4c5 and r4c9 both hold 7 (row 4)"
    );
    let column = with(&empty, &[(9 + 4, 3), (7 * 9 + 4, 3)]);
    assert_eq!(
        only_error(&column),
        "line 1: r2c5 and r8c5 both hold 3 (column 5)"
    );
    let boxed = with(&empty, &[(5, 9), (2 * 9 + 3, 9)]);
    assert_eq!(
        only_error(&boxed),
        "line 1: r1c6 and r3c4 both hold 9 (box 2)"
    );
    // The first conflict in reading order is reported: r2c2 repeats r1c1 (box) before r9c1
    // repeats r1c1 (column).
    let two = with(&empty, &[(0, 5), (10, 5), (72, 5)]);
    assert_eq!(
        only_error(&two),
        "line 1: r1c1 and r2c2 both hold 5 (box 1)"
    );
    // In a real puzzle, on line 2.
    let clash = with(P1, &[(1, 4)]);
    assert_eq!(
        summary(&format!("{P1}\n{clash}\n"), None),
        vec![
            ok(1, "line", P1),
            "line 2: r1c1 and r1c2 both hold 4 (row 1)".to_string()
        ]
    );
}

#[test]
fn check_conflicts_without_a_line() {
    assert_eq!(check_conflicts(&cells(P1)), Ok(()));
    let err = check_conflicts(&cells(&with(P1, &[(8, 3)]))).unwrap_err();
    assert_eq!(err.to_string(), "r1c5 and r1c9 both hold 3 (row 1)");
    assert_eq!(err.line(), None);
}

#[test]
fn byte_order_mark_and_crlf() {
    let text = format!("\u{feff}# c\r\n{P1}\r\n{WIKI}\r\n");
    assert_eq!(
        summary(&text, None),
        vec![ok(2, "line", P1), ok(3, "line", WIKI)]
    );
}

#[test]
fn forced_line_format_reads_every_line() {
    let text = format!("{P1}\n4 . . | . 3 . | . . .\n");
    assert_eq!(
        summary(&text, Some(Format::Line)),
        vec![
            ok(1, "line", P1),
            "line 2: expected 81 cells, found 1".to_string()
        ]
    );
    assert_eq!(
        summary("4..|.3.|...", Some(Format::Line)),
        vec!["line 1, column 4: unexpected character '|'".to_string()]
    );
}

// ---------------------------------------------------------------------------------------------
// Plain grids.

const P1_SPACED: &str = "\
4 . . | . 3 . | . . .
. . . | 6 . . | 8 . .
. . . | . . . | . . 1
------+-------+------
. . . | . 5 . | . 9 .
. 8 . | . . . | 6 . .
. 7 . | 2 . . | . . .
------+-------+------
. . . | 1 . 2 | 7 . .
5 . 3 | . . . | . 4 .
9 . . | . . . | . . .
";

#[test]
fn spaced_grid() {
    let got = parse_puzzle(P1_SPACED, None).unwrap();
    assert_eq!(got.format, Format::Grid);
    assert_eq!(got.line, 1);
    assert_eq!(got.text, P1);
    assert_eq!(got.candidates, None);
    assert_eq!(to_grid(&cells(P1)), P1_SPACED);
}

#[test]
fn unspaced_grid_with_box_borders_and_zeros() {
    let text = "\
+---+---+---+
|400|030|000|
|000|600|800|
|000|000|001|
+---+---+---+
|000|050|090|
|080|000|600|
|070|200|000|
+---+---+---+
|000|102|700|
|503|000|040|
|900|000|000|
+---+---+---+
";
    assert_eq!(summary(text, None), vec![ok(2, "grid", P1)]);
}

#[test]
fn grid_without_any_decoration_and_with_equals_borders() {
    let rows: Vec<&str> = (0..9).map(|r| &P1[r * 9..r * 9 + 9]).collect();
    let bare = rows.join("\n");
    assert_eq!(summary(&bare, None), vec![ok(1, "grid", P1)]);
    let fancy = format!(
        "=========\n{}\n=========\n{}\n=========\n{}\n=========\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    assert_eq!(summary(&fancy, None), vec![ok(2, "grid", P1)]);
}

#[test]
fn grid_with_star_decoration() {
    // The givens marked with '*', as some programs print them, inside '+---' borders.
    let text = "\
+-------+-------+-------+
|*4 . . | . *3 . | . . . |
| . . . |*6 . . |*8 . . |
| . . . | . . . | . . *1 |
+-------+-------+-------+
| . . . | . *5 . | . *9 . |
| . *8 . | . . . |*6 . . |
| . *7 . |*2 . . | . . . |
+-------+-------+-------+
| . . . |*1 . *2 |*7 . . |
|*5 . *3 | . . . | . *4 . |
|*9 . . | . . . | . . . |
+-------+-------+-------+
";
    assert_eq!(summary(text, None), vec![ok(2, "grid", P1)]);
}

#[test]
fn several_grids_with_and_without_blank_lines() {
    let wiki = to_grid(&cells(WIKI));
    let nugget = to_grid(&cells(NUGGET));
    // Back to back, then after two blank lines and a comment.
    let text = format!("{P1_SPACED}{wiki}\n\n# next\n{nugget}");
    assert_eq!(
        summary(&text, None),
        vec![
            ok(1, "grid", P1),
            ok(12, "grid", WIKI),
            ok(26, "grid", NUGGET)
        ]
    );
}

#[test]
fn grid_row_with_wrong_cell_count() {
    let text = P1_SPACED.replace(". . . | . . . | . . 1", ". . . | . . . | . 1");
    assert_eq!(
        only_error(&text),
        "line 3: expected 9 cells in a grid row, found 8"
    );
    let text = P1_SPACED.replace(". 8 . | . . . | 6 . .", ". 8 . | . . . | 6 . . 7");
    assert_eq!(
        only_error(&text),
        "line 6: expected 9 cells in a grid row, found 10"
    );
}

#[test]
fn grid_with_too_few_rows_then_a_good_grid() {
    // Row 5 is missing (8 rows), a blank line, then a whole grid.
    let short = P1_SPACED.replace(". 8 . | . . . | 6 . .\n", "");
    let text = format!("\n{short}\n{P1_SPACED}");
    assert_eq!(
        summary(&text, None),
        vec![
            "line 2: grid has 8 rows, expected 9".to_string(),
            ok(13, "grid", P1)
        ]
    );
    // At the end of the input.
    let rows: Vec<&str> = P1_SPACED.lines().take(6).collect();
    assert_eq!(
        only_error(&rows.join("\n")),
        "line 1: grid has 5 rows, expected 9"
    );
}

#[test]
fn grid_with_bad_character_and_conflict() {
    let text = P1_SPACED.replace(". 7 . | 2 . .", ". 7 . | 2 x .");
    assert_eq!(
        only_error(&text),
        "line 7, column 11: unexpected character 'x'"
    );
    // r9c2 = 5 meets the 5 of r8c1 in box 7; the error names the grid's first row (line 2).
    let text = format!(
        "# header\n{}",
        P1_SPACED.replace("9 . . | . . . | . . .", "9 5 . | . . . | . . .")
    );
    assert_eq!(
        only_error(&text),
        "line 2: r8c1 and r9c2 both hold 5 (box 7)"
    );
}

// ---------------------------------------------------------------------------------------------
// Pencilmark grids.

/// Wikipedia's puzzle with its basic candidates, as HoDoKu prints a pencilmark grid.
const WIKI_HODOKU: &str = "\
.-------------------.----------------.-------------------.
| 5    3     124    | 26    7   2468 | 1489   1249  248  |
| 6    247   247    | 1     9   5    | 3478   234   2478 |
| 12   9     8      | 23    34  24   | 13457  6     247  |
:-------------------+----------------+-------------------:
| 8    125   1259   | 579   6   147  | 4579   2459  3    |
| 4    25    2569   | 8     5   3    | 579    259   1    |
| 7    15    1359   | 59    2   14   | 4589   459   6    |
:-------------------+----------------+-------------------:
| 139  6     134579 | 357   35  7    | 2      8     4    |
| 23   278   237    | 4     1   9    | 36     3     5    |
| 123  1245  12345  | 2356  8   26   | 1346   7     9    |
'-------------------'----------------'-------------------'
";

/// The same grid in the wider style of Sudoku Explainer-like tools.
const WIKI_SE: &str = "\
*-----------------------------------------------------------------------------*
| 5       3       124     | 26      7       2468    | 1489    1249    248     |
| 6       247     247     | 1       9       5       | 3478    234     2478    |
| 12      9       8       | 23      34      24      | 13457   6       247     |
|-------------------------+-------------------------+-------------------------|
| 8       125     1259    | 579     6       147     | 4579    2459    3       |
| 4       25      2569    | 8       5       3       | 579     259     1       |
| 7       15      1359    | 59      2       14      | 4589    459     6       |
|-------------------------+-------------------------+-------------------------|
| 139     6       134579  | 357     35      7       | 2       8       4       |
| 23      278     237     | 4       1       9       | 36      3       5       |
| 123     1245    12345   | 2356    8       26      | 1346    7       9       |
*-----------------------------------------------------------------------------*
";

/// What reading `WIKI_HODOKU` must give: the basic candidates, and as cells the givens plus
/// the cells left with one candidate (r5c5 = 5, r7c6 = 7, r8c8 = 3).
fn wiki_pencilmark_expected() -> ([u8; 81], [u16; 81]) {
    let candidates = basic_candidates(&cells(WIKI));
    let solved: [u8; 81] = std::array::from_fn(|i| {
        let m = candidates[i];
        if m.count_ones() == 1 {
            m.trailing_zeros() as u8 + 1
        } else {
            0
        }
    });
    (solved, candidates)
}

#[test]
fn hodoku_pencilmark_grid() {
    let got = parse_puzzle(WIKI_HODOKU, None).unwrap();
    let (solved, candidates) = wiki_pencilmark_expected();
    assert_eq!(got.format, Format::Pencilmark);
    assert_eq!(got.line, 2);
    assert_eq!(got.candidates, Some(candidates));
    assert_eq!(got.cells, solved);
    assert_eq!(got.cells[40], 5);
    assert_eq!(got.cells[2], 0);
    assert_eq!(candidates[2], 0b1011); // r1c3: 1, 2, 4
    assert_eq!(
        got.text,
        "53..7....6..195....98....6.8...6...34..853..17...2...6.6...7284...419.35....8..79"
    );
}

#[test]
fn pencilmark_rendering_is_hodoku_style() {
    let candidates = basic_candidates(&cells(WIKI));
    assert_eq!(to_pencilmark(&cells(WIKI), &candidates), WIKI_HODOKU);
}

#[test]
fn sudoku_explainer_style_pencilmark_grid() {
    let got = parse_puzzle(WIKI_SE, None).unwrap();
    let (solved, candidates) = wiki_pencilmark_expected();
    assert_eq!(got.format, Format::Pencilmark);
    assert_eq!(got.line, 2);
    assert_eq!(got.candidates, Some(candidates));
    assert_eq!(got.cells, solved);
}

#[test]
fn pencilmark_with_given_and_solved_markers() {
    let marked = WIKI_HODOKU
        .replace("| 5    3     124 ", "| <5>  <3>   124 ")
        .replace(
            "| 139  6     134579 | 357   35  7  ",
            "| 139  *6*   134579 | 357   35  *7*",
        );
    assert_ne!(marked, WIKI_HODOKU);
    let got = parse_puzzle(&marked, None).unwrap();
    assert_eq!(got.candidates, Some(wiki_pencilmark_expected().1));
}

#[test]
fn pencilmark_round_trip() {
    // Golden Nugget with its basic candidates, then a few more eliminations.
    let givens = cells(NUGGET);
    let mut candidates = basic_candidates(&givens);
    candidates[0] &= !0b1;
    candidates[10] &= !0b1000_0000;
    candidates[80] &= !0b10;
    let text = to_pencilmark(&givens, &candidates);
    let got = parse_puzzle(&text, None).unwrap();
    assert_eq!(got.format, Format::Pencilmark);
    assert_eq!(got.candidates, Some(candidates));
    for (i, &mask) in candidates.iter().enumerate() {
        let expected = if mask.count_ones() == 1 {
            mask.trailing_zeros() as u8 + 1
        } else {
            0
        };
        assert_eq!(got.cells[i], expected, "cell {i}");
    }
    // Forced pencilmark reads it the same way.
    assert_eq!(parse_puzzle(&text, Some(Format::Pencilmark)).unwrap(), got);
}

#[test]
fn pencilmark_repeated_digit_and_zero() {
    let repeated = WIKI_HODOKU.replace("| 5    3     124    |", "| 5    3     1224   |");
    assert_eq!(
        only_error(&repeated),
        "line 2, column 16: candidate 2 repeated in r1c3"
    );
    let zero = WIKI_HODOKU.replace("| 5    3     124    |", "| 5    3     104    |");
    assert_eq!(
        only_error(&zero),
        "line 2, column 15: unexpected character '0'"
    );
    let letter = WIKI_HODOKU.replace("| 8    125   1259 ", "| 8    125   12a9 ");
    assert_eq!(
        only_error(&letter),
        "line 6, column 16: unexpected character 'a'"
    );
}

#[test]
fn pencilmark_row_with_wrong_cell_count() {
    let short = WIKI_HODOKU.replace("| 23   278   237    |", "| 23   278          |");
    assert_eq!(
        only_error(&short),
        "line 11: expected 9 cells in a grid row, found 8"
    );
    let long = WIKI_HODOKU.replace("| 7    15    1359   |", "| 7    15  3 1359   |");
    assert_eq!(
        only_error(&long),
        "line 8: expected 9 cells in a grid row, found 10"
    );
}

#[test]
fn pencilmark_conflicts_only_between_solved_cells() {
    // r1c3 still lists 3 although r1c2 is solved as 3: missed eliminations are accepted.
    let sloppy = WIKI_HODOKU.replace("| 5    3     124    |", "| 5    3     1234   |");
    let got = parse_puzzle(&sloppy, None).unwrap();
    assert_eq!(got.candidates.unwrap()[2], 0b1111);
    // Two solved peers with the same digit are not.
    let clash = WIKI_HODOKU.replace("| 5    3     124    |", "| 5    3     5      |");
    assert_eq!(
        only_error(&clash),
        "line 2: r1c1 and r1c3 both hold 5 (row 1)"
    );
}

#[test]
fn solved_grid_is_plain_unless_pencilmark_is_forced() {
    let solution = to_grid(&cells(WIKI_SOLUTION));
    let plain = parse_puzzle(&solution, None).unwrap();
    assert_eq!(plain.format, Format::Grid);
    assert_eq!(plain.candidates, None);
    let forced = parse_puzzle(&solution, Some(Format::Pencilmark)).unwrap();
    assert_eq!(forced.format, Format::Pencilmark);
    let expected: [u16; 81] = std::array::from_fn(|i| 1 << (cells(WIKI_SOLUTION)[i] - 1));
    assert_eq!(forced.candidates, Some(expected));
    assert_eq!(forced.text, WIKI_SOLUTION);
    // A pencilmark grid read as a plain grid: its rows have too many cells.
    assert_eq!(
        summary(WIKI_HODOKU, Some(Format::Grid)),
        vec!["line 2: expected 9 cells in a grid row, found 23".to_string()]
    );
}

#[test]
fn plain_grid_with_a_typo_is_not_taken_for_pencilmarks() {
    // "56" in a row that also has '.' cells: a plain grid with 10 cells in that row.
    let typo = P1_SPACED.replace(". . . | . . . | . . 1", ". . . | . . . | . . 56");
    assert_eq!(
        only_error(&typo),
        "line 3: expected 9 cells in a grid row, found 10"
    );
}

// ---------------------------------------------------------------------------------------------
// JSON records.

fn board_json(line: &str) -> String {
    serde_json::to_string(&cells_to_rows(&cells(line))).unwrap()
}

/// A one-line record with the given id, board, solution (JSON text) and extra fields.
fn record_json(id: &str, board: &str, solution: &str, extra: &str) -> String {
    format!(r#"{{"id": "{id}", "board": {board}, "solution": {solution}{extra}}}"#)
}

const RECORD_FILE: &str = r#"{
  "id": "wikipedia-example",
  "difficulty": "easy",
  "board": [
    [5, 3, 0, 0, 7, 0, 0, 0, 0],
    [6, 0, 0, 1, 9, 5, 0, 0, 0],
    [0, 9, 8, 0, 0, 0, 0, 6, 0],
    [8, 0, 0, 0, 6, 0, 0, 0, 3],
    [4, 0, 0, 8, 0, 3, 0, 0, 1],
    [7, 0, 0, 0, 2, 0, 0, 0, 6],
    [0, 6, 0, 0, 0, 0, 2, 8, 0],
    [0, 0, 0, 4, 1, 9, 0, 0, 5],
    [0, 0, 0, 0, 8, 0, 0, 7, 9]
  ],
  "solution": null,
  "createdAt": "2026-11-29T12:00:00Z"
}
"#;

#[test]
fn single_pretty_printed_record() {
    let got = parse_puzzle(RECORD_FILE, None).unwrap();
    assert_eq!(got.format, Format::Json);
    assert_eq!(got.line, 1);
    assert_eq!(got.cells, cells(WIKI));
    assert_eq!(got.text, WIKI);
    let record = got.record.unwrap();
    assert_eq!(record.id, "wikipedia-example");
    assert_eq!(record.difficulty.as_deref(), Some("easy"));
    assert_eq!(record.solution, None);
    assert_eq!(record.created_at.as_deref(), Some("2026-11-29T12:00:00Z"));
    // The shipped example file reads the same.
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/record.json");
    if let Ok(text) = std::fs::read_to_string(shipped) {
        assert_eq!(parse_puzzle(&text, None).unwrap().cells, cells(WIKI));
    }
}

#[test]
fn array_of_records_with_their_lines() {
    let text = format!(
        "# records\n[\n  {},\n\n  {{\n    \"id\": \"b\",\n    \"board\": {},\n    \"solution\": null\n  }},\n  {}\n]\n",
        record_json("a", &board_json(P1), "null", ""),
        board_json(NUGGET),
        record_json("c", &board_json(WIKI), &board_json(WIKI_SOLUTION), r#", "x": [1, {"y": "]"}]"#),
    );
    assert_eq!(
        summary(&text, None),
        vec![
            ok(3, "json", P1),
            ok(5, "json", NUGGET),
            ok(10, "json", WIKI)
        ]
    );
    let results = read_all(&text, None);
    let last = results[2].as_ref().unwrap().record.clone().unwrap();
    assert_eq!(last.id, "c");
    assert_eq!(last.solution_cells(), Some(cells(WIKI_SOLUTION)));
    // On one line it is JSON lines with one array: every record is on line 1.
    let one_line = format!(
        "[{}, {}]",
        record_json("a", &board_json(P1), "null", ""),
        record_json("b", &board_json(WIKI), "null", "")
    );
    assert_eq!(
        summary(&one_line, None),
        vec![ok(1, "json", P1), ok(1, "json", WIKI)]
    );
}

#[test]
fn json_lines_with_bad_records_in_the_middle() {
    let text = [
        record_json("a", &board_json(P1), "null", ""),
        String::new(),
        record_json("b", "[[1]]", "null", ""),
        "# a comment".to_string(),
        record_json(
            "c",
            &board_json(WIKI),
            &board_json(WIKI_SOLUTION),
            r#", "createdAt": "2026-11-29", "extra": {"ignored": true}"#,
        ),
        r#"{"id": "d", "board": oops}"#.to_string(),
        record_json("e", &board_json(NUGGET), "null", ""),
        "42".to_string(),
    ]
    .join("\n");
    assert_eq!(
        summary(&text, None),
        vec![
            ok(1, "json", P1),
            "line 3: board has 1 rows, expected 9".to_string(),
            ok(5, "json", WIKI),
            "line 6, column 22: JSON syntax error: expected value".to_string(),
            ok(7, "json", NUGGET),
            "line 8: expected a puzzle record (a JSON object), found an integer".to_string(),
        ]
    );
}

/// The error for a one-record document made from WIKI's board and solution.
fn record_error(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut value = serde_json::json!({
        "id": "w",
        "board": cells_to_rows(&cells(WIKI)),
        "solution": cells_to_rows(&cells(WIKI_SOLUTION)),
    });
    edit(&mut value);
    only_error(&serde_json::to_string(&value).unwrap())
}

#[test]
fn json_values_out_of_range() {
    assert_eq!(
        record_error(|v| v["board"][2][8] = 12.into()),
        "line 1: board[2][8] = 12 is out of range 0..9 (r3c9)"
    );
    assert_eq!(
        record_error(|v| v["board"][0][0] = (-1).into()),
        "line 1: board[0][0] = -1 is out of range 0..9 (r1c1)"
    );
    assert_eq!(
        record_error(|v| v["board"][8][8] = u64::MAX.into()),
        "line 1: board[8][8] = 18446744073709551615 is out of range 0..9 (r9c9)"
    );
    assert_eq!(
        record_error(|v| v["solution"][4][4] = 0.into()),
        "line 1: solution[4][4] = 0 is out of range 1..9 (r5c5)"
    );
}

#[test]
fn json_solution_must_match_and_be_valid() {
    // A given 1 at r1c3, where the solution has 4.
    assert_eq!(
        record_error(|v| v["board"][0][2] = 1.into()),
        "line 1: solution disagrees with the board at r1c3"
    );
    // The solution with 4 and 5 swapped (still valid, r1c1 = 4), then r1c5 made a 4 too;
    // an empty board so that it agrees.
    let swapped: String = WIKI_SOLUTION
        .chars()
        .map(|c| match c {
            '4' => '5',
            '5' => '4',
            c => c,
        })
        .collect();
    assert_eq!(
        record_error(|v| {
            v["board"] = cells_to_rows(&[0; 81]).into_iter().collect();
            v["solution"] = cells_to_rows(&cells(&swapped)).into_iter().collect();
            v["solution"][0][4] = 4.into();
        }),
        "line 1: solution is not a valid grid: r1c1 and r1c5 both hold 4 (row 1)"
    );
    // The board itself is checked first.
    assert_eq!(
        record_error(|v| v["board"][0][2] = 5.into()),
        "line 1: r1c1 and r1c3 both hold 5 (row 1)"
    );
}

#[test]
fn json_wrong_shapes() {
    assert_eq!(
        record_error(|v| {
            v["board"].as_array_mut().unwrap().pop();
        }),
        "line 1: board has 8 rows, expected 9"
    );
    assert_eq!(
        record_error(|v| v["board"][3].as_array_mut().unwrap().push(0.into())),
        "line 1: board[3] has 10 values, expected 9"
    );
    assert_eq!(
        record_error(|v| {
            v["solution"][8].as_array_mut().unwrap().pop();
        }),
        "line 1: solution[8] has 8 values, expected 9"
    );
}

/// A change made to a record before reading it.
type Edit = Box<dyn FnOnce(&mut serde_json::Value)>;

#[test]
fn json_wrong_types() {
    use serde_json::json;
    let cases: Vec<(Edit, &str)> = vec![
        (
            Box::new(|v| v["board"] = json!("53..7")),
            "line 1: board must be an array of 9 rows, found a string",
        ),
        (
            Box::new(|v| v["board"][4] = json!(null)),
            "line 1: board[4] must be an array of 9 values, found null",
        ),
        (
            Box::new(|v| v["board"][0][3] = json!("7")),
            "line 1: board[0][3] must be an integer, found a string",
        ),
        (
            Box::new(|v| v["board"][1][1] = json!(3.5)),
            "line 1: board[1][1] must be an integer, found 3.5",
        ),
        (
            Box::new(|v| v["id"] = json!(7)),
            "line 1: id must be a string, found an integer",
        ),
        (
            Box::new(|v| v["solution"] = json!("none")),
            "line 1: solution must be an array of 9 rows or null, found a string",
        ),
        (
            Box::new(|v| v["difficulty"] = json!(["hard"])),
            "line 1: difficulty must be a string, found an array",
        ),
        (
            Box::new(|v| v["createdAt"] = json!({"day": 1})),
            "line 1: createdAt must be a string, found an object",
        ),
        (
            Box::new(|v| v["createdAt"] = json!("yesterday")),
            "line 1: createdAt \"yesterday\" is not an ISO-8601 date or timestamp",
        ),
        (
            Box::new(|v| v["createdAt"] = json!("2023-02-29T10:00:00Z")),
            "line 1: createdAt \"2023-02-29T10:00:00Z\" is not an ISO-8601 date or timestamp",
        ),
    ];
    for (edit, expected) in cases {
        assert_eq!(record_error(edit), expected);
    }
}

#[test]
fn json_missing_fields() {
    for field in ["id", "board", "solution"] {
        assert_eq!(
            record_error(|v| {
                v.as_object_mut().unwrap().remove(field);
            }),
            format!("line 1: missing field \"{field}\"")
        );
    }
    // Optional fields may be absent or null; a null solution is no solution.
    let text = record_json(
        "x",
        &board_json(WIKI),
        "null",
        r#", "difficulty": null, "createdAt": null"#,
    );
    let record = parse_puzzle(&text, None).unwrap().record.unwrap();
    assert_eq!(
        (record.difficulty, record.created_at, record.solution),
        (None, None, None)
    );
}

#[test]
fn json_syntax_errors_name_line_and_column() {
    let text = "{\n  \"id\": \"x\",\n  \"board\": [[1, 2,, 3]]\n}\n";
    assert_eq!(
        only_error(text),
        "line 3, column 19: JSON syntax error: expected value"
    );
    // After comment lines, the lines still count from the top of the input.
    let text = "# one\n\n[\n  {\"id\": \"a\"\n   \"board\": []}\n]\n";
    assert_eq!(
        only_error(text),
        "line 5, column 4: JSON syntax error: expected `,` or `}`"
    );
    // A document cut short.
    let text = "{\n  \"id\": \"x\",\n  \"board\": [[1, 2";
    assert_eq!(
        only_error(text),
        "line 3, column 17: JSON syntax error: EOF while parsing a list"
    );
    // Forced JSON on text that is not JSON.
    assert_eq!(
        summary(P1, Some(Format::Json)),
        vec!["line 1, column 3: JSON syntax error: invalid number".to_string()]
    );
    assert_eq!(
        summary(
            "# c
hello",
            Some(Format::Json)
        ),
        vec!["line 2, column 1: JSON syntax error: expected value".to_string()]
    );
}

#[test]
fn json_array_of_non_records() {
    assert_eq!(
        summary("[\n  1,\n  \"x\",\n  [ ]\n]", None),
        vec![
            "line 2: expected a puzzle record (a JSON object), found an integer".to_string(),
            "line 3: expected a puzzle record (a JSON object), found a string".to_string(),
            "line 4: expected a puzzle record (a JSON object), found an array".to_string(),
        ]
    );
}

#[test]
fn record_serialization_round_trip() {
    let input = parse_puzzle(RECORD_FILE, None).unwrap();
    let solved = record_from(&input, Some(&cells(WIKI_SOLUTION)));
    let json = serde_json::to_string(&solved).unwrap();
    assert_eq!(
        json,
        format!(
            r#"{{"id":"wikipedia-example","difficulty":"easy","board":{},"solution":{},"createdAt":"2026-11-29T12:00:00Z"}}"#,
            board_json(WIKI),
            board_json(WIKI_SOLUTION)
        )
    );
    // What we write, we read back: through the checked reader and through serde directly.
    let again = parse_puzzle(&json, None).unwrap();
    assert_eq!(again.record.as_ref(), Some(&solved));
    assert_eq!(serde_json::from_str::<PuzzleRecord>(&json).unwrap(), solved);
    // Without a solution given, the record keeps its own.
    assert_eq!(record_from(&input, None), input.record.clone().unwrap());
}

#[test]
fn record_for_non_json_input() {
    let text = format!("# c\n\n{P1}\n");
    let input = parse_puzzle(&text, None).unwrap();
    let record = record_from(&input, None);
    assert_eq!(record.id, "line-3");
    assert_eq!(record.board, cells_to_rows(&cells(P1)));
    assert_eq!(record.solution, None);
    assert_eq!(record.difficulty, None);
    let created = record.created_at.clone().unwrap();
    assert!(is_iso8601(&created), "{created}");
    assert!(created.ends_with('Z') && created.len() == 20, "{created}");
    let json = serde_json::to_value(&record).unwrap();
    assert!(json.get("difficulty").is_none());
    assert_eq!(json["solution"], serde_json::Value::Null);
}

#[test]
fn serde_requires_the_solution_field() {
    let missing = format!(r#"{{"id": "a", "board": {}}}"#, board_json(P1));
    let err = serde_json::from_str::<PuzzleRecord>(&missing).unwrap_err();
    assert!(
        err.to_string().contains("missing field `solution`"),
        "{err}"
    );
    let null = format!(
        r#"{{"id": "a", "board": {}, "solution": null}}"#,
        board_json(P1)
    );
    let record = serde_json::from_str::<PuzzleRecord>(&null).unwrap();
    assert_eq!(record.board_cells(), cells(P1));
    assert_eq!(record.created_at, None);
}

#[test]
fn timestamps() {
    assert_eq!(iso8601_utc(0), "1970-01-01T00:00:00Z");
    assert_eq!(iso8601_utc(951_782_400), "2000-02-29T00:00:00Z");
    assert_eq!(iso8601_utc(1_700_000_000), "2023-11-14T22:13:20Z");
    assert_eq!(iso8601_utc(4_102_444_799), "2099-12-31T23:59:59Z");
    assert_eq!(iso8601_utc(4_107_542_400), "2100-03-01T00:00:00Z");
    for good in [
        "2026-11-29",
        "2026-11-29T12:00",
        "2026-11-29T12:00Z",
        "2026-11-29T12:00:00Z",
        "2026-11-29T12:00:00.123Z",
        "2026-11-29T12:00:00.5+05:30",
        "2024-02-29T23:59:60-08:00",
        "2026-11-29T12:00:00",
    ] {
        assert!(is_iso8601(good), "{good}");
    }
    for bad in [
        "",
        "yesterday",
        "2026-11-29Z",
        "2026-11-29 12:00:00",
        "2026-13-01",
        "2026-00-10",
        "2026-04-31",
        "2023-02-29",
        "2100-02-29",
        "2026-11-29T24:00",
        "2026-11-29T12:60",
        "2026-11-29T12:00:61",
        "2026-11-29T12:00.5Z",
        "2026-11-29T12:00:00.Z",
        "2026-11-29T12:00:00+0530",
        "2026-11-29T12:00:00+24:00",
        "26-11-29",
        "2026-1-29",
        "2026-11-29T12",
        "2026-11-29T12:00:00ZZ",
    ] {
        assert!(!is_iso8601(bad), "{bad}");
    }
}

// ---------------------------------------------------------------------------------------------
// Streaming, limits, encodings, empty input.

#[test]
fn stream_goes_on_after_bad_puzzles() {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(format!("{P1}\n{}\n", &WIKI[..79]).as_bytes());
    bytes.extend_from_slice(b"\xff\xfe not text\n");
    bytes.extend_from_slice(format!("{}\n\n{NUGGET}\n", with(WIKI, &[(1, 5)])).as_bytes());
    let got = summarize(read_puzzles(Cursor::new(bytes), None).collect());
    assert_eq!(
        got,
        vec![
            ok(1, "line", P1),
            "line 2: expected 81 cells, found 79".to_string(),
            "invalid UTF-8 on line 3".to_string(),
            "line 4: r1c1 and r1c2 both hold 5 (row 1)".to_string(),
            ok(6, "line", NUGGET),
        ]
    );
}

#[test]
fn line_longer_than_one_mebibyte_is_skipped() {
    let huge = "1".repeat(MAX_LINE_BYTES + 10);
    let text = format!("{P1}\n{huge}\n{WIKI}\n");
    assert_eq!(
        summary(&text, None),
        vec![
            ok(1, "line", P1),
            "line 2: line longer than 1 MiB".to_string(),
            ok(3, "line", WIKI)
        ]
    );
    // Exactly at the limit is not too long (it is just a wrong puzzle).
    let at_limit = "1".repeat(MAX_LINE_BYTES);
    assert_eq!(
        summary(&format!("{P1}\n{at_limit}"), None)[1],
        format!("line 2: expected 81 cells, found {MAX_LINE_BYTES}")
    );
    // As the very first line, too.
    let text = format!("{huge}\n{WIKI}\n");
    assert_eq!(
        summary(&text, None),
        vec![
            "line 1: line longer than 1 MiB".to_string(),
            ok(2, "line", WIKI)
        ]
    );
}

#[test]
fn a_giant_line_is_never_buffered() {
    // A 96 MiB line between two puzzles, generated on the fly.
    let chunk = "7".repeat(64 * 1024);
    let source = Generated::new(&format!("{P1}\n"), &chunk, 1536, &format!("\n{WIKI}\n"));
    let (got, peak) =
        peak_memory(|| summarize(read_puzzles(BufReader::new(source), None).collect()));
    assert_eq!(
        got,
        vec![
            ok(1, "line", P1),
            "line 2: line longer than 1 MiB".to_string(),
            ok(3, "line", WIKI)
        ]
    );
    assert!(peak < 4 << 20, "peak memory {peak} bytes");
}

#[test]
fn many_lines_stream_in_constant_memory() {
    let n = 50_000;
    let source = Generated::new("# big file\n", &format!("{P1}\n"), n, "");
    let (count, peak) = peak_memory(|| {
        let mut count = 0;
        for (i, puzzle) in read_puzzles(BufReader::new(source), None).enumerate() {
            let puzzle = puzzle.unwrap();
            assert_eq!(puzzle.line, i + 2);
            count += 1;
        }
        count
    });
    assert_eq!(count, n);
    assert!(peak < 256 << 10, "peak memory {peak} bytes");
}

#[test]
fn document_limit() {
    assert_eq!(
        Error::InputTooLarge {
            limit: MAX_DOCUMENT_BYTES
        }
        .to_string(),
        "input larger than 64 MiB"
    );
    // A pretty-printed array of about 11 KB against a 4 KiB document limit.
    let records: Vec<String> = (0..50)
        .map(|i| record_json(&format!("r{i}"), &board_json(P1), "null", ""))
        .collect();
    let text = format!("[\n{}\n]\n", records.join(",\n"));
    assert!(text.len() > 2 * 4096, "{}", text.len());
    let limited = |text: &str| {
        summarize(
            read_puzzles(Cursor::new(text.as_bytes().to_vec()), None)
                .with_limits(1024, 4096)
                .collect(),
        )
    };
    assert_eq!(limited(&text), vec!["input larger than 4 KiB".to_string()]);
    // The same array on one line is refused against the document limit as well.
    let one_line = format!("[{}]", records.join(","));
    assert_eq!(
        limited(&one_line),
        vec!["input larger than 4 KiB".to_string()]
    );
    // Under the limit it is read.
    let small = format!("[\n{}\n]\n", records[..2].join(",\n"));
    assert_eq!(limited(&small), vec![ok(2, "json", P1), ok(3, "json", P1)]);
    // A grid drowning in border lines.
    let borders = "+-------+-------+-------+\n".repeat(200);
    assert_eq!(
        limited(&format!("{borders}{P1_SPACED}")),
        vec!["input larger than 4 KiB".to_string()]
    );
    // Line limits given in bytes print as bytes.
    let long = "1".repeat(150);
    let got = summarize(
        read_puzzles(Cursor::new(format!("{long}\n{P1}").into_bytes()), None)
            .with_limits(100, 4096)
            .collect(),
    );
    assert_eq!(
        got,
        vec![
            "line 1: line longer than 100 bytes".to_string(),
            ok(2, "line", P1)
        ]
    );
}

#[test]
fn a_giant_json_document_is_refused_early() {
    // 100 MiB of JSON array generated on the fly, against an 8 MiB document limit.
    let element = format!("{},\n", record_json("r", &board_json(P1), "null", ""));
    let count = (100 << 20) / element.len();
    let source = Generated::new("[\n", &element, count, "{}]\n");
    let (got, peak) = peak_memory(|| {
        summarize(
            read_puzzles(BufReader::new(source), None)
                .with_limits(MAX_LINE_BYTES, 8 << 20)
                .collect(),
        )
    });
    assert_eq!(got, vec!["input larger than 8 MiB".to_string()]);
    assert!(peak < 40 << 20, "peak memory {peak} bytes");
}

#[test]
fn over_long_line_inside_a_grid_and_json_lines() {
    let long_row = P1_SPACED.replace(
        ". 8 . | . . . | 6 . .",
        &format!(". 8 . |{}| 6 . .", " ".repeat(80)),
    );
    let text = format!("{long_row}\n{P1_SPACED}");
    let got = summarize(
        read_puzzles(Cursor::new(text.into_bytes()), None)
            .with_limits(64, 1 << 20)
            .collect(),
    );
    assert_eq!(
        got,
        vec![
            "line 6: line longer than 64 bytes".to_string(),
            ok(13, "grid", P1)
        ]
    );
    let record = record_json("a", &board_json(P1), "null", "");
    let text = format!("{record}\n{record}{}\n{record}\n", " ".repeat(2000));
    let got = summarize(
        read_puzzles(Cursor::new(text.into_bytes()), None)
            .with_limits(1024, 1 << 20)
            .collect(),
    );
    assert_eq!(
        got,
        vec![
            ok(1, "json", P1),
            "line 2: line longer than 1 KiB".to_string(),
            ok(3, "json", P1)
        ]
    );
}

#[test]
fn invalid_utf8_everywhere() {
    let bytes = |parts: &[&[u8]]| parts.concat();
    let read = |input: Vec<u8>| summarize(read_puzzles(Cursor::new(input), None).collect());
    // First line.
    assert_eq!(
        read(bytes(&[b"\xc3\x28\n", P1.as_bytes()])),
        vec!["invalid UTF-8 on line 1".to_string(), ok(2, "line", P1)]
    );
    // A grid row: one error for the grid, then the next grid.
    let grid = P1_SPACED.as_bytes();
    let broken = [&grid[..44], b"\xff", &grid[45..]].concat();
    assert_eq!(
        read(bytes(&[&broken, b"\n", grid])),
        vec!["invalid UTF-8 on line 3".to_string(), ok(13, "grid", P1)]
    );
    // A JSON document: the line of the bad byte.
    let doc = RECORD_FILE.as_bytes();
    let at = RECORD_FILE.find("easy").unwrap();
    let broken = [&doc[..at], b"\xe2\x82", &doc[at + 2..]].concat();
    assert_eq!(read(broken), vec!["invalid UTF-8 on line 3".to_string()]);
    // JSON lines.
    let record = record_json("a", &board_json(P1), "null", "");
    let input = bytes(&[
        record.as_bytes(),
        b"\n{\"id\": \"\xff\"}\n",
        record.as_bytes(),
    ]);
    assert_eq!(
        read(input),
        vec![
            ok(1, "json", P1),
            "invalid UTF-8 on line 2".to_string(),
            ok(3, "json", P1)
        ]
    );
}

#[test]
fn io_error_ends_the_stream() {
    struct Failing(Cursor<Vec<u8>>);
    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.read(buf)? {
                0 => Err(io::Error::other("disk on fire")),
                n => Ok(n),
            }
        }
    }
    let source = Failing(Cursor::new(format!("{P1}\n{WIKI}\n").into_bytes()));
    let got = summarize(read_puzzles(BufReader::new(source), None).collect());
    assert_eq!(
        got,
        vec![
            ok(1, "line", P1),
            ok(2, "line", WIKI),
            "I/O error: disk on fire".to_string()
        ]
    );
}

#[test]
fn no_puzzle_found() {
    assert_eq!(
        summary("", None),
        vec!["no puzzle found in input".to_string()]
    );
    assert_eq!(
        summary("\n  \n# nothing here\n", None),
        vec!["no puzzle found in input".to_string()]
    );
    assert_eq!(
        summary("[]", None),
        vec!["no puzzle found in input".to_string()]
    );
    assert_eq!(
        summary("[\n]\n", Some(Format::Json)),
        vec!["no puzzle found in input".to_string()]
    );
    let named: Vec<_> = read_puzzles(Cursor::new(b"# only a comment\n".to_vec()), None)
        .with_source("puzzles.txt")
        .collect();
    assert_eq!(
        summarize(named),
        vec!["no puzzle found in puzzles.txt".to_string()]
    );
    // Only errors is not "no puzzle".
    assert_eq!(
        summary("hello\n", None),
        vec!["line 1, column 1: unexpected character 'h'".to_string()]
    );
    assert_eq!(
        summary("4 . . | . 3 .\n", None),
        vec!["line 1: grid has 1 row, expected 9".to_string()]
    );
}

// ---------------------------------------------------------------------------------------------
// The one-puzzle API, formats, and the solver-layer errors.

#[test]
fn parse_puzzle_wants_exactly_one() {
    assert_eq!(parse_puzzle(P1, None).unwrap().text, P1);
    assert_eq!(
        parse_puzzle(&format!("{P1}\n{WIKI}\n"), None)
            .unwrap_err()
            .to_string(),
        "line 2: a second puzzle starts here, but exactly one was expected"
    );
    assert_eq!(
        parse_puzzle(&format!("{P1}\n{}\n", &WIKI[..70]), None)
            .unwrap_err()
            .to_string(),
        "line 2: expected 81 cells, found 70"
    );
    assert_eq!(
        parse_puzzle("  \n", None).unwrap_err(),
        Error::NoPuzzle {
            source: "input".to_string()
        }
    );
    let all = parse_all(&format!("{P1}\n\n{WIKI}\n"), None).unwrap();
    assert_eq!(all.iter().map(|p| p.line).collect::<Vec<_>>(), vec![1, 3]);
    assert_eq!(
        parse_all(&format!("{P1}\n{}\n{WIKI}", &WIKI[..3]), None)
            .unwrap_err()
            .to_string(),
        "line 2: expected 81 cells, found 3"
    );
}

#[test]
fn format_names() {
    for format in Format::ALL {
        assert_eq!(format.to_string().parse::<Format>(), Ok(format));
    }
    assert_eq!("PencilMark".parse::<Format>(), Ok(Format::Pencilmark));
    assert_eq!(Format::Line.to_string(), "line");
    assert_eq!(Format::Pencilmark.to_string(), "pencilmark");
    assert_eq!(
        "xml".parse::<Format>().unwrap_err().to_string(),
        "unknown format \"xml\" (expected line, grid, pencilmark or json)"
    );
}

#[test]
fn error_lines_and_solver_messages() {
    let conflict = check_conflicts(&cells(&with(P1, &[(1, 4)]))).unwrap_err();
    assert_eq!(conflict.line(), None);
    let err = &read_all(&format!("# x\n{}", &P1[..80]), None)[0];
    assert_eq!(err.as_ref().unwrap_err().line(), Some(2));
    assert_eq!(Error::NoSolution.to_string(), "the puzzle has no solution");
    assert_eq!(Error::NoSolution.line(), None);
    assert_eq!(
        Error::MultipleSolutions {
            differing: vec![1, 21, 80]
        }
        .to_string(),
        "the puzzle has more than one solution; two solutions differ at r1c2, r3c4, r9c9"
    );
    assert_eq!(
        Error::LineTooLong {
            line: 5,
            limit: MAX_LINE_BYTES
        }
        .to_string(),
        "line 5: line longer than 1 MiB"
    );
    let io: Error = io::Error::other("broken pipe").into();
    assert_eq!(io.to_string(), "I/O error: broken pipe");
    let as_std: &dyn std::error::Error = &io;
    assert_eq!(as_std.to_string(), "I/O error: broken pipe");
}

#[test]
fn to_line_and_grid_round_trip() {
    for puzzle in [P1, WIKI, NUGGET, WIKI_SOLUTION] {
        let c = cells(puzzle);
        assert_eq!(to_line(&c), puzzle);
        assert_eq!(parse_puzzle(&to_line(&c), None).unwrap().cells, c);
        assert_eq!(parse_puzzle(&to_grid(&c), None).unwrap().cells, c);
    }
}

#[test]
fn shared_corpora_read_cleanly() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data");
    for (file, expected) in [("rated/se121.tsv", 975), ("top1465.txt", 1465)] {
        let path = format!("{dir}/{file}");
        let Ok(handle) = std::fs::File::open(&path) else {
            eprintln!("skipped: {path} not found");
            continue;
        };
        let puzzles: Vec<_> = read_puzzles(BufReader::new(handle), None)
            .with_source(file)
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(puzzles.len(), expected, "{file}");
        assert!(puzzles.iter().all(|p| p.format == Format::Line));
    }
}
