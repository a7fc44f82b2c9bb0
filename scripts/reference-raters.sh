#!/usr/bin/env bash
# Builds the two reference raters Stepwise's ratings are held to, from their public sources:
#   Sudoku Explainer 1.2.1 (gsf's serate 1.2.1.3, the build the forum rates with), from
#     1to9only/SudokuExplainer at the commit that added serate (later commits change chaining);
#   HoDoKu 2.2.0 (Build 116), from 1to9only/HoDoKu at its tag 2.2.0;
# and the peers the speed benchmark (scripts/bench-peers.sh) runs beside Stepwise:
#   skfr 2.0.2 (the community's C++ approximation of SE's rating), from dobrichev/skfr;
#   QQWing 1.3, Debian's package qqwing (installed with apt-get when missing).
# Then scripts/se-rate, scripts/hodoku-rate and scripts/skfr-rate run them. Nothing of theirs
# enters this repository: sources, classes and binaries go under the prefix.
#
# usage: scripts/reference-raters.sh [--prefix DIR] [--se-source GIT] [--hodoku-source GIT]
#                                    [--skfr-source GIT] [--only se|hodoku|skfr|qqwing]
#   --prefix DIR        where to build (env STEPWISE_PEERS; default ~/.cache/stepwise-peers)
#   --se-source GIT     a git URL to clone, or a local git directory (bare or not)
#                       (env SE_SOURCE; default https://github.com/1to9only/SudokuExplainer)
#   --hodoku-source GIT likewise (env HODOKU_SOURCE; default https://github.com/1to9only/HoDoKu)
#   --skfr-source GIT   likewise (env SKFR_SOURCE; default https://github.com/dobrichev/skfr)
#   --only NAME         build (or install) one of them; without it, all four
# Needs git, tar, a JDK (8 or later) and g++; installs Debian's default-jdk-headless when javac
# is missing and apt-get is there. Exit codes: 0 built, 2 usage, 3 a tool or source is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

SE_COMMIT=729c00e3dc4514d40f5fbaec616e1e8dfea286e7
HODOKU_COMMIT=78be59680452cff11cddb0455030010082bd670c
SKFR_COMMIT=d9c587f916c5872d8445d58a7527c479460d5449

prefix="${STEPWISE_PEERS:-$HOME/.cache/stepwise-peers}"
se_source="${SE_SOURCE:-https://github.com/1to9only/SudokuExplainer}"
hodoku_source="${HODOKU_SOURCE:-https://github.com/1to9only/HoDoKu}"
skfr_source="${SKFR_SOURCE:-https://github.com/dobrichev/skfr}"
only=""

usage() { sed -n '12,21p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="${2:?}"; shift 2 ;;
        --se-source) se_source="${2:?}"; shift 2 ;;
        --hodoku-source) hodoku_source="${2:?}"; shift 2 ;;
        --skfr-source) skfr_source="${2:?}"; shift 2 ;;
        --only) only="${2:?}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "reference-raters: unknown argument '$1'" >&2; usage ;;
    esac
done
case "$only" in ""|se|hodoku|skfr|qqwing) ;; *) usage ;; esac
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"

for tool in git tar; do
    command -v "$tool" >/dev/null || { echo "reference-raters: $tool not found" >&2; exit 3; }
done
# Installs Debian packages when apt-get is there (as root, or with sudo).
apt_install() {
    command -v apt-get >/dev/null 2>&1 || return 1
    local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" \
        || { $sudo apt-get update && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"; }
}
needs_java=1
case "$only" in skfr|qqwing) needs_java=0 ;; esac
if [ "$needs_java" = 1 ] && ! command -v javac >/dev/null 2>&1; then
    echo "reference-raters: javac not found: installing default-jdk-headless" >&2
    apt_install default-jdk-headless >&2 || true
    command -v javac >/dev/null 2>&1 || { echo "reference-raters: no javac: install a JDK (8 or later)" >&2; exit 3; }
fi

# The git directory holding SOURCE: itself or its .git when local, else a bare clone under the
# prefix (made once, fetched again when COMMIT is missing).
git_dir() {
    local source="$1" name="$2" commit="$3" dir
    if [ -d "$source" ]; then
        dir="$source"; [ -d "$source/.git" ] && dir="$source/.git"
    else
        dir="$prefix/src/$name.git"
        [ -d "$dir" ] || git clone --quiet --bare "$source" "$dir" >&2
        git --git-dir="$dir" cat-file -e "$commit^{commit}" 2>/dev/null \
            || git --git-dir="$dir" fetch --quiet "$source" '+refs/*:refs/*' >&2
    fi
    git --git-dir="$dir" cat-file -e "$commit^{commit}" 2>/dev/null \
        || { echo "reference-raters: commit $commit not found in $source" >&2; exit 3; }
    echo "$dir"
}

# A fresh tree of COMMIT in DEST.
export_tree() {
    local dir="$1" commit="$2" dest="$3"
    rm -rf "$dest"; mkdir -p "$dest"
    git --git-dir="$dir" archive "$commit" | tar -x -C "$dest"
}

