// The look before the first paint (Settings > Theme and Colours): the stored settings' theme and
// colours become attributes of <html>, which style.css reads, so no other theme is ever seen.
// Python sets them again once it runs (mastermind/page/appearance.py). Only the two known sets of
// values are taken; anything else (no settings, blocked storage, damage) leaves the defaults.
(() => {
  try {
    const stored = JSON.parse(localStorage.getItem("mastermind:settings"));
    const data = stored && (stored.version === 5 || stored.version === 4 || stored.version === 3 || stored.version === 2) ? stored.data : null; // storage.VERSION
    if (!data || typeof data !== "object") return;
    const root = document.documentElement;
    if (["system", "light", "dark", "contrast"].includes(data.theme)) root.dataset.theme = data.theme;
    if (["standard", "safe"].includes(data.colours)) root.dataset.colours = data.colours;
  } catch {
    // storage blocked or the settings damaged: System and Standard
  }
})();

// Words kept whole: Chromium breaks a line after a hard hyphen (a bracket, a "?") whatever CSS
// says, yet "code-maker", French "jusque-là" or "blanc(s)" are one word. Each such word, where
// text is placed, goes into a <span class="nobreak"> (style.css: white-space: nowrap), made with
// createElement and textContent: screen readers and accessible names read the same text. Used on
// the page's own texts below (after any translation) and by Python's text setter
// (static/mpy_dom.py's place_text).
const KEEP_WHOLE = /\S*\p{L}[-\u2010(?]\S+/gu;
const SKIP_WHOLE = new Set(["option", "select", "textarea", "script", "style", "title", "code", "kbd"]);
const wholeWords = (text) => {
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(KEEP_WHOLE)) {
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    const span = document.createElement("span");
    span.className = "nobreak";
    span.textContent = match[0];
    nodes.push(span);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
};
const keepWordsWhole = (scope) => {
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || SKIP_WHOLE.has(parent.localName) || parent.classList.contains("nobreak")) continue;
    KEEP_WHOLE.lastIndex = 0;
    if (KEEP_WHOLE.test(node.data)) found.push(node);
  }
  for (const node of found) node.replaceWith(...wholeWords(node.data));
};
// Python's text setter: `node`'s text becomes `text`, its hyphenated words kept whole.
window.mastermindPlaceText = (node, text) => {
  if (SKIP_WHOLE.has(node.localName)) node.textContent = text;
  else node.replaceChildren(...wholeWords(text));
};
const keepPageWordsWhole = () => {
  for (const scope of [document.body, ...[...document.querySelectorAll("template")].map((template) => template.content)]) {
    if (scope) keepWordsWhole(scope);
  }
};

