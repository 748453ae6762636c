/* bridge-director on the phone (docs/phone.md).
 *
 * 1. Registers the service worker (/sw.js): the app installs, and its shell and the table pages opened last
 *    are there offline.
 * 2. The table page (#table-page): every entry (a bid, an option, a card, undo...) goes into a queue kept in
 *    IndexedDB, with an idempotency key, and is sent from there in order; the page is then redrawn in place: the
 *    tapped control stays where it was on the screen and keeps the focus.  Offline, entries wait in the queue
 *    (the bar at the bottom says how many) and go when the connection comes back; the server applies each key
 *    once.  A conflict (another device entered meanwhile) or a refusal holds the queue and says so.
 * 3. A second device sees new entries: the page polls the stored entry count and redraws when it changed.
 */
(() => {
  "use strict";

  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", () => { navigator.serviceWorker.register("/sw.js").catch(() => {}); });
    navigator.serviceWorker.addEventListener("controllerchange", () => keep());  // the worker took over just now
  }

  const POLL_MS = 700;      // a second device sees an entry well within 2 s
  const RETRY_MS = 4000;    // offline: try the queue again this often (and at once when the browser is online)
  const QUIET_MS = 800;     // an entry answered sooner never shows the bar
  const DB_NAME = "bridge-director";
  const STORE = "entries";

  /* The service worker keeps a copy of the table page shown (``html``: as just received; else it fetches it), so
   * that a reload without a connection still shows the table and its queue. */
  function keep(html) {
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker && document.querySelector("#table-page")) worker.postMessage({ keep: location.pathname, html });
  }

  // ----- the queue on the phone (IndexedDB; in memory only where there is none) -------------------------------
  let dbPromise = null;

  function openDb() {
    if (!dbPromise) {
      dbPromise = new Promise((resolve) => {
        if (!("indexedDB" in window)) { resolve(null); return; }
        const request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = () => {
          const store = request.result.createObjectStore(STORE, { keyPath: "key" });
          store.createIndex("table", "table");
        };
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
      const result = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
      tx.onerror = () => resolve(undefined);
      tx.onabort = () => resolve(undefined);
    });
  }

  const saved = (entry) => withStore("readwrite", (s) => s.put(entry));
  const dropped = (key) => withStore("readwrite", (s) => s.delete(key));
  async function stored(table) {
    const all = await withStore("readonly", (s) => s.index("table").getAll(table));
    return (all || []).sort((a, b) => a.order - b.order);
  }

  function newKey() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  let lastOrder = 0;
  function nextOrder() { lastOrder = Math.max(Date.now(), lastOrder + 1); return lastOrder; }

  // ----- the table being shown -----------------------------------------------------------------------------------
  let table = null;  // {id, base, queue, sending, held, offline, poll, retry, anchor, ready}

  const pageOf = (doc) => doc.querySelector("#table-page");
  const seqOf = (page) => Number(page.dataset.seq);
  const isEntry = (form) => /\/tables\/[^/]+\/entries$/.test(new URL(form.action, location.href).pathname);

  function csrf() {
    const input = document.querySelector("input[name=csrf_token]");
    return input ? input.value : "";
  }

  async function setup() {
    const page = pageOf(document);
    if (!page) { stop(); return; }
    if (table && table.id === page.dataset.table) { table.base = seqOf(page); render(); return; }
    stop();
    const current = { id: page.dataset.table, base: seqOf(page), queue: [], sending: false, held: null,
                      offline: !navigator.onLine, poll: 0, retry: 0, anchor: null, refused: null, ready: null };
    table = current;
    current.ready = stored(current.id).then((queue) => {
      current.queue = queue.concat(current.queue);
      render();
    });
    await current.ready;
    if (table !== current) return;
    current.poll = window.setInterval(poll, POLL_MS);
    page.dataset.live = "on";  // the page takes entries now (the tests and the time-to-interactive wait for it)
    if (navigator.onLine) keep();
    flush();
  }

  function stop() {
    if (!table) return;
    window.clearInterval(table.poll);
    window.clearTimeout(table.retry);
    table = null;
  }

  // ----- entering ------------------------------------------------------------------------------------------------
  /* The form's fields as [name, value] pairs (a name may come more than once: the calls tapped); the submitter
   * last, so that its value wins over a field of the same name. */
  function fieldsOf(form, submitter) {
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    return [...data.entries()].filter(([name, value]) => typeof value === "string" && name !== "csrf_token"
                                      && name !== "expected" && name !== "key");
  }

  function labelOf(form, submitter, pairs) {
    const fields = Object.fromEntries(pairs);
    const shown = submitter ? submitter.textContent.trim() : "";
    const seat = fields.seat && fields.kind !== "revoke_corrected" ? `${fields.seat}: ` : "";
    const kind = form.querySelector("input[name=sheet]:checked");  // "Something happened": the kind tapped
    const what = kind ? `${kind.parentElement.textContent.trim()} · ` : "";
    if (shown && !/^Enter /.test(shown)) return what + seat + shown;
    const parts = ["call", "card", "cards", "tricks"].filter((f) => fields[f]).map((f) => fields[f]);
    return `${what}${fields.kind || "entry"} ${seat}${parts.join(" ")}`.trim();
  }

  async function enter(form, submitter) {
    const current = table;
    await current.ready;
    const last = current.queue[current.queue.length - 1];
    const fields = fieldsOf(form, submitter);
    const entry = {
      key: newKey(), table: current.id, action: new URL(form.action, location.href).pathname, fields,
      expected: last ? last.expected + 1 : current.base, order: nextOrder(), label: labelOf(form, submitter, fields),
    };
    current.queue.push(entry);
    current.refused = null;
    current.anchor = anchorOf(submitter || document.activeElement);
    form.reset();  // as the page drawn again would be: "In turn" chosen again, fields empty
    render();
    await saved(entry);
    flush();
  }

  async function send(entry, token) {
    const body = new URLSearchParams(entry.fields);  // pairs (or, queued by an older page, an object)
    body.set("key", entry.key);
    body.set("expected", String(entry.expected));
    body.set("csrf_token", token);
    const response = await fetch(entry.action, { method: "POST", body, credentials: "same-origin",
                                                 headers: { Accept: "text/html", "X-Table-Swap": "1" } });
    return { response, doc: new DOMParser().parseFromString(await response.text(), "text/html") };
  }

  async function freshToken() {
    try {
      const response = await fetch("/api/session", { credentials: "same-origin", cache: "no-store" });
      return response.ok ? (await response.json()).csrf_token : null;
    } catch (err) {
      return null;
    }
  }

  async function flush() {
    const current = table;
    if (!current || current.sending || current.held || !current.queue.length) return;
    current.sending = true;
    window.clearTimeout(current.retry);
    render();
    try {
      while (table === current && current.queue.length && !current.held) {
        const entry = current.queue[0];
        let answer;
        try {
          answer = await send(entry, csrf());
          if (answer.response.status === 403 && !pageOf(answer.doc)) {  // the page's token is older than the login
            const token = await freshToken();
            if (token) answer = await send(entry, token);
          }
        } catch (err) {  // no connection: the entry waits, and is sent again with the same key
          offline(current, true);
          current.retry = window.setTimeout(flush, RETRY_MS);
          break;
        }
        offline(current, false);
        const { response, doc } = answer;
        const page = pageOf(doc);
        if (response.status >= 500 || response.status === 429) {
          current.retry = window.setTimeout(flush, RETRY_MS);
          break;
        }
        if (!page || page.dataset.table !== current.id) {  // logged out, or the table is gone: the queue stays
          current.held = { kind: response.status === 404 ? "gone" : "login" };
          break;
        }
        if (response.ok) {
          current.queue.shift();
          current.base = seqOf(page);
          await dropped(entry.key);
          if (!current.queue.length) swap(doc);
          continue;
        }
        if (response.status === 409) {
          current.base = seqOf(page);
          current.held = { kind: "conflict" };
          swap(doc);
          break;
        }
        current.queue.shift();  // refused (the law or the field named): never stored, shown instead
        await dropped(entry.key);
        const error = doc.querySelector("#error");
        current.refused = { label: entry.label, text: error ? error.textContent.trim() : `refused (${response.status})` };
        current.base = seqOf(page);
        if (current.queue.length) current.held = { kind: "refused" };
        swap(doc);
        break;
      }
    } finally {
      current.sending = false;
      render();
    }
  }

  function offline(current, value) {
    if (current.offline !== value) { current.offline = value; render(); }
  }

  /* After a conflict or a refusal: the waiting entries go on the table as it is stored now. */
  async function sendAnyway() {
    const current = table;
    current.queue.forEach((entry, i) => { entry.expected = current.base + i; });
    await Promise.all(current.queue.map(saved));
    current.held = null;
    flush();
  }

  async function discard() {
    const current = table;
    const gone = current.queue.splice(0);
    await Promise.all(gone.map((entry) => dropped(entry.key)));
    current.held = null;
    render();
  }

  // ----- a form that is not an entry (record the result): sent at once, drawn in place -------------------------
  async function post(form, submitter) {
    const body = new URLSearchParams(new FormData(form));
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    table.anchor = anchorOf(submitter || document.activeElement);
    try {
      const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      if (pageOf(doc)) swap(doc); else window.location.assign(response.url);
    } catch (err) {
      offline(table, true);
      table.refused = { label: submitter ? submitter.textContent.trim() : "this", text: "needs the connection" };
      render();
    }
  }

  // ----- drawing the page again in place -------------------------------------------------------------------------
  function anchorOf(element) {
    if (!element || element === document.body || !element.closest || !element.closest("#table-page")) return null;
    let selector = element.id ? `#${CSS.escape(element.id)}` : null;
    if (!selector) {
      const tag = element.tagName.toLowerCase();
      const name = element.getAttribute("name");
      const value = element.getAttribute("value");
      const own = `${tag}${name ? `[name="${CSS.escape(name)}"]` : ""}${value ? `[value="${CSS.escape(value)}"]` : ""}`;
      const holder = element.parentElement && element.parentElement.closest("[id]");
      selector = holder && holder.id !== "table-page" ? `#${CSS.escape(holder.id)} ${own}` : own;
    }
    return { selector, top: element.getBoundingClientRect().top, focused: document.activeElement === element };
  }

  function swap(doc) {
    const main = document.querySelector("main");
    const fresh = doc.querySelector("main");
    if (!main || !fresh || !table) return;
    const html = `<!doctype html>${doc.documentElement.outerHTML}`;  // before its nodes move into this page
    const anchor = table.anchor || anchorOf(document.activeElement);
    const before = anchor && document.querySelector(anchor.selector);
    if (before) anchor.top = before.getBoundingClientRect().top;  // where it is now (the page may have scrolled)
    const y = window.scrollY;
    const hadRuling = document.getElementById("ruling") !== null;
    main.replaceChildren(...[...fresh.childNodes]);  // a copy first: inserting moves each node out of the list
    if (doc.title) document.title = doc.title;
    window.scrollTo(0, y);
    const ruling = document.getElementById("ruling");
    const target = anchor && document.querySelector(anchor.selector);
    if (ruling && !hadRuling) {
      window.scrollTo(0, 0);  // a new irregularity: the page from its top, the ruling's text first, as on a new page
    } else if (target) {
      window.scrollBy(0, target.getBoundingClientRect().top - anchor.top);  // the tapped control stays put
    }
    if (target && anchor.focused) target.focus({ preventScroll: true });
    table.anchor = null;
    const page = pageOf(document);
    if (page) { page.dataset.live = "on"; table.base = seqOf(page); }
    if (window.htmx) window.htmx.process(main);
    render();
    keep(html);
  }

  async function refresh() {
    const current = table;
    try {
      const response = await fetch(`/tables/${encodeURIComponent(current.id)}`,
                                   { credentials: "same-origin", headers: { Accept: "text/html" } });
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const page = pageOf(doc);
      if (table === current && page && !current.sending && !current.queue.length) swap(doc);
    } catch (err) {
      offline(current, true);
    }
  }

  let polling = false;
  async function poll() {
    const current = table;
    if (!current || polling || document.hidden || current.sending || current.queue.length) return;
    polling = true;
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(current.id)}/entries/count`,
                                   { credentials: "same-origin", cache: "no-store" });
      offline(current, false);
      if (response.ok && (await response.json()).entries !== current.base) await refresh();
    } catch (err) {
      offline(current, true);
    } finally {
      polling = false;
    }
  }

  // ----- the bar at the bottom: offline, waiting entries, a conflict or a refusal ------------------------------
  function element(tag, attributes, text) {
    const made = document.createElement(tag);
    Object.entries(attributes).forEach(([name, value]) => made.setAttribute(name, value));
    if (text) made.textContent = text;
    return made;
  }

  function render() {
    const bar = document.getElementById("sync");
    if (!bar || !table) return;
    const { queue, held, refused } = table;
    const waiting = queue.length;
    const parts = [];
    if (refused) {
      parts.push(element("p", { class: "refused", id: "sync-refused" }, `Not entered: ${refused.label} — ${refused.text}`));
    }
    if (held && held.kind === "conflict") {
      parts.push(element("p", { class: "held", id: "sync-conflict" },
        `Another device entered at this table while ${waiting} ${waiting === 1 ? "entry" : "entries"} of yours waited: ` +
        "nothing of yours is entered yet. The table above is as stored now."));
    } else if (held && held.kind === "refused") {
      parts.push(element("p", { class: "held" }, `${waiting} ${waiting === 1 ? "entry" : "entries"} made after it wait.`));
    } else if (held && held.kind === "gone") {
      parts.push(element("p", { class: "held", id: "sync-gone" },
        `This table is no longer stored: ${waiting} ${waiting === 1 ? "entry waits" : "entries wait"} on this phone.`));
    } else if (held && held.kind === "login") {
      const link = element("a", { href: `/login?next=${encodeURIComponent(location.pathname)}`, class: "button" },
                           "Log in again");
      const p = element("p", { class: "held", id: "sync-login" },
                        `${waiting} ${waiting === 1 ? "entry waits" : "entries wait"} on this phone until you log in again. `);
      p.append(link);
      parts.push(p);
    } else if (waiting && !table.offline && Date.now() - queue[0].order < QUIET_MS) {
      window.setTimeout(render, QUIET_MS);  // an entry sent at once shows no bar: only one that takes a while
    } else if (waiting) {
      const how = table.offline ? "offline: they are sent when the connection is back" : "sending…";
      parts.push(element("p", { id: "sync-waiting" },
        `${waiting} ${waiting === 1 ? "entry" : "entries"} waiting (${how})`));
    } else if (table.offline) {
      parts.push(element("p", { id: "sync-offline" }, "Offline: entries made now wait on this phone."));
    }
    if (waiting && held) {
      const list = element("ol", { class: "waiting", id: "sync-list" });
      queue.forEach((entry) => list.append(element("li", {}, entry.label)));
      parts.push(list);
      if (held.kind === "conflict" || held.kind === "refused") {
        const row = element("div", { class: "row" });
        const again = element("button", { type: "button", id: "sync-send", class: "choice" }, "Enter mine after it");
        const away = element("button", { type: "button", id: "sync-discard" }, "Discard mine");
        again.addEventListener("click", sendAnyway);
        away.addEventListener("click", discard);
        row.append(again, away);
        parts.push(row);
      }
    } else if (parts.length && waiting) {
      const list = element("ol", { class: "waiting", id: "sync-list" });
      queue.forEach((entry) => list.append(element("li", {}, entry.label)));
      parts.push(list);
    }
    bar.replaceChildren(...parts);
    bar.hidden = parts.length === 0;
    bar.className = `sync${table.offline ? " offline" : ""}${held || refused ? " problem" : ""}`;
    const main = document.querySelector("main");
    if (main) main.style.paddingBottom = bar.hidden ? "" : `${bar.offsetHeight + 12}px`;
  }

  /* Cards played together (Law 58B): the first card tapped is the one seen, the second is sent with it. */
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("#sheet button[name=card]");
    const kind = button && button.form.querySelector("input[name=sheet]:checked");
    if (!kind || kind.value !== "together") return;
    const seen = button.form.elements.visible;
    if (seen.value && seen.value !== button.value) return;
    event.preventDefault();
    seen.value = button.value;
    button.setAttribute("aria-pressed", "true");
  });
  document.addEventListener("reset", (event) => {
    const seen = event.target.elements && event.target.elements.visible;
    if (seen) seen.value = "";
  });

  // ----- wiring --------------------------------------------------------------------------------------------------
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!table || !(form instanceof HTMLFormElement) || !form.closest("#table-page")) return;
    event.preventDefault();
    if (isEntry(form)) enter(form, event.submitter); else post(form, event.submitter);
  });
  window.addEventListener("online", () => { if (table) { offline(table, false); flush(); } });
  window.addEventListener("offline", () => { if (table) offline(table, true); });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { flush(); poll(); } });
  document.addEventListener("htmx:afterSettle", setup);
  document.addEventListener("htmx:historyRestore", setup);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup); else setup();
})();
/* ===== the scorer's desk and the set-up form (docs/web.md, "The scorer's desk") ===== begin ===================
 * A paper traveller typed row by row (templates/scorer_board.html): Enter sends the one row (``only``) and puts the
 * answer, the row as stored or refused with the typed text kept, in its place; the cursor then goes to the next
 * row (the row again when refused).  Up and down arrows move between rows.  Without this script the page is one
 * form and Enter stores every row typed.  The set-up form shows the chosen movement's description.
 */
(() => {
  "use strict";

  const lines = () => [...document.querySelectorAll("#traveller input.desk-line")];

  function place(input) {
    if (!input) return;
    input.focus();
    const end = input.value.length;
    input.setSelectionRange(end, end);
  }

  function after(input, step) {
    const all = lines();
    const at = all.indexOf(input);
    return at < 0 ? null : all[at + step] || null;
  }

  function count() {
    const shown = document.querySelector("#rows-stored");
    if (!shown) return;
    const stored = document.querySelectorAll("#traveller tr.desk-row.stored").length;
    shown.textContent = `${stored} of ${lines().length} rows stored`;
  }

  function refuse(row, text) {
    let why = row.querySelector(".row-why");
    if (!why) {
      why = document.createElement("span");
      why.className = "row-why";
      why.setAttribute("role", "alert");
      row.querySelector(".desk-cell").append(why);
    }
    why.textContent = text;
    row.classList.add("refused");
  }

  async function send(input) {
    const row = input.closest("tr.desk-row");
    const form = input.form;
    if (!row || !form || row.dataset.busy) return;
    const key = row.dataset.row;
    const body = new FormData();
    body.append("csrf_token", form.elements.csrf_token.value);
    body.append("only", key);
    row.querySelectorAll("input").forEach((field) => body.append(field.name, field.value));
    row.dataset.busy = "1";
    let answer = null;
    try {
      answer = await fetch(form.action, { method: "POST", body, credentials: "same-origin",
                                          headers: { "X-Desk-Row": key } });
    } catch (err) {
      delete row.dataset.busy;
      refuse(row, "Not stored: the server did not answer. Press Enter to send the row again.");
      place(input);
      return;
    }
    const template = document.createElement("template");
    template.innerHTML = (await answer.text()).trim();
    const fresh = template.content.querySelector("tr.desk-row");
    delete row.dataset.busy;
    if (!fresh) {
      refuse(row, `Not stored (${answer.status}): reload the page; the login may have ended.`);
      place(input);
      return;
    }
    const next = answer.ok ? after(input, 1) : null;
    row.replaceWith(fresh);
    count();
    const again = fresh.querySelector("input.desk-line");
    if (!answer.ok) place(again);
    else if (next) place(next);
    else { const go = document.querySelector("#go-board"); if (go) { go.focus(); go.select(); } }
  }

  document.addEventListener("keydown", (event) => {
    const input = event.target instanceof HTMLInputElement && event.target.matches("#traveller input.desk-line")
      ? event.target : null;
    if (!input || event.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const other = after(input, event.key === "ArrowDown" ? 1 : -1);
      if (other) { event.preventDefault(); place(other); }
      return;
    }
    if (event.key !== "Enter") return;
    event.preventDefault();
    const stored = input.closest("tr").querySelector("input[name^=version-]");
    if (!input.value.trim() && !stored) { place(after(input, 1)); return; }  // an empty row: nothing to send
    send(input);
  });

  function ready() {
    const first = document.querySelector("#traveller-form [autofocus], #go-form [autofocus]");
    if (first && document.activeElement !== first) place(first);
  }

  document.addEventListener("change", (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || select.id !== "movement") return;
    const hint = document.querySelector("#movement-hint");
    const option = select.selectedOptions[0];
    if (hint && option) hint.textContent = option.dataset.hint || "";
  });
  document.addEventListener("htmx:afterSettle", ready);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready); else ready();
})();
/* ===== the scorer's desk and the set-up form ===== end ===================================================== */
