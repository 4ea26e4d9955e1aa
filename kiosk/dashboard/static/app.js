"use strict";
// The club-room page: a snapshot from /api/tables, then each table's changes pushed by /events.
const mode = document.body.dataset.mode;   // "spectator" | "director"
const tables = new Map();
let layout = null;
let results = {games: [], standings: []};
let acked = {};
let brokerUp = true;
// While the dashboard itself has lost the broker, "kiosk offline" means nothing (the broker's
// shutdown sends every table's last will): the header says the broker is lost instead.
const alertsOf = (view) => view.alerts.filter((a) => brokerUp || a.kind !== "offline");
const $ = (sel) => document.querySelector(sel);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function board(view, size) {
  const b = el("div", "board " + size);
  const s = view.state;
  const rows = s ? s.board : Array(15).fill(".".repeat(15));
  const hl = new Set((s ? s.highlight : []).map(([r, c]) => r * 15 + c));
  for (let r = 0; r < 15; r++) {
    for (let c = 0; c < 15; c++) {
      const ch = rows[r][c];
      const d = el("div");
      if (ch !== ".") {
        d.className = "t" + (ch === ch.toLowerCase() || ch === "?" ? " blank" : "") + (hl.has(r * 15 + c) ? " hl" : "");
        d.textContent = ch.toUpperCase();
      } else if (layout) {
        d.className = {T: "tw", D: "dw", t: "tl", d: "dl"}[layout[r][c]] || "";
      }
      b.appendChild(d);
    }
  }
  return b;
}

function alertBadge(view, a) {
  const done = (acked[view.name] || []).includes(a.text);
  const b = el("span", "alert " + a.kind + (done ? " acked" : ""), (view.name ? view.name + ": " : "") + a.text);
  if (a.detail) b.title = a.detail;
  b.addEventListener("click", () => openTable(view.name));
  return b;
}

function playerRow(view, i) {
  const s = view.state;
  const p = s.players[i];
  const row = el("div", "player" + (p.running ? " running" : ""));
  row.appendChild(el("span", "turn", s.to_move === i ? "▶" : ""));
  row.appendChild(el("span", "name", p.name));
  const score = el("span", "score", p.score);
  score.dataset.testid = `score-${view.name}-${i}`;
  row.appendChild(score);
  row.appendChild(el("span", "clock" + (p.overtime ? " overtime" : ""), p.clock));
  return row;
}

function card(view) {
  const c = el("article", "card");
  c.id = "table-" + view.name;
  c.dataset.table = view.name;
  if (alertsOf(view).length) c.classList.add("alerting");
  if (view.online === false && brokerUp) c.classList.add("offline");
  const h = el("h2");
  h.appendChild(el("span", "", view.name));
  const s = view.state;
  h.appendChild(el("span", "meta", s ? `bag ${s.bag === null ? "–" : s.bag} · ${s.screen}` : "no state yet"));
  c.appendChild(h);
  if (s) {
    c.appendChild(playerRow(view, 0));
    c.appendChild(playerRow(view, 1));
  }
  const badges = el("div", "badges");
  for (const a of alertsOf(view)) {
    const b = el("span", "alert " + a.kind, a.text);
    if (a.detail) b.title = a.detail;
    badges.appendChild(b);
  }
  c.appendChild(badges);
  c.appendChild(board(view, "mini"));
  c.addEventListener("click", () => openTable(view.name));
  return c;
}

