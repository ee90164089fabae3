"""The browser shell of the player's records: storage and other tabs, the Statistics dialog, the
daily challenge and its Share button, export and import of the player's data, and the Solo solver
assist. Every decision is made in :mod:`mastermind.page.records`, :mod:`mastermind.page.sync` and
:mod:`mastermind.page.backup`; this module moves values between them and the DOM.

Text goes in with ``textContent`` only: names and anything read from a file are never HTML.
The solver and the backup code load on first use, so the page starts without them.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import engine_client
from dom import Element, by_id, element, on, place_text, spawn
from js import URL, Blob, Date, Object, clearInterval, document, location, navigator, setInterval, setTimeout, window
from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js

from mastermind.page import engine, storage
from mastermind.page.appearance import share_copied, shared
from mastermind.page.challenge_words import ReplyShown, reply_link, reply_shown
from mastermind.page.daily import FIRST_DAY, chosen_day, next_daily
from mastermind.page.records import (
    IMPORTED_SAY,
    KEPT_WORDS,
    REVIEW_HEADERS,
    REVIEW_NOTE,
    adopt,
    count_line,
    import_question,
    notice_text,
    page_saved,
    persist,
    resumable,
    review_progress,
    review_rows,
    seed_waits,
    stats_choices,
    stats_panel,
    worth_keeping,
)
from mastermind.page.solo import CHALLENGE
from mastermind.page.sync import MemoryStorage, Tab
from mastermind.page.words import NOT_SAVED, _, number

if TYPE_CHECKING:
    from board import Page

    from mastermind.page.address import Params
    from mastermind.page.backup import Backup
    from mastermind.page.solo import SoloView

REVIEW_PROGRESS_MS = 300
"""A review that takes longer than this says how far it has come."""
IMPORTED = "mastermind-imported"
"""sessionStorage flag: the page reloaded after an import, to say so."""


def today() -> dt.date:
    """The person's local date, from the browser's clock."""
    now = Date.new()
    return dt.date(now.getFullYear(), now.getMonth() + 1, now.getDate())


def now() -> dt.datetime:
    stamp = Date.new()
    return dt.datetime(stamp.getFullYear(), stamp.getMonth() + 1, stamp.getDate(),
                       stamp.getHours(), stamp.getMinutes(), stamp.getSeconds())


def open_tab() -> Tab:
    """This tab's copy of the stored data; in memory only where the browser blocks storage
    (and the person is told)."""
    try:
        backend = window.localStorage  # throws where the browser blocks storage
        backend.getItem(storage.SETTINGS.key)
    except JsException:
        return Tab(MemoryStorage(), blocked=True)
    return Tab(backend)


def start(view: SoloView, tab: Tab, params: Params) -> bool:
    """Put the kept Solo game back on the board, unless the address asks for another one; show
    a friend's reply the address carries. Returns whether the address's seeded game waits for
    the player's answer (:func:`~mastermind.page.records.seed_waits`)."""
    kept = tab.value(storage.SOLO)
    waits = seed_waits(kept, params.seed, view.settings.config)
    if waits or resumable(kept, params.seed, view.settings.config):
        view.resume(kept)
    if params.reply is not None:
        show_reply(reply_shown(params.reply, view.saved.results))
    return waits


def show_reply(shown: ReplyShown) -> None:
    """A friend's reply to a challenge (its result and grid) beside the person's own game of it,
    or the sentence that refuses a reply link changed by hand."""
    for text_id, grid_id, text, drawn in (("reply-text", "reply-grid", shown.friend, shown.friend_grid),
                                          ("reply-own", "reply-own-grid", shown.own, shown.own_grid)):
        place_text(by_id(text_id), text)
        by_id(text_id).hidden = not text
        by_id(grid_id).textContent = "\n".join(drawn)
        by_id(grid_id).hidden = not drawn
    by_id("reply-panel").hidden = False


def show_below_history(panel: Element) -> None:
    """Show an end-of-game panel (Review, Share) below the board: a phone's History keeps the
    height it had (static/style.css), not squeezed to its least, and the panel is brought into view."""
    by_id("board").style.setProperty("--history-kept", f"{by_id('history-scroll').offsetHeight}px")
    panel.hidden = False
    panel.scrollIntoView(to_js({"block": "nearest"}, dict_converter=Object.fromEntries))