build_se() {
    local dir out="$prefix/se"
    dir="$(git_dir "$se_source" SudokuExplainer "$SE_COMMIT")"
    export_tree "$dir" "$SE_COMMIT" "$out/src"
    rm -rf "$out/classes"; mkdir -p "$out/classes" "$out/prefs"
    # Only what serate reaches is compiled (-sourcepath): SE's GUI and io packages do not
    # compile with a JDK 8+ compiler (an overload became ambiguous), and the rater needs neither.
    javac -nowarn -encoding ISO-8859-1 -sourcepath "$out/src" -d "$out/classes" \
        "$out/src/diuf/sudoku/test/serate.java" "$here/reference-raters/SeWalk.java" \
        "$here/reference-raters/SePaths.java" "$here/reference-raters/SeChainDump.java" 2>&1 \
        | grep -v '^Note: ' >&2 || true
    [ -f "$out/classes/diuf/sudoku/test/serate.class" ] && [ -f "$out/classes/SePaths.class" ] \
        || { echo "reference-raters: Sudoku Explainer did not compile" >&2; exit 1; }
    printf '%s\t%s\n' "$se_source" "$SE_COMMIT" > "$out/source.txt"
    echo "Sudoku Explainer 1.2.1 (serate $(se_version "$out")) built in $out" >&2
}

se_version() {
    java -Djava.awt.headless=true -Djava.util.prefs.userRoot="$1/prefs" \
        -cp "$1/classes" diuf.sudoku.test.serate --version
}

build_hodoku() {
    local dir out="$prefix/hodoku"
    dir="$(git_dir "$hodoku_source" HoDoKu "$HODOKU_COMMIT")"
    export_tree "$dir" "$HODOKU_COMMIT" "$out/src"
    # MainFrame derives its build number from a Subversion keyword that git never expands;
    # unexpanded, its static initializer fails. Fix it to the released build's number.
    sed -i 's/^\(.*String REV = \)".*";/\1"$LastChangedRevision: 116 $";/' "$out/src/src/sudoku/MainFrame.java"
    grep -q 'REV = "$LastChangedRevision: 116 \$"' "$out/src/src/sudoku/MainFrame.java" \
        || { echo "reference-raters: HoDoKu's revision line was not found" >&2; exit 1; }
    rm -rf "$out/classes"; mkdir -p "$out/classes" "$out/home"
    # --release 8: HoDoKu 2.2 was written against Java 6/7 library signatures (Swing's
    # TreeNode enumerations became generic in 9).
    (cd "$out/src/src" && find . -name '*.java' > "$out/sources.txt" \
        && javac --release 8 -nowarn -encoding UTF-8 -d "$out/classes" @"$out/sources.txt" 2>&1 \
        | grep -v '^Note: \|^warning: \[options\]\|^1 warning' >&2 || true)
    [ -f "$out/classes/sudoku/Main.class" ] || { echo "reference-raters: HoDoKu did not compile" >&2; exit 1; }
    # Its messages, images and templates are read from the class path.
    (cd "$out/src/src" && find . -type f ! -name '*.java' -exec cp --parents {} "$out/classes/" \;)
    printf '%s\t%s\n' "$hodoku_source" "$HODOKU_COMMIT" > "$out/source.txt"
    echo "HoDoKu 2.2.0 built in $out" >&2
}

build_skfr() {
    local dir out="$prefix/skfr"
    command -v g++ >/dev/null || { echo "reference-raters: g++ not found (needed for skfr)" >&2; exit 3; }
    dir="$(git_dir "$skfr_source" skfr "$SKFR_COMMIT")"
    export_tree "$dir" "$SKFR_COMMIT" "$out/src"
    # Its Makefile links with cc, which leaves out the C++ library: compile and link with g++.
    # No -march=native, so the binary is the same program on every machine it is timed on.
    (cd "$out/src/src" && for f in utilities opsudo puzzle fsss t_128 flog skfr ratingengine bitfields; do
        g++ -O3 -fopenmp -w -c "$f.cpp" -o "$f.o" || exit 1
    done && g++ -fopenmp -o "$out/skfr" utilities.o opsudo.o puzzle.o fsss.o t_128.o flog.o skfr.o ratingengine.o bitfields.o) \
        || { echo "reference-raters: skfr did not compile" >&2; exit 1; }
    printf '%s\t%s\n' "$skfr_source" "$SKFR_COMMIT" > "$out/source.txt"
    echo "skfr built in $out" >&2
}

install_qqwing() {
    command -v qqwing >/dev/null 2>&1 || apt_install qqwing >&2 \
        || { echo "reference-raters: qqwing is not installed and apt-get could not install it" >&2; exit 3; }
    echo "QQWing $(qqwing --version 2>&1 | head -1) at $(command -v qqwing)" >&2
}

case "$only" in
    se) build_se ;;
    hodoku) build_hodoku ;;
    skfr) build_skfr ;;
    qqwing) install_qqwing ;;
    *) build_se; build_hodoku; build_skfr; install_qqwing ;;
esac
echo "run them with scripts/se-rate, scripts/hodoku-rate and scripts/skfr-rate (STEPWISE_PEERS=$prefix if not the default)" >&2
