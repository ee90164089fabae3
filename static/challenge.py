"""The browser shell of the Challenge a friend dialog: a code and the person's rules become a
link. The link's encoding is :mod:`mastermind.challenge`'s, every word the page's
(:mod:`mastermind.page.challenge_words`); this module moves values between them and the dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dom import Element, by_id, on, place_text, spawn
from js import location, navigator
from pyodide.ffi import JsException

from mastermind import CodeError
from mastermind.page.address import challenge_url
from mastermind.page.challenge_words import CLIPBOARD_REFUSED, LINK_COPIED, challenge_made, challenge_rules, code_refusal
from mastermind.page.words import _

if TYPE_CHECKING:
    from board import Page


class ChallengeDialog:
    """Wires the dialog to the page (``static/app.py``'s ``Page``, which opens it with :meth:`open`)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dialog = by_id("challenge")
        self.code = by_id("challenge-code")
        self.link = by_id("challenge-link")
        self.result = by_id("challenge-result")
        self.message = by_id("challenge-message")
        on(by_id("challenge-form"), "submit", self.create)
        on(by_id("challenge-random"), "click", self.draw)
        on(by_id("challenge-copy"), "click", lambda event: spawn(self.copy()))

    def open(self, event: Element) -> None:
        place_text(by_id("challenge-rules"), challenge_rules(self.page.view.settings))
        self.code.value = ""
        self.refuse("")
        self.dialog.showModal()

    def draw(self, event: Element) -> None:
        self.code.value = self.page.view.random_code()
        self.refuse("")

    def refuse(self, message: str) -> None:
        """Show `message` beside the code (none: clear it), and hide any link made before."""
        place_text(by_id("challenge-code-error"), message)
        self.code.setAttribute("aria-invalid", "true" if message else "false")
        self.result.hidden = True

    def create(self, event: Element) -> None:
        event.preventDefault()
        try:
            made = self.page.view.make_challenge(self.code.value)
        except CodeError as error:
            self.refuse(code_refusal(error))
            self.code.focus()
            return
        self.refuse("")
        self.link.value = challenge_url(location.origin + location.pathname, made)
        place_text(self.message, challenge_made(made))
        self.result.hidden = False
        self.link.focus()
        self.link.select()

    async def copy(self) -> None:
        try:
            await navigator.clipboard.writeText(self.link.value)
        except (JsException, AttributeError):  # refused, or no clipboard in this browser
            self.link.focus()
            self.link.select()
            place_text(self.message, _(CLIPBOARD_REFUSED))
        else:
            place_text(self.message, _(LINK_COPIED))
