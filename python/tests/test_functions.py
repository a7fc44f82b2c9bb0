"""Every function on the bundled examples, each answer compared with the CLI's JSON for the
same puzzle, and the errors for bad input."""

import json

import pytest

import stepwise
from conftest import EXAMPLES, cli_json, puzzle_lines, run_cli

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture(scope="module")
def puzzles():
    # The graded examples, easy to ER 9.0, each rated in well under a second (the famous ones
    # of puzzles.txt take seconds each).
    return [line.split()[0] for line in puzzle_lines(EXAMPLES / "graded.txt")]


def test_check_and_solve_answer_as_the_cli(cli, puzzles):
    expected = cli_json(cli, "check", "--json", *puzzles)
    assert [stepwise.check(p) for p in puzzles] == expected
    solutions = run_cli(cli, "solve", *puzzles).splitlines()
    assert [stepwise.solve(p) for p in puzzles] == solutions
    assert all(r["status"] == "unique" for r in expected)


@pytest.mark.parametrize("profile", [None, "se", "hodoku"])
def test_rate_answers_as_the_cli(cli, puzzles, profile):
    args = ["rate", "--format", "json"] + (["--profile", profile] if profile else [])
    expected = cli_json(cli, *args, *puzzles)
    got = [stepwise.rate(p, profile=profile) for p in puzzles]
    assert got == expected
    assert list(got[0]) == list(stepwise.RATE_COLUMNS)


def test_explain_and_analyze_answer_as_the_cli(cli, puzzles):
    assert [stepwise.explain(p) for p in puzzles] == cli_json(cli, "explain", "--json", *puzzles)
    expected = cli_json(cli, "analyze", "--json", "--require", "x-wing", *puzzles)
    # A batch of several ends with a summary record.
    assert "summary" in expected[-1]
    assert [stepwise.analyze(p, require=["x-wing"]) for p in puzzles] == expected[:-1]


def test_explain_takes_the_cli_options(cli):
    singles = ["full-house", "hidden-single-box", "naked-single"]
    expected = cli_json(cli, "explain", "--json", "--techniques", ",".join(singles), EASY)
    assert [stepwise.explain(EASY, techniques=singles)] == expected
    record = json.loads((EXAMPLES / "record.json").read_text())
    text = json.dumps(record)
    assert stepwise.rate(text, format="json") == cli_json(cli, "rate", "--json", str(EXAMPLES / "record.json"))[0]


def test_hint_answers_as_the_cli(cli):
    state = (EXAMPLES / "state.txt").read_text()
    for level in ["nudge", "technique", "cells", "full"]:
        expected = cli_json(cli, "hint", "--json", "--level", level, str(EXAMPLES / "state.txt"))
        assert [stepwise.hint(state, level=level)] == expected
    # Without a level: the library's one default, as the CLI's.
    default = cli_json(cli, "hint", "--json", str(EXAMPLES / "state.txt"))
    assert [stepwise.hint(state)] == default
    assert default[0]["level"] == "technique"
    # A wrong digit in r1c3 is the hint when the original is given.
    wrong = "531" + EASY[3:]
    hinted = stepwise.hint(wrong, puzzle=EASY, level="full")
    assert hinted == cli_json(cli, "hint", "--json", "--level", "full", "--puzzle", EASY, wrong)[0]
    assert hinted["kind"] == "wrong_digit"


def test_techniques_list_the_catalog_as_the_cli(cli):
    assert stepwise.techniques() == cli_json(cli, "techniques", "--json")
    assert stepwise.techniques(profile="se") == cli_json(cli, "techniques", "--json", "--profile", "se")
    assert [t["slug"] for t in stepwise.techniques("x-wing", "Swordfish")] == ["x-wing", "swordfish"]


def test_generate_gives_the_clis_puzzles_rated_as_rate_rates_them(cli):
    answer = stepwise.generate(2, level="easy", seed=7, jobs=2)
    assert answer["complete"] and answer["found"] == 2 and answer["seed"] == 7
    lines = run_cli(cli, "generate", "--level", "easy", "--seed", "7", "--count", "2", "--format", "line").split()
    assert [p["puzzle"] for p in answer["puzzles"]] == lines
    ratings = cli_json(cli, "rate", "--json", *lines)
    assert [p["rating"] for p in answer["puzzles"]] == ratings
    assert answer["puzzles"][0]["record"]["id"].startswith("stepwise-7-")


