// serate's rating walk, step by step, shared by SePaths (SE's whole path) and SeChainDump (one
// chaining step in full): the puzzle loaded as serate loads it, SE's producer lists in
// Solver.getDifficulty's order (private fields, hence the reflection), and the first hint any
// of them reports at each step.
package diuf.sudoku.test;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

import diuf.sudoku.Grid;
import diuf.sudoku.solver.Hint;
import diuf.sudoku.solver.HintProducer;
import diuf.sudoku.solver.SingleHintAccumulator;
import diuf.sudoku.solver.Solver;

public final class SeWalk {

    private static final String[] PRODUCER_LISTS = {
        "directHintProducers", "indirectHintProducers", "chainingHintProducers",
        "chainingHintProducers2", "advancedHintProducers", "experimentalHintProducers",
    };

    public final Grid grid = new Grid();
    private final List<List<HintProducer>> lists = new ArrayList<List<HintProducer>>();

    /** The walk of an 81-character puzzle (digits, anything else empty). */
    @SuppressWarnings("unchecked")
    public SeWalk(String puzzle) throws Exception {
        for (int i = 0; i < 81; i++) {
            char ch = puzzle.charAt(i);
            if (ch >= '1' && ch <= '9')
                grid.setCellValue(i % 9, i / 9, ch - '0');
        }
        Solver solver = new Solver(grid);
        solver.rebuildPotentialValues();
        for (String name : PRODUCER_LISTS) {
            Field field = Solver.class.getDeclaredField(name);
            field.setAccessible(true);
            lists.add((List<HintProducer>) field.get(solver));
        }
    }

    /** The hint serate takes next (not applied), or null when no rule applies. */
    public Hint next() {
        SingleHintAccumulator accu = new SingleHintAccumulator();
        try {
            for (List<HintProducer> list : lists)
                for (HintProducer producer : list)
                    producer.getHints(grid, accu);
        } catch (InterruptedException firstHintFound) {
        }
        return accu.getHint();
    }

    public boolean solved() {
        for (int y = 0; y < 9; y++)
            for (int x = 0; x < 9; x++)
                if (grid.getCellValue(x, y) == 0)
                    return false;
        return true;
    }
}
