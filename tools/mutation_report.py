"""The score of the last ``mutmut run``, per module, checked against the explained survivors.

``python tools/mutation_report.py [--explained tests/mutants.toml] [--not PREFIX] [PREFIX ...]`` reads the results
mutmut left in ``mutants/`` (one ``<module>.py.meta`` per mutated file), prints per module how many
mutants were made, killed (a test failed, or timed out) and not killed, and the overall score. It
exits non-zero when a mutant was not killed and is not listed in the explained survivors, naming
it with the command that shows it (``mutmut show NAME``); a listed mutant that was killed, or no
longer exists, is reported too (a stale entry), so the list stays exact. PREFIXes (``mastermind.solver``)
restrict the report to those modules and the modules inside them; ``--not`` leaves such modules out.
An explained entry belongs to the module its name starts with (``mastermind.solver.rows`` for
``mastermind.solver.rows.xǁAnalyserǁsuggest__mutmut_12``) and is checked only when that module is
in the report: the package's run leaves the engine's entries alone, though the package's own
``mastermind/__init__.py`` is a module whose name starts every entry.

tests/mutants.toml holds one table per explained survivor::

    [mutants."mastermind.page.words.x_damage_found__mutmut_3"]
    why = "equivalent: ..."

A survivor is explained only when no test can tell it apart from the code: an equivalent mutant,
or the text of an internal assertion no one reads.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

TIMED_OUT = {-24, 24, 152}  # mutmut's CPU-time limit (SIGXCPU), as the child's exit code or the shell's
KILLED = {1, 3, 36, 37, 255} | TIMED_OUT  # a test failed or errored, a timeout, the type checker
STATUS = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", None: "not checked"}


def results(mutants: Path) -> dict[str, dict[str, int | None]]:
    """Each module's mutants and their exit codes, from mutmut's ``.meta`` files."""
    found: dict[str, dict[str, int | None]] = {}
    for meta in sorted(mutants.rglob("*.py.meta")):
        module = ".".join(meta.relative_to(mutants).with_suffix("").with_suffix("").parts)
        module = module.removesuffix(".__init__")
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        if codes:
            found[module] = codes
    return found


def module_of(mutant: str) -> str:
    """The module a mutant of mutmut's belongs to: its name up to the mangled function's
    (``pkg.mod.x_f__mutmut_1`` and ``pkg.mod.xǁClassǁmethod__mutmut_1`` are both ``pkg.mod``'s)."""
    return mutant.rpartition(".")[0]


def within(module: str, prefixes: list[str]) -> bool:
    """Whether `module` is one of `prefixes` or inside one (``pkg.solver.a`` is in ``pkg.solver``,
    ``pkg.solving`` is not)."""
    return any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixes", nargs="*", help="only these modules and the modules inside them")
    parser.add_argument("--not", dest="excluded", action="append", default=[], help="leave out this module and the modules inside it")
    parser.add_argument("--explained", type=Path, default=Path("tests/mutants.toml"))
    parser.add_argument("--mutants", type=Path, default=Path("mutants"))
    args = parser.parse_args(argv)
    every = results(args.mutants)
    if not every:
        print(f"no mutmut results in {args.mutants}/: run `mutmut run` first", file=sys.stderr)
        return 2

    def reported(module: str) -> bool:
        return (not args.prefixes or within(module, args.prefixes)) and not within(module, args.excluded)

    chosen = {m: codes for m, codes in every.items() if reported(m)}
    explained = tomllib.loads(args.explained.read_text())["mutants"] if args.explained.exists() else {}
    missing = [name for name, entry in explained.items() if not str(entry.get("why", "")).strip()]

    total = killed = 0
    unexplained: list[tuple[str, str]] = []
    survivors = 0
    stale: list[str] = []
    by_module: defaultdict[str, list[int]] = defaultdict(lambda: [0, 0])
    for module, codes in sorted(chosen.items()):
        for name, code in codes.items():
            total += 1
            by_module[module][0] += 1
            if code in KILLED:
                killed += 1
                by_module[module][1] += 1
                if name in explained and code not in TIMED_OUT:  # a speed-only mutant times out when the machine is loaded
                    stale.append(name)
                continue
            survivors += 1
            if name not in explained:
                unexplained.append((name, STATUS.get(code, f"exit code {code}")))
    known = {name for codes in chosen.values() for name in codes}
    stale += [name for name in explained if name not in known and reported(module_of(name))]

    width = max(len(module) for module in by_module)
    print(f"{'module':<{width}}  mutants  killed  score")
    for module, (made, dead) in sorted(by_module.items()):
        print(f"{module:<{width}}  {made:7}  {dead:6}  {100 * dead / made:5.1f}%")
    print(f"{'all':<{width}}  {total:7}  {killed:6}  {100 * killed / max(total, 1):5.1f}%")
    print(f"survivors: {survivors} ({100 * survivors / max(total, 1):.1f}%), of which {survivors - len(unexplained)} explained in {args.explained}")

    for name, status in unexplained:
        print(f"NOT EXPLAINED ({status}): {name}   (see: mutmut show {name})")
    for name in stale:
        print(f"STALE: {name} is listed in {args.explained} but was killed or no longer exists")
    for name in missing:
        print(f"NO REASON: {name} in {args.explained} says no why")
    return 1 if unexplained or stale or missing else 0


if __name__ == "__main__":
    sys.exit(main())
