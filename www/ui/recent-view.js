// The "Recent" list of the calculator (part of app.js's page): scenarios
// the user settled on, newest first, kept in this browser's localStorage
// (recent.js) and never sent anywhere. One tap restores one; "Clear
// recent" empties the list. Where storage is unavailable (private mode,
// blocked, full) the list says so and lasts for this page only. Labels
// are the scenario's text as typed, written as text only.

import { addRecent, openRecentStore, recentLabel, relativeTime } from '../model/recent.js';
import { parseFragment, sameScenario } from '../model/scenario.js';

const $ = (selector, root = document) => root.querySelector(selector);

/** localStorage, or null where reading it throws (storage blocked). */
function localStorageOrNull() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Connects the list (index.html's [data-recent]) to the page:
 * `getScenario()` is the scenario shown, `restore(scenario)` shows a
 * recent one. Returns {add(scenario)}: a scenario the user settled on.
 */
export function connectRecent({ getScenario, restore }) {
  const els = {
    box: $('[data-recent]'),
    list: $('[data-recent-list]'),
    note: $('[data-recent-note]'),
    clear: $('[data-recent-clear]'),
    count: $('[data-recent-count]'),
  };
  if (!els.box) return { add() {} };
  const store = openRecentStore(localStorageOrNull);
  let items = store.load();
  let saveFailed = false;

  function noteText() {
    if (saveFailed) {
      return 'This browser refused to store the list (full or private): it lasts until the page closes.';
    }
    if (!store.available) {
      return 'This browser does not allow storage here (private mode?): the list lasts until the page closes.';
    }
    return items.length === 0
      ? 'Scenarios you settle on appear here, kept on this device only.'
      : 'Kept on this device only, never sent anywhere.';
  }

  function render() {
    const now = Date.now();
    const current = getScenario();
    els.list.replaceChildren(
      ...items.map((item) => {
        const scenario = parseFragment(item.fragment);
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'recent-item';
        button.dataset.recentItem = item.fragment;
        if (sameScenario(scenario, current)) button.setAttribute('aria-current', 'true');
        const label = document.createElement('span');
        label.className = 'recent-label';
        label.textContent = recentLabel(scenario);
        const time = document.createElement('time');
        time.className = 'recent-time';
        time.dateTime = new Date(item.time).toISOString();
        time.textContent = relativeTime(item.time, now);
        button.append(label, time);
        li.append(button);
        return li;
      }),
    );
    els.list.hidden = items.length === 0;
    els.clear.hidden = items.length === 0;
    els.note.textContent = noteText();
    els.box.dataset.storage = store.available ? 'yes' : 'no';
    if (els.count) els.count.textContent = items.length ? String(items.length) : '';
  }

  function save(next) {
    const before = store.available;
    items = next;
    if (!store.save(items) && before) saveFailed = true;
    render();
  }

  function close() {
    if (els.box.open) els.box.open = false;
  }

  els.box.addEventListener('toggle', () => {
    if (!els.box.open) return;
    items = store.load(); // another tab may have added some; times move on
    render();
  });
  els.list.addEventListener('click', (event) => {
    const button = event.target.closest('[data-recent-item]');
    if (!button) return;
    const scenario = parseFragment(button.dataset.recentItem);
    close();
    $('summary', els.box).focus({ preventScroll: true });
    restore(scenario);
  });
  els.clear.addEventListener('click', () => {
    save([]);
    $('summary', els.box).focus({ preventScroll: true });
  });
  // A popover: Escape or a tap elsewhere closes it.
  els.box.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && els.box.open) {
      close();
      $('summary', els.box).focus();
    }
  });
  document.addEventListener('pointerdown', (event) => {
    if (els.box.open && !els.box.contains(event.target)) close();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key?.startsWith('allin:')) {
      items = store.load();
      render();
    }
  });
  render();

  return {
    add(scenario) {
      save(addRecent(store.load(), scenario, Date.now()));
    },
  };
}
