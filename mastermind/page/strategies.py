"""The Strategy lab's saved strategies, their scores, and the League that ranks them.

A saved strategy keeps its name, its source and, per set of secrets it was scored on, its mean and
worst (:class:`KeptScore`). A set of secrets is named by the rules and how its secrets were chosen
(:class:`SecretSet`: every code, or the sample of :data:`mastermind.lab.SAMPLE_SEED`), so a score
is only ever compared with scores on the very same secrets. The page stores them as one part
(:data:`mastermind.page.storage.STRATEGIES`), at most :data:`MAX_STRATEGIES` of at most
:data:`~mastermind.lab_share.MAX_SOURCE` characters each; reading them checks every field, and an
entry that cannot be read is dropped with a note (the part's whole text is kept aside, as all
damaged text is).

>>> rules = SecretSet.of(Config())
>>> kept = save((), Shared("mine", "def guess(history, rules):\\n    return 'BBGG'\\n"))
>>> kept = scored(kept, "mine", KeptScore(rules, 5.2, 9, 1296))
>>> hal = KeptScore(rules, 4.476, 6, 1296)
>>> [(row.name, row.mean) for row in league(kept, rules, {"HAL9000": hal, "VIKI": None})]
[('HAL9000', 4.476), ('mine', 5.2), ('VIKI', None)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .. import lab
from ..computer_players import COMPUTER_PLAYERS
from ..config import Config
from ..errors import StrategyError
from ..i18n import _, ngettext, number
from ..lab_share import Shared, check_file_size, check_source, file_name, link_token, open_link, read_file, seat_name
from ..players import name_key

MAX_STRATEGIES = 20
"""Strategies kept: 20 of at most 20,000 characters stay well inside a browser's 5 MB of storage."""
MAX_SCORES = 12
"""Scores kept per strategy (one per set of secrets); saving a thirteenth drops the oldest."""


@dataclass(frozen=True)
class SecretSet:
    """The secrets a score was made on: the rules, and ``"all"`` or ``"sample <seed>"``.

    >>> SecretSet.of(Config()).secrets, SecretSet.of(Config(pegs=6, colors=10)).secrets
    ('all', 'sample 2026')
    """

    config: Config
    secrets: str

    @classmethod
    def of(cls, config: Config) -> SecretSet:
        """The set :func:`mastermind.lab.secrets` plays under `config`."""
        return cls(config, "all" if config.size <= lab.ALL_SECRETS else f"sample {lab.SAMPLE_SEED}")

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.config.to_dict(), "secrets": self.secrets}

    @classmethod
    def read(cls, rules: Any, secrets: Any) -> SecretSet:
        """The set a stored score names (its shape checked by :meth:`KeptScore.from_dict`)."""
        made = cls.of(Config.from_dict(rules))
        if secrets != made.secrets:  # another sample's scores compare with nothing here
            raise ValueError(_("secrets {secrets} are not this version's").format(secrets=repr(str(secrets)[:20])))
        return made


@dataclass(frozen=True)
class KeptScore:
    """A strategy's mean and worst on a set of secrets, and how many games the mean is of."""

    secrets: SecretSet
    mean: float
    worst: int
    games: int

    @classmethod
    def of(cls, score: lab.Score, config: Config) -> KeptScore:
        """What is kept of a finished run's `score` under `config`."""
        return cls(SecretSet.of(config), score.mean, score.worst, score.games)

    def to_dict(self) -> dict[str, Any]:
        return {**self.secrets.to_dict(), "mean": self.mean, "worst": self.worst, "games": self.games}

    @classmethod
    def from_dict(cls, data: Any) -> KeptScore:
        if not isinstance(data, Mapping) or set(data) != {"rules", "secrets", "mean", "worst", "games"}:
            raise ValueError(_("a score is its rules, its secrets, its mean, its worst and its games"))
        secrets = SecretSet.read(data["rules"], data["secrets"])
        mean, worst, games = data["mean"], data["worst"], data["games"]
        most = secrets.config.max_guesses + 1  # a game not won counts one more than the limit
        if (type(games) is not int or not 1 <= games <= secrets.config.size or type(worst) is not int
                or not 0 <= worst <= secrets.config.max_guesses or type(mean) not in (int, float) or not 1 <= mean <= most):
            raise ValueError(_("a score out of its rules' bounds"))
        return cls(secrets, float(mean), worst, games)


