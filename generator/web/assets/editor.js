// The layout editor: a component's face with each element as a box over a card of one's
// choice. Drag a box to move it, its handles to resize it, arrow keys nudge it (Alt: 0.1 mm,
// Shift: 5 mm); boxes snap to the grid and to the edges and centres of the other elements
// and of the safe area. The side panel sets the element's text keys. Every change is one
// request that writes one key into the template file that defines it; the server reloads
// the pack and every card is drawn again. Undo and redo send the key's earlier value.
"use strict";

const editor = {
  on: false, layout: null, selected: null, scale: 6, undo: [], redo: [], busy: Promise.resolve(),
  token: document.querySelector('meta[name="draftdeck-token"]').content,
};
const SNAP_MM = 1.0; // how near an edge or centre must come to be caught by it
const HANDLES = ["nw", "n", "ne", "e", "se", "s", "sw", "w"];
const round2 = (value) => Math.round(value * 100) / 100;

function say(message, bad = false) {
  const line = $("ed-message");
  line.textContent = message;
  line.classList.toggle("bad", bad);
}

$("edit-toggle").addEventListener("click", () => {
  editor.on = !editor.on;
  $("edit-toggle").setAttribute("aria-pressed", String(editor.on));
  $("editor").hidden = !editor.on;
  document.body.classList.toggle("editing", editor.on);
  if (editor.on) refresh();
});

state.listeners.push(() => { if (editor.on) refresh(); });
for (const id of ["ed-component", "ed-side"]) $(id).addEventListener("change", () => { editor.selected = null; refresh(); });
$("ed-card").addEventListener("change", () => showPicture());

function components() {
  return state.view ? state.view.components : [];
}

function chosenComponent() {
  return components().find((c) => c.id === $("ed-component").value) || components()[0];
}

async function refresh() {
  const select = $("ed-component");
  const ids = components().map((c) => c.id);
  if ([...select.options].map((o) => o.value).join() !== ids.join()) {
    const keep = select.value;
    select.replaceChildren(...components().map((c) => new Option(c.name, c.id)));
    if (ids.includes(keep)) select.value = keep;
  }
  const component = chosenComponent();
  if (!component) return;
  const cards = $("ed-card");
  const cardIds = component.cards.map((c) => c.id);
  if ([...cards.options].map((o) => o.value).join() !== cardIds.join()) {
    const keep = cards.value;
    cards.replaceChildren(...cardIds.map((id) => new Option(id, id)));
    if (cardIds.includes(keep)) cards.value = keep;
  }
  const side = $("ed-side").value;
  const response = await fetch(`/api/layout?component=${encodeURIComponent(component.id)}&side=${side}`);
  const layout = await response.json();
  if (!response.ok) { say(layout.error, true); return; }
  editor.layout = layout;
  $("editor").dataset.version = String(layout.version);
  showPicture();
  drawBoxes();
  showPanel();
}

function chosenCard() {
  const component = chosenComponent();
  return component && (component.cards.find((c) => c.id === $("ed-card").value) || component.cards[0]);
}

function showPicture() {
  const layout = editor.layout;
  const card = chosenCard();
  if (!layout || !card) return;
  const key = layout.side === "back" ? card.back : card.front;
  const stage = $("ed-stage");
  stage.style.width = `${layout.width * editor.scale}px`;
  stage.style.height = `${layout.height * editor.scale}px`;
  const picture = $("ed-picture");
  const source = key ? `/picture/${key}.png` : "";
  if (picture.getAttribute("src") !== source) picture.setAttribute("src", source);
  const safe = $("ed-safe");
  Object.assign(safe.style, place([layout.safe, layout.safe, layout.width - 2 * layout.safe, layout.height - 2 * layout.safe]));
  markOverflow();
}

// A box in millimetres (from the card's bottom left) as CSS pixels from the top left.
function place(box) {
  const [x, y, w, h] = box;
  const s = editor.scale;
  return { left: `${x * s}px`, top: `${(editor.layout.height - y - h) * s}px`, width: `${w * s}px`, height: `${h * s}px` };
}

