#!/usr/bin/env bash
# Rates puzzles with the reference raters themselves (scripts/se-rate, scripts/hodoku-rate, as
# scripts/reference-raters.sh built them) and with Stepwise, and prints how far they agree:
# `stepwise compare` on SE's ER/EP/ED (its table and worst disagreements, with SE's path beside
# ours when --paths is given), then HoDoKu's level and score against the hodoku profile's.
#
# usage: scripts/compare-reference.sh [--every N] [--skip K] [--paths] [--only se|hodoku]
#                                     [--out DIR] FILE
#   FILE        puzzles (.txt or .tsv: the first field of each line that is not a '#' comment)
#   --every N   only every N-th puzzle, from the (K+1)-th (--skip K): SE needs seconds to
#               minutes per hard puzzle, so sample large sets and say so
#   --paths     also have SE print its paths, for `stepwise compare --paths` (twice SE's time)
#   --out DIR   keep the sample and every rater's output there (default: a new temp folder)
# The raters run niced, one process each. Exit 3 when a rater asked for is not built.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
every=1 skip=0 paths=0 only="" out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --every) every="${2:?}"; shift 2 ;;
        --skip) skip="${2:?}"; shift 2 ;;
        --paths) paths=1; shift ;;
        --only) only="${2:?}"; shift 2 ;;
        --out) out="${2:?}"; shift 2 ;;
        -*) sed -n '7,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -eq 1 ] || { sed -n '7,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
file="$1"
[ -n "$out" ] || out="$(mktemp -d)"
mkdir -p "$out"
stepwise() { (cd "$here/.." && cargo run --release --quiet -- "$@"); }

awk -v every="$every" -v skip="$skip" '!/^[[:space:]]*(#|$)/ {
    n++; if (n > skip && (n - skip - 1) % every == 0) print substr($1, 1, 81) }' "$file" > "$out/sample.txt"
count=$(wc -l < "$out/sample.txt")
echo "$count puzzles of $file (every $every from number $((skip + 1))); outputs in $out"

if [ "$only" != hodoku ]; then
    nice "$here/se-rate" "$out/sample.txt" > "$out/se.tsv"
    compare_args=("$out/se.tsv")
    if [ $paths -eq 1 ]; then
        nice "$here/se-rate" --paths "$out/sample.txt" > "$out/se-paths.txt"
        compare_args+=(--paths "$out/se-paths.txt")
    fi
    echo
    echo "== Sudoku Explainer 1.2.1 against the se profile"
    stepwise compare "${compare_args[@]}" --worst 20 | tee "$out/se-compare.txt"
fi

if [ "$only" != se ]; then
    : > "$out/hodoku-differ.tsv"
    nice "$here/hodoku-rate" "$out/sample.txt" > "$out/hodoku.tsv"
    stepwise rate --profile hodoku "$out/sample.txt" 2>/dev/null > "$out/stepwise-hodoku.csv"
    echo
    echo "== HoDoKu 2.2.0 against the hodoku profile"
    # stepwise rate's CSV: puzzle,er,ep,ed,level,score,... (level and score come before any
    # quoted field).
    awk -F'\t' -v differ="$out/hodoku-differ.tsv" '
        FNR == NR { level[$1] = $2; score[$1] = $3; next }
        FNR == 1 { next }
        {
            split($0, f, ","); p = f[1]
            if (!(p in level)) next
            n++
            if (f[5] == level[p]) lv++; else print p "\tlevel\t" level[p] "\t" f[5] > differ
            if (f[6] == score[p]) sc++; else print p "\tscore\t" score[p] "\t" f[6] > differ
        }
        END {
            if (!n) { print "no puzzle rated by both"; exit 1 }
            printf "%d puzzles: level exact %d (%.1f%%), score exact %d (%.1f%%)\n", n, lv, 100 * lv / n, sc, 100 * sc / n
        }' "$out/hodoku.tsv" "$out/stepwise-hodoku.csv" | tee "$out/hodoku-compare.txt"
    echo "(each difference: puzzle, what, HoDoKu's, Stepwise's in $out/hodoku-differ.tsv)"
fi
