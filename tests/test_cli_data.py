"""The terminal's tournament file against what a real terminal meets: bytes that are not UTF-8,
several terminals at once, names that would rewrite the screen, and files that are damaged, deep,
newer or not ours. Each test runs ``python -m mastermind`` as a person would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mastermind.cli.console import NOT_TEXT

from .transcripts import lines

pytestmark = pytest.mark.cpython_only(reason="runs the terminal edition in subprocesses")


def run(stdin: bytes, data: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind", "--mode", "tournament", "--data-dir", str(data)],
        input=stdin, capture_output=True, timeout=120, env={**os.environ, **(env or {})},
    )


def users(data: Path) -> list[dict[str, object]]:
    return json.loads((data / "tournament.json").read_text(encoding="utf-8"))["users"]


LOCALES = {
    "utf-8 locale": {"LC_ALL": "C.UTF-8"},
    "strict decoding": {"PYTHONIOENCODING": "utf-8:strict"},  # where the first bad byte used to raise
    "ascii locale": {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0", "PYTHONIOENCODING": "ascii"},
}


@pytest.mark.parametrize("env", LOCALES.values(), ids=list(LOCALES))
def test_bytes_that_are_not_utf8_are_refused_like_any_bad_answer(tmp_path, env):
    done = run(b"r\n\xe9mile\nr\nEmile\nq\n", tmp_path, env)
    assert (done.returncode, done.stderr) == (0, b"")
    out = done.stdout.decode("ascii")
    assert out.count(NOT_TEXT) == 1 and "Welcome, Emile!" in out and out.endswith("Goodbye!\n")
    assert users(tmp_path) == [{"name": "Emile", "points": 0}]
    assert sorted(os.listdir(tmp_path)) == ["tournament.json", "tournament.json.lock"]  # no temporary file


def test_bad_bytes_at_every_prompt_of_a_game_are_refused_and_the_game_goes_on(tmp_path):
    typed = b"r\nAda\nr\nBob\n\xfa\np\n\xff\n2\n\xfe\nAda\nBob\n5\n\xe9\nRGBY\nRGBY\nRGBY\nRGBY\nq\n"
    done = run(typed, tmp_path, {"PYTHONIOENCODING": "utf-8:strict"})
    assert (done.returncode, done.stderr) == (0, b"")
    out = done.stdout.decode("utf-8")
    assert out.count(NOT_TEXT) == 4 and "The game is now finished." in out
    told = {line.split(" receives ")[0]: int(line.split(" = ")[1].split()[0]) for line in out.splitlines()
            if " receives " in line}
    assert users(tmp_path) == [{"name": "Ada", "points": told["Ada"]}, {"name": "Bob", "points": told["Bob"]}]


def test_four_terminals_registering_at_once_keep_every_user(tmp_path):
    count, each = 4, 12
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "mastermind", "--mode", "tournament", "--data-dir", str(tmp_path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        for _ in range(count)
    ]
    scripts = [lines(*(step for n in range(each) for step in ("r", f"user-{p}-{n}")), "s", "q") for p in range(count)]
    results = [process.communicate(script.encode(), timeout=180) for process, script in zip(processes, scripts, strict=False)]
    assert [process.returncode for process in processes] == [0] * count
    assert [err for _, err in results] == [b""] * count
    names = [user["name"] for user in users(tmp_path)]
    assert sorted(names) == sorted(f"user-{p}-{n}" for p in range(count) for n in range(each))
    for process, (out, _) in enumerate(results):  # each saw its own users on its score board
        assert all(f"user-{process}-{n} " in out.decode() for n in range(each))


def test_a_name_another_terminal_took_meanwhile_is_refused(tmp_path):
    first = subprocess.Popen(
        [sys.executable, "-m", "mastermind", "--mode", "tournament", "--data-dir", str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert first.stdin is not None and first.stdout is not None
    first.stdin.write(b"s\n")  # opened the file, and showed an empty board
    first.stdin.flush()
    for line in iter(first.stdout.readline, b""):  # ends with the output, should the program end
        if b"No users are registered yet." in line:
            break
    else:
        pytest.fail("the first terminal never showed its empty score board")
    assert run(b"r\nGrace\nq\n", tmp_path).returncode == 0  # another terminal registers Grace
    out, err = first.communicate(b"r\ngrace\nr\nAlan\ns\nq\n", timeout=60)
    assert (first.returncode, err) == (0, b"")
    assert b"Sorry, the name grace is already taken." in out
    assert users(tmp_path) == [{"name": "Grace", "points": 0}, {"name": "Alan", "points": 0}]


def test_a_control_character_in_a_new_name_is_refused(tmp_path):
    done = run(b"r\nEve\x1b[2J\x1b[H\nr\nMallory\x07\nr\nAl\xe2\x80\x8bice\nq\n", tmp_path)
    assert (done.returncode, done.stderr) == (0, b"")
    for code in (b"001B", b"0007", b"200B"):
        assert done.stdout.count(b"Sorry, a name cannot hold control characters or invisible marks, such as U+" + code + b".") == 1
    assert b"\x1b" not in done.stdout and b"\x07" not in done.stdout and "\u200b".encode() not in done.stdout
    assert not (tmp_path / "tournament.json").exists()


def test_a_look_alike_of_a_registered_name_is_refused(tmp_path):
    done = run("r\nZoë\nr\nZOE\u0308\nr\n zoë \nq\n".encode(), tmp_path)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode().count("Sorry, the name ZOË is already taken.") == 1
    assert done.stdout.decode().count("Sorry, the name zoë is already taken.") == 1
    assert users(tmp_path) == [{"name": "Zoë", "points": 0}]


def test_a_file_with_names_that_would_rewrite_the_screen_is_set_aside_and_nothing_prints_raw(tmp_path):
    kept = [{"name": "Zoë", "points": 2}, {"name": "\x1b]0;pwned\x07\x1b[2J", "points": 3}]
    text = json.dumps({"version": 1, "users": kept})
    (tmp_path / "tournament.json").write_text(text, encoding="utf-8")
    done = run(b"s\nr\nAda\nq\n", tmp_path)
    (backup,) = tmp_path.glob("tournament.json.bak-*")
    assert backup.read_text(encoding="utf-8") == text  # nothing lost: the person may mend it by hand
    assert done.stderr.decode() == (
        f"mastermind: {tmp_path / 'tournament.json'} is damaged (not a saved registry: a name cannot hold "
        f"control characters or invisible marks, such as U+001B); it was kept as {backup}; starting with no data\n"
    )
    assert b"\x1b" not in done.stdout + done.stderr and b"\x07" not in done.stdout + done.stderr
    assert users(tmp_path) == [{"name": "Ada", "points": 0}]


def test_a_file_with_look_alike_names_is_set_aside(tmp_path):
    (tmp_path / "tournament.json").write_text(json.dumps({"version": 1, "users": [
        {"name": "Alice", "points": 2}, {"name": "ALICE", "points": 3}]}), encoding="utf-8")
    done = run(b"s\nq\n", tmp_path)
    assert b"the name ALICE is already taken" in done.stderr and b"No users are registered yet." in done.stdout
    assert len(list(tmp_path.glob("tournament.json.bak-*"))) == 1


def test_a_huge_score_in_the_file_is_refused_not_kept_to_break_the_next_save(tmp_path):
    (tmp_path / "tournament.json").write_text(
        '{"version": 1, "users": [{"name": "Bob", "points": 1' + "0" * 4298 + "}]}", encoding="utf-8")
    done = run(b"r\nAda\nq\n", tmp_path)
    assert b"points must be a whole number from 0 to 9007199254740991, not a number far too large" in done.stderr
    assert done.returncode == 0 and users(tmp_path) == [{"name": "Ada", "points": 0}]


def test_a_deeply_nested_file_is_backed_up_reported_and_play_starts_fresh(tmp_path):
    nested = "[" * 5000 + "]" * 5000
    (tmp_path / "tournament.json").write_text(nested)
    done = run(b"r\nAda\nq\n", tmp_path)
    (backup,) = tmp_path.glob("tournament.json.bak-*")
    assert (done.returncode, done.stderr.decode()) == (0, (
        f"mastermind: {tmp_path / 'tournament.json'} is damaged (JSON nested deeper than 64 levels); "
        f"it was kept as {backup}; starting with no data\n"
    ))
    assert b"Welcome, Ada!" in done.stdout and backup.read_text() == nested
    again = run(b"r\nBob\nq\n", tmp_path)  # the next start finds a good file
    assert (again.returncode, again.stderr) == (0, b"")
    assert users(tmp_path) == [{"name": "Ada", "points": 0}, {"name": "Bob", "points": 0}]


def test_a_file_of_a_newer_version_is_reported_and_left_untouched(tmp_path):
    newer = json.dumps({"version": 2, "users": {"kept": "the later way"}})
    (tmp_path / "tournament.json").write_text(newer)
    done = run(b"r\nAda\ns\nq\n", tmp_path)
    assert done.returncode == 0
    assert done.stderr.decode() == (
        f"mastermind: {tmp_path / 'tournament.json'} was written by a newer version of Mastermind; "
        "it is left untouched, and nothing is saved to it while the program runs\n"
    )
    assert b"Welcome, Ada!" in done.stdout and b"Ada " in done.stdout  # play goes on in memory
    assert (tmp_path / "tournament.json").read_text() == newer
    assert not list(tmp_path.glob("tournament.json.bak-*"))


def test_a_symlinked_data_file_stays_a_link(tmp_path):
    real = tmp_path / "synced" / "tournament.json"
    real.parent.mkdir()
    real.write_text(json.dumps({"version": 1, "users": [{"name": "Ada", "points": 4}]}))
    data = tmp_path / "data"
    data.mkdir()
    (data / "tournament.json").symlink_to(real)
    done = run(b"r\nBob\nq\n", data)
    assert (done.returncode, done.stderr) == (0, b"")
    assert (data / "tournament.json").is_symlink()
    assert users(data) == [{"name": "Ada", "points": 4}, {"name": "Bob", "points": 0}]


def test_an_unknown_argument_is_a_usage_error():
    done = subprocess.run([sys.executable, "-m", "mastermind", "foo"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert "invalid choice: 'foo' (choose from '0', '1')" in done.stderr
