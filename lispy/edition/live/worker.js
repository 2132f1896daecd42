/* lispy's edition: lispy itself, in Pyodide, in a module Web Worker (live.js starts it and talks to it).
   The query string names the folder of Pyodide (pyodide/ beside the page, or the CDN's);
   lispy.zip beside this script holds lispy and the pure-Python packages it imports. */
const base = new URL(new URLSearchParams(self.location.search).get("pyodide") || "pyodide/", self.location.href).href;
let live = null;
let repl = null;
let freeDeferred = null;

async function start() {
  const t0 = performance.now();
  const { loadPyodide } = await import(base + "pyodide.mjs");
  const zip = fetch(new URL("lispy.zip", self.location.href));
  const py = await loadPyodide({ indexURL: base, stdout: () => {}, stderr: () => {} });
  const t1 = performance.now();
  const archive = await zip;
  if (!archive.ok) throw new Error("lispy.zip could not be fetched (" + archive.status + ")");
  py.unpackArchive(await archive.arrayBuffer(), "zip");
  live = py.pyimport("lispy.edition.live");
  repl = live.Repl();
  freeDeferred = py.pyimport("lispy.edition.live.freeing").free_deferred;
  const version = py.runPython("import sys; sys.version.split()[0]");
  const t2 = performance.now();
  postMessage({ type: "ready", python: version, stages: [(t1 - t0) / 1000, (t2 - t1) / 1000] });
}

const started = start().catch((e) => {
  postMessage({ type: "unavailable", reason: String((e && e.message) || e).split("\n")[0] });
});

self.onmessage = async (event) => {
  const m = event.data;
  await started;
  if (live === null) {
    postMessage({ type: "reply", id: m.id, text: "error: the runtime did not load", failed: true });
    return;
  }
  const t0 = performance.now();
  try {
    const answer = JSON.parse(
      m.kind === "row" ? live.row_json(m.definition, m.text, Boolean(m.printed))
        : m.kind === "proof" ? live.prove_json(m.definition, m.text, m.seed, m.trials)
        : m.kind === "stepper" ? live.stepper_json(m.k, m.n, m.seed, m.order)
        : m.kind === "game" ? live.game_json(m.board, m.reader)
          : repl.json(m.text));
    answer.type = "reply";
    answer.id = m.id;
    answer.seconds = (performance.now() - t0) / 1000;
    postMessage(answer);
    freeDeferred();  // what the answer let go of, freed cell by cell (lispy/edition/live/freeing.py), not kept till the next
  } catch (e) {
    // Pyodide itself failed (not a lispy error, which comes back as text): this worker is done for.
    postMessage({ type: "reply", id: m.id, fatal: true, failed: true,
      text: "error: the runtime stopped (" + String((e && e.message) || e).split("\n")[0] + ")" });
  }
};
