// The app shell: a returning player's first paint shows their own board (their rules, their game
// in progress), not index.html's classic one, so nothing jumps when Python takes over.
//
// Python draws the board (static/board.py); this script only copies what it drew. When the page
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
  const VERSION = 1;
  const root = document.documentElement;

  const read = () => {
    // Only a plain visit gets the copy: ?seed, ?reveal, a challenge or ?mode= draw another board.
    if (location.search) return null;
    try {
      const kept = JSON.parse(localStorage.getItem(KEY));
      return kept && kept.version === VERSION && Array.isArray(kept.parts) ? kept : null;
    } catch {
      return null; // storage blocked or the copy damaged: the classic board, as on a first visit
    }
  };

  const copy = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const attributes = [];
    for (const { name, value } of node.attributes) {
      if (name !== "style" && name !== "id" && name !== "disabled") attributes.push([name, value]);
    }
    const style = [];
    for (let index = 0; index < node.style.length; index += 1) {
      const property = node.style[index];
      style.push([property, node.style.getPropertyValue(property)]);
    }
    return [node.tagName.toLowerCase(), attributes, style, [...node.childNodes].map(copy)];
  };

  const make = (data) => {
    if (typeof data === "string") return document.createTextNode(data);
    const [tag, attributes, style, children] = data;
    const node = document.createElement(tag);
    for (const [name, value] of attributes) node.setAttribute(name, value);
    for (const [property, value] of style) node.style.setProperty(property, value); // the CSSOM, which the CSP allows
    if (tag === "button") node.disabled = true;
    node.append(...children.map(make));
    return node;
  };

  const keep = () => {
    const board = document.getElementById("board");
    if (location.search || document.body.classList.contains("loading") || !board) return;
    try {
      if (board.hidden) {
        localStorage.removeItem(KEY); // another mode opens next time: its screen, not this board
        return;
      }
      const parts = [...document.querySelectorAll("[data-shell]")].map((node) => {
        const [, attributes, style, children] = copy(node);
        return { id: node.id, attributes, style, children: node.dataset.shell === "all" ? children : null };
      });
      localStorage.setItem(KEY, JSON.stringify({ version: VERSION, parts }));
    } catch {
      // storage blocked or full: the next visit starts from the classic board
    }
  };

  const restore = (kept) => {
    for (const part of kept.parts) {
      const node = document.getElementById(part.id);
      if (!node) continue;
      for (const { name } of [...node.attributes]) {
        if (name !== "id" && name !== "data-shell") node.removeAttribute(name);
      }
      for (const [name, value] of part.attributes) node.setAttribute(name, value);
      for (const [property, value] of part.style) node.style.setProperty(property, value);
      if (part.children) node.replaceChildren(...part.children.map(make));
      if (node.tagName === "BUTTON") node.disabled = true;
    }
  };

  const kept = read();
  if (kept) {
    root.classList.add("shell-pending"); // style.css keeps the board unseen until it is restored
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      observer.disconnect();
      try {
        restore(kept);
      } finally {
        root.classList.remove("shell-pending");
      }
    };
    // The parser has read the whole board once the element after it exists; a MutationObserver's
    // callback runs before the next paint, so the classic board is never seen.
    const observer = new MutationObserver(() => {
      if (document.getElementById("modes")) finish();
    });
    observer.observe(root, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", finish);
  }
  addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keep();
  });
})();
