/**
 * The inline script of index.html. It reads the JSON data block (never the DOM's HTML), only
 * toggles visibility, opens details and copies text: it never builds markup from data, so
 * nothing target-supplied can become an element. Plain ES2020, no network access.
 */
export const REPORT_SCRIPT = `
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");
  var dataNode = document.getElementById("report-data");
  var data = JSON.parse((dataNode && dataNode.textContent) || "{\\"results\\":[]}");
  var results = data.results;
  var form = document.getElementById("filters");
  var shown = document.getElementById("shown");
  var empty = document.getElementById("no-match");

  function current() {
    var outcomes = {};
    form.querySelectorAll("input[name=outcome]").forEach(function (box) { outcomes[box.value] = box.checked; });
    return {
      outcomes: outcomes,
      operation: form.elements.namedItem("operation").value,
      family: form.elements.namedItem("family").value,
      level: form.elements.namedItem("level").value,
      words: form.elements.namedItem("q").value.toLowerCase().split(/\\s+/).filter(Boolean)
    };
  }

  function matches(result, f) {
    if (!f.outcomes[result.outcome]) return false;
    if (f.operation && result.operation !== f.operation) return false;
    if (f.family && result.family !== f.family) return false;
    if (f.level && result.level !== f.level) return false;
    return f.words.every(function (word) { return result.text.indexOf(word) !== -1; });
  }

  // The filters live in the URL (#filter=o=failed,error&op=getWidget&fam=…&lvl=…&q=…), so a filtered view can be
  // shared; a jump to a finding (#r-12) is a hash of its own.
  var FILTER = "#filter=";
  function filterHash(f) {
    var params = new URLSearchParams();
    var on = Object.keys(f.outcomes).filter(function (key) { return f.outcomes[key]; });
    if (on.length !== Object.keys(f.outcomes).length) params.set("o", on.join(","));
    if (f.operation) params.set("op", f.operation);
    if (f.family) params.set("fam", f.family);
    if (f.level) params.set("lvl", f.level);
    var q = form.elements.namedItem("q").value;
    if (q) params.set("q", q);
    var text = params.toString();
    return text ? FILTER + text : "";
  }
  function readFilterHash() {
    if (location.hash.indexOf(FILTER) !== 0) return;
    var params = new URLSearchParams(location.hash.slice(FILTER.length));
    var outcomes = params.get("o");
    form.querySelectorAll("input[name=outcome]").forEach(function (box) {
      box.checked = outcomes === null || outcomes.split(",").indexOf(box.value) !== -1;
    });
    form.elements.namedItem("operation").value = params.get("op") || "";
    form.elements.namedItem("family").value = params.get("fam") || "";
    form.elements.namedItem("level").value = params.get("lvl") || "";
    form.elements.namedItem("q").value = params.get("q") || "";
  }
  function keepInAddress(f) {
    if (location.hash && location.hash.indexOf(FILTER) !== 0) return;
    var wanted = filterHash(f);
    if (wanted === location.hash) return;
    try { history.replaceState(null, "", wanted || location.pathname + location.search); } catch (error) { /* a page without history */ }
  }

  function apply() {
    var f = current();
    keepInAddress(f);
    var visible = new Set();
    results.forEach(function (result) { if (matches(result, f)) visible.add(String(result.id)); });
    document.querySelectorAll("[data-result]").forEach(function (node) {
      var on = visible.has(node.getAttribute("data-result"));
      if (node.classList.contains("result")) node.hidden = !on; else node.classList.toggle("dim", !on);
    });
    document.querySelectorAll("tr.check-row").forEach(function (row) {
      row.hidden = !row.querySelector("td.cell:not(.dim)");
    });
    document.querySelectorAll("tbody.section").forEach(function (body) {
      body.hidden = !body.querySelector("tr.check-row:not([hidden])");
    });
    shown.textContent = visible.size + " of " + results.length + " results shown";
    empty.hidden = visible.size > 0;
  }

  // The sticky filter bar's height: the matrix header sticks below it and jump targets land below it.
  function measureFilters() { root.style.setProperty("--sticky-top", form.offsetHeight + "px"); }
  measureFilters();
  window.addEventListener("resize", measureFilters);
  if (window.ResizeObserver) new ResizeObserver(measureFilters).observe(form);

  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  form.addEventListener("reset", function () { setTimeout(apply, 0); });

  document.querySelectorAll("[data-only-outcome]").forEach(function (link) {
    link.addEventListener("click", function () {
      var only = link.getAttribute("data-only-outcome");
      form.querySelectorAll("input[name=outcome]").forEach(function (box) { box.checked = box.value === only; });
      apply();
    });
  });

  function setAll(open) {
    document.querySelectorAll("details.result:not([hidden])").forEach(function (node) { node.open = open; });
  }
  document.getElementById("expand-all").addEventListener("click", function () { setAll(true); });
  document.getElementById("collapse-all").addEventListener("click", function () { setAll(false); });

  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
    area.remove();
    return ok;
  }
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, function () { return fallbackCopy(text); });
    }
    return Promise.resolve(fallbackCopy(text));
  }
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("button[data-copy]") : null;
    if (!button) return;
    var source = document.getElementById(button.getAttribute("data-copy"));
    var label = button.textContent;
    copyText(source ? source.textContent : "").then(function (ok) {
      button.textContent = ok ? "Copied" : "Select and copy";
      setTimeout(function () { button.textContent = label; }, 1500);
    });
  });

  function openTarget() {
    if (location.hash.indexOf(FILTER) === 0) { readFilterHash(); apply(); return; }
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target || !target.classList.contains("result")) return;
    if (target.hidden) { form.reset(); apply(); }
    target.open = true;
    target.scrollIntoView();
  }
  window.addEventListener("hashchange", openTarget);

  var closedForPrint = [];
  window.addEventListener("beforeprint", function () {
    closedForPrint = Array.prototype.filter.call(document.querySelectorAll("details.result"), function (node) { return !node.open; });
    closedForPrint.forEach(function (node) { node.open = true; });
  });
  window.addEventListener("afterprint", function () {
    closedForPrint.forEach(function (node) { node.open = false; });
    closedForPrint = [];
  });

  readFilterHash();
  apply();
  openTarget();
})();
`;
