/* lispy's edition, runnable: each row's example and a REPL run by lispy itself in Pyodide (in a Web
   Worker, worker.js), and αβ stepped through.  The page reads the same without this script.
   Interface: <html data-runtime="loading|ready|unavailable">; form.try[data-definition] with
   textarea[name=expr], [data-action=run] (and [data-action=run-printed] where ERRATA.md corrects the
   definition), output[data-result], data-state="running|done|error";
   form.proof[data-definition] with textarea[name=definition], [data-action=prove], output[data-result],
   data-state="running|agree|disagree|error";
   form#repl with textarea[name=input] (ArrowUp/ArrowDown: the inputs sent), [data-action=run],
   [data-action=stop], pre#repl-log; Ctrl+Enter (or Cmd+Enter) in any textarea submits its form;
   section[data-stepper] with [data-action=next|prev], data-step, data-alpha, data-beta, data-examined;
   section[data-search-stepper] with [data-action=next|prev|end], data-step, data-visited, data-depth,
   data-state="searching|found|lose", output[data-result];
   section[data-game=tictactoe] with button[data-cell=0..8] (data-value on each free cell: the notes' value,
   from X's side, of the position that move makes), [data-action=new|program-first], data-board (nine of
   X, O, .), data-state="your-move|thinking|won|lost|drawn" (the reader's side). */
