"""The Solve page as plain values: the rules of a game played elsewhere, the rows entered (a guess
composed with the one :class:`~mastermind.page.draft.Composer` and the feedback it got), and what
the engine answers after every row.

The page's session (:mod:`.session_solve`) sends what these properties describe to be drawn and
has the engine's worker run the engine (:class:`mastermind.solver.rows.Analyser`) in slices, handing each answer to
:meth:`SolveView.answer`. The rules are :mod:`mastermind.solving`'s.

>>> view = SolveView()
>>> [field.label for field in view.feedback_fields]
['Black', 'White']
>>> _ = [view.press(key) for key in "BBGO"]
>>> view.set_feedback("Black", "3"); view.set_feedback("White", "1"); view.submit()
False
>>> view.status
'Feedback refused: 3 black and 1 white cannot happen: with 3 pegs right, the last cannot hold a colour of the code in the wrong place.'
>>> view.set_feedback("Black", "1"); view.submit(), [str(row) for row in view.solve.rows]
(True, ['BBGO 1 1'])
>>> from mastermind.solver import finish
>>> view.answer(finish(view.analyser().run())); view.count_text
'230 codes left.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..config import CLASSIC, MAX_COLORS, MAX_PEGS, MIN_COLORS, MIN_PEGS, Config, read_number
from ..errors import ConfigError, FeedbackError, SavedDataError
from ..i18n import N_, _, ngettext, number
from ..palette import Color
from ..solver.clock import finish
from ..solver.rows import Analyser, Analysis, check_row
from ..solving import BLACK_WHITE, MARKS, MAX_ROWS, RULES, Mark, Pegs, RowFeedback, Slots, Solve, make_row
from .boards import Field
from .draft import Composer
from .words import shown

RULE = N_("Feedback rule")
PEGS, COLOURS, REPEATS = N_("Pegs"), N_("Colours"), N_("Colours may repeat")
YES_NO = (N_("Yes"), N_("No"))
BLACK, WHITE = N_("Black"), N_("White")
"""The fields' labels and choices name them in the page (``data-label``); each is translated where shown."""
MARK_WORDS = (N_("Right"), N_("Present"), N_("Absent"), N_("Unknown"))
"""The per-slot marks' words (:attr:`mastermind.solving.Mark.word`), for the catalog: shown as ``_(mark.word)``."""


def _number(text: str) -> int | str:
    number = read_number(text)
    return text if number is None else number  # the config refuses what is not a number, in words


SETTINGS: dict[str, Callable[[Config, str], Config]] = {
    PEGS: lambda config, value: config.replace(pegs=_number(value)),
    COLOURS: lambda config, value: config.replace(colors=_number(value)),
    REPEATS: lambda config, value: config.replace(allow_duplicates=value == YES_NO[0]),
}
"""How each rules field changes the game's config."""


def rule_fields(config: Config, errors: Mapping[str, str]) -> list[Field]:
    """The rules' fields (pegs, colours, repeats) filled from `config`, each with its error: Solve's and the Lab's."""
    return [
        Field(PEGS, "number", str(config.pegs), errors.get(PEGS, ""), MIN_PEGS, MAX_PEGS),
        Field(COLOURS, "number", str(len(config.colors)), errors.get(COLOURS, ""), MIN_COLORS, MAX_COLORS),
        Field(REPEATS, "select", YES_NO[not config.allow_duplicates], errors.get(REPEATS, ""), options=YES_NO),
    ]
QUICK_CHECK = 50_000
"""In games of at most this many codes, a row no code earns is refused as it is added (a search
of a few milliseconds); in larger ones the engine's answer names it ("Row 3 fits no code")."""
SLOW = 0.3
"""Seconds of work after which the page shows the engine's progress."""