function drawBoxes() {
  const holder = $("ed-boxes");
  holder.replaceChildren();
  for (const element of editor.layout.elements) {
    if (!element.box) continue;
    const div = document.createElement("div");
    div.className = "ed-box";
    div.dataset.element = element.name;
    Object.assign(div.style, place(element.box));
    const label = document.createElement("span");
    label.className = "ed-label";
    label.textContent = element.name;
    label.title = `${element.file}:${element.line}`;
    div.append(label);
    if (element.name === editor.selected) {
      div.classList.add("selected");
      if (element.keys.box) {
        for (const handle of HANDLES) {
          const grip = document.createElement("span");
          grip.className = `ed-handle ${handle}`;
          grip.dataset.handle = handle;
          div.append(grip);
        }
      }
    }
    div.addEventListener("pointerdown", (event) => startDrag(event, element, div));
    holder.append(div);
  }
  markOverflow();
}

function markOverflow() {
  const card = chosenCard();
  const found = (card && card.problems[state.locale]) || [];
  for (const div of document.querySelectorAll(".ed-box")) {
    div.classList.toggle("overflow", found.some((p) => p.element === div.dataset.element));
  }
}

function selectedElement() {
  return editor.layout && editor.layout.elements.find((e) => e.name === editor.selected);
}

function showPanel() {
  const element = selectedElement();
  $("ed-panel").hidden = !element;
  if (!element) return;
  $("ed-name").textContent = `${element.name} (${element.type})`;
  $("ed-where").textContent = `${element.file}:${element.line}`;
  const box = element.keys.box ? element.keys.box.value : null;
  $("ed-geometry").hidden = !Array.isArray(box);
  ["ed-x", "ed-y", "ed-w", "ed-h"].forEach((id, index) => { $(id).value = Array.isArray(box) ? String(box[index]) : ""; });
  const text = ["text", "area"].includes(element.type);
  $("ed-text").hidden = !text;
  const styles = $("ed-style");
  styles.replaceChildren(new Option("(none)", ""), ...editor.layout.styles.map((name) => new Option(name, name)));
  const value = (key) => (element.keys[key] ? element.keys[key].value : undefined);
  styles.value = value("style") || "";
  $("ed-size").value = value("size") ?? "";
  $("ed-min").value = value("min") ?? "";
  $("ed-align").value = value("align") || "";
  $("ed-wrap").value = value("wrap") === undefined ? "" : String(value("wrap"));
  $("ed-hyphenate").value = value("hyphenate") === undefined ? "" : String(value("hyphenate"));
  $("ed-colour").value = value("colour") || "";
  $("ed-when").value = value("when") === undefined ? "" : flow(value("when"));
  const own = `layouts/${editor.layout.template}.yaml`;
  $("ed-defined").replaceChildren(...Object.entries(element.keys)
    .filter(([, entry]) => entry.file !== own)
    .map(([key, entry]) => Object.assign(document.createElement("li"), {
      textContent: `${key}: defined in ${entry.file}:${entry.line} (inherited with extends; changed there)`,
    })));
  const lines = [];
  for (const component of components().filter((c) => c.id === editor.layout.component)) {
    const byLanguage = {};
    for (const card of component.cards) {
      for (const [code, found] of Object.entries(card.problems)) {
        if (found.some((p) => p.element === element.name)) (byLanguage[code] = byLanguage[code] || []).push(card.id);
      }
    }
    for (const [code, ids] of Object.entries(byLanguage)) {
      lines.push(`${languageName(code)}: ${ids.length} card${ids.length === 1 ? "" : "s"} (${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", …" : ""})`);
    }
  }
  $("ed-overflow").replaceChildren(...(lines.length ? lines : ["in no language"]).map((line) => Object.assign(document.createElement("li"), { textContent: line })));
}

// A value as YAML's flow style writes it, for the `when` field.
function flow(value) {
  if (Array.isArray(value)) return `[${value.map(flow).join(", ")}]`;
  if (value && typeof value === "object") return `{${Object.entries(value).map(([k, v]) => `${k}: ${flow(v)}`).join(", ")}}`;
  return String(value);
}

// --- changes -----------------------------------------------------------------------------

