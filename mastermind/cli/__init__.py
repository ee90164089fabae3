"""The terminal edition: ``python -m mastermind`` (or the ``mastermind`` command).

A thin shell around the rules package: it turns command-line options into a
:class:`~mastermind.config.Config`, and each mode's dialogue (one module per mode) into moves of
that mode's state machine. No rule lives here.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from ..computer_players import COMPUTER_PLAYERS
from ..config import MAX_COLORS, MAX_GUESSES, MAX_PEGS, MIN_COLORS, MIN_GUESSES, MIN_PEGS, PRESETS, Config
from ..errors import ConfigError
from ..i18n import _, colour_name, from_environment, pgettext
from ..palette import CATALOG
from ..solving import RULES
from . import classic, computer, duel, lab, race, solve, tournament
from .console import Console, in_both
from .userdata import JsonFile, data_dir

MODES = ("classic", "computer", "duel", "race", "tournament", "solve", "lab")
PLAYER_MODES = ("computer", "tournament")
"""The modes a strategy file (``--player``) plays in."""


def mode_words() -> dict[str, str]:
    """The modes' names in the language in use, by their English names (which every language
    also takes)."""
    return {
        # Translators: the terminal's modes as typed after --mode, one lower-case word each (no spaces).
        "classic": pgettext("mode option", "classic"), "computer": pgettext("mode option", "computer"),
        "duel": pgettext("mode option", "duel"), "race": pgettext("mode option", "race"),
        "tournament": pgettext("mode option", "tournament"), "solve": pgettext("mode option", "solve"),
        "lab": pgettext("mode option", "lab"),
    }


def feedback_words() -> dict[str, str]:
    """The feedback rules' names in the language in use, by their English names (which every
    language also takes)."""
    return {
        # Translators: the terminal's feedback rules as typed after --feedback, lower-case words joined by hyphens (no spaces).
        "black-white": pgettext("feedback option", "black-white"), "per-slot": pgettext("feedback option", "per-slot"),
    }


def in_english(words: Callable[[], dict[str, str]]) -> Callable[[str], str]:
    """An option's value typed in English or in the language in use (`words`: the language's word
    by English's), read as its English name; argparse then checks it is one of the choices."""
    def read(text: str) -> str:
        local = words()
        return in_both({name: name for name in local}, {word: name for name, word in local.items()}).get(
            text.strip().casefold(), text)
    return read


def colors_option(text: str) -> int | list[str]:
    """``--colors 8`` (the first 8 colours of the catalog) or ``--colors Red,Green,Blue``; a name
    in the language in use (``Rot``) is read as the catalog's (``Red``)."""
    if text.strip().isdigit():
        return int(text)
    local = {colour_name(color.name): color.name for color in CATALOG}
    named = in_both({color.name: color.name for color in CATALOG}, local)
    return [named.get(name.strip().casefold(), name) for name in text.split(",") if name.strip()]


def local_words(help_text: str, english: Sequence[str], local: Sequence[str]) -> str:
    """`help_text`, then the words the language types as well, where they differ from English's."""
    if list(english) == list(local):
        return help_text
    # Translators: {words} lists the words of this language that may be typed instead of the English ones.
    return help_text + " " + _("In this language also: {words}.").format(words=", ".join(local))


