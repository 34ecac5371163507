// The gallery page: lists the cards of the pack as the server reports them, in the language
// chosen, and follows the server's events: after a save it fetches the view again and
// replaces only the pictures whose names changed.
"use strict";

const state = { locale: new URLSearchParams(location.search).get("locale") || "", view: null };
const $ = (id) => document.getElementById(id);

async function load() {
  const response = await fetch(`/api/view?locale=${encodeURIComponent(state.locale)}`);
  const view = await response.json();
  state.locale = view.locale;
  show(view);
  state.view = view;
  document.body.dataset.version = String(view.version);
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