// The language, chosen before the first paint: `?lang=<tag>` (not stored), else Settings >
// Language as stored ("auto" or a tag), else the first of the browser's languages the game has
// (fr-CA is fr), else English. It becomes <html lang> at once, which Python reads to fetch its own
// catalog (locale/<tag>.mo). For a language other than English this script fetches locale/<tag>.json
// (tools/build_site.py: the page's texts, msgid -> msgstr, and each colour's name and letter under
// "colour\x04<Name>" and "letter of <Name>\x04<letter>", as keyed in a compiled catalog) and puts
// the texts in place, by the rules tools/html_text.py extracts them with: the content of every
// element marked data-i18n (its child elements numbered, <1>text</1> or <2/>), the attributes
// people read, and the pegs' letters and names. Text only (textContent, setAttribute), never
// markup. The page stays unseen (style.css, .i18n-pending) until then, for at most three seconds.
(() => {
  const TAGS = ["en", "fr", "de", "es", "pt", "it"];
  const PSEUDO = "qps"; // ?lang=qps only: the layout check's pseudo-language
  const ATTRIBUTES = ["aria-label", "aria-description", "title", "placeholder", "alt",
    "data-early-submit", "data-empty", "data-none", "data-slot-description", "data-error-marker"];
  const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
  const root = document.documentElement;

  const base = (tag) => (typeof tag === "string" ? tag.trim().replace("_", "-").split("-")[0].toLowerCase() : "");
  const chosen = () => {
    const asked = new URLSearchParams(location.search).get("lang");
    if (TAGS.includes(asked) || asked === PSEUDO) return asked;
    try {
      const stored = JSON.parse(localStorage.getItem("mastermind:settings"));
      const data = stored && (stored.version === 5 || stored.version === 4 || stored.version === 3 || stored.version === 2) ? stored.data : null; // storage.VERSION
      if (data && typeof data === "object" && TAGS.includes(data.language)) return data.language;
    } catch {
      // storage blocked or the settings damaged: as "auto"
    }
    const wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]).map(base);
    return wanted.find((tag) => TAGS.includes(tag)) || "en";
  };

  const tag = chosen();
  root.lang = tag;
  if (tag === "en") {
    if (document.readyState !== "loading") keepPageWordsWhole();
    else document.addEventListener("readystatechange", keepPageWordsWhole, { once: true });
    return;
  }

  const collapse = (text) => text.replace(/[ \t\n\r\f]+/g, " ").trim();

  const contentMessage = (element) => {
    const parts = [];
    const children = [];
    for (const node of element.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) parts.push(node.data);
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      children.push(node);
      const number = children.length;
      const plain = !VOID.has(node.localName) && [...node.childNodes].every((child) => child.nodeType === Node.TEXT_NODE);
      parts.push(plain ? `<${number}>${node.textContent}</${number}>` : `<${number}/>`);
    }
    return [collapse(parts.join("")), children];
  };

  // The translation's text and numbered children, each child the original element (<2/>) or a
  // copy of it holding the translated text (<1>...</1>); null if it names a child there is not.
  const rebuilt = (translated, children) => {
    const nodes = [];
    let last = 0;
    for (const match of translated.matchAll(/<(\d+)>([^<]*)<\/\1>|<(\d+)\/>/g)) {
      const child = children[Number(match[1] || match[3]) - 1];
      if (!child) return null;
      if (match.index > last) nodes.push(document.createTextNode(translated.slice(last, match.index)));
      let node = child;
      if (match[1]) {
        node = child.cloneNode(false);
        node.textContent = match[2];
      }
      nodes.push(node);
      last = match.index + match[0].length;
    }
    if (last < translated.length) nodes.push(document.createTextNode(translated.slice(last)));
    return nodes;
  };

  const colourOf = (element) => {
    const found = /(?:^|\s)peg-([a-z]+)(?:\s|$)/.exec(element.className);
    return found ? found[1][0].toUpperCase() + found[1].slice(1) : null;
  };

  const translate = (texts) => {
    const lookup = (key) => (Object.hasOwn(texts, key) && typeof texts[key] === "string" ? texts[key] : null);
    const colourName = (name) => lookup(`colour\u0004${name}`) || name;
    const scopes = [document, ...[...document.querySelectorAll("template")].map((template) => template.content)];
    for (const scope of scopes) {
      for (const name of ATTRIBUTES) {
        for (const element of scope.querySelectorAll(`[${name}]`)) {
          if (name === "aria-label" && element.hasAttribute("data-letter")) continue;
          let message = collapse(element.getAttribute(name));
          const colour = element.getAttribute("aria-label") || "";
          if (name === "data-slot-description" && colour) message = message.split(colour).join("{colour}");
          const numbers = [];
          message = message.replace(/\b\d+\b/g, (number) => {
            numbers.push(number);
            return "{number}";
          });
          const translated = lookup(message);
          if (translated === null) continue;
          const value = translated.replace(/\{number\}/g, () => numbers.shift() || "").replace(/\{colour\}/g, () => colourName(colour));
          element.setAttribute(name, value);
        }
      }
      for (const element of scope.querySelectorAll("[data-i18n]")) {
        const [message, children] = contentMessage(element);
        const translated = lookup(message);
        const nodes = translated === null ? null : rebuilt(translated, children);
        if (!nodes) continue;
        if (element.localName === "option" && !element.hasAttribute("value")) element.setAttribute("value", element.value);
        element.replaceChildren(...nodes);
      }
      // Pegs: their letters (the language's, typed too: data-shown-letter) and a palette colour's name.
      for (const peg of scope.querySelectorAll(".peg")) {
        const colour = colourOf(peg);
        if (!colour) continue;
        const letter = lookup(`letter of ${colour}\u0004${peg.dataset.letter || peg.textContent.trim()}`);
        if (letter && peg.textContent.trim().length === 1) peg.textContent = letter;
        if (letter && peg.dataset.letter) peg.dataset.shownLetter = letter;
        if (peg.dataset.letter) peg.setAttribute("aria-label", colourName(colour));
      }
    }
  };

  root.classList.add("i18n-pending"); // style.css: the English texts are never seen
  const reveal = () => root.classList.remove("i18n-pending");
  const timer = setTimeout(reveal, 3000);
  const texts = fetch(`locale/${tag}.json`)
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => ({}));
  // The whole page parsed ("interactive"): before the module scripts run, which DOMContentLoaded
  // waits for (static/main.mjs).
  const parsed = new Promise((resolve) => {
    if (document.readyState !== "loading") resolve();
    else document.addEventListener("readystatechange", resolve, { once: true });
  });
  Promise.all([texts, parsed]).then(([found]) => {
    try {
      if (found && typeof found === "object") translate(found);
      keepPageWordsWhole();
    } finally {
      clearTimeout(timer);
      reveal();
    }
  });
})();

