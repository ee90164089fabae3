// The page's Trusted Types policy, run before anything else (index.html loads it first, as a
// classic script). The CSP requires Trusted Types for every sink that turns a string into
// markup, script or a script's address (`require-trusted-types-for 'script'`) and allows this one
// policy only (`trusted-types default`), so every such string passes here:
//
// - markup (innerHTML, outerHTML, insertAdjacentHTML, DOMParser, document.write): refused. The
//   page writes text only (textContent, createElement); markup reaching a sink would be an
//   injection.
// - a script's address (a module, a worker, the service worker): this site's own only.
// - script text (eval(), Function(), a <script>'s text): refused. The page's CSP has no
//   'unsafe-eval' either: MicroPython on the page evaluates no JavaScript, and Pyodide, which
//   does, runs in workers, which this policy does not govern.
//
// A refusal (null) makes the sink throw a TypeError and report a CSP violation
// (`require-trusted-types-for`); nothing is written.
"use strict";
if (window.trustedTypes && trustedTypes.createPolicy) {
  trustedTypes.createPolicy("default", {
    createHTML: () => null,
    createScriptURL: (url) => (new URL(url, document.baseURI).origin === location.origin ? url : null),
    createScript: () => null,
  });
}
