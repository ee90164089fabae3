"""The Solo screen's Statistics and daily challenge on the main thread (MicroPython): the
``stats`` part (and its countdown), the daily challenge and Day (``day``).

Drawn from the session's data: the records
offered (radios: a record's name is wider than any select), the chosen one's figures and guess
distribution, and the countdown to the next daily, asked of the session each second while the
dialog is open (``tick``, with the player's clock: only the main thread has it) and no longer
once it closes. The dialog opens from the header's button (``open-stats``) or by itself when a
counted game ends (the ``open`` effect): both go through ``showModal``, so its ``toggle`` event
starts the countdown in one place.
"""

from typing import TYPE_CHECKING

import js
from mpy_dom import by_id, element, moment, place_text, today

if TYPE_CHECKING:
    from typing import Any

    from mpy_page import Screen

TICK_MS = 1000
"""The countdown's step: it shows hours, minutes and seconds."""


class Stats:
    """The Statistics dialog, the Daily challenge button and the Day form of one screen."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.typed = False  # a day typed before the first reply
        self.choices: list[Any] = []  # the records offered, as drawn: redrawn only when they change
        self.panel: list[Any] = []  # the shown record's caption, lines, bars and note, as drawn
        self.ticking = False  # the countdown's next step is planned

    def draw(self, part: Any) -> None:
        """The ``stats`` part: each piece redrawn only when it changed, so a tick of the countdown
        leaves the radios (and the focus on one) as they are."""
        choices = [[choice["key"], choice["label"]] for choice in part["choices"]]
        if choices != self.choices:
            self.choices = choices
            self.draw_choices(part["choices"])
        for radio in by_id("stats-record").querySelectorAll("input"):
            checked = False
            for choice in part["choices"]:
                if choice["key"] == radio.value:
                    checked = choice["checked"]
            radio.checked = radio.autofocus = checked  # the dialog opens on the record shown
        panel = [part["caption"], part["lines"], part["bars"], part["chart_note"]]
        if panel != self.panel:
            self.panel = panel
            self.draw_panel(part)
        place_text(by_id("next-daily"), part["next_daily"])

    @staticmethod
    def draw_choices(choices: list[Any]) -> None:
        fieldset = by_id("stats-record")
        legend = fieldset.querySelector("legend")
        fieldset.replaceChildren(legend)
        for choice in choices:
            radio = element("input")
            radio.type = "radio"
            radio.name = "stats-record"
            radio.value = choice["key"]
            label = element("label")
            label.append(radio)
            label.append(element("span", "", choice["label"]))
            fieldset.append(label)

    @staticmethod
    def draw_panel(part: Any) -> None:
        place_text(by_id("stats-rules"), part["caption"])
        lines = by_id("stats-lines")
        lines.replaceChildren()
        for label, value in part["lines"]:
            line = element("div")
            line.append(element("dt", "", label))
            line.append(element("dd", "", value))
            lines.append(line)
        chart = by_id("stats-chart")
        chart.replaceChildren()
        for bar in part["bars"]:
            item = element("li")
            item.setAttribute("aria-label", bar["text"])
            fill = element("span", "bar-fill", bar["wins"])
            fill.style.setProperty("--share", str(bar["share"]))
            track = element("span", "bar-track")
            track.setAttribute("aria-hidden", "true")
            track.append(fill)
            guesses = element("span", "bar-guesses", str(bar["guesses"]))
            guesses.setAttribute("aria-hidden", "true")
            item.append(guesses)
            item.append(track)
            item.append(element("span", "visually-hidden", bar["text"]))
            chart.append(item)
        place_text(by_id("stats-chart-note"), part["chart_note"])

    def draw_day(self, part: Any) -> None:
        """The ``day`` part: the Day field's bounds, and the day on the board (else today); a day
        typed while the page started stays (the first reply does not know of it)."""
        day = by_id("day")
        day.min, day.max = part["min"], part["max"]
        if self.screen.ready or not self.typed:
            day.value = part["value"]

    # Events

    def open_stats(self, event: Any) -> None:
        self.screen.send("open-stats", {"now": moment(js.Date.new())})

    def on_record(self, event: Any) -> None:
        """Another record chosen (a radio's ``change``, bubbled to the fieldset)."""
        self.screen.send("stats-record", {"record": event.target.value})

    def on_toggle(self, event: Any) -> None:
        """The dialog opened (by the button or by itself at the end of a game): the countdown
        from now, then each second while it stays open. No timer id is kept: each step plans the
        next only while the dialog is open, so once it closes the last step ends the countdown
        (MicroPython hands a large timer id back to JavaScript cut to 32 bits)."""
        if event.newState != "open":
            return
        self.tick()
        if not self.ticking:
            self.ticking = True
            js.setTimeout(self.step, TICK_MS)

    def step(self, *ignored: Any) -> None:
        if not by_id("stats").open:
            self.ticking = False
            return
        self.tick()
        js.setTimeout(self.step, TICK_MS)

    def tick(self) -> None:
        self.screen.send("tick", {"now": moment(js.Date.new())})

    def start_daily(self, event: Any) -> None:
        event.currentTarget.blur()  # the board takes the keys now (Enter would start it again)
        self.screen.send("daily", {"today": today(js.Date.new())})

    def choose_day(self, event: Any) -> None:
        """Play day: the day typed goes to the session, which refuses a bad or future one in words."""
        event.preventDefault()
        self.screen.send("choose-day", {"day": by_id("day").value, "today": today(js.Date.new())})


def install(screen: Screen) -> None:
    """Register this part's drawers, effects, dialogs and buttons on `screen`, and wire its events."""
    stats = Stats(screen)
    screen.parts["stats"] = stats.draw
    screen.parts["day"] = stats.draw_day
    screen.listen(by_id("day"), "input", lambda event: setattr(stats, "typed", True))
    screen.dialogs.add("stats")
    screen.playing.extend(("open-stats", "daily", "play-day"))
    screen.listen(by_id("open-stats"), "click", stats.open_stats)
    screen.listen(by_id("stats-record"), "change", stats.on_record)
    screen.listen(by_id("stats"), "toggle", stats.on_toggle)
    screen.listen(by_id("daily"), "click", stats.start_daily)
    screen.listen(by_id("day-form"), "submit", stats.choose_day)
