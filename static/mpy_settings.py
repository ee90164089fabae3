"""The Solo screen's Settings dialog on the main thread (MicroPython): the form filled and checked
by the session (``fill``, ``errors``), presets, saving, and a reload when the language changes.

The dialog is index.html's ``<dialog id="settings">``: this module reads the
form's fields by name and sends them; which preset the rules make, what a preset fills in, which
value is wrong and why, all come back from the worker as effects. The look a save chose comes
with the board (its ``look``, drawn by ``static/mpy_page.py``). The dialog's data section (Export,
Import, whether the browser keeps the data) is ``static/mpy_share.py``'s.
"""

from typing import TYPE_CHECKING

import js
from mpy_dom import by_id, place_text

if TYPE_CHECKING:
    from typing import Any

    from mpy_page import Screen

RULE_FIELDS = ("pegs", "colors", "guesses", "duplicates")
"""The form's fields that make the rules: editing one asks the session which preset they are now
(:mod:`mastermind.page.settings_form` answers)."""


class SettingsDialog:
    """The Settings dialog: opened filled by the session, its fields sent on a preset's choice, a
    rule's edit and Save, and filled, marked wrong or closed by the effects of the replies."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.form = by_id("settings-form")
        self.asked = 0
        """The last message that asks for a fill (a preset chosen, a rule edited)."""
        self.save_waits = False
        """Save was pressed before that fill arrived: the form is sent once it has, as filled."""

    def install(self) -> None:
        screen, on = self.screen, self.screen.listen
        screen.dialogs.add("settings")
        screen.playing.append("open-settings")
        screen.effects["fill"] = self.fill
        screen.effects["errors"] = self.show_errors
        screen.effects["reload"] = lambda effect: js.location.reload()  # static/shell.js words the page in the language chosen
        on(by_id("open-settings"), "click", lambda event: screen.send("open-settings"))
        on(self.form, "submit", self.on_save)
        on(self.field("preset"), "change", lambda event: self.ask("preset", {"name": event.target.value}))
        for name in RULE_FIELDS:
            on(self.field(name), "input", lambda event: self.ask("rule-field", {"fields": self.fields()}))

    def field(self, name: str) -> Any:
        return self.form.elements.namedItem(name)

    def fields(self) -> dict[str, object]:
        """Every named field of the form: its text, or true/false for a checkbox."""
        fields: dict[str, object] = {}
        controls = self.form.elements
        for index in range(controls.length):
            control = controls[index]
            if control.name:
                fields[control.name] = bool(control.checked) if control.type == "checkbox" else control.value
        return fields

    def ask(self, kind: str, values: dict[str, object]) -> None:
        self.screen.send(kind, values)
        self.asked = self.screen.posted

    def on_save(self, event: Any) -> None:
        event.preventDefault()
        if self.screen.answered < self.asked:  # a preset's fields are still on their way: save the form they make
            self.save_waits = True
        else:
            self.save()

    def save(self) -> None:
        self.save_waits = False
        self.screen.send("save-settings", {"fields": self.fields()})

    def fill(self, effect: Any) -> None:
        """Set the fields the session names (every one when the dialog opens, the rules of a
        preset, the preset the rules make); then a Save that waited for them is sent."""
        for name, value in effect["fields"].items():
            control = self.field(name)
            if control is None:
                continue
            if control.type == "checkbox":
                control.checked = value
            else:
                control.value = value
        if self.save_waits and self.screen.answered >= self.asked:
            self.save()

    def show_errors(self, effect: Any) -> None:
        """Each field's message beside it (``#<name>-error``), the wrong ones marked invalid; the
        session's ``focus`` effect then takes the first wrong one."""
        for name, message in effect["errors"].items():
            place_text(by_id(name + "-error"), message)
            self.field(name).setAttribute("aria-invalid", "true" if message else "false")


def install(screen: Screen) -> None:
    """Register this part's drawers, effects, dialogs and buttons on `screen`, and wire its events."""
    SettingsDialog(screen).install()
