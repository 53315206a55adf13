/* passk's HTML report: the page's only script (see client.ts). Plain browser JavaScript, ES2020,
 * no build step and no imports, so the report stays one offline file. */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('passk-data').textContent);
  var panel = document.getElementById('detail');
  var selected = null;
  function field(name) { return panel.querySelector('[data-field="' + name + '"]'); }
  function verdictClass(status) { return status ? 'v-' + status.replace(/[^a-z-]/g, '') : 'v-none'; }
  function show(runIndex, sampleIndex, cell) {
    var run = data.runs[runIndex];
    var sample = run && run.samples[sampleIndex];
    if (!sample) return;
    var problem = run.problems[sample.p];
    field('title').textContent = (problem ? problem.id : '?') + ' \u00b7 sample ' + sample.s;
    field('run').textContent = run.label;
    var badge = field('status');
    badge.textContent = sample.status || 'not executed';
    badge.className = 'badge ' + verdictClass(sample.status);
    field('error').textContent = [sample.errorType, sample.message].filter(Boolean).join(': ') || '\u2014';
    field('duration').textContent = sample.durationMs == null ? '\u2014' : sample.durationMs.toFixed(1) + ' ms';
    field('prompt').textContent = problem ? data.texts[problem.prompt] : '';
    field('program').textContent = data.texts[sample.program];
    field('tests').textContent = problem ? data.texts[problem.tests] : '';
    panel.hidden = false;
    if (selected) selected.classList.remove('selected');
    selected = cell;
    cell.classList.add('selected');
  }
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    if (target.closest('#detail .close')) { panel.hidden = true; return; }
    var cell = target.closest('.cell');
    var grid = cell && cell.closest('.grid');
    if (grid) show(Number(grid.getAttribute('data-run')), Number(cell.getAttribute('data-i')), cell);
  });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') panel.hidden = true;
  });
  // Sortable tables: each cell's sort key is its data-v; numbers compare as numbers.
  document.querySelectorAll('table.sortable').forEach(function (table) {
    var buttons = table.querySelectorAll('button.sort');
    buttons.forEach(function (button, column) {
      button.addEventListener('click', function () {
        var dir = button.getAttribute('data-dir') === 'desc' ? 'asc' : 'desc';
        buttons.forEach(function (b) { b.removeAttribute('data-dir'); });
        button.setAttribute('data-dir', dir);
        var numeric = button.getAttribute('data-kind') === 'num';
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var key = function (row) {
          var v = row.cells[column] ? row.cells[column].getAttribute('data-v') || '' : '';
          return numeric ? Number(v) : v;
        };
        rows.sort(function (x, y) {
          var a = key(x), b = key(y);
          var c = numeric ? a - b : String(a).localeCompare(String(b), 'en', { numeric: true });
          return dir === 'asc' ? c : -c;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });
  document.querySelectorAll('input[data-filter]').forEach(function (box) {
    box.addEventListener('change', function () {
      var grid = document.querySelector('.grid[data-run="' + box.getAttribute('data-filter') + '"]');
      if (grid) grid.classList.toggle('failures-only', box.checked);
    });
  });
})();