class Records:
    """Wires the records' controls to the page (``static/app.py``'s ``Page``)."""

    keeping: str
    """Whether the browser keeps the data: a key of :data:`~mastermind.page.records.KEPT_WORDS`, or "asking"."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tab = page.tab
        self.backup: Backup | None = None  # the file being imported, once read and checked
        self.count_for: tuple[int, int] | None = None  # the game and move the shown count is about
        self.ahead_for: tuple[int, int] | None = None  # the game and move the review's figures were asked ahead for
        self.thinking = False
        on(by_id("daily"), "click", self.start_daily)
        on(by_id("day-form"), "submit", self.choose_day)
        day = by_id("day")
        day.min, day.max, day.value = FIRST_DAY.isoformat(), today().isoformat(), today().isoformat()
        on(by_id("share-box"), "change", lambda event: spawn(self.share()))  # Share as: Grid or Text
        self.ticking: int | None = None  # the countdown to the next daily, while Statistics is open
        self.tick = create_proxy(lambda: self.show_countdown())
        on(by_id("stats"), "close", self.stop_countdown)
        on(by_id("hint"), "click", lambda event: spawn(self.hint()))
        on(by_id("stats-record"), "change", lambda event: self.show_record(event.target.value))  # a radio's, bubbled
        on(by_id("export-data"), "click", self.export)
        on(by_id("import-file"), "change", lambda event: spawn(self.read_import(event.target)))
        on(by_id("import-confirm"), "click", self.confirm_import)
        on(by_id("notice-dismiss"), "click", lambda event: self.show_notices([]))
        on(window, "storage", self.on_storage)
        supported = hasattr(navigator, "storage") and hasattr(navigator.storage, "persist")
        self.show_kept("blocked" if self.tab.blocked else "unasked" if supported else "unsupported")
        if supported and not self.tab.blocked:
            spawn(self.ask_to_keep(only_check=True))
        self.show_notices(self.tab.take_notices())
        try:
            if window.sessionStorage.getItem(IMPORTED):
                window.sessionStorage.removeItem(IMPORTED)
                page.view.status = " ".join([_(IMPORTED_SAY), page.view.status])
        except JsException:
            pass

    # Keeping the data

    def persist(self) -> bool:
        """Store what changed (called by every render). Returns whether the browser refused."""
        persist(self.page.view, self.tab)
        self.keep_when_worth_it()
        notices = self.tab.take_notices()
        if notices:
            self.show_notices(notices)
        return _(NOT_SAVED) in notices

    def on_storage(self, event: Element) -> None:
        key = event.key
        if key is not None and not key.startswith(storage.PREFIX):
            return
        said = adopt(self.page.view, self.tab, self.tab.refresh(key))
        if said:
            self.page.render(said)
        if "screens" in sys.modules:  # the other modes' screens show the stored users too
            sys.modules["screens"].follow_storage()
        notices = self.tab.take_notices()
        if notices:
            self.show_notices(notices)

    def keep_when_worth_it(self) -> None:
        """Ask the browser to keep the storage (once a visit, unless it already does) as soon as
        the person has something to lose."""
        if self.keeping == "unasked" and worth_keeping(self.tab):
            self.keeping = "asking"
            spawn(self.ask_to_keep())

    async def ask_to_keep(self, only_check: bool = False) -> None:
        """Ask the browser to keep the data (``only_check``: whether it already does), and say its answer."""
        try:
            granted = await (navigator.storage.persisted() if only_check else navigator.storage.persist())
        except JsException:
            granted = False
        if granted:
            self.show_kept("granted")
        elif not only_check:
            self.show_kept("refused")

    def show_kept(self, state: str) -> None:
        self.keeping = state
        place_text(by_id("data-kept"), _(KEPT_WORDS[state]))

    def show_notices(self, notices: Sequence[str]) -> None:
        place_text(by_id("notice-text"), notice_text(notices))
        by_id("notice").hidden = not notices

    # Drawing (after the page's own render)

    def render(self) -> None:
        view = self.page.view
        if view.day is not None:
            by_id("day").value = view.day.isoformat()
        if view.share is None:
            by_id("share-box").hidden = True
        assist = view.settings.assist
        by_id("hint").hidden = not assist
        by_id("hint").disabled = self.thinking or view.game.over
        count = by_id("assist-count")
        count.hidden = not assist or view.game.over
        position = (id(view.game), view.game.guesses_made)
        if assist and not view.game.over and self.count_for != position:
            self.count_for = position
            place_text(count, _("Counting the codes still possible..."))
            spawn(self.count(position))
        if len(view.game.history) >= 2 and self.ahead_for != position:
            # The review's figures of each guess as it is made, in the engine's worker: at the
            # end only the last guess's are left to work out when Review is pressed. Not after
            # the first guess alone: its figures are the first-guess table's (or none, past 1,296
            # codes), so a game won or left at once never starts the worker's Pyodide.
            self.ahead_for = position
            engine_client.ahead(engine.ahead_request(view.config, view.game.history))
        if not view.game.over:
            by_id("review-panel").hidden = True
        elif assist:
            self.ask_review()  # an assisted game is reviewed at once

    def ask_review(self) -> None:
        """Work out the finished game's review (once per game: its Review button leaves the end
        actions) and show it."""
        view = self.page.view
        if view.start_review():
            self.page.draw_end(view)
            spawn(self.review())

    # The daily challenge

    def start_daily(self, event: Element) -> None:
        event.currentTarget.blur()  # the board takes the keys now (Enter would start it again)
        day = today()
        self.page.leave_for(lambda: self.page.view.start_daily(day, self.tab.value(storage.DAILY).get(day.isoformat()), day), day)

    def choose_day(self, event: Element) -> None:
        event.preventDefault()
        chosen, view = by_id("day").value, self.page.view
        try:
            day = chosen_day(chosen, today())
        except ValueError:  # refused in words, and the game on the board stays without a question
            self.page.act(view.choose_day, chosen, today(), self.tab.value(storage.DAILY))
            return
        self.page.leave_for(lambda: view.choose_day(chosen, today(), self.tab.value(storage.DAILY)), day)

    async def share(self) -> None:
        """Share the result in the form the share box's ``Share as`` chose (the grid, or a line of
        words per guess), and show it there: through the device's own share sheet where the
        browser has one (``navigator.share``), else copied to the clipboard. The form can be
        changed, which shares it again."""
        form = document.querySelector('#share-box input[name="share-as"]:checked').value
        view = self.page.view
        text = shared(view, form)
        if text is None:
            return
        reply = reply_link(location.origin + location.pathname, view.challenge if view.mode == CHALLENGE else None, view.game)
        if reply is not None:
            text = f"{text}\n{reply}"
        by_id("share-text").value = text
        show_below_history(by_id("share-box"))
        if hasattr(navigator, "share"):
            try:
                await navigator.share(to_js({"text": text}, dict_converter=Object.fromEntries))
            except JsException as error:
                if getattr(error, "name", "") == "AbortError":  # the person closed the share sheet
                    self.page.render(_("Not shared: your result is shown below the board, ready to copy."))
                    return
            else:
                self.page.render(_("Your result was handed to your device's share sheet."))
                return
        try:
            await navigator.clipboard.writeText(text)
        except (JsException, AttributeError):  # refused, or no clipboard in this browser
            by_id("share-text").select()
            self.page.render(_("The browser refused the clipboard: your result is shown below the board, ready to copy."))
        else:
            self.page.render(share_copied(form))

    # The Statistics dialog

    def open_stats(self) -> None:
        view = self.page.view
        adopt(view, self.tab, self.tab.refresh(storage.RECORDS.key))  # the statistics as stored now
        current = view.record_key
        choices = []
        for key, label in stats_choices(view.saved.records, current):
            radio = element("input")
            radio.type = "radio"
            radio.name = "stats-record"
            radio.value = key
            radio.checked = radio.autofocus = key == current  # the dialog opens on the record shown
            choice = element("label")
            choice.append(radio, element("span", text=label))
            choices.append(choice)
        legend = by_id("stats-record").querySelector("legend")
        by_id("stats-record").replaceChildren(legend, *choices)
        self.show_record(current)
        self.show_countdown()
        if self.ticking is None:
            self.ticking = setInterval(self.tick, 1000)
        if not by_id("stats").open:
            by_id("stats").showModal()

    def show_countdown(self) -> None:
        place_text(by_id("next-daily"), next_daily(now()))

    def stop_countdown(self, event: Element) -> None:
        if self.ticking is not None:
            clearInterval(self.ticking)
            self.ticking = None

    def show_record(self, key: str) -> None:
        panel = stats_panel(self.page.view.saved.records, key)
        place_text(by_id("stats-rules"), panel.caption)
        lines = []
        for label, value in panel.lines:
            line = element("div")
            line.append(element("dt", text=label), element("dd", text=value))
            lines.append(line)
        by_id("stats-lines").replaceChildren(*lines)
        bars = []
        for bar in panel.bars:
            item = element("li")
            item.setAttribute("aria-label", bar.text)
            fill = element("span", "bar-fill", number(bar.wins))
            fill.style.setProperty("--share", str(bar.share))
            track = element("span", "bar-track")
            track.append(fill)
            guesses = element("span", "bar-guesses", str(bar.guesses))
            guesses.setAttribute("aria-hidden", "true")
            track.setAttribute("aria-hidden", "true")
            item.append(guesses, track, element("span", "visually-hidden", bar.text))
            bars.append(item)
        by_id("stats-chart").replaceChildren(*bars)
        place_text(by_id("stats-chart-note"), panel.chart_note)

    # Export and import

    def export(self, event: Element) -> None:
        from mastermind.page import backup  # first use only

        moment = now()
        text = backup.export(self.tab.values(), moment)
        blob = Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=Object.fromEntries))
        url = URL.createObjectURL(blob)
        link = element("a")
        link.href = url
        link.download = backup.filename(moment)
        link.click()
        setTimeout(create_once_callable(lambda: URL.revokeObjectURL(url)), 10_000)
        place_text(by_id("data-message"), _("Your data were saved as {file}.").format(file=backup.filename(moment)))

    async def read_import(self, field: Element) -> None:
        from mastermind.page import backup  # first use only

        files = field.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        field.value = ""  # choosing the same file again reads it again
        message = by_id("data-message")
        try:
            backup.check_size(file.size)  # before reading a byte: a huge file would hold the page
            text = await file.text()
            self.backup = backup.parse(text)
        except backup.BackupError as error:
            self.backup = None
            place_text(message, _("Import refused: {reason}").format(reason=error))
            return
        except JsException:
            self.backup = None
            place_text(message, _("Import refused: the file could not be read."))
            return
        message.textContent = ""
        lines = backup.preview(self.backup, self.tab.values())
        place_text(by_id("import-question"), import_question(self.backup.exported))
        by_id("import-lines").replaceChildren(*(element("li", text=line) for line in lines))
        by_id("import-preview").showModal()

    def confirm_import(self, event: Element) -> None:
        by_id("import-preview").close()
        if self.backup is None:
            return
        values, self.backup = self.backup.values, None
        message = by_id("data-message")
        if not self.tab.replace(values):
            place_text(message, " ".join(self.tab.take_notices()))
            return
        if "screens" in sys.modules:  # the other modes' screens hold what they read: read it all afresh
            try:
                window.sessionStorage.setItem(IMPORTED, "1")
            except JsException:
                pass
            location.reload()
            return
        view = self.page.view
        view.saved = page_saved(self.tab)
        kept = self.tab.value(storage.SOLO)
        if kept is None or not view.resume(kept):
            view.new_game()
        place_text(message, _(IMPORTED_SAY))
        by_id("settings").close()
        self.page.render(" ".join([_(IMPORTED_SAY), view.status]))

    # Solver assist (asked of the engine's worker: static/engine_client.py)

    async def count(self, position: tuple[int, int]) -> None:
        view = self.page.view
        counted = await engine.still_possible(view.config, view.game.history, engine_client.ask)
        if self.count_for == position and (id(view.game), view.game.guesses_made) == position:
            place_text(by_id("assist-count"), count_line(counted))

    async def hint(self) -> None:
        if self.thinking:
            return
        view = self.page.view
        game, made = view.game, view.game.guesses_made
        self.thinking = True
        self.page.render(_("Thinking of a hint..."))
        try:
            code = await engine.hint(view.config, game.history, engine_client.ask)
        finally:
            self.thinking = False
        if view.game is game and game.guesses_made == made:  # else the hint is about another position
            view.take_hint(code)
        self.page.render(engine_client.news())

    async def review(self) -> None:
        """The review's figures of the game on the board, worked out in slices; after a moment, how
        far they have come. Another game put on the board meanwhile drops them."""
        view = self.page.view
        game = view.game
        progress = by_id("review-progress")
        done = [0]

        def step(number: int) -> None:
            done[0] = number
            if not progress.hidden:
                place_text(progress, review_progress(number, len(game.history)))

        def show_progress() -> None:
            if view.game is game and by_id("review-panel").hidden:
                progress.hidden = False
                place_text(progress, review_progress(done[0], len(game.history)))

        setTimeout(create_once_callable(show_progress), REVIEW_PROGRESS_MS)
        try:
            figures = await engine.review(game.config, game.secret, game.history, step, engine_client.ask)
        finally:  # also when the next game's figures replace it
            progress.hidden = True
        if view.game is not game:
            return
        head = element("tr")
        for text in REVIEW_HEADERS:
            cell = element("th", text=_(text))
            cell.scope = "col"
            head.append(cell)
        by_id("review").tHead.replaceChildren(head)
        body = []
        for values in review_rows(figures, [turn.guess for turn in game.history]):
            row = element("tr")
            row.append(*(element("td", text=value) for value in values))
            body.append(row)
        by_id("review").tBodies[0].replaceChildren(*body)
        place_text(by_id("review-summary"), figures.summary())
        place_text(by_id("review-note"), _(REVIEW_NOTE))
        show_below_history(by_id("review-panel"))