@dataclass(frozen=True)
class SavedStrategy:
    """A strategy the person saved: its name, its source, and its latest score on each set of secrets."""

    shared: Shared
    scores: tuple[KeptScore, ...] = ()

    @property
    def name(self) -> str:
        return self.shared.name

    def score_on(self, secrets: SecretSet) -> KeptScore | None:
        """Its score on exactly these secrets, if it has one."""
        return next((score for score in self.scores if score.secrets == secrets), None)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "source": self.shared.source, "scores": [score.to_dict() for score in self.scores]}

    @classmethod
    def from_dict(cls, data: Any) -> SavedStrategy:
        if not isinstance(data, Mapping) or set(data) != {"name", "source", "scores"}:
            raise ValueError(_("a saved strategy is its name, its source and its scores"))
        if not isinstance(data["scores"], list) or len(data["scores"]) > MAX_SCORES:
            raise ValueError(_("expected a list of at most {count} scores").format(count=MAX_SCORES))
        scores = tuple(KeptScore.from_dict(score) for score in data["scores"])
        if len({score.secrets for score in scores}) != len(scores):
            raise ValueError(_("two scores on the same secrets"))
        try:
            return cls(Shared(data["name"], data["source"]), scores)
        except StrategyError as error:
            raise ValueError(error.sentence) from None


Opened = Shared
"""A strategy opened for the editor (a link, a file, a saved one): its name and source."""

Kept = tuple[SavedStrategy, ...]
"""The saved strategies, in the order they were first saved; names unique (:func:`~mastermind.players.name_key`)."""


def find(kept: Kept, name: str) -> SavedStrategy | None:
    """The saved strategy called `name` (in any case or composition), if any."""
    key = name_key(name)
    return next((strategy for strategy in kept if name_key(strategy.name) == key), None)


def save(kept: Kept, shared: Shared) -> Kept:
    """`kept` with `shared` saved: in place of the strategy of the same name (its scores kept only
    while its source is the same), else at the end; :class:`StrategyError` when
    :data:`MAX_STRATEGIES` are already kept."""
    seat_name(shared.name)
    before = find(kept, shared.name)
    if before is None:
        if len(kept) >= MAX_STRATEGIES:
            raise StrategyError(_("{count} strategies are saved already, the most kept; delete one first.").format(
                count=MAX_STRATEGIES))
        return (*kept, SavedStrategy(shared))
    scores = before.scores if before.shared.source == shared.source else ()
    return tuple(SavedStrategy(shared, scores) if strategy is before else strategy for strategy in kept)


def scored(kept: Kept, name: str, score: KeptScore) -> Kept:
    """`kept` with `score` recorded for the strategy `name` (replacing its score on the same secrets);
    unchanged when no strategy has that name (it was deleted while the run went on)."""
    strategy = find(kept, name)
    if strategy is None:
        return kept
    scores = (*(old for old in strategy.scores if old.secrets != score.secrets), score)[-MAX_SCORES:]
    return tuple(replace(strategy, scores=scores) if one is strategy else one for one in kept)


def delete(kept: Kept, name: str) -> Kept:
    """`kept` without the strategy `name`."""
    strategy = find(kept, name)
    return tuple(one for one in kept if one is not strategy)


# The stored part (declared in mastermind.page.storage).


