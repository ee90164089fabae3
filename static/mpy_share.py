"""The Solo screen's sharing and data on the main thread (MicroPython): Share and the reply link
(``share``, ``reply``), Challenge a friend (``challenge``), keeping the data (``persist``, ``data``),
Export and Import (``download``, ``read-import``, ``import-preview``, ``imported``).

Every word and every check is the session's: this module hands the browser's answers back (how Share went, the
file's size and text, whether the browser keeps the data) and draws what the session says.

A promise's callbacks take their value as optional: MicroPython drops trailing ``undefined``
arguments of a call from JavaScript, so a promise resolved with nothing calls them with none.
"""

from typing import TYPE_CHECKING

import js
from mpy_dom import BrowserError, attempt, by_id, document, element, moment, place_text, plain, show_below_history

if TYPE_CHECKING:
    from typing import Any

    from mpy_page import Screen

IMPORTED = "mastermind-imported"
"""``sessionStorage`` flag: the page reloaded after an import, so its start says so."""
LARGEST_SIZE = 2**31 - 1
"""A JavaScript number reaches MicroPython as a 32-bit whole number: a larger file's size is
sent as this, measured in JavaScript (a slice's), and refused unread all the same."""
REVOKE_MS = 10_000
"""An export's Blob address is let go after this long: the download has begun by then."""


def imported_before() -> bool:
    """Whether the page reloads after an import (the flag taken: a later reload is no import)."""
    try:
        session = attempt(js.window, "sessionStorage")
        flagged = attempt(session, "getItem", [IMPORTED]) is not None
        attempt(session, "removeItem", [IMPORTED])
    except BrowserError:  # session storage blocked: the import said so already, before the reload
        return False
    return flagged


