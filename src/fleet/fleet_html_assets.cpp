// SPDX-License-Identifier: MIT
// The fleet page's inline style sheet and script, and its verdict marks (fleet_html_parts.h).
#include "fleet/fleet_html_parts.h"
#include "report/text_escape.h"

namespace rocm_doctor::fleet::html {

std::string Esc(std::string_view text) { return report_text::XmlAttribute(text); }

std::string_view VerdictMark(std::string_view verdict) {
  if (verdict == "fail") return "\u2717";
  if (verdict == "warn") return "!";
  if (verdict == "pass") return "\u2713";
  return "?";
}

std::string_view VerdictClass(std::string_view verdict) {
  if (verdict == "fail" || verdict == "warn" || verdict == "pass") return verdict;
  return "unknown";
}

// Failures red, warnings amber: the rows are tinted and carry a bar on their left edge in the
// verdict's colour, so a warning is not a paler failure.
std::string_view PageStyle() {
  return R"css(
:root { --pass: #1a7f37; --warn: #9a6700; --fail: #cf222e; --unknown: #6e7781; --ink: #1f2328;
        --muted: #59636e; --line: #d1d9e0; --bar: #8fb8e8; --median: #0969da;
        --fail-bg: #ffebe9; --warn-bg: #fff8c5; --unknown-bg: #f6f8fa; --warn-bar: #d4a72c; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; color: var(--ink);
       font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
.muted { color: var(--muted); }
.verdicts { display: flex; gap: 12px; list-style: none; padding: 0; margin: 12px 0; }
.verdicts li { padding: 6px 12px; border-radius: 6px; color: #fff; font-weight: 600; }
.v-pass { background: var(--pass); } .v-warn { background: var(--warn); }
.v-fail { background: var(--fail); } .v-unknown { background: var(--unknown); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: #f6f8fa; position: sticky; top: 0; }
th[data-key] { cursor: pointer; user-select: none; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
.table-scroll { max-height: 60vh; overflow: auto; border-bottom: 1px solid var(--line); }
.table-scroll.short { max-height: 30vh; }
tr.trailing td:first-child { box-shadow: inset 4px 0 0 var(--warn, #b7791f); font-weight: 600; }
.groupbar { display: inline-block; height: 10px; background: var(--fail); border-radius: 2px; }
tr.group.warn .groupbar { background: var(--warn-bar); }
tr.group.pass .groupbar { background: var(--pass); }
tr.group.unknown .groupbar { background: var(--unknown); }
.mark { font-weight: 700; }
tr.group.fail .mark, td.verdict.fail { color: var(--fail); }
tr.group.warn .mark, td.verdict.warn { color: var(--warn); }
tr.group.pass .mark, td.verdict.pass { color: var(--pass); }
tr.group.unknown .mark, td.verdict.unknown { color: var(--unknown); }
figure { margin: 12px 0 20px; }
figcaption { font-weight: 600; }
figcaption .muted { font-weight: 400; }
svg text { font: 11px system-ui, sans-serif; fill: var(--muted); }
svg .bar { fill: var(--bar); }
svg .median { stroke: var(--median); stroke-width: 2; }
svg .limit { stroke: var(--warn); stroke-dasharray: 4 3; }
svg .outlier { fill: var(--fail); }
svg .axis { stroke: var(--line); }
tr.figure-text.outlying td:first-child { border-left: 4px solid var(--fail); }
#filter { padding: 6px 8px; width: 320px; margin: 4px 12px 8px 0; border: 1px solid var(--line);
          border-radius: 6px; }
tr.node-row td:first-child { border-left: 4px solid transparent; }
td.verdict { font-weight: 600; white-space: nowrap; }
tr.node-row.fail td { background: var(--fail-bg); }
tr.node-row.fail td:first-child { border-left-color: var(--fail); }
tr.node-row.warn td { background: var(--warn-bg); }
tr.node-row.warn td:first-child { border-left-color: var(--warn-bar); }
tr.node-row.unknown td { background: var(--unknown-bg); }
tr.node-row.unknown td:first-child { border-left-color: var(--unknown); }
)css";
}

std::string_view PageScript() {
  return R"js(
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('fleet-data').textContent);
  var columns = ['node', 'verdict', 'cause', 'gpus', 'rocm', 'kernel', 'outliers'];
  // The verdict column sorts by severity, worst first; its cell shows a mark and the word.
  var severity = {fail: 0, unknown: 1, warn: 2, pass: 3};
  var tbody = document.querySelector('#node-table tbody');
  var filter = document.getElementById('filter');
  var shown = document.getElementById('shown');
  var sortKey = 'node';
  var ascending = true;
  function text(node, key) { return String(node[key] === null ? '' : node[key]); }
  function rank(node) { var r = severity[node.verdict]; return r === undefined ? 1 : r; }
  function compare(a, b) {
    var x = a[sortKey], y = b[sortKey];
    var order = sortKey === 'verdict' ? rank(a) - rank(b)
        : (typeof x === 'number' && typeof y === 'number') ? x - y
        : text(a, sortKey).localeCompare(text(b, sortKey), undefined, {numeric: true});
    return ascending ? order : -order;
  }
  function render() {
    var query = filter.value.trim().toLowerCase();
    var rows = data.nodes.filter(function (n) {
      return !query || columns.some(function (c) { return text(n, c).toLowerCase().indexOf(query) >= 0; });
    });
    rows.sort(compare);
    var fragment = document.createDocumentFragment();
    rows.forEach(function (n) {
      var tr = document.createElement('tr');
      tr.className = 'node-row ' + n.verdict_class;
      columns.forEach(function (c) {
        var td = document.createElement('td');
        if (c === 'verdict') {
          td.className = 'verdict ' + n.verdict_class;
          var mark = document.createElement('span');
          mark.className = 'mark';
          mark.setAttribute('aria-hidden', 'true');
          mark.textContent = n.mark;
          td.appendChild(mark);
          td.appendChild(document.createTextNode(' ' + text(n, c)));
        } else {
          td.textContent = text(n, c);
        }
        if (c === 'outliers') td.className = 'num';
        if (c === 'cause' && n.message) td.title = n.message;
        tr.appendChild(td);
      });
      fragment.appendChild(tr);
    });
    tbody.replaceChildren(fragment);
    shown.textContent = rows.length + ' of ' + data.nodes.length + ' nodes';
  }
  document.querySelectorAll('#node-table th[data-key]').forEach(function (th) {
    th.addEventListener('click', function () {
      var key = th.getAttribute('data-key');
      ascending = key === sortKey ? !ascending : true;
      sortKey = key;
      render();
    });
  });
  filter.addEventListener('input', render);
  render();
  document.body.setAttribute('data-rendered', 'yes');
})();
)js";
}

}  // namespace rocm_doctor::fleet::html
