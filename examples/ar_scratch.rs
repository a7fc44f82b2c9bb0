use stepwise::finders::all;
use stepwise::format::{parse_puzzle, Format};
use stepwise::geometry::{cell_name, peers};
use stepwise::grid::Grid;
use stepwise::technique::Technique;
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let t = Technique::parse(&std::env::args().nth(2).unwrap()).unwrap();
    let input = parse_puzzle(&text, Some(Format::Pencilmark)).unwrap();
    let grid = Grid::from_pencilmarks(&input.cells, &input.candidates.unwrap());
    println!("example: {}", all(t, &grid).len());
    for cell in 0..81 {
        if grid.value(cell) != 0 {
            continue;
        }
        for d in 1..=9u8 {
            if grid.candidates(cell).contains(d) || peers(cell).iter().any(|p| grid.value(p) == d) {
                continue;
            }
            let mut masks = grid.candidate_masks();
            masks[cell] |= 1 << (d - 1);
            let g = Grid::from_pencilmarks(grid.values(), &masks);
            if all(t, &g).is_empty() {
                println!("add {d} to {}", cell_name(cell));
            }
        }
    }
}