function renderAlerts() {
  const box = $("#alerts");
  box.replaceChildren();
  for (const view of [...tables.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    for (const a of alertsOf(view)) box.appendChild(alertBadge(view, a));
  }
}

function renderCard(view) {
  const old = document.getElementById("table-" + view.name);
  const fresh = card(view);
  if (old) old.replaceWith(fresh);
  else {
    const grid = $("#grid");
    const after = [...grid.children].find((e) => e.dataset.table > view.name);
    grid.insertBefore(fresh, after || null);
  }
}

function breakdown(lp) {
  const box = el("div", "breakdown");
  if (!lp) { box.appendChild(el("span", "muted", "No play yet")); return box; }
  if (lp.kind !== "play") {
    box.appendChild(el("div", "", `${lp.player}: ${lp.kind.replace("_", " ")}` + (lp.kind === "exchange" ? ` ${lp.exchanged}` : "")));
    return box;
  }
  const word = lp.main_word || (lp.words.length ? lp.words[0].word : "");
  box.appendChild(el("h3", "", `${lp.player}: ${word} at ${lp.position} for ${lp.total}`));
  const t = el("table");
  for (const w of lp.words) {
    const tr = el("tr");
    const prem = w.letter_premiums.map(([l, m]) => `${l}×${m}`).join(" ");
    tr.appendChild(el("td", "", w.word));
    tr.appendChild(el("td", "muted", `${w.letter_sum}${prem ? " (" + prem + ")" : ""}${w.word_multiplier > 1 ? " ×" + w.word_multiplier : ""}`));
    tr.appendChild(el("td", "", w.score));
    t.appendChild(tr);
  }
  if (lp.bingo_bonus) {
    const tr = el("tr");
    tr.appendChild(el("td", "", "bingo"));
    tr.appendChild(el("td"));
    tr.appendChild(el("td", "", "+" + lp.bingo_bonus));
    t.appendChild(tr);
  }
  box.appendChild(t);
  return box;
}

function renderDetail() {
  const name = decodeURIComponent((location.hash.match(/^#table=(.+)$/) || [])[1] || "");
  const detail = $("#detail");
  const showResults = location.hash === "#results";
  $("#results").hidden = !showResults;
  $("#grid").hidden = !!name || showResults;
  if (!name || !tables.has(name)) { detail.hidden = true; return; }
  const view = tables.get(name);
  detail.hidden = false;
  detail.replaceChildren();
  detail.appendChild(board(view, "big"));
  const side = el("div");
  side.appendChild(el("h2", "", `Table ${name}` + (view.online === false ? " (offline)" : "")));
  if (view.state) {
    side.appendChild(playerRow(view, 0));
    side.appendChild(playerRow(view, 1));
    side.appendChild(el("div", "muted", `bag ${view.state.bag === null ? "–" : view.state.bag} · ${view.state.screen} · ${view.state.profile}`));
  }
  const badges = el("div", "badges");
  for (const a of alertsOf(view)) badges.appendChild(alertBadge(view, a));
  side.appendChild(badges);
  if (mode === "director" && view.alerts.length) {
    const b = el("button", "", "Acknowledge alerts");
    b.addEventListener("click", async () => {
      const r = await fetch(`/director/ack/${encodeURIComponent(name)}`, {method: "POST"});
      if (r.ok) { acked[name] = (await r.json()).acknowledged; renderAll(); }
    });
    side.appendChild(b);
  }
  const result = view.state && view.state.result;
  if (result) {
    const box = el("div", "breakdown");
    box.appendChild(el("h3", "", result.winner ? `${result.winner} wins` : "A tie"));
    if (result.end_reason) box.appendChild(el("div", "muted", result.end_reason));
    const t = el("table");
    for (const line of result.lines) {
      const tr = el("tr");
      const adj = [line.rack_adjustment ? `racks ${line.rack_adjustment > 0 ? "+" : ""}${line.rack_adjustment}` : "",
                   line.time_penalty ? `time −${line.time_penalty}` : ""].filter(Boolean).join(", ");
      for (const v of [line.name, line.score_before, adj, line.final, line.confirmed ? "✓" : ""]) tr.appendChild(el("td", "", v));
      t.appendChild(tr);
    }
    box.appendChild(t);
    side.appendChild(box);
  }
  side.appendChild(breakdown(view.state && view.state.last_play));
  side.appendChild(el("h3", "", "Moves"));
  const moves = el("div", "moves");
  const t = el("table");
  for (const m of view.moves) {
    const tr = el("tr");
    tr.appendChild(el("td", "", m.player));
    tr.appendChild(el("td", "", m.kind === "play" ? `${m.position} ${m.word}` : m.kind.replace("_", " ")));
    tr.appendChild(el("td", "", (m.score >= 0 ? "+" : "") + m.score));
    tr.appendChild(el("td", "muted", m.total));
    t.appendChild(tr);
  }
  moves.appendChild(t);
  if (view.move_list_problem) moves.appendChild(el("div", "muted", "move list stops: " + view.move_list_problem));
  side.appendChild(moves);
  detail.appendChild(side);
}

function renderResults() {
  const games = $("#games tbody");
  games.replaceChildren();
  for (const g of results.games) {
    const tr = el("tr");
    for (const v of [g.round, g.table, g.players[0], g.scores[0], g.scores[1], g.players[1], g.final ? "" : "(unconfirmed)"]) tr.appendChild(el("td", "", v));
    games.appendChild(tr);
  }
  const st = $("#standings tbody");
  st.replaceChildren();
  results.standings.forEach((s, i) => {
    const tr = el("tr");
    for (const v of [i + 1, s.name, s.wins, s.losses, (s.spread > 0 ? "+" : "") + s.spread]) tr.appendChild(el("td", "", v));
    st.appendChild(tr);
  });
  const rounds = [...new Set([...tables.values()].filter((v) => v.state).map((v) => v.state.round))];
  $("#round").textContent = rounds.length === 1 ? `· round ${rounds[0]}` : "";
}

function renderAll() {
  $("#grid").replaceChildren();
  for (const view of [...tables.values()].sort((a, b) => a.name.localeCompare(b.name))) renderCard(view);
  renderAlerts();
  renderDetail();
  renderResults();
}

function openTable(name) { location.hash = "table=" + encodeURIComponent(name); }

async function start() {
  const snap = await (await fetch("/api/tables")).json();
  layout = snap.layout;
  results = snap.results;
  for (const v of snap.tables) tables.set(v.name, v);
  if (mode === "director") {
    const r = await fetch("/director/acknowledged");
    if (r.ok) acked = await r.json();
  }
  renderAll();
  brokerUp = snap.broker;
  let streamUp = false;
  const showLive = () => {
    const live = $("#live");
    live.textContent = !streamUp ? "reconnecting…" : brokerUp ? "live" : "broker lost: tables shown as last seen";
    live.classList.toggle("off", !(streamUp && brokerUp));
  };
  const source = new EventSource("/events");
  source.addEventListener("open", () => { streamUp = true; showLive(); });
  source.addEventListener("error", () => { streamUp = false; showLive(); });
  source.addEventListener("broker", (e) => { brokerUp = JSON.parse(e.data).connected; showLive(); renderAll(); });
  source.addEventListener("table", (e) => {
    const view = JSON.parse(e.data);
    if (!("moves" in view)) view.moves = (tables.get(view.name) || {moves: []}).moves;   // sent only when it changed
    tables.set(view.name, view);
    renderCard(view);
    renderAlerts();
    renderResults();
    if (location.hash === "#table=" + encodeURIComponent(view.name)) renderDetail();
    window.dashboardUpdates = (window.dashboardUpdates || 0) + 1;
  });
  source.addEventListener("results", (e) => { results = JSON.parse(e.data); renderResults(); });
}

window.addEventListener("hashchange", renderDetail);
$("#show-all").addEventListener("click", (e) => { e.preventDefault(); location.hash = ""; renderDetail(); });
start();
