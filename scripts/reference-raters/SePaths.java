// Prints Sudoku Explainer's solving path for each puzzle, in the format of the shared data's
// rated/se121-paths.txt, which `stepwise compare --paths` reads:
//
//   # <puzzle>
//   <n> <rating>, <SE's hint text>: <eliminations rXcY<>D[,D], ...> and/or <placement rXcY=D>
//   ED=<er>/<ep>/<ed>
//
// Compiled against SE's own classes by scripts/reference-raters.sh and run by `scripts/se-rate
// --paths`. It walks exactly as serate's rating walk (Solver.getDifficulty) does (SeWalk: the
// producers in SE's order, the first hint any of them reports), applying each hint until the
// grid is full; only the printing is added.

import java.io.BufferedReader;
import java.io.FileReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

import diuf.sudoku.Cell;
import diuf.sudoku.solver.Hint;
import diuf.sudoku.solver.IndirectHint;
import diuf.sudoku.solver.Rule;
import diuf.sudoku.test.SeWalk;

public class SePaths {

    public static void main(String[] args) throws Exception {
        BufferedReader in = (args.length == 0 || args[0].equals("-"))
            ? new BufferedReader(new InputStreamReader(System.in))
            : new BufferedReader(new FileReader(args[0]));
        PrintWriter out = new PrintWriter(System.out);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.length() < 81 || line.startsWith("#"))
                continue;
            printPath(line.substring(0, 81), out);
            out.flush();
        }
    }

    // serate's rounding to one decimal: floor((x + 0.05) * 10) / 10.
    private static String rounded(double rating) {
        int tenths = (int) ((rating + 0.05) * 10);
        return (tenths / 10) + "." + (tenths % 10);
    }

    private static String cellName(Cell cell) {
        return "r" + (cell.getY() + 1) + "c" + (cell.getX() + 1);
    }

    // Eliminations cell by cell in row-major order, then the placement if the hint makes one,
    // as se121-paths.txt spells them.
    private static String deductions(Hint hint) {
        List<String> parts = new ArrayList<String>();
        if (hint instanceof IndirectHint) {
            Map<Cell, BitSet> removable = ((IndirectHint) hint).getRemovablePotentials();
            // SE's direct locking and hidden-set hints place their single and remove nothing.
            if (removable.isEmpty())
                parts.add("(no elimination)");
            List<Cell> cells = new ArrayList<Cell>(removable.keySet());
            cells.sort((a, b) -> (a.getY() * 9 + a.getX()) - (b.getY() * 9 + b.getX()));
            for (Cell cell : cells) {
                StringBuilder digits = new StringBuilder();
                BitSet values = removable.get(cell);
                for (int v = values.nextSetBit(0); v >= 0; v = values.nextSetBit(v + 1))
                    digits.append(digits.length() == 0 ? "" : ",").append(v);
                parts.add(cellName(cell) + "<>" + digits);
            }
        }
        if (hint.getCell() != null)
            parts.add(cellName(hint.getCell()) + "=" + hint.getValue());
        return String.join(", ", parts);
    }

    private static void printPath(String puzzle, PrintWriter out) throws Exception {
        SeWalk walk = new SeWalk(puzzle);
        out.println("# " + puzzle);
        // The same bookkeeping as Solver.getDifficulty.
        double difficulty = Double.NEGATIVE_INFINITY;
        double pearl = 0.0;
        double diamond = 0.0;
        int number = 0;
        while (!walk.solved()) {
            Hint hint = walk.next();
            if (hint == null) {
                out.println("# no rule applies: rated 20.0");
                difficulty = 20.0;
                break;
            }
            double rating = ((Rule) hint).getDifficulty();
            number++;
            out.println(number + " " + rounded(rating) + ", " + hint + ": " + deductions(hint));
            if (rating > difficulty)
                difficulty = rating;
            hint.apply();
            if (pearl == 0.0) {
                if (diamond == 0.0)
                    diamond = difficulty;
                if (hint.getCell() != null)
                    pearl = difficulty;
            }
        }
        out.println("ED=" + rounded(difficulty) + "/" + rounded(pearl) + "/" + rounded(diamond));
    }
}
