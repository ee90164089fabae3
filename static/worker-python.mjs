// The start of Python in a Web Worker of this site (the page's, the engine's, the Lab's): the
// vendored Pyodide with the site's standard library, and mastermind.zip on its path (fetched beside
// Pyodide's own start). One module, so every worker starts the same Python.
export async function startPython(site) {
  const { loadPyodide } = await import(new URL("vendor/pyodide/pyodide.mjs", site).href);
  const zip = fetch(new URL("mastermind.zip", site)).then((response) => {
    if (!response.ok) throw new Error(`mastermind.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const pyodide = await loadPyodide({ indexURL: new URL("vendor/pyodide/", site).href });
  pyodide.FS.writeFile("/home/pyodide/mastermind.zip", new Uint8Array(await zip));
  pyodide.runPython(
    "import sys; sys.path.insert(0, '/home/pyodide/mastermind.zip')\n" +
      "import dataclass_code; dataclass_code.install()",
  );
  return pyodide;
}