def read_kept(data: Any, notes: list[str]) -> Kept:
    """The saved strategies of a stored part's `data`; each unreadable entry is dropped with a note."""
    if not isinstance(data, list) or len(data) > MAX_STRATEGIES:
        raise ValueError(_("expected a list of at most {count} strategies").format(count=MAX_STRATEGIES))
    kept: list[SavedStrategy] = []
    for index, entry in enumerate(data, start=1):
        try:
            strategy = SavedStrategy.from_dict(entry)
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            notes.append(_("strategy {number} ({reason})").format(number=index, reason=str(error)[:120]))
            continue
        if find(tuple(kept), strategy.name) is not None:
            notes.append(_("strategy {number} (a second {name})").format(number=index, name=strategy.name))
            continue
        kept.append(strategy)
    return tuple(kept)


def write_kept(kept: Kept) -> list[dict[str, Any]]:
    return [strategy.to_dict() for strategy in kept]


def describe_kept(kept: Kept) -> str:
    return ngettext("{count} strategy", "{count} strategies", len(kept)).format(count=len(kept))


def merge_kept(base: Kept, ours: Kept, theirs: Kept) -> Kept:
    """Two tabs' changes to the saved strategies: the other tab's, with each strategy this tab
    saved or scored over it, and without those this tab deleted (unless the other tab changed
    them meanwhile); at most :data:`MAX_STRATEGIES`, the other tab's first."""
    merged = list(theirs)
    for strategy in ours:
        was, other = find(base, strategy.name), find(theirs, strategy.name)
        if strategy == was:
            continue
        if other is None:
            merged.append(strategy)
        else:
            merged[merged.index(other)] = strategy
    for strategy in base:
        if find(ours, strategy.name) is None and find(theirs, strategy.name) == strategy:
            merged.remove(strategy)
    return tuple(merged[:MAX_STRATEGIES])


# The League.


@dataclass(frozen=True)
class LeagueRow:
    """One row of the League: a saved strategy or a computer player, and its score on the secrets
    compared (None: not scored on them yet)."""

    name: str
    mean: float | None
    worst: int | None
    computer: bool = False


def league(kept: Kept, secrets: SecretSet, computers: Mapping[str, KeptScore | None]) -> tuple[LeagueRow, ...]:
    """Every saved strategy and every computer player of `computers` on `secrets`, the lowest mean
    first, then the lowest worst, then by name; those not scored on these secrets last, in order."""
    rows = [LeagueRow(strategy.name, *_figures(strategy.score_on(secrets))) for strategy in kept]
    rows += [LeagueRow(name, *_figures(score if score and score.secrets == secrets else None), computer=True)
             for name, score in computers.items()]
    ranked = sorted((row for row in rows if row.mean is not None), key=lambda row: (row.mean, row.worst, name_key(row.name)))
    return (*ranked, *(row for row in rows if row.mean is None))


def _figures(score: KeptScore | None) -> tuple[float | None, int | None]:
    return (score.mean, score.worst) if score else (None, None)



# The Lab's keep section: the name field, Save strategy, Share strategy and the League.

MISSING = "–"
"""Shown in the League for a figure not measured yet."""