// Send changes one after another; each answers the file's new digest.
function send(changes, record = true) {
  editor.busy = editor.busy.then(async () => {
    const done = [];
    for (const change of changes) {
      const entry = keyEntry(change.element, change.key);
      const file = entry ? entry.file : elementFile(change.element);
      const body = {
        component: editor.layout.component, side: editor.layout.side, element: change.element,
        key: change.key, index: change.index ?? null, digest: editor.layout.files[file] || "",
      };
      if (change.by !== undefined) body.by = change.by; else body.value = change.value;
      const response = await fetch("/api/change", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Draftdeck-Token": editor.token },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) {
        say(answer.error, true);
        await refresh();
        break;
      }
      editor.layout.files[answer.file] = answer.digest;
      done.push({ ...change, before: answer.before, after: answer.after });
      say(`${change.element}: ${change.key} written to ${answer.shown}`);
    }
    if (record && done.length) {
      editor.undo.push(done);
      editor.redo = [];
    }
    buttons();
  });
  return editor.busy;
}

function keyEntry(name, key) {
  const element = editor.layout.elements.find((e) => e.name === name);
  return element && element.keys[key];
}

function elementFile(name) {
  const element = editor.layout.elements.find((e) => e.name === name);
  return element ? element.file : "";
}

function buttons() {
  $("ed-undo").disabled = editor.undo.length === 0;
  $("ed-redo").disabled = editor.redo.length === 0;
}

function back(step, stack, other) {
  const changes = stack.pop();
  if (!changes) return;
  const reverse = changes.slice().reverse().map((c) => ({
    element: c.element, key: c.key, index: c.index, value: step === "undo" ? c.before : c.after,
  }));
  send(reverse, false).then(() => { other.push(changes); buttons(); });
}

$("ed-undo").addEventListener("click", () => back("undo", editor.undo, editor.redo));
$("ed-redo").addEventListener("click", () => back("redo", editor.redo, editor.undo));

// Move or resize by millimetres: x, y, width and height as the keys the element has.
function moves(element, dx, dy, dw, dh) {
  const changes = [];
  const key = element.keys.box ? "box" : "centre";
  if (key === "centre") {
    dx += dw / 2; dy += dh / 2;
  }
  if (dx) changes.push({ element: element.name, key, index: 0, by: round2(dx) });
  if (dy) changes.push({ element: element.name, key, index: 1, by: round2(dy) });
  if (key === "box" && dw) changes.push({ element: element.name, key, index: 2, by: round2(dw) });
  if (key === "box" && dh) changes.push({ element: element.name, key, index: 3, by: round2(dh) });
  return changes;
}

// --- dragging ----------------------------------------------------------------------------

function targets(moving) {
  const layout = editor.layout;
  const xs = [0, layout.width / 2, layout.width, layout.safe, layout.width - layout.safe];
  const ys = [0, layout.height / 2, layout.height, layout.safe, layout.height - layout.safe];
  for (const other of layout.elements) {
    if (!other.box || other.name === moving.name) continue;
    const [x, y, w, h] = other.box;
    xs.push(x, x + w / 2, x + w);
    ys.push(y, y + h / 2, y + h);
  }
  return { xs, ys };
}

// The shift that brings one of `edges` onto a target (within SNAP_MM), else onto the grid.
function snap(edges, lines, grid) {
  let best = null;
  for (const edge of edges) {
    for (const line of lines) {
      const shift = line - edge;
      if (Math.abs(shift) <= SNAP_MM && (best === null || Math.abs(shift) < Math.abs(best.shift))) best = { shift, line };
    }
  }
  if (best) return best;
  if (!grid) return { shift: 0, line: null };
  const edge = edges[0];
  return { shift: Math.round(edge / grid) * grid - edge, line: null };
}

