// The page's Trusted Types policy, run before anything else (index.html loads it first, as a
// classic script). The CSP requires Trusted Types for every sink that turns a string into
// markup, script or a script's address (`require-trusted-types-for 'script'`) and allows this one
// policy only (`trusted-types default`), so every such string passes here:
//
// - markup (innerHTML, outerHTML, insertAdjacentHTML, DOMParser, document.write): refused. The
//   page writes text only (textContent, createElement); markup reaching a sink would be an
//   injection, and PyScript runs any <py-script>, <script type="py"> or <script type="mpy"> that
//   appears in the document, and with it any JavaScript (`import js`).
// - a script's address (a module, a worker, the service worker): this site's own only.
// - script text: what eval() and Function() are given, which is how Pyodide builds its
//   JavaScript glue and PyScript its hooks at start-up (the CSP's 'unsafe-eval' allows them
//   already); never the text of a <script> element.
//
// A refusal (null) makes the sink throw a TypeError and report a CSP violation
// (`require-trusted-types-for`); nothing is written.
"use strict";
if (window.trustedTypes && trustedTypes.createPolicy) {
  trustedTypes.createPolicy("default", {
    createHTML: () => null,
    createScriptURL: (url) => (new URL(url, document.baseURI).origin === location.origin ? url : null),
    createScript: (code, type, sink) => (sink === "eval" || sink === "Function" ? code : null),
  });
}