@dataclass(frozen=True)
class RowView:
    """One line of the Rows table."""

    number: int
    guess: tuple[Color, ...]
    letters: str
    feedback: str
    """The feedback in words (what a screen reader says; the marks are drawn)."""
    ignored: bool
    marks: tuple[tuple[str, str], ...] = ()
    """The feedback as the row draws it: :func:`feedback_marks`."""
    named: bool = False
    """The status names the row in why no code fits ("Row 3 contradicts rows 1 and 2."): the row
    is marked, so the rows to check are found without reading the numbers again."""

    @property
    def state(self) -> str:
        """What the row's actions say beside its Ignore button once pressed: the button keeps its
        word (a toggle's label stays, its name ``Ignore row N`` holds the visible text, and
        ``aria-pressed`` carries the state), and the word beside it says the row is ignored.

        >>> RowView(1, (), "RGBY", "", ignored=True).state, RowView(1, (), "RGBY", "", ignored=False).state
        ('Ignored', '')
        """
        # Translators: beside the pressed Ignore button of a Solve row: the row is set aside.
        return _("Ignored") if self.ignored else ""

    @property
    def named_word(self) -> str:
        """What a screen reader hears of the mark of a row the status names (the mark is drawn).

        >>> RowView(3, (), "RGBY", "", ignored=False, named=True).named_word, RowView(1, (), "RGBY", "", False).named_word
        ('Conflicting row', '')
        """
        # Translators: said of a Solve row named in why no code fits ("Row 3 contradicts rows 1 and 2.").
        return _("Conflicting row") if self.named else ""


def feedback_marks(feedback: RowFeedback) -> tuple[tuple[str, str], ...]:
    """The feedback drawn compactly, as (kind, symbol) pairs the page styles: a black and a white
    key peg each with its count (``?`` unseen), or a mark per slot with the symbol the rows are
    typed with; narrow enough for a phone's row, its words (:func:`feedback_words`) for screen readers.

    >>> feedback_marks(Pegs(2, None)), feedback_marks(Slots((Mark.RIGHT, Mark.UNKNOWN)))
    ((('black', '2'), ('white', '?')), (('right', '+'), ('unknown', '?')))
    """
    if isinstance(feedback, Slots):
        return tuple((mark.name.lower(), mark.value) for mark in feedback.marks)
    return tuple((kind, "?" if count is None else str(count))
                 for kind, count in (("black", feedback.black), ("white", feedback.white)))


def feedback_words(feedback: RowFeedback) -> str:
    """
    >>> feedback_words(Pegs(2, None)), feedback_words(Slots((Mark.RIGHT, Mark.UNKNOWN)))
    ('2 black, white not seen', 'right, unknown')
    """
    if isinstance(feedback, Slots):
        return ", ".join(_(mark.word).lower() for mark in feedback.marks)
    black = (_("{count} black").format(count=feedback.black) if feedback.black is not None else _("black not seen"))
    white = (_("{count} white").format(count=feedback.white) if feedback.white is not None else _("white not seen"))
    # Translators: a row's feedback: the black pegs, then the white ones ("2 black, white not seen").
    return _("{black}, {white}").format(black=black, white=white)


