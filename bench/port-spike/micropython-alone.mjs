// Variant B of the spike: MicroPython alone (no PyScript core), running adapter.py.
import { loadMicroPython } from "../../vendor/micropython/micropython.mjs";

const source = fetch(new URL("adapter.py", import.meta.url)).then((response) => response.text());
const micropython = await loadMicroPython({
  url: new URL("../../vendor/micropython/micropython.wasm", import.meta.url).href,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
micropython.runPython(await source);
