// Prints one step of Sudoku Explainer's solving path in full: the chaining hint SE takes at
// step N of serate's rating walk, every potential of its chains with its parents and cause,
// and every nested chain it rests on (recursively), each with SE's flat and total complexity.
// For finding why a forcing chain's rating differs by 0.1: SE's complexity counts the distinct
// potentials of the chains plus each distinct nested chain's (FullChain equality).
//
// In SE's chaining package because ChainingHint.getChain and getChainsTargets are package-
// private. Compiled by scripts/reference-raters.sh, run by `scripts/se-rate --dump-step N`.
package diuf.sudoku.solver.rules.chaining;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

import diuf.sudoku.solver.Hint;
import diuf.sudoku.solver.Rule;
import diuf.sudoku.test.SeWalk;

public class SeChainDump {

    private static String name(Potential p) {
        return "r" + (p.cell.getY() + 1) + "c" + (p.cell.getX() + 1) + (p.isOn ? "=" : "<>") + p.value;
    }

    private static void dump(ChainingHint hint, String indent, Set<ChainingHint> shown) {
        System.out.println(indent + hint.getClass().getSimpleName() + " '" + hint + "' #"
            + System.identityHashCode(hint) + " fullchain=" + new FullChain(hint).hashCode()
            + " flat=" + hint.getFlatComplexity() + " total=" + hint.getComplexity()
            + " difficulty=" + ((Rule) hint).getDifficulty());
        for (Potential target : hint.getChainsTargets()) {
            Collection<Potential> chain = hint.getChain(target);
            System.out.println(indent + "  target " + name(target) + ", " + chain.size() + " potentials:");
            for (Potential p : chain) {
                StringBuilder line = new StringBuilder(indent + "    " + name(p));
                if (p.nestedChain != null)
                    line.append(" {nested #").append(System.identityHashCode(p.nestedChain)).append('}');
                line.append(" [");
                for (Potential parent : p.parents)
                    line.append(name(parent)).append(' ');
                line.append(']');
                if (p.cause != null)
                    line.append(" <").append(p.cause).append(p.explanation != null ? ": " + p.explanation : "").append('>');
                System.out.println(line);
            }
            for (Potential p : chain) {
                if (p.nestedChain != null && shown.add(p.nestedChain)) {
                    System.out.println(indent + "  nested chain of " + name(p) + ":");
                    dump(p.nestedChain, indent + "    ", shown);
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int wanted = Integer.parseInt(args[0]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String puzzle;
        while ((puzzle = in.readLine()) != null) {
            if (puzzle.length() < 81 || puzzle.startsWith("#"))
                continue;
            SeWalk walk = new SeWalk(puzzle);
            System.out.println("# " + puzzle.substring(0, 81) + " step " + wanted);
            for (int step = 1; ; step++) {
                Hint hint = walk.next();
                if (hint == null) {
                    System.out.println("# the path ends before that step");
                    break;
                }
                if (step == wanted) {
                    if (hint instanceof ChainingHint)
                        dump((ChainingHint) hint, "", Collections.newSetFromMap(new IdentityHashMap<ChainingHint, Boolean>()));
                    else
                        System.out.println("# not a chaining hint: " + hint);
                    break;
                }
                hint.apply();
            }
            System.out.flush();
        }
    }
}
