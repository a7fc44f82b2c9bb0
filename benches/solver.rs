use std::time::Instant;
fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data");
    for set in ["17-clue.txt", "top1465.txt", "forum-hardest-11plus.txt"] {
        let text = std::fs::read_to_string(format!("{dir}/{set}")).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| l.len() == 81).take(10000).collect();
        let sus: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap())
            .collect();
        for _ in 0..3 {
            let t = Instant::now();
            let mut n = 0;
            for s in &sus {
                n += s.solutions_count_up_to(2);
            }
            let el = t.elapsed();
            println!(
                "{set} {} {:.2} us",
                n,
                el.as_secs_f64() * 1e6 / sus.len() as f64
            );
        }
    }
}