function startDrag(event, element, div) {
  if (event.button !== 0) return;
  event.preventDefault();
  event.stopPropagation();
  if (editor.selected !== element.name) {
    editor.selected = element.name;
    drawBoxes();
    showPanel();
    div = document.querySelector(`.ed-box[data-element="${CSS.escape(element.name)}"]`);
  }
  if (!element.box) return;
  const handle = event.target.dataset.handle || "";
  if (handle && !element.keys.box) return;
  const start = { x: event.clientX, y: event.clientY };
  const [x0, y0, w0, h0] = element.box;
  const grid = Number($("ed-grid").value);
  let result = { dx: 0, dy: 0, dw: 0, dh: 0 };
  div.setPointerCapture(event.pointerId);

  const move = (e) => {
    const mx = (e.clientX - start.x) / editor.scale;
    const my = -(e.clientY - start.y) / editor.scale; // the card's y grows upwards
    const { xs, ys } = targets(element);
    let [x, y, w, h] = [x0, y0, w0, h0];
    const guides = [];
    const pick = (edges, lines) => (e.altKey ? { shift: 0, line: null } : snap(edges, lines, grid));
    const mark = (axis, found) => { if (found.line !== null) guides.push([axis, found.line]); return found.shift; };
    if (!handle) {
      x = x0 + mx + mark("x", pick([x0 + mx, x0 + mx + w0 / 2, x0 + mx + w0], xs));
      y = y0 + my + mark("y", pick([y0 + my, y0 + my + h0 / 2, y0 + my + h0], ys));
    } else {
      if (handle.includes("e")) w = w0 + mx + mark("x", pick([x0 + w0 + mx], xs));
      if (handle.includes("w")) { x = x0 + mx + mark("x", pick([x0 + mx], xs)); w = w0 - (x - x0); }
      if (handle.includes("n")) h = h0 + my + mark("y", pick([y0 + h0 + my], ys));
      if (handle.includes("s")) { y = y0 + my + mark("y", pick([y0 + my], ys)); h = h0 - (y - y0); }
      w = Math.max(w, 0.5); h = Math.max(h, 0.5);
    }
    result = { dx: round2(x - x0), dy: round2(y - y0), dw: round2(w - w0), dh: round2(h - h0) };
    Object.assign(div.style, place([x, y, w, h]));
    showGuides(guides);
    say(`x ${round2(x)}  y ${round2(y)}  ${round2(w)} × ${round2(h)} mm`);
  };
  const end = () => {
    div.removeEventListener("pointermove", move);
    div.removeEventListener("pointerup", end);
    div.removeEventListener("pointercancel", end);
    showGuides([]);
    const changes = moves(element, result.dx, result.dy, result.dw, result.dh);
    if (changes.length) send(changes);
  };
  div.addEventListener("pointermove", move);
  div.addEventListener("pointerup", end);
  div.addEventListener("pointercancel", end);
}

function showGuides(guides) {
  const holder = $("ed-guides");
  holder.replaceChildren(...guides.map(([axis, at]) => {
    const line = document.createElement("div");
    line.className = `ed-guide ${axis}`;
    if (axis === "x") line.style.left = `${at * editor.scale}px`;
    else line.style.top = `${(editor.layout.height - at) * editor.scale}px`;
    return line;
  }));
}

$("ed-stage").addEventListener("pointerdown", (event) => {
  if (event.target.closest(".ed-box")) return;
  editor.selected = null;
  drawBoxes();
  showPanel();
});

document.addEventListener("keydown", (event) => {
  if (!editor.on || event.target.closest("input, select, textarea")) return;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.key.toLowerCase() === "z") {
    event.preventDefault();
    if (event.shiftKey) back("redo", editor.redo, editor.undo); else back("undo", editor.undo, editor.redo);
    return;
  }
  if (mod && event.key.toLowerCase() === "y") {
    event.preventDefault();
    back("redo", editor.redo, editor.undo);
    return;
  }
  const element = selectedElement();
  if (!element || !element.box) return;
  const step = event.altKey ? 0.1 : event.shiftKey ? 5 : 0.5;
  const arrows = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
  if (event.key === "Escape") { editor.selected = null; drawBoxes(); showPanel(); return; }
  if (!(event.key in arrows)) return;
  event.preventDefault();
  const [dx, dy] = arrows[event.key];
  element.box = [element.box[0] + dx, element.box[1] + dy, element.box[2], element.box[3]];
  drawBoxes();
  send(moves(element, dx, dy, 0, 0));
});

// --- the side panel ----------------------------------------------------------------------

function parsed(input) {
  const text = input.value.trim();
  if (text === "") return null; // removes the key: the style's value applies
  if (input.tagName === "SELECT") return text === "true" ? true : text === "false" ? false : text;
  if (input.dataset.key === "when") return text; // sent as text, read by the server as YAML
  const number = Number(text);
  return Number.isFinite(number) && /^-?[\d.]+$/.test(text) ? number : text;
}

for (const input of document.querySelectorAll("#ed-panel [data-key]")) {
  input.addEventListener("change", () => {
    const element = selectedElement();
    if (!element) return;
    const index = input.dataset.index === undefined ? undefined : Number(input.dataset.index);
    let value = parsed(input);
    if (index !== undefined && value === null) { showPanel(); return; } // a box keeps four lengths
    send([{ element: element.name, key: input.dataset.key, index, value }]);
  });
}
$("ed-panel").addEventListener("submit", (event) => event.preventDefault());
