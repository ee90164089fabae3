// The spike's worker (docs/startup.md, "Python off the main thread"): the vendored Pyodide in a
// module worker from the site's own address (CSP worker-src 'self', as static/engine-worker.mjs),
// the package from mastermind.zip, the page's models held here (mastermind.page.session): JSON
// text in (the start, then each action), the reply's JSON text out, in order.
const site = new URL("../../", import.meta.url);

const started = (async () => {
  const { loadPyodide } = await import(new URL("vendor/pyodide/pyodide.mjs", site).href);
  const zip = fetch(new URL("mastermind.zip", site)).then((response) => response.arrayBuffer());
  const pyodide = await loadPyodide({ indexURL: new URL("vendor/pyodide/", site).href });
  pyodide.FS.writeFile("/home/pyodide/mastermind.zip", new Uint8Array(await zip));
  pyodide.runPython(
    "import sys; sys.path.insert(0, '/home/pyodide/mastermind.zip')\n" +
      "import dataclass_code; dataclass_code.install()",
  );
  const endpoint = pyodide.pyimport("mastermind.page.session").Endpoint();
  return (text) => endpoint.serve(text);
})();

onmessage = async (event) => {
  const serve = await started;
  postMessage(serve(event.data));
};

// Python is ready: the page then takes the presses shell.js recorded meanwhile (it echoes them
// until then) and sends the start. {failed} when Python cannot start here.
started.then(
  () => postMessage(JSON.stringify({ v: 1, ready: true })),
  (error) => postMessage(JSON.stringify({ v: 1, failed: String(error) })),
);