def parser() -> argparse.ArgumentParser:
    """The command line; every option is documented in ``--help``."""
    p = argparse.ArgumentParser(
        prog="mastermind",
        description=_("Mastermind in the terminal: break the secret code of coloured pegs."),
        epilog=_("End of input (Ctrl-D) at any prompt ends the program."),
    )
    p.add_argument(
        "testmode",
        nargs="?",
        default="0",
        metavar="testmode|FILE",
        # Translators: FILE is the positional argument's name in the usage line: keep it so.
        help=_("1 turns on test mode: the classic game shows each secret code from the start; "
               "lab mode: FILE is the strategy to score"),
    )
    modes = mode_words()
    p.add_argument(
        "--mode",
        type=in_english(mode_words),
        choices=MODES,
        default="classic",
        # Translators: the modes' names (classic, computer, ...) are English's: keep them so (the
        # language's own names follow, from "mode option").
        help=local_words(_("classic: you break the computer's code (default); computer: a computer player breaks "
               "yours; duel: two players take turns making and breaking codes; race: two players race to "
               "break codes in fewer guesses; tournament: registered users and computer players, with a "
               "score board kept between visits; solve: enter the guesses and feedback of a game played "
               "elsewhere, the engine counts the codes left and suggests the next guess; lab: score the strategy "
               "(a Python file) given as FILE on every secret"), MODES, list(modes.values())),
    )
    p.add_argument("--seed", type=int, metavar="N", help=_("draw the secret codes from seed N, so games repeat exactly"))
    settings = p.add_argument_group(_("settings"), _("change the mode's preset; refused when outside the rules"))
    settings.add_argument("--pegs", type=int, metavar="N",
                          help=_("length of the code ({low} to {high})").format(low=MIN_PEGS, high=MAX_PEGS))
    settings.add_argument(
        "--colors",
        type=colors_option,
        metavar="N|NAMES",
        # Translators: the colour names after "e.g." are English's: keep them so (the language's own follow).
        help=local_words(_("the palette: the first N colours of the catalog ({low} to {high}), "
                           "or colour names separated by commas (e.g. Red,Green,Blue,Maroon)").format(
                               low=MIN_COLORS, high=MAX_COLORS),
                         [color.name for color in CATALOG], [colour_name(color.name) for color in CATALOG]),
    )
    settings.add_argument(
        "--guesses", type=int, metavar="N",
        help=_("guesses allowed per code ({low} to {high}); the tournament asks for its attempts instead").format(
            low=MIN_GUESSES, high=MAX_GUESSES),
    )
    settings.add_argument(
        "--duplicates",
        action=argparse.BooleanOptionalAction,
        dest="allow_duplicates",
        help=_("whether a colour may repeat in a code"),
    )
    p.add_argument(
        "--hard",
        action="store_true",
        help=_("classic game: hard mode, every guess must fit the feedback of all earlier guesses"),
    )
    p.add_argument(
        "--feedback",
        type=in_english(feedback_words),
        choices=tuple(RULES),
        help=local_words(_("solve mode: the feedback rule of the game being solved, black and white counts (black-white) "
                           "or a mark per slot (per-slot); asked when not given"), list(RULES), list(feedback_words().values())),
    )
    p.add_argument(
        "--review",
        action="store_true",
        help=_("classic game: print each game's review at its end, skill and luck guess by guess "
               "(REVIEW typed after a game prints it too)"),
    )
    p.add_argument(
        "--breaker",
        choices=COMPUTER_PLAYERS,
        default=COMPUTER_PLAYERS[0],
        help=_("computer mode: the computer player who breaks your code (default HAL9000, the strongest)"),
    )
    p.add_argument(
        "--player",
        type=Path,
        metavar="FILE",
        help=_("computer mode: a strategy file (as lab mode scores) breaks your code instead of a computer player; "
               "tournament mode: it may be chosen as a computer player, by its file's name"),
    )
    p.add_argument(
        "--limit",
        type=float,
        metavar="SECONDS",
        help=_("lab mode and --player: seconds a strategy may take over one guess (default 1)"),
    )
    p.add_argument(
        "--compare",
        action="store_true",
        help=_("lab mode: also score HAL9000 and VIKI on the same secrets"),
    )
    p.add_argument(
        "--data-dir",
        type=Path,
        metavar="DIR",
        help=_("tournament mode: folder of the users and score board file (default $MASTERMIND_DATA_DIR, "
               "else $XDG_DATA_HOME/mastermind, else ~/.local/share/mastermind)"),
    )
    return p


def configure(args: argparse.Namespace) -> Config:
    """The mode's preset with the options given; :class:`ConfigError` when they break a rule."""
    preset = PRESETS.get(args.mode, PRESETS["classic"])
    names = {"pegs": "pegs", "colors": "colors", "guesses": "max_guesses", "allow_duplicates": "allow_duplicates"}
    changes = {setting: getattr(args, option) for option, setting in names.items() if getattr(args, option) is not None}
    return preset.replace(**changes)


def main(argv: Sequence[str] | None = None, console: Console | None = None) -> int:
    """Run the terminal edition; returns the exit status (argparse exits 2 on a bad option).

    On the real terminal (no `console` given) it speaks the language the environment names
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: :func:`mastermind.i18n.from_environment`);
    a test that passes its own console keeps the language it set."""
    if console is None:
        from_environment()
    p = parser()
    args = p.parse_args(argv)
    try:
        config = configure(args)
    except ConfigError as error:
        p.error(str(error))
    if args.hard and args.mode != "classic":
        p.error(_("--hard: hard mode is a rule of the classic game, not of --mode {mode}").format(mode=args.mode))
    if args.feedback and args.mode != "solve":
        p.error(_("--feedback: the feedback rule is a setting of solve mode, not of --mode {mode}").format(mode=args.mode))
    if args.mode == "lab" and args.testmode == "0":
        p.error(_("--mode lab: give the strategy's file, as in: --mode lab my_strategy.py"))
    if args.mode != "lab" and args.testmode not in ("0", "1"):
        # Argparse's own words, as when testmode had its choices.
        p.error(f"argument testmode: invalid choice: {args.testmode!r} (choose from '0', '1')")
    if args.player and args.mode not in PLAYER_MODES:
        p.error(_("--player: a strategy file plays in computer and tournament modes, not in --mode {mode}").format(mode=args.mode))
    if args.limit is not None and not 0 < args.limit <= 60:
        p.error(_("--limit: seconds from 0 to 60, not {value}").format(value=args.limit))
    console = console or Console.terminal()
    rng = random.Random(args.seed)
    plays: dict[str, Callable[[], None]] = {
        "classic": lambda: classic.play(console, config, rng, reveal=args.testmode == "1", hard=args.hard,
                                      reviews=args.review),
        "computer": lambda: computer.play(console, config, rng, args.breaker, args.player, args.limit),
        "duel": lambda: duel.play(console, config, rng),
        "race": lambda: race.play(console, config, rng),
        "tournament": lambda: tournament.play(console, config, rng, JsonFile(data_dir(args.data_dir) / "tournament.json"),
                                              args.player, args.limit),
        "solve": lambda: solve.play(console, config, RULES.get(args.feedback or "")),
    }
    if args.mode == "lab":
        return lab.run(console, config, Path(args.testmode), args.limit, args.compare)
    try:
        plays[args.mode]()
    except EOFError:
        console.write("\n")
    except KeyboardInterrupt:
        console.write("\n")
        return 130
    return 0