// The page before Python: a returning player's first paint shows their own board (their rules,
// their game in progress), not index.html's classic one, so nothing jumps when Python takes over;
// and that board takes pegs while Python starts (early input, below).
//
// Python draws the board (static/mpy_page.py); this script only copies what it drew. When the page
// is left (pagehide, or hidden as a phone does before it discards a tab), the parts of the Solo
// board marked `data-shell` in index.html are copied into localStorage as plain data: tags,
// attributes, CSS custom properties and text. On the next visit this script, loaded blocking in
// <head>, hides the board until the parser has read it, then rebuilds those parts with
// createElement and textContent (never HTML), every button disabled until Python starts and
// draws the same board again. It holds no rule and no wording of the game. Written by hand: the
// app-shell tools (Workbox's, frameworks' prerendering) cache markup made at build time, not a
// board drawn in the player's browser.
(() => {
  const KEY = "mastermind:shell";
  const VERSION = 2; // 2: the board lost its Share button (the end actions are drawn by Python)
  const root = document.documentElement;

  const read = () => {
    // Only a plain visit gets the copy: ?seed, ?reveal, a challenge or ?mode= draw another board.
    if (location.search) return null;
    try {
      const kept = JSON.parse(localStorage.getItem(KEY));
      // The copy is in the language Python drew it in: another language draws the classic board.
      const sameLanguage = (kept && kept.lang ? kept.lang : "en") === root.lang;
      return kept && kept.version === VERSION && Array.isArray(kept.parts) && sameLanguage ? kept : null;
    } catch {
      return null; // storage blocked or the copy damaged: the classic board, as on a first visit
    }
  };

  const copy = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const attributes = [];
    for (const { name, value } of node.attributes) {
      if (!["style", "id", "disabled", "aria-busy"].includes(name)) attributes.push([name, value]);
    }
    const style = [];
    for (let index = 0; index < node.style.length; index += 1) {
      const property = node.style[index];
      style.push([property, node.style.getPropertyValue(property)]);
    }
    return [node.tagName.toLowerCase(), attributes, style, [...node.childNodes].map(copy)];
  };

  // The copy is read back from storage, which any script of this origin can write: only the
  // elements and attributes a board is drawn with are made, and custom properties only (--peg).
  const TAGS = new Set(["span", "button", "tr", "td"]);
  const safeAttribute = (name) => /^(class|type|hidden|tabindex|role|aria-[a-z]+|data-[a-z-]+)$/.test(name);
  const safeProperty = (name) => /^--[a-z-]+$/.test(name);

  const make = (data) => {
    if (typeof data === "string") return document.createTextNode(data);
    const [tag, attributes, style, children] = data;
    if (!TAGS.has(tag)) throw new Error(`no ${tag} on a board`);
    const node = document.createElement(tag);
    for (const [name, value] of attributes) if (safeAttribute(name)) node.setAttribute(name, String(value));
    for (const [property, value] of style) if (safeProperty(property)) node.style.setProperty(property, String(value)); // the CSSOM, which the CSP allows
    if (tag === "button") node.disabled = true;
    node.append(...children.map(make));
    return node;
  };

  const keep = () => {
    const board = document.getElementById("board");
    if (location.search || document.body.classList.contains("loading") || !board) return;
    try {
      if (board.hidden) {
        // Another mode opens next time: its screen, not this board, which no copy then shows.
        localStorage.removeItem(KEY);
        return;
      }
      const parts = [...document.querySelectorAll("[data-shell]")].map((node) => {
        const [, attributes, style, children] = copy(node);
        return { id: node.id, attributes, style, children: node.dataset.shell === "all" ? children : null };
      });
      localStorage.setItem(KEY, JSON.stringify({ version: VERSION, lang: root.lang, parts }));
    } catch {
      // storage blocked or full: the next visit starts from the classic board
    }
  };

  // The copy's parts, made first and put in place only if every one of them is sound: a damaged
  // copy leaves index.html's board as it is (Python draws the right one).
  const restore = (kept) => {
    const made = kept.parts.map((part) => {
      const node = document.getElementById(part.id);
      if (!node || !node.hasAttribute("data-shell")) throw new Error(`no part ${part.id}`);
      return [node, part, part.children ? part.children.map(make) : null];
    });
    for (const [node, part, children] of made) {
      for (const { name } of [...node.attributes]) {
        if (!["id", "data-shell", "aria-busy"].includes(name)) node.removeAttribute(name);
      }
      for (const [name, value] of part.attributes) if (safeAttribute(name)) node.setAttribute(name, String(value));
      for (const [property, value] of part.style) if (safeProperty(property)) node.style.setProperty(property, String(value));
      if (children) node.replaceChildren(...children);
      if (node.tagName === "BUTTON") node.disabled = true;
    }
  };

  // Early input: while Python starts, the board the player will play (their copy, or on a first
  // visit index.html's classic one) takes pegs at once. This records each press and echoes its
  // peg in the row; Python takes the record (take()) and replays it through its one composer,
  // which applies every rule and says every word. Written by hand for the same reason as the copy:
  // event-replay schemes (Angular's, Qwik's) replay into the framework that rendered the page.
  const PENDING = "mastermind:early";
  const early = { live: false, events: [], row: [] };

  const firstVisit = () => {
    try {
      return !Object.keys(localStorage).some((key) => key.startsWith("mastermind") && key !== PENDING);
    } catch {
      return false;
    }
  };

  const slots = () => [...document.getElementById("current").children];
  const palette = () => [...document.getElementById("palette").querySelectorAll("button[data-letter]")];

  const echo = () => {
    const current = document.getElementById("current");
    const free = early.row.indexOf(null);
    slots().forEach((slot, index) => {
      const peg = early.row[index];
      slot.classList.toggle("filled", peg !== null);
      slot.classList.toggle("next", index === free);
      for (const property of ["--peg", "--peg-ink"]) {
        if (peg) slot.style.setProperty(property, getComputedStyle(peg).getPropertyValue(property));
        else slot.style.removeProperty(property);
      }
      slot.textContent = peg ? peg.textContent : "";
      slot.setAttribute("aria-description", peg ? peg.dataset.slotDescription : current.dataset.empty);
    });
  };

  const record = (event) => {
    early.events.push(event);
    const [kind, value] = event[0] === "key" ? pressed(event[1]) : event;
    const filled = early.row.map((peg, index) => (peg ? index : -1)).filter((index) => index >= 0);
    if (kind === "pick" && early.row.includes(null)) {
      const peg = palette().find((button) => button.dataset.letter === value);
      if (peg) early.row[early.row.indexOf(null)] = peg;
    } else if (kind === "clear") {
      early.row[value] = null;
    } else if (kind === "delete" && filled.length) {
      early.row[filled[filled.length - 1]] = null;
    } else if (kind === "submit") {
      try {
        localStorage.setItem(PENDING, JSON.stringify(early.events)); // kept through a reload
      } catch {
        // storage blocked: the guess is scored if this page lives until Python starts
      }
      const status = document.getElementById("status");
      status.textContent = status.dataset.earlySubmit;
    }
    echo();
  };

  // What a key does to the echo (Python's press() decides what it does to the game): null for a
  // key that means nothing on the board.
  const pressed = (key) => {
    if (key === "Enter") return ["submit"];
    if (key === "Backspace") return ["delete"];
    const pegs = palette();
    if (/^[0-9]$/.test(key)) {
      const peg = pegs[(Number(key) + 9) % 10];
      return peg ? ["pick", peg.dataset.letter] : ["none"];
    }
    // A colour's letter in the page's language (shell.js's translation sets data-shown-letter).
    const shown = (button) => (button.dataset.shownLetter || button.dataset.letter).toUpperCase();
    const peg = key.length === 1 && pegs.find((button) => shown(button) === key.toUpperCase());
    return peg ? ["pick", peg.dataset.letter] : null;
  };

  document.addEventListener("click", (event) => {
    if (!early.live) return;
    const button = event.target.closest("button");
    if (!button) return;
    if (button.closest("#palette") && button.dataset.letter) record(["pick", button.dataset.letter]);
    else if (button.closest("#current")) record(["clear", slots().indexOf(button)]);
    else if (button.id === "delete") record(["delete"]);
    else if (button.id === "submit") record(["submit"]);
  });

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!early.live || event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    // A dialog just closed (How to play): the browser moves the focus out of it a task later, and
    // keys typed meanwhile reach its Close button, not the board (static/mpy_dom.py's keys_compose).
    const closed = target.closest("dialog") !== null;
    if (!closed && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    if (!closed && target.tagName === "BUTTON" && (event.key === " " || (event.key === "Enter" && target.matches(":focus-visible")))) return;
    if (pressed(event.key)) {
      event.preventDefault();
      record(["key", event.key]);
    }
  });

  const wake = () => {
    early.row = slots().map(() => null);
    try {
      const pending = JSON.parse(localStorage.getItem(PENDING));
      if (Array.isArray(pending)) early.events = pending;
    } catch {
      // nothing kept, or storage blocked
    }
    if (early.events.length) document.getElementById("status").textContent = document.getElementById("status").dataset.earlySubmit;
    echo();
    for (const button of [...palette(), ...slots(), document.getElementById("delete"), document.getElementById("submit")]) {
      button.disabled = false;
    }
    early.live = true;
  };

  // How to play on a first visit of the plain page, opened here as soon as the page is parsed (and
  // its texts are in the page's language) rather than once Python has started: on a phone's first
  // visit that was the whole download later, and it is the largest paint. Python applies the rules
  // (the session: a plain address, How to play not yet shown, no game begun); this opens it only where
  // they surely hold (no mastermind data at all, no seed, challenge, reply or mode in the address),
  // and Python adopts the dialog (take(): `welcomed`) instead of opening it again. Until then its
  // Close button and its backdrop close it as static/mpy_page.py's BackdropClose does afterwards
  // (Escape is the browser's), and closing it hands the keys to the board.
  const help = { opened: false, python: false };
  const plain = () => !["seed", "challenge", "reply", "mode"].some((name) => new URLSearchParams(location.search).has(name));
  const openHelp = () => {
    const dialog = document.getElementById("help");
    if (help.python || early.events.length || !dialog || dialog.open) return; // a game begun (a guess kept through a reload)
    let beganOutside = false;
    const outside = (event) => {
      if (event.target !== dialog) return false;
      const box = dialog.getBoundingClientRect();
      return !(box.left <= event.clientX && event.clientX <= box.right && box.top <= event.clientY && event.clientY <= box.bottom);
    };
    dialog.addEventListener("pointerdown", (event) => {
      beganOutside = !help.python && outside(event);
    });
    dialog.addEventListener("click", (event) => {
      if (help.python) return;
      if ((beganOutside && outside(event)) || event.target.closest(".close")) dialog.close();
      beganOutside = false;
    });
    dialog.addEventListener("close", () => {
      if (!help.python) document.getElementById("board").focus();
    }, { once: true });
    dialog.showModal();
    help.opened = true;
  };
  // After the texts: a hidden page (.i18n-pending) could not take the dialog's focus.
  const whenShown = (then) => {
    if (!root.classList.contains("i18n-pending")) return then();
    const observer = new MutationObserver(() => {
      if (root.classList.contains("i18n-pending")) return;
      observer.disconnect();
      then();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
  };
  if (plain() && firstVisit()) {
    const parsed = () => whenShown(openHelp);
    if (document.readyState !== "loading") parsed();
    else document.addEventListener("readystatechange", parsed, { once: true });
  }

  window.mastermindEarly = {
    /** Whether this script opened How to play (Python then does not open it again). */
    get welcomed() {
      return help.opened;
    },
    /** Python's start: the presses so far (the board is Python's from now on). */
    take() {
      help.python = true;
      early.live = false;
      try {
        localStorage.removeItem(PENDING);
      } catch {
        // storage blocked: nothing was kept
      }
      return early.events;
    },
  };

  const kept = read();
  let known = !location.search && (kept !== null || firstVisit());
  if (kept) root.classList.add("shell-pending"); // style.css keeps the board unseen until it is restored
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    try {
      if (kept) restore(kept);
    } catch {
      known = firstVisit(); // a damaged copy: the classic board, which is the player's only on a first visit
    }
    try {
      if (known) wake();
    } finally {
      root.classList.remove("shell-pending");
    }
  };
  // The parser has read the whole board once the element after it exists; a MutationObserver's
  // callback runs before the next paint, so the classic board is never seen.
  const observer = new MutationObserver(() => {
    if (document.getElementById("modes")) finish();
  });
  if (kept || known) {
    observer.observe(root, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", finish);
  }
  addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keep();
  });
})();