class SolveView(Composer):
    """A game played elsewhere, row by row. `solve` is the game kept from an earlier visit."""

    mode = "solve"
    title = N_("Solve")
    composing = True
    """A row is always being composed here (the modes' sessions ask before a colour is picked)."""

    def __init__(self, rules: Config = CLASSIC, solve: Solve | None = None) -> None:
        self.title = _(SolveView.title)
        self._kept = ""  # what the last action to the rows or rules said, kept before the engine's answer
        self.solve = solve if solve is not None else Solve(rules)
        self.errors: dict[str, str] = {}
        self.editing: int | None = None
        self.analysis: Analysis | None = None
        self.progress: float | None = None
        self._clear_feedback()
        kept = len(self.solve.rows)
        self.status = (" ".join([ngettext("Welcome back: {count} row kept.", "Welcome back: {count} rows kept.", kept).format(
            count=kept), self.prompt]) if kept else self.prompt)

    # The rules

    @property
    def config(self) -> Config:
        return self.solve.config

    @property
    def intro(self) -> str:
        return _("Enter each guess of a game played elsewhere and the feedback it got; the engine counts the codes "
                 "left, lists them when few and suggests the next guess. Leave a feedback empty, or Unknown, when "
                 "you did not see it.")

    @property
    def rules_locked(self) -> bool:
        """Whether the rules may not change now: rows are entered under them (New game clears them)."""
        return bool(self.solve.rows)

    @property
    def rule_fields(self) -> list[Field]:
        return [
            *rule_fields(self.config, self.errors),
            Field(RULE, "select", self.solve.rule.label, "", options=tuple(rule.label for rule in RULES.values())),
        ]

    def edit_rule(self, label: str, value: str) -> None:
        """Change a rule of the game; refused while rows are entered, or outside the rules."""
        if self.rules_locked:
            self._refuse(" ".join([_("The rules are those of the rows entered. Press New game to change them."), self.prompt]))
            return
        self.errors.pop(label, None)
        config = self.config
        try:
            if label == RULE:
                rule = next(rule for rule in RULES.values() if rule.label == value)
                self.solve = Solve(config, rule)
            else:
                self.solve = Solve(SETTINGS[label](config, value), self.solve.rule)
        except (ConfigError, StopIteration, KeyError) as error:
            reason = getattr(error, "reason", None) or _("not a rule of this page")
            self.errors[label] = f"{reason[:1].upper()}{reason[1:]}."
            self.status = " ".join([_("Rules not changed."), _("{field}: {message}").format(field=_(label), message=self.errors[label])])
            return
        self._clear_feedback()
        self.analysis = None
        self._say(" ".join([_("Rules: {rules}.").format(rules=self.rules_line), self.prompt]))

    @property
    def rules_line(self) -> str:
        config = self.config
        pegs = ngettext("{count} peg", "{count} pegs", config.pegs).format(count=config.pegs)
        line = (_("{pegs}, colours {letters}, colours may repeat, feedback {rule}") if config.allow_duplicates
                else _("{pegs}, colours {letters}, no colour twice, feedback {rule}"))
        return line.format(pegs=pegs, letters=" ".join(shown(config.letters, config)), rule=_(self.solve.rule.label).lower())

    # The feedback of the row being entered

    def _clear_feedback(self) -> None:
        self.black, self.white = "", ""
        self.marks = [Mark.UNKNOWN] * self.config.pegs

    @property
    def feedback_fields(self) -> list[Field]:
        """The fields of the row's feedback: ``Black`` and ``White``, or one ``Slot N feedback`` each."""
        if self.solve.rule is BLACK_WHITE:
            pegs = self.config.pegs
            return [Field(BLACK, "number", self.black, "", 0, pegs), Field(WHITE, "number", self.white, "", 0, pegs)]
        return [Field(f"Slot {slot} feedback", "select", mark.word, "", options=tuple(m.word for m in MARKS),
                      text=_("Slot {number} feedback").format(number=slot))
                for slot, mark in enumerate(self.marks, 1)]

    def set_feedback(self, label: str, value: str) -> None:
        if label in (BLACK, WHITE):
            setattr(self, label.lower(), value.strip())
            return
        number = read_number(label.split()[1]) if label.startswith("Slot ") else None
        marks = {mark.word: mark for mark in MARKS}
        if number is not None and 1 <= number <= len(self.marks) and value in marks:
            self.marks[number - 1] = marks[value]

    def _feedback(self) -> RowFeedback:
        if self.solve.rule is not BLACK_WHITE:
            return Slots(tuple(self.marks))
        counts = []
        for label, text in ((BLACK, self.black), (WHITE, self.white)):
            count = read_number(text)  # None for an empty field: not seen
            if text and count is None:
                refusal = (_("Black must be a whole number, or empty when not seen, not {text}") if label == BLACK
                           else _("White must be a whole number, or empty when not seen, not {text}"))
                raise FeedbackError(refusal.format(text=repr(text)))
            counts.append(count)
        return Pegs(counts[0], counts[1])

    # Rows

    @property
    def action(self) -> str:
        return _("Add row") if self.editing is None else _("Save row {number}").format(number=self.editing)

    def _not_now(self) -> str | None:
        if self.editing is None and len(self.solve.rows) >= MAX_ROWS:
            return _("There are {count} rows already, the most kept. Set some aside, or press New game.").format(count=MAX_ROWS)
        return None

    def _play(self, letters: str) -> None:
        row = make_row(self.config, self.solve.rule, letters, self._feedback())
        if self.config.size <= QUICK_CHECK:
            finish(check_row(self.config, row))  # no code earns it: refused now, not named later
        if self.editing is None:
            self.solve = self.solve.add(row)
            said = _("Row {number} added: {code}, {feedback}.").format(
                number=len(self.solve.rows), code=shown(row.guess, self.config), feedback=feedback_words(row.feedback))
        else:
            self.solve = self.solve.replace_row(self.editing, row)
            said = _("Row {number} is now {code}, {feedback}.").format(
                number=self.editing, code=shown(row.guess, self.config), feedback=feedback_words(row.feedback))
            self.editing = None
        self._clear_feedback()
        self.analysis = None
        self._say(said)

    def submit(self) -> bool:
        try:
            return super().submit()
        except FeedbackError as error:
            reason = str(error)
            self._refuse(_("Feedback refused: {reason}").format(reason=reason if reason.endswith(".") else f"{reason}."))
            return False

    def edit_row(self, number: int) -> None:
        """Put row `number` back in the composer and the feedback fields, to be changed and saved."""
        row = self.solve.rows[number - 1]
        self.editing = number
        self._fill(row.guess)
        feedback = row.feedback
        if isinstance(feedback, Pegs):
            self.black, self.white = ("" if count is None else str(count) for count in (feedback.black, feedback.white))
        else:
            self.marks = list(feedback.marks)
        self.status = _("Editing row {number}: change the guess or its feedback, then press Save row {number}.").format(number=number)

    def cancel_edit(self) -> None:
        self.editing = None
        self._reset_draft()
        self._clear_feedback()
        self.status = " ".join([_("Edit cancelled."), self.prompt])

    def toggle_row(self, number: int) -> None:
        """Set row `number` aside, or take it back; the count follows at once."""
        self.solve = self.solve.toggle(number)
        self.analysis = None
        aside = self.solve.rows[number - 1].ignored
        self._say((_("Row {number} set aside.") if aside else _("Row {number} taken back.")).format(number=number))

    @property
    def new_game_question(self) -> str | None:
        """What to ask before New game clears the rows entered, or None when there are none."""
        count = len(self.solve.rows)
        if not count:
            return None
        return ngettext("Start a new game? The {count} row entered is cleared.",
                        "Start a new game? The {count} rows entered are cleared.", count).format(count=count)

    def new_game(self) -> None:
        """Clear the rows (the rules stay, and may change again)."""
        self.solve = Solve(self.config, self.solve.rule)
        self.editing = None
        self.analysis = None
        self._reset_draft()
        self._clear_feedback()
        self._say(" ".join([_("Rows cleared."), self.prompt]))

    @property
    def rows(self) -> list[RowView]:
        config, named = self.config, self.named_rows
        return [RowView(line, tuple(config.color(letter) for letter in row.guess), shown(row.guess, config),
                        feedback_words(row.feedback), row.ignored, feedback_marks(row.feedback), line in named)
                for line, row in enumerate(self.solve.rows, 1)]

    @property
    def named_rows(self) -> tuple[int, ...]:
        """The rows the status names in why no code fits, first to last (the page brings the first
        into view): none while some code fits or the engine has not answered."""
        conflict = self.analysis.conflict if self.analysis else None
        return () if conflict is None else tuple(sorted({*conflict.remove, *conflict.against}))

    @property
    def prompt(self) -> str:
        return _("Compose the guess, enter its feedback, then press {action}.").format(action=self.action)

    # The engine's answer

    def analyser(self) -> Analyser:
        """The analysis of the rows as they are now (the page runs it in slices)."""
        return Analyser(self.config, self.solve.rows)

    def answer(self, analysis: Analysis) -> None:
        """Take the engine's answer for the rows as they are."""
        self.analysis, self.progress = analysis, None
        if analysis.conflict is not None:
            self.status = " ".join(filter(None, [self._said(), _("No code fits."), analysis.conflict.sentence(),
                                                 _("Edit or ignore a row to fix it.")]))
        else:
            broken = self.solve.broken
            rows = len(self.solve.active)
            won = ngettext("Code broken: {code}, in {count} row.", "Code broken: {code}, in {count} rows.", rows).format(
                code=shown(broken.guess, self.config), count=rows) if broken and analysis.count == 1 else ""
            if won:  # else the status keeps what the action said: the count is said once, in Codes left
                self.status = " ".join(filter(None, [self._said(), won]))

    def _say(self, sentence: str) -> None:
        """Say what an action did to the rows or the rules: kept before the engine's answer to it."""
        self.status = self._kept = sentence

    def _said(self) -> str:
        """What the last action said, kept before the engine's answer."""
        return self.status if self.status == self._kept else ""

    @property
    def count_text(self) -> str:
        if self.analysis is None:
            if self.progress is not None:
                return _("Counting the codes left... {percent}%").format(percent=round(self.progress * 100))
            return _("Counting the codes left...")
        return self.analysis.sentence() if self.analysis.conflict is None else _("0 codes left: no code fits every row.")

    @property
    def codes(self) -> tuple[str, ...]:
        return self.analysis.codes if self.analysis else ()

    @property
    def suggestion(self) -> str | None:
        return self.analysis.suggestion if self.analysis else None

    @property
    def suggestion_text(self) -> str:
        analysis = self.analysis
        if analysis is None or analysis.suggestion is None:
            return _("No suggestion while no code fits.") if analysis else _("Thinking...")
        if analysis.count == 1 and analysis.exact:
            return _("The only code left.")
        assert analysis.expected is not None  # a suggestion comes with its expectation
        return _("About {count} guesses to the end when it is played.").format(count=number(analysis.expected, 1))

    def use_code(self, letters: str) -> None:
        """Put a code (the suggestion, or one of the codes left) in the composer."""
        self._fill(letters)
        self.status = _("{code} is in the guess. Enter its feedback, then press {action}.").format(
            code=shown(letters, self.config), action=self.action)

    def use_suggestion(self) -> None:
        if self.suggestion is None:
            self._refuse(_("There is no suggestion now."))
            return
        self.use_code(self.suggestion)

    def not_resumed(self) -> None:
        self.status = " ".join([_("The rows kept from your last visit could not be read."), self.prompt])

    @classmethod
    def resumed(cls, rules: Config, data: Mapping[str, Any] | None) -> SolveView:
        """The view going on with the rows stored as `data` (none: a new Solve under Solo's `rules`);
        rows that cannot be read leave a new one, which says so."""
        if data is None:
            return cls(rules)
        try:
            return cls(solve=Solve.from_dict(data))  # the rules are those the rows were entered under
        except SavedDataError:
            view = cls(rules)
            view.not_resumed()
            return view

    def share_text(self) -> str:
        return self.solve.share_text()

    copied = N_("The rows are copied, as text: paste them where you like.")
    not_copied = N_("The rows could not be copied: this browser refused the clipboard.")
    """What the Copy rows button says (marked here, translated where said)."""

    def saved(self) -> dict[str, Any]:
        return self.solve.to_dict()
