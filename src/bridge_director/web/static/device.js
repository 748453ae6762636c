/* ===== Table devices (docs/phone.md, "Table devices") ======================================================
 * The players' phone at a table (#device-page), opened from the table card's QR code with no account.  The page
 * carries the plan of the evening at its table (every round's pairs, boards and moves), so the phone goes from
 * board to board and from round to round by itself, online or not.  A result is entered on the keypad, shown in
 * words, confirmed by the other side with one tap, and queued in IndexedDB with an idempotency key; the queue is
 * sent in order to /api/devices/{token}/results (the server stores each key once).  Offline the results wait and
 * go when the connection is back.  A refused result is kept with its taps and the reason, one line, and "Correct
 * it" opens it on the keypad again.  "Call the director" goes through the same queue. */
(() => {
  "use strict";

  const page = document.getElementById("device-page");
  if (!page) return;
  const token = page.dataset.token;
  const plan = JSON.parse(page.dataset.plan);
  const api = `/api/devices/${encodeURIComponent(token)}`;
  const DB_NAME = "bridge-director-device";
  const STORE = "queue";
  const RETRY_MS = 4000;
  const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣", NT: "NT" };
  const SEAT = { N: "North", E: "East", S: "South", W: "West" };
  const VUL = { None: "Nobody vulnerable", NS: "N-S vulnerable", EW: "E-W vulnerable", All: "Both vulnerable" };
  const WHAT = { auction: "an irregularity in the auction", play: "an irregularity in the play", claim: "a claim",
                 revoke: "a revoke", other: "a question" };
  const $ = (id) => document.getElementById(id);

  // ----- what the phone keeps: the queue (IndexedDB), and per link the results sent, refused, the round started --
  const stash = {
    name: (what) => `bd-device:${token}:${what}`,
    get(what, fallback) {
      try { const v = localStorage.getItem(this.name(what)); return v === null ? fallback : JSON.parse(v); } catch (e) { return fallback; }
    },
    set(what, value) { try { localStorage.setItem(this.name(what), JSON.stringify(value)); } catch (e) { /* private mode */ } },
  };

  let dbPromise = null;
  function openDb() {
    if (!dbPromise) {
      dbPromise = new Promise((resolve) => {
        if (!("indexedDB" in window)) { resolve(null); return; }
        const request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" }).createIndex("token", "token");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
        request.onblocked = () => resolve(null);
      });
    }
    return dbPromise;
  }
  async function withStore(mode, action) {
    const db = await openDb();
    if (!db) return undefined;
    return new Promise((resolve) => {
      const tx = db.transaction(STORE, mode);
      const request = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request && "result" in request ? request.result : undefined);
      tx.onerror = () => resolve(undefined);
      tx.onabort = () => resolve(undefined);
    });
  }
  const save = (item) => withStore("readwrite", (s) => s.put(item));
  const drop = (key) => withStore("readwrite", (s) => s.delete(key));
  const load = async () => ((await withStore("readonly", (s) => s.index("token").getAll(token))) || [])
    .sort((a, b) => a.order - b.order);

  function newKey() {
    if (crypto.randomUUID) return crypto.randomUUID();
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }
  let lastOrder = 0;
  const nextOrder = () => { lastOrder = Math.max(Date.now(), lastOrder + 1); return lastOrder; };

  const state = {
    queue: [], sent: stash.get("sent", {}), refused: stash.get("refused", []), started: stash.get("started", 0),
    offline: !navigator.onLine, sending: false, held: null, retry: 0, view: null, last: null, pending: null,
  };
  const started = Number(new URLSearchParams(location.search).get("round")) || 0;
  if (started > state.started) { state.started = started; stash.set("started", started); }

  // ----- the plan: which boards are done, what comes next ---------------------------------------------------------
  const played = () => plan.rounds.filter((r) => !r.sit_out && r.boards.length);
  const roundOf = (n) => plan.rounds.find((r) => r.round === n);
  const spot = (r, b) => `${r}:${b}`;
  const queuedFor = (r, b) => state.queue.find((i) => i.kind === "result" && i.body.round === r && i.body.board === b);
  const refusedFor = (r, b) => state.refused.find((x) => x.body.round === r && x.body.board === b);
  function doneText(r, b) {
    if (state.sent[spot(r, b)]) return state.sent[spot(r, b)];
    const board = (roundOf(r) || { boards: [] }).boards.find((x) => x.board === b);
    if (board && board.done) return board.result;
    const queued = queuedFor(r, b);
    return queued ? queued.words : "";
  }
  function step() {
    const rounds = played();
    for (let i = 0; i < rounds.length; i += 1) {
      const rnd = rounds[i];
      const board = rnd.boards.find((b) => !doneText(rnd.round, b.board));
      if (!board) continue;
      if (board === rnd.boards[0] && i > 0 && state.started < rnd.round) return { kind: "round_end", round: rounds[i - 1], next: rnd };
      return { kind: "board", round: rnd, board };
    }
    return { kind: "finished", round: rounds[rounds.length - 1] };
  }

  // ----- words ----------------------------------------------------------------------------------------------------
  const rank = (r) => (r === "T" ? "10" : r);
  function words(body) {
    if (body.contract === "PASS") return "Passed out";
    const m = /^([1-7])(C|D|H|S|NT)(X{0,2})$/.exec(body.contract);
    const contract = m ? `${m[1]}${SYMBOL[m[2]]}${m[3]}` : body.contract;
    const lead = body.lead ? `lead ${SYMBOL[body.lead[0]]}${rank(body.lead.slice(1))}` : "no lead entered";
    return `${contract} by ${SEAT[body.declarer] || body.declarer}, ${lead}, ${body.tricks} tricks`;
  }
  const side = (body) => (body.declarer === "N" || body.declarer === "S" ? "EW" : body.declarer ? "NS" : "EW");
  const sideName = (s) => (s === "NS" ? "N-S" : "E-W");

  /* The keypad's taps as a result, refused as the server refuses them (naming the field). */
  function entryOf(keyed, round, board) {
    if (keyed.passed) return { body: { round, board, contract: "PASS", declarer: "", tricks: null, lead: "" } };
    const no = (field, text) => ({ error: `${field}: ${text}` });
    if (!keyed.level) return no("level", "tap the contract's level (1 to 7)");
    if (!keyed.strain) return no("strain", "tap the contract's suit or NT");
    if (!keyed.declarer) return no("declarer", "tap the declarer (N, E, S or W)");
    if (!keyed.lead_suit !== !keyed.lead_rank) return no("lead", "tap the lead's suit and its rank (or neither)");
    if (!keyed.made) return no("made", "tap the tricks: = for made exactly, +1 for an overtrick, -1 for one down");
    const needed = 6 + Number(keyed.level);
    const tricks = keyed.made === "=" ? needed : needed + Number(keyed.made);
    if (!(tricks >= 0 && tricks <= 13)) {
      return no("made", `${keyed.level}${keyed.strain} takes ${needed} tricks to make: ${keyed.made} would be ${tricks}, and declarer takes 0 to 13`);
    }
    return { body: { round, board, contract: `${keyed.level}${keyed.strain}${keyed.double}`, declarer: keyed.declarer,
                     tricks, lead: keyed.lead_suit ? keyed.lead_suit + keyed.lead_rank : "" } };
  }
  function keyedOf(form, submitter) {
    const data = new FormData(form);
    const get = (name) => String(data.get(name) || "");
    return { level: get("level"), strain: get("strain"), double: get("double"), declarer: get("declarer"),
             lead_suit: get("lead_suit"), lead_rank: get("lead_rank"),
             made: submitter && submitter.name === "made" ? submitter.value : "",
             passed: Boolean(submitter && submitter.name === "passed") };
  }

  // ----- drawing --------------------------------------------------------------------------------------------------
  const SECTIONS = ["device-where", "keypad", "device-confirm", "device-done", "device-round-end", "device-finished"];
  function show(...ids) {
    SECTIONS.forEach((id) => { const e = $(id); if (e) e.hidden = !ids.includes(id); });
    const stored = $("device-stored");
    if (stored) stored.hidden = true;
    window.scrollTo(0, 0);
  }
  function problem(text) {
    let line = $("device-error");
    if (!text) { if (line) line.remove(); const server = $("error"); if (server) server.remove(); return; }
    if (!line) {
      line = document.createElement("p");
      line.id = "device-error";
      line.className = "error";
      line.setAttribute("role", "alert");
      page.insertBefore(line, $("device-where"));
    }
    line.textContent = text;
  }
  function where(rnd, board) {
    $("where-board").textContent = `Round ${rnd.round} · Board ${board.board}`;
    $("where-deal").textContent = `Dealer ${SEAT[board.dealer]} · ${VUL[board.vulnerable]}`;
    const pairs = $("where-pairs");
    const ns = document.createElement("span");
    const ew = document.createElement("span");
    ns.textContent = `N-S ${rnd.ns}: ${rnd.ns_names}`;
    ew.textContent = `E-W ${rnd.ew}: ${rnd.ew_names}`;
    pairs.replaceChildren(ns, ew);
    for (const form of [$("keypad"), $("call-form")]) {
      form.elements.round.value = String(rnd.round);
      form.elements.board.value = String(board.board);
    }
  }
  function showBoard(rnd, board, keyed, error) {
    const refused = refusedFor(rnd.round, board.board);
    const taps = keyed || (refused && refused.keyed) || null;
    where(rnd, board);
    const form = $("keypad");
    form.reset();
    if (taps) {
      for (const name of ["level", "strain", "double", "declarer", "lead_suit", "lead_rank"]) {
        const input = form.querySelector(`input[name=${name}][value="${CSS.escape(taps[name] || "")}"]`);
        if (input) input.checked = true;
      }
    }
    state.view = { kind: "board", round: rnd.round, board: board.board };
    show("device-where", "keypad");
    problem(error || (refused ? `Not entered: ${refused.reason}` : ""));
  }
  function showConfirm(rnd, board, keyed, body) {
    state.pending = { round: rnd.round, board: board.board, keyed, body };
    const who = sideName(side(body));
    $("confirm-title").textContent = `Board ${board.board}: ${who}, is this right?`;
    $("confirm-text").textContent = words(body);
    $("confirm-yes").textContent = `${who}: confirm`;
    $("confirm-yes").value = side(body);
    state.view = { kind: "confirm", round: rnd.round, board: board.board };
    show("device-where", "device-confirm");
    problem("");
  }
  function showDone(r, b) {
    state.view = { kind: "done", round: r, board: b };
    $("done-title").textContent = `Board ${b} is entered`;
    $("device-traveller").replaceChildren();
    show("device-where", "device-done");
    problem("");
    render();
    traveller(r, b);
  }
  function showRoundEnd(rnd, next) {
    state.view = { kind: "round_end", round: rnd.round, next: next.round };
    $("round-end-title").textContent = `Round ${rnd.round} is over: move`;
    const list = $("moves");
    const items = [];
    const m = rnd.moves;
    if (m) {
      for (const [who, to] of [[`N-S pair ${m.ns}: `, m.ns_next], [`E-W pair ${m.ew}: `, m.ew_next], [`Boards ${m.boards}: `, m.boards_next]]) {
        const li = document.createElement("li");
        const b = document.createElement("b");
        b.textContent = to;
        li.append(who, b);
        items.push(li);
      }
    }
    list.replaceChildren(...items);
    const out = $("sits-out");
    out.textContent = `This table sits out until round ${next.round}.`;
    out.hidden = next.round <= rnd.round + 1;
    let start = $("start-round");
    if (!start) {
      start = document.createElement("a");
      start.id = "start-round";
      start.className = "button big choice";
      $("device-round-end").append(start);
    }
    start.textContent = `Round ${next.round}: start`;
    start.href = `/device/${token}?round=${next.round}`;
    show("device-round-end");
    problem("");
  }
  function advance() {
    const now = step();
    if (now.kind === "board") showBoard(now.round, now.board);
    else if (now.kind === "round_end") showRoundEnd(now.round, now.next);
    else { state.view = { kind: "finished" }; show("device-finished"); problem(""); }
    render();
  }

  async function traveller(r, b) {
    const board = (roundOf(r) || { boards: [] }).boards.find((x) => x.board === b);
    const stored = state.sent[spot(r, b)] || (board && board.done);
    if (!plan.traveller || !stored || queuedFor(r, b)) return;
    try {
      const response = await fetch(`/device/${encodeURIComponent(token)}/boards/${b}?round=${r}`,
                                   { credentials: "omit", headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const found = doc.getElementById("device-traveller");
      const view = state.view;
      if (found && view && view.kind === "done" && view.round === r && view.board === b) {
        $("device-traveller").replaceChildren(...[...found.childNodes]);
      }
    } catch (err) { /* offline: the result is shown without its traveller */ }
  }

  // ----- the queue --------------------------------------------------------------------------------------------------
  async function enqueue(item) {
    state.queue.push(item);
    await save(item);
    render();
    flush();
  }
  async function commit(pending, confirmedBy) {
    const key = newKey();
    const body = { ...pending.body, key, table: plan.table, confirmed_by: confirmedBy };
    const item = { key, token, kind: "result", order: nextOrder(), body, keyed: pending.keyed,
                   words: words(body), label: `Board ${body.board}: ${words(body)}` };
    state.refused = state.refused.filter((x) => !(x.body.round === body.round && x.body.board === body.board));
    stash.set("refused", state.refused);
    state.last = item;
    state.pending = null;
    if (plan.traveller) showDone(body.round, body.board); else advance();
    await enqueue(item);
  }

  async function flush() {
    if (state.sending || state.held || !state.queue.length) return;
    state.sending = true;
    window.clearTimeout(state.retry);
    render();
    try {
      while (state.queue.length && !state.held) {
        const item = state.queue[0];
        let response;
        try {
          response = await fetch(`${api}/${item.kind === "call" ? "calls" : "results"}`, {
            method: "POST", body: JSON.stringify(item.body), credentials: "omit", cache: "no-store",
            headers: { "Content-Type": "application/json", Accept: "application/json" } });
        } catch (err) {  // no connection: it waits, and is sent again with the same key
          offline(true);
          state.retry = window.setTimeout(flush, RETRY_MS);
          break;
        }
        offline(false);
        if (response.status >= 500 || response.status === 429) { state.retry = window.setTimeout(flush, RETRY_MS); break; }
        let data = {};
        try { data = await response.json(); } catch (err) { data = {}; }
        if (response.status === 403 || response.status === 404) {  // the link: revoked, or not this table's
          state.held = data.detail || `refused (${response.status})`;
          break;
        }
        state.queue.shift();
        await drop(item.key);
        if (item.kind === "call") {
          state.called = response.ok ? `The director is called (${data.ago || "just now"}): on the way`
                                     : `The call was not sent: ${data.detail || response.status}`;
          continue;
        }
        const { round: r, board: b } = item.body;
        if (response.ok) {
          state.sent[spot(r, b)] = data.result || item.words;
          stash.set("sent", state.sent);
          const view = state.view;
          if (view && view.kind === "done" && view.round === r && view.board === b) traveller(r, b);
        } else {  // refused: kept with its taps and the reason, one line
          state.refused.push({ key: item.key, body: item.body, keyed: item.keyed, label: item.label,
                               reason: data.detail || `refused (${response.status})` });
          stash.set("refused", state.refused);
          const view = state.view;
          if (view && view.kind === "done" && view.round === r && view.board === b) {  // still on it: back to the keypad
            const rnd = roundOf(r);
            showBoard(rnd, rnd.boards.find((x) => x.board === b));
          }
        }
      }
    } finally {
      state.sending = false;
      render();
      if (!state.queue.length) keep();
    }
  }
  function offline(value) { if (state.offline !== value) { state.offline = value; render(); } }

  /* The service worker keeps this page for a reload without the connection (docs/phone.md). */
  function keep() {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker && navigator.onLine) worker.postMessage({ keep: location.pathname });
  }

  // ----- the bar at the bottom and the lines above the board ------------------------------------------------------
  function line(tag, attributes, text) {
    const made = document.createElement(tag);
    Object.entries(attributes).forEach(([name, value]) => made.setAttribute(name, value));
    if (text) made.textContent = text;
    return made;
  }
  function render() {
    const results = state.queue.filter((i) => i.kind === "result");
    const status = $("device-status");
    const last = state.last;
    if (last) {
      const waiting = state.queue.includes(last);
      const refused = state.refused.some((x) => x.key === last.key);
      const how = !waiting ? "stored" : state.offline ? "waiting on this phone (offline)" : "sending…";
      status.textContent = `Board ${last.body.board}: ${last.words} — ${how}`;
      status.hidden = refused;  // a refusal is said once, where it is corrected
    }
    const done = $("done-result");
    const view = state.view;
    if (done && view && view.kind === "done") {
      const text = doneText(view.round, view.board);
      const waiting = queuedFor(view.round, view.board);
      done.textContent = waiting ? `${text} — ${state.offline ? "waiting on this phone (offline)" : "sending…"}` : text;
    }
    const bar = $("device-sync");
    const parts = [];
    state.refused.forEach((x, i) => {
      const shown = view && view.kind === "board" && view.round === x.body.round && view.board === x.body.board;
      if (shown) return;  // on the keypad now, with its reason above it
      const p = line("p", { class: "refused", id: `device-refused-${i}` }, `Board ${x.body.board} not entered: ${x.reason}`);
      const fix = line("button", { type: "button", class: "choice", id: `device-fix-${i}` }, "Correct it");
      fix.addEventListener("click", () => {
        const rnd = roundOf(x.body.round);
        const board = rnd && rnd.boards.find((b) => b.board === x.body.board);
        if (board) showBoard(rnd, board, x.keyed, `Not entered: ${x.reason}`);
      });
      p.append(" ", fix);
      parts.push(p);
    });
    if (state.held) parts.push(line("p", { class: "held", id: "device-held" }, `Nothing more is sent: ${state.held}`));
    if (results.length) {
      const how = state.offline ? "offline: they are sent when the connection is back" : "sending…";
      parts.push(line("p", { id: "device-waiting" },
                      `${results.length} ${results.length === 1 ? "result" : "results"} waiting (${how})`));
    } else if (state.offline) {
      parts.push(line("p", { id: "device-offline" }, "Offline: results entered now wait on this phone."));
    }
    if (state.called) parts.push(line("p", { id: "device-called" }, state.called));
    bar.replaceChildren(...parts);
    bar.hidden = parts.length === 0;
    bar.className = `sync${state.offline ? " offline" : ""}${state.refused.length || state.held ? " problem" : ""}`;
    const main = document.querySelector("main");
    if (main) main.style.paddingBottom = bar.hidden ? "" : `${bar.offsetHeight + 12}px`;
  }

  // ----- wiring -----------------------------------------------------------------------------------------------------
  page.addEventListener("submit", (event) => {
    const form = event.target;
    event.preventDefault();
    const submitter = event.submitter;
    if (form.id === "keypad") {
      const rnd = roundOf(Number(form.elements.round.value));
      const board = rnd && rnd.boards.find((b) => b.board === Number(form.elements.board.value));
      if (!board) return;
      const keyed = keyedOf(form, submitter);
      const made = entryOf(keyed, rnd.round, board.board);
      if (made.error) { problem(made.error); return; }
      showConfirm(rnd, board, keyed, made.body);
    } else if (form.id === "confirm-form") {
      const pending = state.pending;
      if (!pending) { advance(); return; }
      if (submitter && submitter.name === "change") {
        const rnd = roundOf(pending.round);
        showBoard(rnd, rnd.boards.find((b) => b.board === pending.board), pending.keyed);
      } else {
        commit(pending, side(pending.body));
      }
    } else if (form.id === "call-form") {
      const what = submitter && submitter.name === "what" ? submitter.value : "";
      const round = Number(form.elements.round.value) || 1;
      const board = Number(form.elements.board.value) || null;
      const key = newKey();
      state.called = `Calling the director${WHAT[what] ? ` (${WHAT[what]})` : ""}, board ${board || "-"}…`;
      const sheet = $("irregularity");
      if (sheet) sheet.open = false;
      enqueue({ key, token, kind: "call", order: nextOrder(), body: { key, round, board, what }, label: "call" });
    }
  });
  page.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("#next-board, #start-round");
    if (!link) return;
    event.preventDefault();
    if (link.id === "start-round" && state.view && state.view.next) {
      state.started = Math.max(state.started, state.view.next);
      stash.set("started", state.started);
    }
    advance();
  });
  window.addEventListener("online", () => { offline(false); flush(); });
  window.addEventListener("offline", () => offline(true));
  document.addEventListener("visibilitychange", () => { if (!document.hidden) flush(); });

  (async () => {
    state.queue = await load();
    const mode = page.dataset.mode;
    if (mode === "done" || $("error")) {  // a board's traveller, or a refusal drawn by the server: as it is
      state.view = { kind: mode, round: Number(page.dataset.round), board: Number(page.dataset.board) };
      render();
    } else {
      advance();
    }
    page.dataset.live = "on";  // the page takes taps now (the tests wait for it)
    keep();
    flush();
  })();
})();