@dataclass
class Keeper:
    """What the Lab's keep section shows and does. `kept` is the stored part's value (the page
    stores what :meth:`save` and :meth:`finished` return); `name` is the field `Strategy name`,
    `error` the sentence beside it, `status` what the Lab's status says, `link` the share link.
    Scores are attached only to the very source they were made of: a run's score is remembered
    with its source, and a strategy saved later with that source takes it.

    >>> rules, source = Config(pegs=1, colors=2), lab.starter_source()
    >>> keeper = Keeper(name="first")
    >>> keeper.finished(source, lab.score(lab.starter(), lab.Rules.of(rules)), rules)
    >>> kept = keeper.save(source)
    >>> keeper.status, keeper.league_rows(rules)[0]
    ('Saved first.', ('first', '1.500', '2'))
    """

    kept: Kept = ()
    name: str = ""
    error: str = ""
    status: str = ""
    link: str = ""
    last: tuple[str, KeptScore] | None = None
    computers: dict[tuple[str, SecretSet], KeptScore] = field(default_factory=dict)
    deleting: str | None = None
    """The saved strategy whose deletion is being asked about."""
    clean: str = ""
    """The source the editor held when last opened or saved: edits past it are unsaved work."""
    replacing: tuple[Shared, str] | None = None
    """The strategy waiting to replace unsaved work in the editor, and what its opening says."""

    def edit_name(self, text: str) -> None:
        self.name, self.error = text, ""

    def save(self, source: str) -> Kept | None:
        """The saved strategies with the editor's source saved under the name (and the last run's
        score when it was of this source); None, said beside the field, when refused."""
        try:
            shared = Shared(self.name, source)
            kept = save(self.kept, shared)
        except StrategyError as error:
            self.error = self.status = error.sentence
            return None
        if self.last is not None and self.last[0] == source:
            kept = scored(kept, shared.name, self.last[1])
        self.kept, self.name, self.error, self.clean = kept, shared.name, "", source
        self.status = _("Saved {name}.").format(name=shared.name)
        return kept

    def finished(self, source: str, score: lab.Score, config: Config) -> Kept | None:
        """A run of `source` ended with `score`: remembered, and recorded for the saved strategy
        of that name and source if there is one (the stored part to write), else None."""
        kept_score = KeptScore.of(score, config)
        self.last = (source, kept_score)
        strategy = find(self.kept, self.name)
        if strategy is None or strategy.shared.source != source:
            return None
        self.kept = scored(self.kept, strategy.name, kept_score)
        return self.kept

    def compared(self, name: str, score: lab.Score, config: Config) -> None:
        """A computer player's score on a run's secrets, for the League (kept for this visit)."""
        kept = KeptScore.of(score, config)
        self.computers[name, kept.secrets] = kept

    def share(self, source: str, page: str) -> bool:
        """The link to the editor's strategy under its name, in :attr:`link`; False when refused (said)."""
        from .address import strategy_url

        try:
            self.link = strategy_url(page, link_token(Shared(self.name, source)))
        except StrategyError as error:
            self.link, self.error, self.status = "", error.sentence, error.sentence
            return False
        self.error = ""
        self.status = _("The link to {name} is below, to copy.").format(name=self.name.strip())
        return True

    def open(self, token: str) -> Shared | None:
        """The strategy a link carries, for the editor (not run, not saved); None when refused (said)."""
        try:
            shared = open_link(token)
        except StrategyError as error:
            self.status = error.sentence
            return None
        self.name, self.clean = shared.name, shared.source
        self.status = _("Opened {name} from a link: none of it runs until you press Run.").format(name=shared.name)
        return shared

    # Files, and the saved strategies opened and deleted

    def download(self, source: str) -> tuple[str, str] | None:
        """The editor's strategy as a file: its name (:func:`~mastermind.lab_share.file_name`, from
        the strategy's name, ``strategy.py`` when it has none) and text; None when refused (said)."""
        try:
            check_source(source)
            name = file_name(Shared(self.name, source).name if self.name.strip() else "")
        except StrategyError as error:
            self.error = self.status = error.sentence
            return None
        self.error = ""
        self.status = _("The strategy was downloaded as {file}.").format(file=name)
        return name, source

    def file_size(self, size: int, filename: str) -> bool:
        """Whether a file of `size` bytes may be read (a larger one is refused unread, said)."""
        try:
            check_file_size(size, filename)
        except StrategyError as error:
            self.status = error.sentence
            return False
        return True

    def open_file(self, data: bytes, filename: str, editor: str = "") -> Shared | None:
        """The strategy in a file the person chose, for the editor (not run, not saved); None when
        refused (said: too large, not UTF-8, control characters), the editor's text untouched, or
        when the editor's text (`editor`) is unsaved work: asked first (:meth:`replace`)."""
        try:
            shared = read_file(data, filename)
        except StrategyError as error:
            self.status = error.sentence
            return None
        opened = _("Opened {file}: none of it runs until you press Run.").format(file=check_file_size(0, filename))
        return self._offer(shared, opened, editor)

    def open_saved(self, name: str, editor: str = "") -> Shared | None:
        """A saved strategy, for the editor under its name; None when it is no longer saved (said),
        or when the editor's text (`editor`) is unsaved work: asked first (:meth:`replace`)."""
        strategy = find(self.kept, name)
        if strategy is None:
            self.status = _("{name} is no longer among your saved strategies.").format(name=name)
            return None
        return self._offer(strategy.shared, _("Opened {name}, as saved.").format(name=strategy.name), editor)

    def unsaved(self, editor: str) -> bool:
        """Whether the editor's text is work that opening another strategy would lose: written or
        changed since it was last opened or saved (or filled with the starter: the page's adapter
        sets :attr:`clean` then), and no saved strategy's source.

        >>> keeper = Keeper(clean="def guess(history, rules):\\n    return 'BBGG'\\n")
        >>> keeper.unsaved(keeper.clean), keeper.unsaved(keeper.clean + "# mine\\n"), keeper.unsaved("  ")
        (False, True, False)
        """
        return bool(editor.strip()) and editor != self.clean and all(strategy.shared.source != editor for strategy in self.kept)

    def _offer(self, shared: Shared, opened: str, editor: str) -> Shared | None:
        self.deleting = self.replacing = None
        if self.unsaved(editor) and editor != shared.source:  # the same text opened again loses nothing
            self.replacing = (shared, opened)
            self.status = _("Replace the strategy in the editor with {name}? Its changes are not saved.").format(
                name=shared.name)
            return None
        return self._into_editor(shared, opened)

    def _into_editor(self, shared: Shared, opened: str) -> Shared:
        self.name, self.error, self.clean, self.status = shared.name, "", shared.source, opened
        return shared

    def replace(self) -> Shared | None:
        """The question answered yes: the strategy waiting, for the editor; None when none was asked."""
        waiting, self.replacing = self.replacing, None
        if waiting is None:
            return None
        return self._into_editor(*waiting)

    def ask_delete(self, name: str) -> None:
        """Delete pressed: the question first (:meth:`delete` or :meth:`keep` answers it)."""
        strategy = find(self.kept, name)
        if strategy is None:
            self.status = _("{name} is no longer among your saved strategies.").format(name=name)
            return
        self.deleting, self.replacing = strategy.name, None
        self.status = _("Delete {name}? Its source and its scores go with it.").format(name=strategy.name)

    def delete(self) -> Kept | None:
        """The question answered yes: the saved strategies without it (to store); None when none was asked."""
        name, self.deleting = self.deleting, None
        if name is None:
            return None
        self.kept = delete(self.kept, name)
        self.status = _("Deleted {name}.").format(name=name)
        return self.kept

    def keep(self) -> None:
        """The question (delete, or replace the editor's text) answered no: nothing changes."""
        if self.deleting is not None:
            self.status = _("{name} was kept.").format(name=self.deleting)
        elif self.replacing is not None:
            self.status = _("The strategy in the editor was kept.")
        self.deleting = self.replacing = None

    @property
    def names(self) -> list[str]:
        """The saved strategies' names, in the order they were first saved."""
        return [strategy.name for strategy in self.kept]

    def league_rows(self, config: Config) -> list[tuple[str, str, str]]:
        """The League on the secrets of `config`: name, mean and worst, as text."""
        secrets = SecretSet.of(config)
        computers = {name: self.computers.get((name, secrets)) for name in COMPUTER_PLAYERS}
        return [(row.name, MISSING if row.mean is None else number(row.mean, 3), MISSING if row.worst is None else str(row.worst))
                for row in league(self.kept, secrets, computers)]
