// The Lab's code editor: CodeMirror 6 upgrading the page's <textarea> in place. The source of
// site/vendor/editor.mjs: tools/build_site.py bundles it with CodeMirror into one minified module,
// which the page imports only when the Lab opens (static/shell.js: mastermindUpgradeEditor).
//
// The textarea stays the page's model: Python reads and writes its `value`, listens to its `input`
// event and marks an error's line in its `data-error-line` attribute, exactly as without the
// editor. `upgrade(textarea)` mounts the editor after it and keeps the two in step:
//
// - an edit in the editor sets the textarea's value and dispatches `input` (bubbling), as typing
//   into the textarea would;
// - a value set by the page (`textarea.value = text`, from Python or JavaScript) reaches the
//   editor through a `value` property defined on that one textarea, which calls the element's own
//   setter and then replaces the editor's text (no `input` event and no undo step, as for a
//   textarea);
// - `data-error-line` (a line number, or absent/empty for none) marks that line: a decoration on
//   the line and a marker in the gutter titled by the textarea's `data-error-marker` (a text of the
//   page, translated like the others); `readonly` and `disabled` make the editor read-only.
//
// The textarea is hidden (the `hidden` attribute: out of the accessibility tree too) and the
// editor's content takes its accessible name (its label, by aria-labelledby) and description. If
// the bundle cannot be fetched or the editor fails to mount, the textarea is left as it was.
//
// Keyboard: Tab and Shift-Tab indent and dedent (indentWithTab); Escape, then Tab, leaves the
// editor (CodeMirror's tab-focus escape; Ctrl-M toggles it). The element named by the textarea's
// `data-editor-hint` (a visible sentence saying so, hidden until the editor is up) is shown and
// describes the editor.
//
// Styles: CodeMirror's style-mod writes its rules into a <style> element in a document (a
// constructed, adopted style sheet only in a shadow root), which the page's CSP refuses
// (style-src 'self', no inline styles). `StyleModule.mount` is therefore given a stand-in for the
// document that has no <head>, so style-mod takes its constructed-sheet path and adopts the sheet
// into the document: CSSOM, which the policy allows, and no new CSP directive. The theme takes the page's CSS variables (style.css), so it follows Light, Dark and High contrast, and
// light-dark() picks the syntax colours by the page's colour scheme (each at least 7:1 on its
// background).

import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import { bracketMatching, HighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { Compartment, EditorState, RangeSet, StateEffect, StateField, Transaction } from "@codemirror/state";
import { Decoration, EditorView, GutterMarker, gutter, highlightSpecialChars, keymap, lineNumbers } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { StyleModule } from "style-mod";

// style-mod's own mount, for a document given the stand-in below (see the header), which holds
// its style set, one per document.
const mount = StyleModule.mount;
const standIns = new WeakMap();
StyleModule.mount = (root, modules, options) => {
  if (!root.head || !root.adoptedStyleSheets) return mount(root, modules, options); // a shadow root, or no constructed sheets
  if (!standIns.has(root)) {
    standIns.set(root, {
      ownerDocument: root,
      get adoptedStyleSheets() {
        return root.adoptedStyleSheets;
      },
      set adoptedStyleSheets(sheets) {
        root.adoptedStyleSheets = sheets;
      },
    });
  }
  return mount(standIns.get(root), modules, options);
};

const VALUE = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value");
const views = new WeakMap();

// The error's line (1-based), or 0 for none.
const setErrorLine = StateEffect.define();

class ErrorMarker extends GutterMarker {
  constructor(label) {
    super();
    this.label = label;
  }

  eq(other) {
    return other.label === this.label;
  }

  toDOM() {
    const mark = document.createElement("span");
    mark.className = "cm-error-marker";
    mark.textContent = "!";
    if (this.label) mark.title = this.label;
    return mark;
  }
}

const errorLine = StateField.define({
  create: () => 0,
  update(line, transaction) {
    for (const effect of transaction.effects) if (effect.is(setErrorLine)) line = effect.value;
    return line <= transaction.state.doc.lines ? line : 0;
  },
});

const errorDecoration = Decoration.line({ class: "cm-error-line" });

function errorExtensions(label) {
  const marker = new ErrorMarker(label);
  const at = (state, value) => {
    const line = state.field(errorLine);
    return line ? RangeSet.of([value.range(state.doc.line(line).from)]) : RangeSet.empty;
  };
  return [
    errorLine,
    EditorView.decorations.compute([errorLine, "doc"], (state) => at(state, errorDecoration)),
    gutter({ class: "cm-error-gutter", markers: (view) => at(view.state, marker) }),
  ];
}

const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword, tags.definitionKeyword, tags.moduleKeyword],
    color: "light-dark(#7b1f8f, #e0b6ff)", fontWeight: "bold" },
  { tag: [tags.string, tags.special(tags.string)], color: "light-dark(#175a1c, #a6e3a1)" },
  { tag: [tags.number, tags.bool, tags.null], color: "light-dark(#8f3f00, #ffc591)" },
  { tag: [tags.function(tags.definition(tags.variableName)), tags.definition(tags.className)],
    color: "light-dark(#1f4fa0, #a8c8ff)" },
  { tag: [tags.self, tags.standard(tags.variableName)], color: "light-dark(#a3155a, #ffb0cf)" },
  { tag: tags.comment, color: "var(--muted)", fontStyle: "italic" },
  { tag: tags.invalid, color: "var(--error)", textDecoration: "underline wavy" },
]);

