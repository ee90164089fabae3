"""The Lab's code editor (CodeMirror 6, static/editor.mjs, docs/lab.md "The editor") in a real
Chromium, used with the keys as a person would: what is typed reaches the page's textarea, Python
is highlighted, undo works, a new line is indented, Tab indents and Escape then Tab leaves, an
error's line is marked, a value the page's Python sets shows in the editor; axe-core finds nothing
at 360 and 1280 px, light and dark, and the page's CSP and Trusted Types report no violation; a
phone taps into it; without the editor's file the plain textarea does the job. Run with ``-n 1``:
each test opens the Lab, which starts its own Pyodide worker."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_accessibility import Audit
from .test_lab import BOOT_TIMEOUT_MS, RUN_TIMEOUT_MS, Lab

EDITOR_FILE = "**/vendor/editor.mjs"
STARTER_FILE = "**/data/starter_strategy.py"
CSP_WATCH = "window.__csp = []; addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective));"
HINT = "Tab indents. To leave the editor, press Escape, then Tab."


class Editor(Lab):
    """The Lab (e2e/test_lab.py) once the code editor holds `Strategy`, the page's CSP watched."""

    def open(self) -> Editor:
        self.page.add_init_script(CSP_WATCH)
        super().open()
        expect(self.page.locator(".cm-editor")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        return self

    def value(self) -> str:
        return self.model.input_value()

    def focused(self) -> bool:
        return self.page.evaluate("document.activeElement.classList.contains('cm-content')")

    def violations(self) -> list[str]:
        console = self.game.console
        return self.page.evaluate("window.__csp") + [line for line in console if "Content Security Policy" in line or "TrustedHTML" in line]


@pytest.fixture
def editor(solo):
    return Editor(solo).open()


def test_the_editor_takes_the_textarea_s_place_and_the_keys_edit_its_value(editor, solo):
    expect(editor.editor).to_have_count(1)
    expect(editor.editor).to_have_attribute("aria-multiline", "true")
    expect(editor.editor).to_have_class(re.compile(r"\bcm-content\b"))  # the editor, not the textarea
    expect(editor.model).to_be_hidden()
    starter = editor.value()
    editor.editor.click()
    editor.page.keyboard.press("ControlOrMeta+End")  # CodeMirror draws the lines in view only
    expect(editor.editor).to_contain_text("def guess(")

    # Python highlighted: the keyword `def` is drawn apart from the text around it.
    keyword, plain = editor.page.evaluate("""() => {
        const spans = [...document.querySelectorAll('.cm-content .cm-line span')];
        const def = spans.find((span) => span.textContent === 'def');
        const style = (node) => { const s = getComputedStyle(node); return [s.color, s.fontWeight]; };
        return [def ? style(def) : null, style(document.querySelector('.cm-content'))];
    }""")
    assert keyword is not None and keyword != plain, (keyword, plain)

    editor.page.keyboard.type("# typed by keys")
    assert editor.value() == starter + "# typed by keys"
    expect(editor.editor).to_contain_text("# typed by keys")

    for _ in range(20):  # typing a long while makes several undo steps, as in any editor
        if editor.value() == starter:
            break
        editor.page.keyboard.press("ControlOrMeta+z")
    assert editor.value() == starter
    expect(editor.editor).not_to_contain_text("# typed by keys")
    editor.page.keyboard.press("ControlOrMeta+Shift+Z")
    assert editor.value().startswith(starter) and len(editor.value()) > len(starter)
    assert editor.violations() == []


def test_a_new_line_is_indented_tab_indents_and_escape_then_tab_leaves(editor, solo):
    hint = editor.page.get_by_text(HINT, exact=True)
    expect(hint).to_be_visible()
    expect(editor.editor).to_have_attribute("aria-describedby", re.compile(r"\blab-code-hint\b"))

    editor.editor.click()
    editor.page.keyboard.press("ControlOrMeta+a")
    editor.page.keyboard.press("Delete")
    editor.page.keyboard.type("def guess(history, rules):")
    editor.page.keyboard.press("Enter")
    editor.page.keyboard.type("return 'RGBY'")
    assert editor.value() == "def guess(history, rules):\n    return 'RGBY'"

    editor.page.keyboard.press("Tab")
    assert editor.value() == "def guess(history, rules):\n        return 'RGBY'"
    assert editor.focused()
    outline = editor.page.locator(".cm-editor").evaluate("(node) => [getComputedStyle(node).outlineStyle, parseFloat(getComputedStyle(node).outlineWidth)]")
    assert outline[0] == "solid" and outline[1] >= 2, outline
    editor.page.keyboard.press("Shift+Tab")
    assert editor.value() == "def guess(history, rules):\n    return 'RGBY'"

    editor.page.keyboard.press("Escape")
    editor.page.keyboard.press("Tab")
    assert not editor.focused()
    expect(editor.page.get_by_role("button", name="Run", exact=True)).to_be_focused()
    assert editor.value() == "def guess(history, rules):\n    return 'RGBY'"  # Tab left, inserted nothing
    editor.page.keyboard.press("Shift+Tab")
    expect(editor.editor).to_be_focused()
    assert editor.violations() == []


def test_an_error_s_line_is_marked_in_the_editor(editor, solo):
    editor.type_strategy("def guess(history, rules):\n    return (\n")
    assert editor.value() == "def guess(history, rules):\n    return (\n"
    editor.page.get_by_role("button", name="Run", exact=True).click()
    expect(editor.model).to_have_attribute("data-error-line", "2", timeout=RUN_TIMEOUT_MS)
    marked = editor.page.locator(".cm-error-line")
    expect(marked).to_have_count(1)
    expect(marked).to_have_text("    return (")
    expect(editor.page.locator(".cm-error-marker")).to_have_attribute("title", "Error on this line")

    editor.type_strategy("def guess(history, rules):\n    return 'RGBY'\n")
    editor.page.get_by_role("button", name="Run", exact=True).click()
    expect(editor.model).not_to_have_attribute("data-error-line", re.compile(".*"), timeout=RUN_TIMEOUT_MS)
    expect(marked).to_have_count(0)
    assert editor.violations() == []


def test_a_value_the_page_sets_after_the_editor_is_up_shows_in_it(solo):
    """The page's Python fills in the starter strategy once its fetch answers: held here until the
    editor is up, so the value reaches CodeMirror through the textarea (the `value` hook)."""
    held = []
    solo.page.route(STARTER_FILE, lambda route: held.append(route))
    editor = Editor(solo)
    solo.page.add_init_script(CSP_WATCH)
    solo.page.goto(solo.base_url + "?mode=lab")
    expect(solo.page.locator(".cm-editor")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    for _ in range(600):  # the route's handler runs on Playwright's side: wait for it
        if held:
            break
        solo.page.wait_for_timeout(100)
    assert held and editor.value() == ""
    expect(editor.editor).not_to_contain_text("def guess")
    held[0].continue_()
    expect(editor.model).to_have_value(re.compile("def guess"), timeout=BOOT_TIMEOUT_MS)
    lines = [line for line in editor.value().split("\n") if line.strip()]
    expect(editor.editor).to_contain_text(lines[0])
    expect(editor.editor).to_contain_text(lines[1])
    assert editor.violations() == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [{"width": 360, "height": 640}, {"width": 1280, "height": 720}], ids=["360", "1280"])
def test_axe_finds_nothing_and_the_editor_fits(solo, scheme, size):
    solo.page.set_viewport_size(size)
    solo.page.emulate_media(color_scheme=scheme)
    editor = Editor(solo).open()
    editor.type_strategy("def guess(history, rules):\n    # every code still possible\n    return (\n")
    editor.page.get_by_role("button", name="Run", exact=True).click()
    expect(editor.model).to_have_attribute("data-error-line", "3", timeout=RUN_TIMEOUT_MS)
    editor.editor.click()  # focused, its error line marked: every state of it audited
    frame = editor.page.locator(".cm-editor").bounding_box()
    field = editor.page.locator(".lab-editor").bounding_box()  # the Strategy field: the board's width
    assert frame and field and frame["width"] >= max(field["width"] - 2, 280) and frame["height"] >= 150, (frame, field)
    assert editor.page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    audit = Audit(editor.page)
    audit.check(f"Lab editor {scheme} {size['width']}")
    assert audit.found == {}, audit.found
    assert editor.violations() == []


def test_a_phone_taps_into_the_editor_and_types(new_context, site_url, make_solo):
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    game = make_solo(context.new_page(), site_url)
    editor = Editor(game).open()
    starter = editor.value()
    editor.page.locator(".cm-content .cm-line").last.tap()
    expect(editor.editor).to_be_focused()
    editor.page.keyboard.type("x")
    assert editor.value() != starter and len(editor.value()) == len(starter) + 1
    assert game.problems() == [] and editor.violations() == []


def test_without_the_editor_s_file_the_textarea_does_the_job(new_context, site_url, make_solo):
    # a route cannot refuse what a service worker serves from its cache (see conftest's Held)
    solo = make_solo(new_context(service_workers="block").new_page(), site_url)
    solo.page.route(EDITOR_FILE, lambda route: route.fulfill(status=404, body="refused"))
    solo.page.add_init_script(CSP_WATCH)
    lab = Lab(solo).open()
    assert solo.page.evaluate("mastermindUpgradeEditor(document.getElementById('lab-code'))") is None
    expect(lab.editor).to_be_visible()
    assert lab.editor.evaluate("(node) => node.localName") == "textarea"
    expect(solo.page.locator(".cm-editor")).to_have_count(0)
    expect(solo.page.get_by_text(HINT, exact=True)).to_be_hidden()  # Tab leaves a textarea: no hint

    lab.type_strategy("def guess(history, rules):\n    return (\n")
    assert lab.model.input_value() == "def guess(history, rules):\n    return (\n"
    lab.run()
    expect(lab.model).to_have_attribute("data-error-line", "2", timeout=RUN_TIMEOUT_MS)
    refused = [failure for failure in solo.failures if "/vendor/editor.mjs" in failure]
    assert refused
    solo.failures[:] = [failure for failure in solo.failures if failure not in refused]
    solo.console[:] = [line for line in solo.console if not line.startswith("error: Failed to load resource")]
    assert solo.page.evaluate("window.__csp") == []
    assert solo.problems() == []
