#!/usr/bin/env bash
# Runs the fuzz targets (fuzz/README.md): scripts/fuzz.sh SECONDS [TARGET...]
#
# Each target named (all of them by default) runs for SECONDS, one after the other, on one
# core, with its seeds (fuzz/seeds/TARGET) and the corpus it grew before (fuzz/corpus/TARGET,
# not committed). A crash stops that target's run: libFuzzer writes the input to
# fuzz/artifacts/TARGET/ and this script exits non-zero at the end; copy the input to
# tests/fuzz_regressions/TARGET/ so that `cargo test --test fuzz_regressions` replays it.
#
# Needs a nightly toolchain (`cargo +nightly`) and cargo-fuzz (`cargo install cargo-fuzz`).
# Exit codes: 0 no crash, 1 a target crashed, 3 the tool is missing.
set -uo pipefail
cd "$(dirname "$0")/.."

TARGETS=(parse_line parse_grid parse_pencilmark parse_json read_detected parse_shaped parse_kakuro hint_state explain_puzzle http_api kakuro_api)

if [ $# -lt 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/fuzz.sh SECONDS [TARGET...]   targets: ${TARGETS[*]}" >&2
    exit 2
fi
seconds=$1
shift
[ $# -gt 0 ] && TARGETS=("$@")

if ! cargo +nightly --version >/dev/null 2>&1 || ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz: skipped: needs a nightly toolchain and cargo-fuzz (rustup toolchain install nightly; cargo install cargo-fuzz)" >&2
    exit 3
fi

# No sanitizer: src/ has no unsafe code, and AddressSanitizer would halve the speed for
# nothing; debug assertions on, so that an arithmetic overflow is a crash.
FLAGS=(--release --debug-assertions --sanitizer none)
if [ ${#TARGETS[@]} -eq 1 ]; then
    cargo +nightly fuzz build "${FLAGS[@]}" "${TARGETS[0]}" || exit 1
else
    cargo +nightly fuzz build "${FLAGS[@]}" || exit 1
fi

failed=()
for target in "${TARGETS[@]}"; do
    mkdir -p "fuzz/corpus/$target"
    echo "fuzz: $target for ${seconds}s"
    log="fuzz/artifacts/$target.log"
    mkdir -p fuzz/artifacts
    # -rss_limit_mb: a case past 2 GB is a bug too; -timeout: one case past 30 s is a hang (every
    # target runs under a budget of 50-100 ms; 30 s leaves room for a loaded machine).
    # The corpus it grows first, then the seeds and the crashes already fixed, read only.
    dirs=("fuzz/corpus/$target" "fuzz/seeds/$target")
    [ -d "tests/fuzz_regressions/$target" ] && dirs+=("tests/fuzz_regressions/$target")
    if cargo +nightly fuzz run "${FLAGS[@]}" "$target" "${dirs[@]}" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 \
        >"$log" 2>&1; then
        grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" \
            | sed "s/^/fuzz: $target: /"
    else
        failed+=("$target")
        echo "fuzz: $target: CRASH, see $log and fuzz/artifacts/$target/" >&2
        grep -E 'panicked at|SUMMARY|Test unit written' "$log" | head -5 >&2
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: crashed: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: ${#TARGETS[@]} targets, ${seconds}s each, no crash"
