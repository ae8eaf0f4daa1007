// The merged report's filters: by outcome (the buttons, or #failed in the address) and by a
// piece of the test id. Without script every test simply stays shown.
(function () {
  'use strict';
  const rows = Array.from(document.querySelectorAll('#tests tbody tr.case'));
  const buttons = Array.from(document.querySelectorAll('#filters button'));
  const search = document.getElementById('search');
  const shown = document.getElementById('shown');
  const noneShown = document.getElementById('none-shown');
  const outcomes = new Set(buttons.map(button => button.dataset.outcome));
  let outcome = 'all';

  function apply() {
    const needle = search.value.trim().toLowerCase();
    let count = 0;
    for (const row of rows) {
      const visible = (outcome === 'all' || row.dataset.outcome === outcome) &&
        (needle === '' || row.dataset.nodeid.toLowerCase().includes(needle));
      row.hidden = !visible;
      if (visible) count += 1;
    }
    for (const button of buttons) {
      button.setAttribute('aria-pressed', String(button.dataset.outcome === outcome));
    }
    shown.textContent = count === rows.length ? '' : `showing ${count} of ${rows.length}`;
    noneShown.hidden = count !== 0;
  }

  function fromHash() {
    const wanted = decodeURIComponent(location.hash.slice(1));
    outcome = outcomes.has(wanted) ? wanted : 'all';
    apply();
  }

  for (const button of buttons) {
    button.addEventListener('click', () => {
      outcome = button.dataset.outcome;
      history.replaceState(null, '', outcome === 'all' ? location.pathname : '#' + outcome);
      apply();
    });
  }
  search.addEventListener('input', apply);
  window.addEventListener('hashchange', fromHash);
  fromHash();
  document.documentElement.dataset.ready = '1';
})();