const theme = EditorView.theme({
  "&": {
    color: "var(--ink)",
    backgroundColor: "var(--panel)",
    border: "1px solid var(--line)",
    borderRadius: "6px",
    fontSize: "16px", // no smaller: phones zoom into a smaller field
    alignSelf: "stretch", // as wide as the field, in a flex column that centres its items too
  },
  "&.cm-focused": { outline: "3px solid var(--focus)", outlineOffset: "2px" },
  "html[data-theme=contrast] &.cm-focused": { outlineWidth: "4px" },
  ".cm-scroller": {
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    lineHeight: "1.5",
    // No maximum: the editor grows with its text and the Lab's page scrolls (an inner scroller
    // would be a scrolling region with no focusable element of its own).
    minHeight: "12em",
  },
  ".cm-content": { caretColor: "var(--ink)", padding: "6px 0" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--ink)" },
  ".cm-gutters": { backgroundColor: "var(--panel)", color: "var(--muted)", borderRight: "1px solid var(--line)" },
  ".cm-lineNumbers .cm-gutterElement": { padding: "0 6px 0 8px" },
  ".cm-error-line": { backgroundColor: "color-mix(in srgb, var(--error) 14%, var(--panel))" },
  ".cm-error-marker": { color: "var(--error)", fontWeight: "bold", padding: "0 4px" },
  "&.cm-focused .cm-matchingBracket": { backgroundColor: "transparent", outline: "2px solid var(--accent)" },
  "&.cm-focused .cm-nonmatchingBracket": { backgroundColor: "transparent", outline: "2px solid var(--error)" },
});

// The textarea's accessible name and description, for the editor's content: by reference to the
// label (and description) elements, so a text the page changes there is the editor's too.
function naming(textarea, hint) {
  const ids = (attribute) => (textarea.getAttribute(attribute) || "").split(/\s+/).filter(Boolean);
  const labelled = ids("aria-labelledby");
  for (const label of textarea.labels || []) {
    if (!label.id) label.id = `${textarea.id || "editor"}-label`;
    labelled.push(label.id);
  }
  const described = [...ids("aria-describedby"), ...(hint ? [hint.id] : [])];
  const attributes = { "aria-multiline": "true", role: "textbox" };
  if (labelled.length) attributes["aria-labelledby"] = labelled.join(" ");
  else if (textarea.getAttribute("aria-label")) attributes["aria-label"] = textarea.getAttribute("aria-label");
  if (described.length) attributes["aria-describedby"] = described.join(" ");
  return attributes;
}

const errorLineOf = (textarea) => {
  const line = Number.parseInt(textarea.getAttribute("data-error-line") || "", 10);
  return Number.isInteger(line) && line > 0 ? line : 0;
};

const locked = (textarea) => textarea.readOnly || textarea.disabled;

/** Put a CodeMirror editor in place of `textarea` (see above); returns its EditorView, the same
 *  one for a textarea already upgraded. */
export function upgrade(textarea) {
  if (views.has(textarea)) return views.get(textarea);
  const hint = textarea.dataset.editorHint ? document.getElementById(textarea.dataset.editorHint) : null;
  const readOnly = new Compartment();
  let syncing = false; // a value set by the page is being copied in: no input event back
  const view = new EditorView({
    parent: textarea.parentNode,
    state: EditorState.create({
      doc: VALUE.get.call(textarea),
      extensions: [
        lineNumbers(),
        errorExtensions(textarea.dataset.errorMarker || ""),
        highlightSpecialChars(),
        history(),
        indentOnInput(),
        bracketMatching(),
        python(),
        syntaxHighlighting(highlight),
        indentUnit.of("    "),
        EditorState.tabSize.of(4),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        readOnly.of(EditorState.readOnly.of(locked(textarea))),
        EditorView.contentAttributes.of(naming(textarea, hint)),
        EditorView.lineWrapping,
        theme,
        EditorView.updateListener.of((update) => {
          if (!update.docChanged || syncing) return;
          VALUE.set.call(textarea, update.state.doc.toString());
          textarea.dispatchEvent(new Event("input", { bubbles: true }));
        }),
      ],
    }),
  });
  textarea.after(view.dom);

  Object.defineProperty(textarea, "value", {
    configurable: true,
    enumerable: true,
    get() {
      return VALUE.get.call(this);
    },
    set(text) {
      VALUE.set.call(this, text);
      const value = VALUE.get.call(this); // as the element normalised it (line breaks)
      if (value === view.state.doc.toString()) return;
      syncing = true;
      try {
        view.dispatch({
          changes: { from: 0, to: view.state.doc.length, insert: value },
          annotations: Transaction.addToHistory.of(false), // as for a textarea: no undo step
        });
      } finally {
        syncing = false;
      }
    },
  });

  const showError = () => {
    const line = errorLineOf(textarea);
    const effects = [setErrorLine.of(line)];
    if (line && line <= view.state.doc.lines) effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: "center" }));
    view.dispatch({ effects });
  };
  new MutationObserver(() => {
    showError();
    view.dispatch({ effects: readOnly.reconfigure(EditorState.readOnly.of(locked(textarea))) });
  }).observe(textarea, { attributes: true, attributeFilter: ["data-error-line", "readonly", "disabled"] });
  showError();

  for (const label of textarea.labels || []) label.addEventListener("click", () => view.focus());
  const focused = document.activeElement === textarea;
  textarea.hidden = true;
  textarea.style.display = "none"; // hidden whatever the page's style sheet says of textareas
  if (hint) hint.hidden = false;
  if (focused) view.focus();
  views.set(textarea, view);
  return view;
}
