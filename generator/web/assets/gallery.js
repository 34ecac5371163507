// The gallery page: lists the cards of the pack as the server reports them, in the language
// chosen (the pack's own language at first), and follows the server's events: after a save
// it fetches the view again and replaces only the pictures whose names changed. A card with
// a text the build would refuse is marked, with the languages it happens in.
"use strict";

const state = { locale: new URLSearchParams(location.search).get("locale") || "", view: null, listeners: [] };
const $ = (id) => document.getElementById(id);
const LANGUAGES = { de: "German", fr: "French", en: "English" };
const languageName = (code) => LANGUAGES[code] || code;

async function load() {
  const response = await fetch(`/api/view?locale=${encodeURIComponent(state.locale)}`);
  const view = await response.json();
  state.locale = view.locale;
  show(view);
  state.view = view;
  document.body.dataset.version = String(view.version);
  for (const listener of state.listeners) listener(view);
}

function show(view) {
  $("game").textContent = view.game || "draftdeck";
  const select = $("locale");
  if (select.options.length !== view.locales.length) {
    select.replaceChildren(...view.locales.map((code) => new Option(code, code)));
  }
  select.value = view.locale;
  document.documentElement.lang = view.locale;
  $("problems").hidden = view.problems.length === 0;
  $("problem-list").textContent = view.problems.join("\n\n");
  $("printing").hidden = view.printing.length === 0;
  $("printing-list").textContent = view.printing.join("\n\n");
  $("notes").hidden = view.notes.length === 0;
  $("notes-summary").textContent = view.notes.length === 1 ? "1 note" : `${view.notes.length} notes`;
  $("notes-list").textContent = view.notes.join("\n");
  const main = $("components");
  const sections = new Map([...main.children].map((s) => [s.dataset.component, s]));
  const keep = new Set();
  for (const component of view.components) {
    keep.add(component.id);
    let section = sections.get(component.id);
    if (!section) {
      section = document.createElement("section");
      section.className = "component";
      section.dataset.component = component.id;
      section.append(document.createElement("h2"), Object.assign(document.createElement("div"), { className: "cards" }));
      main.append(section);
    }
    section.querySelector("h2").textContent = `${component.name} (${component.cards.length})`;
    showCards(section.querySelector(".cards"), component);
  }
  for (const [id, section] of sections) if (!keep.has(id)) section.remove();
  filter();
}

function showCards(holder, component) {
  const figures = new Map([...holder.children].map((f) => [f.dataset.id, f]));
  const width = Math.round(component.width * 3.2);
  const order = [];
  for (const card of component.cards) {
    let figure = figures.get(card.id);
    if (!figure) {
      figure = document.createElement("figure");
      figure.className = "card";
      figure.dataset.id = card.id;
      const image = document.createElement("img");
      image.loading = "lazy";
      image.width = width;
      image.alt = card.id;
      const caption = document.createElement("figcaption");
      caption.textContent = card.id;
      figure.append(image, caption);
      figure.addEventListener("click", () => details(figure.card));
    }
    figure.card = card;
    figure.dataset.text = `${card.id} ${card.text}`.toLowerCase();
    const languages = Object.keys(card.problems);
    figure.classList.toggle("overflow", languages.length > 0);
    figure.dataset.overflow = languages.join(" ");
    figure.title = languages.length ? `does not fit in ${languages.map(languageName).join(", ")}` : "";
    figure.querySelector("figcaption").textContent = languages.length ? `${card.id} ⚠ ${languages.join(" ")}` : card.id;
    const key = $("backs").checked && card.back ? card.back : card.front;
    const source = `/picture/${key}.png`;
    const image = figure.querySelector("img");
    if (image.getAttribute("src") !== source) image.setAttribute("src", source);
    image.dataset.key = key;
    order.push(figure);
  }
  holder.replaceChildren(...order);
}

function filter() {
  const words = $("search").value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  for (const figure of document.querySelectorAll("figure.card")) {
    figure.hidden = !words.every((word) => figure.dataset.text.includes(word));
  }
}

function details(card) {
  $("details-id").textContent = card.id;
  $("details-where").textContent = card.line ? `${card.file}:${card.line}` : card.file;
  $("details-fields").textContent = JSON.stringify(card.fields, null, 2);
  $("details-problems").replaceChildren(...Object.entries(card.problems).flatMap(([code, found]) =>
    found.map((problem) => Object.assign(document.createElement("li"), { textContent: `${languageName(code)}: ${problem.message}` }))));
  $("details").hidden = false;
}

$("locale").addEventListener("change", (event) => {
  state.locale = event.target.value;
  const url = new URL(location.href);
  url.searchParams.set("locale", state.locale);
  history.replaceState(null, "", url);
  load();
});
$("search").addEventListener("input", filter);
$("backs").addEventListener("change", () => state.view && show(state.view));
$("close").addEventListener("click", () => { $("details").hidden = true; });

const events = new EventSource("/events");
events.addEventListener("version", (event) => {
  $("status").textContent = `version ${event.data}`;
  if (!state.view || String(state.view.version) !== event.data) load();
});
events.addEventListener("error", () => { $("status").textContent = "reconnecting…"; });
load();