// The header at most two rows on a wide screen: style.css lays the modes and the actions out as a
// bar of two rows from 1000 px on; where a language's words need more (or a narrow window), the
// header is marked .compact and keeps Mastermind, New game and Menu, the rest behind Menu as on a
// phone. Measured rather than listed per language, so a new translation needs no rule. A
// ResizeObserver runs after layout and before paint: the header is never seen with three rows,
// and it is measured again whenever its size changes (the window, the texts put in place above).
(() => {
  const TWO_ROWS = 110; // px: two rows of 44 px buttons, their gap and the header's padding
  const fit = (top) => {
    top.classList.remove("compact");
    if (top.getBoundingClientRect().height > TWO_ROWS) top.classList.add("compact");
  };
  const watch = () => {
    const top = document.querySelector(".top");
    if (!top || !document.getElementById("board")) return false; // the header parsed whole
    new ResizeObserver(() => fit(top)).observe(top);
    return true;
  };
  if (!watch()) {
    const observer = new MutationObserver(() => {
      if (watch()) observer.disconnect();
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  }
})();

// The Lab's editor (vendor/editor.mjs, static/editor.mjs bundled): imported only when the Lab's
// Python asks; null when it cannot be fetched or mounted, and the plain textarea stays.
window.mastermindUpgradeEditor = (textarea) =>
  import(new URL("vendor/editor.mjs", document.baseURI).href).then((editor) => editor.upgrade(textarea)).catch(() => null);