def test_bad_input_raises_puzzle_error_with_its_place():
    with pytest.raises(stepwise.PuzzleError) as bad:
        stepwise.rate("53..7x" + "." * 75)
    assert (bad.value.line, bad.value.column) == (1, 6)
    assert "unexpected character 'x'" in str(bad.value)
    assert isinstance(bad.value, ValueError)
    with pytest.raises(stepwise.PuzzleError, match="expected 81 cells, found 3"):
        stepwise.check("123")
    with pytest.raises(stepwise.PuzzleError, match="more than one solution; two solutions differ at r"):
        stepwise.solve("." * 81)
    with pytest.raises(stepwise.PuzzleError, match="no solution"):
        stepwise.solve("12345678.........9" + "." * 63)
    with pytest.raises(stepwise.PuzzleError, match="grid has 2 rows, expected 9"):
        stepwise.explain("123 456 789\n456 789 123\n")
    with pytest.raises(stepwise.PuzzleError):
        stepwise.hint("." * 81)


def test_bad_options_raise_value_error_with_the_librarys_message():
    with pytest.raises(ValueError, match="did you mean x-wing"):
        stepwise.rate(EASY, techniques=["x-wnig"])
    with pytest.raises(ValueError, match="profile"):
        stepwise.rate(EASY, profile="nope")
    with pytest.raises(ValueError, match="more than 0 seconds"):
        stepwise.rate(EASY, timeout=0)
    with pytest.raises(ValueError, match="unknown level"):
        stepwise.hint(EASY, level="loud")
    with pytest.raises(ValueError, match="format"):
        stepwise.check(EASY, format="svg")
    with pytest.raises(ValueError, match="level"):
        stepwise.generate(1, level="extreme", profile="se")


def test_a_timeout_is_a_record_not_an_error():
    hardest = puzzle_lines(EXAMPLES / "puzzles.txt")[2]
    record = stepwise.rate(hardest, timeout=0.001)
    assert record["status"] == "timeout" and record["er"] is None


def test_kakuro_answers_as_the_cli(cli):
    path = EXAMPLES / "kakuro.txt"
    records = stepwise.kakuro.read(path.read_text())
    assert len(records) >= 2
    names = [f"{path}:{line}" for line, _ in records]

    def same(command, function, drop=()):
        expected = cli_json(cli, "kakuro", command, "--json", str(path))
        got = [function(text, name=name) for (_, text), name in zip(records, names)]
        strip = lambda r: {k: v for k, v in r.items() if k not in drop}
        assert [strip(r) for r in got] == [strip(r) for r in expected]

    # `ms` is the engine's wall time, different on every run.
    same("solve", stepwise.kakuro.solve, drop=("ms",))
    same("check", stepwise.kakuro.check, drop=("ms",))
    same("explain", stepwise.kakuro.explain)
    same("rate", stepwise.kakuro.rate)
    same("hint", stepwise.kakuro.hint)
    assert stepwise.kakuro.rate(records[0][1])["puzzle"] == "line 1"
    made = stepwise.kakuro.generate(12, 12, seed=3)
    expected = cli_json(cli, "kakuro", "generate", "--rows", "12", "--cols", "12", "--seed", "3")
    assert made == expected
    assert stepwise.kakuro.check(json.dumps(made[0]))["status"] == "unique"


def test_kakuro_bad_input_raises_puzzle_error():
    with pytest.raises(stepwise.PuzzleError) as bad:
        stepwise.kakuro.rate("#   4\\_ 3\\_\n_\\3 .   x\n")
    assert bad.value.line == 2
    with pytest.raises(stepwise.PuzzleError, match="no puzzle"):
        stepwise.kakuro.solve("; nothing\n")
    with pytest.raises(ValueError, match="unknown engine"):
        stepwise.kakuro.solve("#   4\\_ 3\\_\n_\\3 .   .\n_\\4 .   .\n", engine="quantum")


def test_help_is_useful():
    for function in [stepwise.check, stepwise.solve, stepwise.explain, stepwise.rate,
                     stepwise.analyze, stepwise.hint, stepwise.techniques, stepwise.generate,
                     stepwise.rate_many, stepwise.rate_table, stepwise.rate_dataframe,
                     stepwise.kakuro.rate]:
        assert function.__doc__ and len(function.__doc__) > 80, function.__name__