"use strict";
(function () {
  const root = document.documentElement;
  const here = document.currentScript;
  const where = (here && here.dataset.pyodide) || "pyodide/";

  /* --- αβ step by step: needs no runtime ------------------------------------------------------ */
  function stepper(section) {
    const frames = JSON.parse(section.querySelector("script.frames").textContent);
    const prev = section.querySelector("[data-action=prev]");
    const next = section.querySelector("[data-action=next]");
    const list = section.querySelector("details.frames-list");
    if (list) list.open = false;
    function show(k) {
      const f = k > 0 ? frames[k - 1] : null;
      section.dataset.step = String(k);
      section.dataset.alpha = f ? f.alpha : "-∞";
      section.dataset.beta = f ? f.beta : "∞";
      section.dataset.examined = String(f ? f.examined : 0);
      const said = { step: String(k), alpha: section.dataset.alpha, beta: section.dataset.beta,
        examined: section.dataset.examined, says: f ? f.says : "Press Step to start." };
      section.querySelectorAll("[data-show]").forEach(function (e) { e.textContent = said[e.dataset.show]; });
      const nodes = {};
      section.querySelectorAll("g[data-node]").forEach(function (g) {
        nodes[g.dataset.node] = g;
        g.classList.remove("current", "entered", "pruned");
        const b = g.querySelector("text.backed");
        if (b) b.textContent = "";
      });
      section.querySelectorAll("line[data-edge]").forEach(function (l) { l.classList.remove("pruned"); });
      function prune(path) {
        Object.keys(nodes).forEach(function (p) {
          if (p === path || p.startsWith(path + ".")) {
            nodes[p].classList.add("pruned");
            const edge = section.querySelector('line[data-edge="' + p + '"]');
            if (edge) edge.classList.add("pruned");
          }
        });
      }
      for (let i = 0; i < k; i++) {
        const g = frames[i];
        if (g.kind === "enter" && nodes[g.node]) nodes[g.node].classList.add("entered");
        if (g.kind === "return" || g.kind === "cut" || g.kind === "done") {
          const b = nodes[g.node] && nodes[g.node].querySelector("text.backed");
          if (b && g.value !== null) b.textContent = g.value;
        }
        g.pruned.forEach(prune);
      }
      if (f && nodes[f.node]) {
        nodes[f.node].classList.add("current");
        const box = section.querySelector(".tree-box");
        const at = nodes[f.node].getBBox();
        if (box.scrollWidth > box.clientWidth) box.scrollLeft = at.x + at.width / 2 - box.clientWidth / 2;
      }
      prev.disabled = k === 0;
      next.disabled = k === frames.length;
    }
    prev.addEventListener("click", function () { show(Math.max(0, Number(section.dataset.step) - 1)); });
    next.addEventListener("click", function () { show(Math.min(frames.length, Number(section.dataset.step) + 1)); });
    show(0);
  }
  document.querySelectorAll("section[data-stepper]").forEach(stepper);

  /* --- chapter 5's search step by step: needs no runtime -------------------------------------- */
  function searchStepper(section) {
    // each frame: [parent step (0 the root), kind (e expand, l lose, f found), depth, successors, position]
    const frames = JSON.parse(section.querySelector("script.search-frames").textContent);
    const output = section.querySelector("output[data-result]");
    const result = output.textContent;
    const found = section.dataset.state === "found";
    const pathList = section.querySelector("ol.search-path");
    const nodes = [null], edges = [null];
    section.querySelectorAll("g[data-node]").forEach(function (g) { nodes[Number(g.dataset.node)] = g; });
    section.querySelectorAll("line[data-edge]").forEach(function (l) { edges[Number(l.dataset.edge)] = l; });
    const buttons = {};
    section.querySelectorAll("[data-action]").forEach(function (b) { buttons[b.dataset.action] = b; });
    section.classList.add("stepping");
    let shown = 0;  // the steps revealed in the drawing
    function says(k) {
      if (k === 0) return "Press Step to start: search " + frames.length + " positions from the root.";
      const f = frames[k - 1], prev = k > 1 ? frames[k - 2] : null;
      let back = "";
      if (prev && f[0] !== k - 1) {
        const up = prev[2] - f[2];
        back = up === 0 ? "That gave LOSE: searchlis takes the next position of the list. "
          : "Backtracking: every position below gave LOSE, so searchlis goes " + up + " level" +
            (up === 1 ? "" : "s") + " up, to the next position left to try. ";
      }
      const what = f[1] === "l" ? "lose p is true: search gives LOSE here, and nothing below is examined."
        : f[1] === "f" ? "lose p is false and ter p is true: search returns this position, the solution."
        : f[3] === 0 ? "lose p and ter p are false, and successors p is NIL: searchlis of NIL gives LOSE."
        : "lose p and ter p are false: searchlis[successors p] tries its " + f[3] + " successors in turn.";
      return back + "Position " + k + ", depth " + f[2] + ": " + what;
    }
    function show(k) {
      for (let i = shown + 1; i <= k; i++) { nodes[i].classList.add("seen"); if (edges[i]) edges[i].classList.add("seen"); }
      for (let i = k + 1; i <= shown; i++) { nodes[i].classList.remove("seen"); if (edges[i]) edges[i].classList.remove("seen"); }
      shown = k;
      section.querySelectorAll(".on-path, .current").forEach(function (e) { e.classList.remove("on-path", "current"); });
      const path = [];
      for (let i = k; i > 0; i = frames[i - 1][0]) path.unshift(i);
      const onPath = new Set(path);
      for (let i = 1; i <= k; i++) nodes[i].classList.toggle("dropped", !onPath.has(i));
      path.forEach(function (i) { nodes[i].classList.add("on-path"); if (edges[i]) edges[i].classList.add("on-path"); });
      if (k > 0) {
        nodes[k].classList.add("current");
        nodes[k].parentNode.appendChild(nodes[k]);  // drawn last, over its neighbours
      }
      const f = k > 0 ? frames[k - 1] : null;
      const end = k === frames.length;
      section.dataset.step = String(k);
      section.dataset.visited = String(k);
      section.dataset.depth = String(f ? f[2] : 0);
      section.dataset.state = end ? (found ? "found" : "lose") : "searching";
      output.textContent = end ? result : "";
      const said = { step: String(k), depth: section.dataset.depth, visited: String(k), says: says(k) };
      section.querySelectorAll("[data-show]").forEach(function (e) { e.textContent = said[e.dataset.show]; });
      pathList.textContent = "";
      path.forEach(function (i) {
        const li = document.createElement("li");
        li.textContent = frames[i - 1][4];
        pathList.appendChild(li);
      });
      buttons.prev.disabled = k === 0;
      buttons.next.disabled = buttons.end.disabled = end;
    }
    const step = function (by) {
      return function () { show(Math.max(0, Math.min(frames.length, Number(section.dataset.step) + by))); };
    };
    buttons.prev.addEventListener("click", step(-1));
    buttons.next.addEventListener("click", step(1));
    buttons.end.addEventListener("click", function () { show(frames.length); });
    show(0);
  }
  document.querySelectorAll("section[data-search-stepper]").forEach(searchStepper);

  /* --- the runtime ------------------------------------------------------------------------------ */
  const rows = Array.from(document.querySelectorAll("form.try"));  // (and form.proof, below)
  const repl = document.getElementById("repl");
  if (!rows.length && !repl) return;
  const log = document.getElementById("repl-log");
  const stopButton = repl && repl.querySelector("[data-action=stop]");
  let worker = null;
  let spare = null;  // a second runtime made ready in the background, for Stop to swap to at once
  let nextId = 1;
  const pending = new Map();
  const definitions = [];
  const whenReady = [];

  function status(text) {
    document.querySelectorAll(".runtime-status").forEach(function (p) { p.textContent = text; });
  }
  function runButtons(enabled) {
    document.querySelectorAll(
      "form.try [data-action^=run], form.proof [data-action=prove], form.stepper-choice button, #repl [data-action=run], " +
      "section[data-game] [data-action]").forEach(function (b) {
      b.disabled = !enabled;
    });
  }
  function unavailable(reason) {
    root.dataset.runtime = "unavailable";
    runButtons(false);
    status("lispy cannot run in this page: " + reason + " Everything else on the page reads as built.");
  }
  function append(text) {
    if (!log) return;
    log.textContent += (log.textContent && !log.textContent.endsWith("\n") ? "\n" : "") + text + "\n";
    log.scrollTop = log.scrollHeight;
  }

  root.dataset.runtime = "loading";
  runButtons(false);
  if (location.protocol === "file:") {
    unavailable("a page opened as a file cannot load WebAssembly; serve the folder, for example with " +
      "python -m lispy.edition --serve.");
    return;
  }
  if (!window.Worker || !window.WebAssembly) {
    unavailable("this browser has no Web Workers or no WebAssembly.");
    return;
  }

  function stops() {  // one worker runs everything: Stop is there while anything runs
    document.querySelectorAll("[data-action=stop]").forEach(function (b) { b.disabled = pending.size === 0; });
  }

  function send(message) {
    return new Promise(function (resolve) {
      const id = nextId++;
      pending.set(id, function (m) { resolve(m); stops(); });
      message.id = id;
      worker.postMessage(message);
      stops();
    });
  }

  function spawn() {  // a worker loading Pyodide and lispy; what it says first is kept until it is adopted
    const made = { worker: new Worker("worker.js?pyodide=" + encodeURIComponent(where), { type: "module" }),
      said: [], listen: null };
    made.worker.onmessage = function (event) { if (made.listen) made.listen(event); else made.said.push(event); };
    made.worker.onerror = function (event) {
      event.preventDefault();
      if (made.listen) made.listen(event); else made.said.push(event);
    };
    return made;
  }

  function start(then, made) {
    root.dataset.runtime = "loading";
    runButtons(false);
    status("Loading lispy in Pyodide …");
    const started = performance.now();
    made = made || spawn();
    const w = made.worker;
    worker = w;
    function onmessage(event) {
      if (w !== worker) return;
      const m = event.data;
      if (m.type === "ready") {
        Promise.resolve(then && then()).then(function () {
          root.dataset.runtime = "ready";
          root.dataset.readySeconds = ((performance.now() - started) / 1000).toFixed(2);
          // seconds to start Pyodide, then to unpack and import lispy (when the runtime was first loaded)
          root.dataset.readyStages = m.stages.map(function (s) { return s.toFixed(2); }).join(" ");
          runButtons(true);
          whenReady.splice(0).forEach(function (f) { f(); });  // once, at the first start
          status("lispy is running in this page (Python " + m.python + " in Pyodide, ready in " +
            root.dataset.readySeconds + " s).");
          if (spare === null) spare = spawn();  // the next runtime, loaded while this one answers
        });
      } else if (m.type === "unavailable") {
        unavailable(m.reason + ".");
      } else if (m.type === "reply") {
        const resolve = pending.get(m.id);
        pending.delete(m.id);
        if (resolve) resolve(m);
        if (m.fatal) restart("the runtime stopped");
      }
    }
    function onerror(event) {
      if (w !== worker) return;
      if (root.dataset.runtime === "loading") unavailable(String(event.message || "the worker failed") + ".");
      else restart("the runtime stopped");
    }
    made.listen = function (event) { (event.type === "error" ? onerror : onmessage)(event); };
    made.said.splice(0).forEach(made.listen);
  }

  function replay() {
    let chain = Promise.resolve();
    definitions.forEach(function (text) {
      chain = chain.then(function () { return send({ kind: "repl", text: text }); });
    });
    return chain.then(function () {
      if (definitions.length) append("; the session's " + definitions.length + " defining input(s) replayed");
    });
  }

  function restart(why) {
    if (worker) worker.terminate();
    worker = null;
    const waiting = Array.from(pending.values());
    pending.clear();
    waiting.forEach(function (resolve) { resolve({ text: "stopped", failed: true, stopped: true }); });
    Promise.resolve().then(function () {  // after the stopped inputs' "interrupted"
      stops();
      append("; " + why + ": a new runtime is started");
      const ready = spare;  // made ready in the background: the definitions replayed, it answers
      spare = null;
      start(replay, ready);
    });
  }

  rows.forEach(function (form) {
    const input = form.querySelector("textarea[name=expr]");
    const output = form.querySelector("output[data-result]");
    const printedButton = form.querySelector("[data-action=run-printed]");
    function run(printed) {
      if (root.dataset.runtime !== "ready") return;
      form.dataset.state = "running";
      form.dataset.printed = printed ? "true" : "false";
      output.textContent = "running …";
      send({ kind: "row", definition: form.dataset.definition, text: input.value, printed: printed }).then(function (m) {
        output.textContent = m.text;
        if (m.seconds !== undefined) form.dataset.seconds = m.seconds.toFixed(3);
        form.dataset.state = m.failed ? "error" : "done";
      });
    }
    form.addEventListener("submit", function (event) { event.preventDefault(); run(false); });
    if (printedButton) printedButton.addEventListener("click", function () { run(true); });
  });

  document.querySelectorAll("form.proof").forEach(function (form) {
    const input = form.querySelector("textarea[name=definition]");
    const output = form.querySelector("output[data-result]");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (root.dataset.runtime !== "ready") return;
      form.dataset.state = "running";
      output.textContent = "checking …";
      send({ kind: "proof", definition: form.dataset.definition, text: input.value,
        seed: Number(form.dataset.seed), trials: Number(form.dataset.trials) }).then(function (m) {
        output.textContent = m.text;
        const error = m.stopped || m.text.startsWith("error:");  // stopped, or the edit did not even load
        form.dataset.state = error ? "error" : m.failed ? "disagree" : "agree";
      });
    });
  });

  document.querySelectorAll("form.stepper-choice").forEach(function (form) {
    const output = form.querySelector("output[data-result]");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (root.dataset.runtime !== "ready") return;
      form.dataset.state = "running";
      output.textContent = " computing …";
      const field = function (name) { return form.elements[name].value; };
      send({ kind: "stepper", k: Number(field("k")), n: Number(field("n")), seed: Number(field("seed")),
        order: field("order") }).then(function (m) {
        output.textContent = m.html ? "" : " " + m.text;
        form.dataset.state = m.failed ? "error" : "done";
        if (!m.html) return;
        const old = document.querySelector('section[data-stepper="' + form.dataset.for + '"]');
        const holder = document.createElement("div");
        holder.innerHTML = m.html;
        const made = holder.firstElementChild;
        old.replaceWith(made);
        stepper(made);
      });
    });
  });

  document.querySelectorAll("section[data-game=tictactoe]").forEach(function (section) {
    const cells = Array.from(section.querySelectorAll("button[data-cell]"));
    const said = section.querySelector(".says");
    let asked = 0;  // the reply awaited; an older one (a game left for a new one) is dropped
    function draw(board, values, played) {
      section.dataset.board = board;
      const value = {};
      (values || []).forEach(function (cv) { value[cv[0]] = cv[1]; });
      cells.forEach(function (b, i) {
        b.textContent = board[i] === "." ? "" : board[i];
        if (i in value) b.dataset.value = String(value[i]); else delete b.dataset.value;
        b.disabled = section.dataset.state !== "your-move" || board[i] !== ".";
        b.classList.toggle("last", i === played);
      });
    }
    function turn(board) {
      const id = ++asked;
      section.dataset.state = "thinking";
      draw(board, [], null);
      said.textContent = "The program is thinking …";
      send({ kind: "game", board: board, reader: section.dataset.reader }).then(function (m) {
        if (id !== asked) return;
        if (m.stopped || m.failed) {
          section.dataset.state = "your-move";
          said.textContent = m.stopped ? "Stopped: press New game." : m.text;
          return;
        }
        section.dataset.state = m.state;
        draw(m.board, m.values, m.played);
        const yours = "Your move: each free cell shows the value of the position your move there makes.";
        said.textContent = m.state === "your-move" ? (m.says ? m.says + " " : "") + yours : m.says;
      });
    }
    function newGame(reader) {
      if (root.dataset.runtime !== "ready") return;
      section.dataset.reader = reader;
      turn(".........");
    }
    whenReady.push(function () { if (section.dataset.board === ".........") newGame("X"); });
    section.querySelector("[data-action=new]").addEventListener("click", function () { newGame("X"); });
    section.querySelector("[data-action=program-first]").addEventListener("click", function () { newGame("O"); });
    cells.forEach(function (b, i) {
      b.addEventListener("click", function () {
        const board = section.dataset.board;
        if (section.dataset.state !== "your-move" || board[i] !== ".") return;
        turn(board.slice(0, i) + section.dataset.reader + board.slice(i + 1));
      });
    });
  });

  if (repl) {
    const input = repl.querySelector("textarea[name=input]");
    const history = [];  // the inputs sent, oldest first; at === history.length: the input being typed
    let running = 0, at = 0, draft = "";
    input.addEventListener("keydown", function (event) {  // ArrowUp on the first line, ArrowDown on the last
      const up = event.key === "ArrowUp", v = input.value;
      if (!(up || event.key === "ArrowDown") || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey ||
        (up ? v.slice(0, input.selectionStart) : v.slice(input.selectionEnd)).includes("\n")) return;
      const to = at + (up ? -1 : 1);
      if (to < 0 || to > history.length) return;
      event.preventDefault();
      if (at === history.length) draft = v;
      at = to;
      input.value = at === history.length ? draft : history[at];
    });
    repl.addEventListener("submit", function (event) {
      event.preventDefault();
      const text = input.value;
      if (root.dataset.runtime !== "ready" || !text.trim()) return;
      append(text.split("\n").map(function (line, i) { return (i ? "...    " : "lispy> ") + line; }).join("\n"));
      running++;
      repl.dataset.state = "running";
      send({ kind: "repl", text: text }).then(function (m) {
        running--;
        if (m.seconds !== undefined) repl.dataset.seconds = m.seconds.toFixed(3);
        if (m.stopped) append("interrupted");
        else {
          if (m.text) append(m.text);
          if (m.defines) definitions.push(text);
          if (m.stepper) {  // :step P: chapter 5's search on the session's own problem, stepped
            const holder = document.getElementById("repl-stepper");
            holder.innerHTML = m.stepper;
            searchStepper(holder.firstElementChild);
          }
        }
        if (running <= 0) {
          running = 0;
          repl.dataset.state = m.failed ? "error" : "done";
        }
      });
      if (text !== history[history.length - 1]) history.push(text);
      at = history.length;
      input.value = "";
    });
    stopButton.addEventListener("click", function () {
      running = 0;
      restart("stopped");
    });
  }
  document.querySelectorAll("form.try [data-action=stop]").forEach(function (b) {
    b.addEventListener("click", function () { restart("stopped"); });
  });
  document.querySelectorAll("form.try textarea, form.proof textarea, #repl textarea").forEach(function (t) {
    t.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        t.form.requestSubmit();
      }
    });
  });

  start(null);
})();
