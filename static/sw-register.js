// Registers the service worker and offers a reload when a new deployment is waiting.
// Plain JavaScript so that it runs before Python has loaded.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  const offerReload = (worker) => {
    const banner = document.getElementById("update-banner");
    if (!banner || !worker) return;
    banner.hidden = false;
    banner.querySelector("button").addEventListener("click", () => {
      reloadWhenReady = true;
      worker.postMessage("skipWaiting");
    }, { once: true });
  };
  // Only the person's click reloads: the first install's clients.claim() must not.
  let reloadWhenReady = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloadWhenReady) { reloadWhenReady = false; location.reload(); }
  });
  navigator.serviceWorker.register("./sw.js").then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offerReload(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        // A new worker installed while an old one controls the page: a new version is ready.
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerReload(worker);
      });
    });
  });
}