class Sharing:
    """The parts and effects of this module, over one :class:`~mpy_page.Screen`."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.share: Any = None  # the share part: each form's text and sentences (None: nothing to share)
        self.challenge: Any = None  # the Challenge a friend part last drawn
        self.chosen: Any = None  # the file chosen to import, until it is read

    # Share and the reply link

    def draw_share(self, part: Any) -> None:
        self.share = part
        if part is None:
            by_id("share-box").hidden = True

    def on_share(self, event: Any) -> None:
        """Share the result in the form ``Share as`` chose: the device's share sheet where the
        browser has one, else the clipboard, else the text shown selected; the text is shown below
        the board in each case, and the session words the outcome."""
        part = self.share
        form = document.querySelector('#share-box input[name="share-as"]:checked').value
        if part is None or form not in part["forms"]:
            return
        text = part["forms"][form]["text"]
        by_id("share-text").value = text
        show_below_history(by_id("share-box"))
        if hasattr(js.navigator, "share"):
            def failed(error: Any = None) -> None:
                if error is not None and error.name == "AbortError":  # the person closed the share sheet
                    self.shared("aborted", form)
                else:
                    self.copy(text, form)

            js.navigator.share(plain({"text": text})).then(lambda *done: self.shared("handed", form), failed)
        else:
            self.copy(text, form)

    def copy(self, text: str, form: str) -> None:
        def refused(error: Any = None) -> None:
            by_id("share-text").select()
            self.shared("refused", form)

        if not hasattr(js.navigator, "clipboard"):
            refused()
            return
        js.navigator.clipboard.writeText(text).then(lambda *done: self.shared("copied", form), refused)

    def shared(self, outcome: str, form: str) -> None:
        self.screen.send("shared", {"outcome": outcome, "form": form})

    @staticmethod
    def draw_reply(part: Any) -> None:
        """A friend's reply to a challenge beside the person's own game of it, or the sentence
        that refuses a reply link changed by hand."""
        if part is None:
            by_id("reply-panel").hidden = True
            return
        for text_id, grid_id, text, grid in (("reply-text", "reply-grid", part["friend"], part["friend_grid"]),
                                             ("reply-own", "reply-own-grid", part["own"], part["own_grid"])):
            place_text(by_id(text_id), text)
            by_id(text_id).hidden = not text
            by_id(grid_id).textContent = "\n".join(grid)
            by_id(grid_id).hidden = not grid
        by_id("reply-panel").hidden = False

    # Challenge a friend

    def draw_challenge(self, part: Any) -> None:
        """The dialog as the session holds it: the rules, the code, its refusal beside it (the
        link made before hidden), or the link made and its sentence."""
        self.challenge = part
        place_text(by_id("challenge-rules"), part["rules"])
        code = by_id("challenge-code")
        code.value = part["code"]
        place_text(by_id("challenge-code-error"), part["error"])
        code.setAttribute("aria-invalid", "true" if part["error"] else "false")
        made = part["link"] is not None
        by_id("challenge-result").hidden = not made
        if made:
            by_id("challenge-link").value = part["link"]
            place_text(by_id("challenge-message"), part["message"])

    def on_challenge_open(self, event: Any) -> None:
        if self.challenge is not None:  # what was typed last time goes: the session's dialog opens afresh
            self.draw_challenge(self.challenge)
        self.screen.send("challenge-open")

    def on_challenge_random(self, event: Any) -> None:
        if self.challenge is not None:  # a code typed since the last draw goes, even when the same is drawn again
            self.draw_challenge(self.challenge)
        self.screen.send("challenge-random")

    def on_challenge_create(self, event: Any) -> None:
        event.preventDefault()
        self.screen.send("challenge-create", {"code": by_id("challenge-code").value})

    def on_challenge_copy(self, event: Any) -> None:
        link, message = by_id("challenge-link"), by_id("challenge-message")
        part = self.challenge

        def refused(error: Any = None) -> None:
            link.focus()
            link.select()
            place_text(message, part["refused"])

        if part is None:
            return
        if not hasattr(js.navigator, "clipboard"):
            refused()
            return
        js.navigator.clipboard.writeText(link.value).then(lambda *done: place_text(message, part["copied"]), refused)

    # Keeping the data, export and import

    @staticmethod
    def draw_data(part: Any) -> None:
        place_text(by_id("data-kept"), part["kept"])
        place_text(by_id("data-message"), part["message"])

    def persist(self, effect: Any) -> None:
        """Ask the browser to keep the data (``ask`` false: only whether it does already) and
        send its answer; a check that finds the data not kept yet sends nothing."""
        ask = effect["ask"]

        def answered(granted: Any = False) -> None:
            if granted:
                self.screen.send("kept", {"state": "granted"})
            elif ask:
                self.screen.send("kept", {"state": "refused"})

        try:
            asked = attempt(js.navigator.storage, "persist" if ask else "persisted", [])
        except BrowserError:  # the browser throws rather than answers: not kept
            answered(False)
            return
        asked.then(answered, lambda *error: answered(False))

    def on_export(self, event: Any) -> None:
        self.screen.send("export", {"now": moment(js.Date.new())})

    def download(self, effect: Any) -> None:
        """The export's file saved by the browser under its name: a Blob the worker made of the
        text and posted beside the reply (``static/main.mjs`` keeps it by its number), handled
        here only by reference; an export of megabytes would overflow MicroPython's heap."""
        address = js.URL.createObjectURL(self.screen.port.file(effect["file"]))
        link = element("a")
        link.href = address
        link.download = effect["name"]
        link.click()
        js.setTimeout(lambda: js.URL.revokeObjectURL(address), REVOKE_MS)

    def on_import_file(self, event: Any) -> None:
        """A file chosen: its size first (the session refuses a huge one unread); the field is
        emptied, so choosing the same file again reads it again."""
        field = event.target
        files = field.files
        if not files or files.length == 0:
            return
        self.chosen = files.item(0)
        field.value = ""
        self.screen.send("import-size", {"size": self.chosen.slice(0, LARGEST_SIZE).size})

    def read_import(self, effect: Any) -> None:
        """Send the chosen file's text, read as strict UTF-8 (``import-text``; null when it cannot
        be read or is no UTF-8: a decoder that replaced the bytes would hand over another file).
        The text goes from the file to the worker in JavaScript, a chain of the browser's own
        functions: a file of megabytes would not fit MicroPython's heap, nor is it its business.
        Each is taken with ``Reflect.get``: a method read as an attribute is a Python method, and
        what it returns would pass through MicroPython."""
        chosen, self.chosen = self.chosen, None
        if chosen is None:
            return
        get, screen = js.Reflect.get, self.screen
        message = plain({"v": 1, "action": {"kind": "import-text", "text": None}})
        decoder = js.TextDecoder.new("utf-8", plain({"fatal": True}))
        (chosen.arrayBuffer().then(get(js.TextDecoder.prototype, "decode").bind(decoder))
         .then(get(js.Reflect, "set").bind(None, message.action, "text"))
         .then(get(js.JSON, "stringify").bind(None, message))
         .then(get(screen.port, "post"))  # counted by the port, as each message the worker answers
         .catch(lambda *error: screen.send("import-text", {"text": None})))

    @staticmethod
    def import_preview(effect: Any) -> None:
        place_text(by_id("import-question"), effect["question"])
        lines = by_id("import-lines")
        lines.replaceChildren()
        for line in effect["lines"]:
            lines.append(element("li", "", line))

    @staticmethod
    def imported(effect: Any) -> None:
        """The import's writes stored: the page loads again, reading them all afresh, and its
        start says they were imported. (A reply whose import the browser refused is not drawn
        and its effects are not done: ``static/mpy_page.py``.)"""
        try:
            attempt(attempt(js.window, "sessionStorage"), "setItem", [IMPORTED, "1"])
        except BrowserError as error:  # session storage blocked: the reload just does not say it
            js.console.warn("sessionStorage: " + str(error))
        js.location.reload()

    def wire(self) -> None:
        on = self.screen.listen
        on(by_id("share-box"), "change", self.on_share)  # Share as: Grid or Text, shared again
        on(by_id("challenge-open"), "click", self.on_challenge_open)
        on(by_id("challenge-random"), "click", self.on_challenge_random)
        on(by_id("challenge-form"), "submit", self.on_challenge_create)
        on(by_id("challenge-copy"), "click", self.on_challenge_copy)
        on(by_id("export-data"), "click", self.on_export)
        on(by_id("import-file"), "change", self.on_import_file)
        on(by_id("import-confirm"), "click", lambda event: self.screen.send("import-confirm"))


def install(screen: Screen) -> None:
    """Register this part's drawers, effects, dialogs and buttons on `screen`, and wire its events."""
    sharing = Sharing(screen)
    screen.parts.update({"share": sharing.draw_share, "reply": sharing.draw_reply,
                         "challenge": sharing.draw_challenge, "data": sharing.draw_data})
    screen.effects.update({"persist": sharing.persist, "download": sharing.download, "read-import": sharing.read_import,
                           "import-preview": sharing.import_preview, "imported": sharing.imported})
    screen.dialogs.update(("challenge", "import-preview"))
    screen.playing.extend(("challenge-open", "export-data"))
    screen.end_actions["share"] = sharing.on_share
    storage = js.navigator.storage if hasattr(js.navigator, "storage") else None
    screen.telling.update({"persist": storage is not None and hasattr(storage, "persist"), "imported": imported_before()})
    sharing.wire()
