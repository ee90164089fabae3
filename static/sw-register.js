// Registers the service worker (static/sw.js, built into the site root) and offers a reload when
// a new deployment is waiting. Plain JavaScript, loaded deferred, so it works before Python has
// loaded; it registers only once the game is playable (static/mpy_page.py's mastermind:ready)
// and the page is idle, so that the worker's downloads never compete with Python's start.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  // Only the person's click reloads: the first install's clients.claim() must not.
  let reloadOnChange = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloadOnChange) location.reload();
  });

  const offerReload = (worker) => {
    const banner = document.getElementById("update-banner");
    if (!banner) return;
    banner.querySelector("button").onclick = () => {
      reloadOnChange = true;
      worker.postMessage("skipWaiting");
    };
    banner.hidden = false;
  };

  // A new worker installed while an old one controls the page: a new version is ready.
  const watch = (worker) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offerReload(worker);
    };
    worker.addEventListener("statechange", check);
    check();
  };

  const register = () => {
    navigator.serviceWorker.register("./sw.js").then((registration) => {
      if (!registration) return; // workers blocked (a browser policy, a test's context): nothing to watch
      // The browser may have found the update before this ran: look at every worker there is.
      watch(registration.waiting);
      watch(registration.installing);
      registration.addEventListener("updatefound", () => watch(registration.installing));
      // An installed app's window may stay open for days without navigating: look for a new
      // deployment whenever it comes back to the front (offline, the check just fails).
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
      });
    });
  };
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 1));
  addEventListener("mastermind:ready", () => idle(register), { once: true });
}
