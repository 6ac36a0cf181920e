// The calculator page's wiring: the page's one state object, what happens
// when the scenario changes (URL, check, compute, heatmap), the share panel
// and the start-up steps. The views draw and listen to their own parts:
// players-view.js (player fields, target, deck), grid-view.js (grid, range
// editor) with heatmap-view.js (its heatmap), results-view.js (results,
// splits, progress). They talk to the engine (engine.js) only, never to
// workers, and re-derive no poker rule: card text, classes, range text,
// rankings, errors and statistics come from the engine. All user text
// reaches the DOM as text (textContent, value, dataset), never as HTML.
//
// What the first result does not need loads when it is first shown (see
// "views loaded when first shown" below): the detail, pot-odds, hand
// strength and range breakdown panels, and the three-card and five-card
// games' views with the engine's extra module.

import { loadEngine } from '../engine/engine.js';
import {
  addGridRows,
  connectGrid,
  gridDeck,
  gridCellCount,
  renderGridState,
  renderPlayerChoices,
  renderRangePanel,
  renderRankingNote,
  showGridControls,
  showHeatCell,
  showRangeText,
} from './grid-view.js';
import { connectHeatmap, startHeatmap } from './heatmap-view.js';
import { connectHistory } from './history-view.js';
import {
  connectPlayers,
  renderDeck,
  renderDeckState,
  renderPlayerState,
  renderPlayers,
  setFieldText,
} from './players-view.js';
import { connectRecent } from './recent-view.js';
import { compute, connectResults, showError, showLoading } from './results-view.js';
import { cloneScenario, parseFragment } from '../model/scenario.js';
import { BOARD_GAMES, DRAW_GAMES, gameOf, isHoldem } from '../model/game.js';
import { connectGameSwitch, renderGameSwitch } from './game-switch.js';
// (The share / embed panel, share-panel.js, loads when it is first opened:
// see ensureSharePanel.)

// First things first: the engine downloads, compiles and boots its workers
// while the page sets itself up.
const engineLoading = loadEngine({ workers: true });

/** Rows of the 169-hand grid the start builds per frame. */
const GRID_ROWS_PER_STEP = 5;

/**
 * The page's state, shared by the views (each is handed it once).
 * @type {{
 *   engine: import('../engine/engine.js').Engine | null,
 *   scenario: ReturnType<typeof parseFragment>,
 *   check: any,
 *   target: string,
 *   playerTarget: string,
 *   sharePanel: Promise<{update(): void}> | null,
 * }}
 */
const state = {
  /** The engine, once loaded. */
  engine: null,
  /** What the page computes: players, board, dead cards, grid view (scenario.js). */
  scenario: parseFragment(location.hash),
  /** The engine's reading of the scenario (cards per field, first error). */
  check: null,
  /** The field the deck writes into, and the player the grid writes into. */
  target: 'p1',
  playerTarget: 'p1',
  /** The share / embed panel, once loaded (a promise of its {update()}). */
  sharePanel: null,
};

const $ = (selector, root = document) => root.querySelector(selector);
const results = $('[data-results]');

// ---- the share / embed panel ----
//
// index.html draws it closed; its code (share-panel.js, embedding.js and
// share-panel.css) is not needed before it opens, so it loads then, or a
// moment earlier when a pointer or the keyboard reaches the panel.

const shareBox = $('[data-share-panel]');

function ensureSharePanel() {
  state.sharePanel ??= import('./share-panel.js')
    .then((module) => module.loadSharePanel(shareBox, { getScenario: () => state.scenario }))
    .catch((err) => {
      state.sharePanel = null; // the next opening tries again
      console.warn(`allin: no share panel (${err instanceof Error ? err.message : err})`);
      return { update() {} };
    });
  return state.sharePanel;
}

$('details', shareBox).addEventListener('toggle', ensureSharePanel);
for (const type of ['pointerover', 'focusin']) shareBox.addEventListener(type, ensureSharePanel);

// ---- views loaded when first shown ----
//
// Each loads its module (and the engine's extra module where it needs
// it) the first time it has something to show, or a moment earlier when a
// pointer or the keyboard reaches it: the detail and pot-odds panels when
// opened (pot odds also when the scenario has amounts), hand strength and
// the range breakdown once the board has cards (before, the page's own
// text says what they need), a game's views when the game is shown. Until
// then the functions below do nothing: the panel's HTML is what it shows.

/**
 * A view whose module loads on demand: `load()` imports and connects it
 * (once; again after a failure) and resolves with what `connect(module)`
 * returned, which `view` holds from then on (null before).
 */
function lazyView(name, importer, connect) {
  const lazy = {
    view: null,
    loading: null,
    load() {
      lazy.loading ??= importer().then(
        (module) => (lazy.view = connect(module)),
        (err) => {
          lazy.loading = null; // the next time tries again
          console.warn(`allin: no ${name} yet (${err instanceof Error ? err.message : err})`);
          throw err;
        },
      );
      return lazy.loading;
    },
  };
  return lazy;
}

/** The engine's extra module, loaded on this thread (for views that call it directly). */
const extraLoaded = () => engineLoading.then((engine) => engine.loadExtra());
/** The engine module of the scenario's game, loaded on this thread. */
const gameReady = () => engineLoading.then((engine) => engine.ready(state.scenario));

/** Calls `load` when a pointer or the keyboard reaches `el`. */
function loadOnApproach(el, load) {
  const early = () => load().catch(() => {});
  for (const type of ['pointerover', 'focusin']) el?.addEventListener(type, early, { once: true });
}

/** Whether the Hold'em board has anything typed in it (hand strength and the breakdown read it). */
const boardTyped = () => gameOf(state.scenario) === 'holdem' && (state.scenario.board ?? '').trim() !== '';

const detail = lazyView('detail panel', () => import('./detail-view.js'), (module) => {
  module.connectDetail({ state }); // (it listens to the panel's toggle from now on)
  module.startDetail();
  return module;
});
const detailBox = $('[data-detail]');
detailBox.addEventListener('toggle', () => detailBox.open && detail.load().catch(() => {}));
loadOnApproach(detailBox, detail.load);

/** The scenario changed: its detail, if the panel is open. */
function startDetail() {
  detail.view?.startDetail();
}

const distribution = lazyView(
  'distribution graph',
  () => Promise.all([import('./distribution-view.js'), extraLoaded()]).then(([module]) => module.loadStyles().then(() => module)),
  (module) => {
    module.connectDistribution({ state });
    module.renderDistribution();
    return module;
  },
);
const distributionBox = $('[data-distribution-box]');
distributionBox?.addEventListener('toggle', () => {
  if (!distributionBox.open) return;
  if (distribution.view) distribution.view.renderDistribution();
  else distribution.load().catch(() => {});
});

const potOdds = lazyView('pot-odds panel', () => Promise.all([import('./pot-odds-view.js'), extraLoaded()]).then(([module]) => module), (module) => {
  const view = module.connectPotOdds({
    state,
    amountsChanged: () => {
      writeUrl();
      state.sharePanel?.then((panel) => panel.update());
    },
  });
  view.show();
  return view;
});
const potBox = $('[data-pot-odds]');
potBox?.addEventListener('toggle', () => potBox.open && potOdds.load().catch(() => {}));
loadOnApproach(potBox, potOdds.load);

/** Draws the scenario's amounts (after a restore), loading the panel if the scenario has any. */
function showPotOdds() {
  if (potOdds.view) potOdds.view.show();
  else if (state.scenario.pot || state.scenario.call) potOdds.load().catch(() => {});
}

const strength = lazyView('hand-strength panel', () => import('./strength-view.js'), (module) => {
  const view = module.connectStrength({ state });
  view.update();
  return view;
});
loadOnApproach($('[data-strength]'), strength.load);

/** Hand strength for the scenario as it is now (loading the panel once the board has cards). */
function updateStrength() {
  if (strength.view) strength.view.update();
  else if (boardTyped()) strength.load().catch(() => {});
}

const texture = lazyView(
  'range breakdown',
  () => Promise.all([import('./texture-view.js'), extraLoaded()]).then(([module]) => module),
  (module) => {
    module.connectTexture({ state });
    module.renderTexture();
    return module;
  },
);
loadOnApproach($('[data-texture]'), texture.load);

/** The range breakdown for the scenario as it is now (loading the panel once the board has cards). */
function renderTexture() {
  if (!isHoldem(state.scenario)) return; // (Hold'em's only: Short Deck's grid shows none)
  if (texture.view) texture.view.renderTexture();
  else if (boardTyped()) texture.load().catch(() => {});
}

const threeCard = lazyView('three-card views', () => import('./three-card-view.js'), (module) => {
  module.connectThreeCard({ state, changed, restore: (scenario, origin) => restore(scenario, origin), setFieldText });
  return module;
});
const fiveCard = lazyView('five-card views', () => import('./five-card-view.js'), (module) => {
  module.connectFiveCard({ state, changed, setFieldText });
  return module;
});
const boardGame = lazyView('Omaha and Short Deck views', () => import('./board-game-view.js'), (module) => {
  module.connectBoardGame({ state, changed });
  return module;
});
/** The draw games have no view of their own: only the engine's extra module to load. */
const drawGame = lazyView('draw games', () => Promise.resolve({}), (module) => module);
const GAME_VIEWS = {
  'three-card': threeCard,
  'five-card': fiveCard,
  ...Object.fromEntries([...BOARD_GAMES].map((game) => [game, boardGame])),
  ...Object.fromEntries([...DRAW_GAMES].map((game) => [game, drawGame])),
};

/**
 * Whether `game`'s views may draw now: not while the engine is there but
 * the game's module is not yet (they would ask it, and keep the failure);
 * before the engine they draw what needs none of it, and another game's
 * views only hide themselves.
 */
function mayDraw(game) {
  return gameOf(state.scenario) !== game || !state.engine || state.engine.hasGame(state.scenario);
}

function renderThreeCard() {
  if (mayDraw('three-card')) threeCard.view?.renderThreeCard();
}

function renderFiveCard() {
  if (mayDraw('five-card')) fiveCard.view?.renderFiveCard();
  if (mayDraw(gameOf(state.scenario)) || !BOARD_GAMES.has(gameOf(state.scenario))) boardGame.view?.renderBoardGame();
}

/**
 * What the scenario's game still needs (its views, the engine's module
 * for it): a promise, or null when all is there.
 */
function gameLoading() {
  const views = GAME_VIEWS[gameOf(state.scenario)];
  const engineHasIt = state.engine?.hasGame(state.scenario) ?? false;
  // A game without views of its own (the stud games) still needs its module.
  if (!views) return engineHasIt ? null : gameReady();
  if (views.view && engineHasIt) return null;
  return Promise.all([views.load(), gameReady()]);
}

// ---- changes ----
//
// Every edit, from any view, ends in changed(): history-view.js makes it an
// undo step and the URL (a history entry once settled), recent-view.js
// keeps the settled scenarios. restore() shows a whole scenario (undo,
// redo, Back and Forward, a recent one) through every view.

/** The grid's view changed (heatmap, random opponents): the URL only. */
function writeUrl() {
  pageHistory.writeView();
}

/**
 * The scenario changed: undo step and URL, check it, compute it (and the
 * heatmap). `origin`: 'edit' (a view changed it), or how restore() came
 * by it: 'undo', 'history', 'recent'.
 */
function changed({ origin = 'edit' } = {}) {
  // What the link got wrong stops mattering once the user changes anything.
  if (origin === 'edit') delete state.scenario.problem;
  state.sharePanel?.then((panel) => panel.update());
  refresh();
  pageHistory.changed(origin); // (last: after every view has drawn the change)
}

/** The load refresh() waits for, if any. */
let awaiting = null;

/**
 * Checks, computes and draws the scenario as it is now; first, if its
 * game's views or engine module are not loaded yet, loads them (the
 * results say "Loading…" meanwhile) and then draws whatever the scenario
 * is by then.
 */
function refresh() {
  renderGameSwitch();
  const loading = gameLoading();
  if (loading) {
    showLoading();
    awaiting ??= loading.then(
      () => {
        awaiting = null;
        refresh();
      },
      (err) => {
        awaiting = null;
        showError({ field: null, message: `Could not load this game: ${err instanceof Error ? err.message : err}` });
      },
    );
    return;
  }
  if (state.engine) {
    state.check = state.engine.check(state.scenario);
    renderFieldState();
    compute();
    if (isHoldem(state.scenario)) {
      startHeatmap();
      startDetail();
      distribution.view?.renderDistribution();
    }
    updateStrength();
  }
  potOdds.view?.update(); // (the players may have changed)
  renderThreeCard();
  renderFiveCard();
}

/** Shows `scenario` in every view (players, board, dead, grid controls), then changed(). */
function restore(scenario, origin) {
  const focused = document.activeElement;
  state.scenario = cloneScenario(scenario);
  renderPlayers();
  for (const field of ['board', 'dead']) setFieldText(field, state.scenario[field]);
  // A player's box is drawn anew: focus goes back to its successor, caret at the end.
  const successor = focused?.id && !focused.isConnected ? document.getElementById(focused.id) : null;
  if (successor) {
    successor.focus({ preventScroll: true });
    try {
      successor.setSelectionRange?.(successor.value.length, successor.value.length);
    } catch {
      // (not a text box: no caret)
    }
  }
  showPotOdds();
  changed({ origin });
  showGridControls();
}

/** Everything that shows the engine's reading of the fields. */
function renderFieldState() {
  renderPlayerState();
  renderRangePanel();
  renderGridState();
  renderTexture();
}

connectPlayers({
  state,
  changed,
  playersRendered: renderPlayerChoices,
  playerTargetChanged: () => {
    renderRangePanel();
    renderGridState();
    renderTexture();
  },
  playerTextSet: showRangeText,
});
connectGrid({ state, changed, writeUrl });
connectHeatmap({ state, redraw: renderGridState, showCell: showHeatCell, cellCount: gridCellCount });
connectResults({ state, changed });
connectGameSwitch({ state, restore: (scenario, origin) => restore(scenario, origin) });

const recent = connectRecent({
  getScenario: () => state.scenario,
  restore: (scenario) => restore(scenario, 'recent'),
});

/** A scenario the user settled on is a recent one, if the engine reads it without error. */
function settledOn(scenario) {
  if (state.engine && state.check && !state.check.error) recent.add(scenario);
}

const pageHistory = connectHistory({ state, restore, settledOn });

// ---- start ----

/** Resolves in a new task. */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the browser has drawn a frame (for what the last step
 * changed) and can handle input: a start-up step, its style and layout,
 * and the next step are then separate tasks, none long. A hidden page
 * draws no frames: there it is just a new task.
 */
function nextFrame() {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * The engine is loaded: the first result first, then the rest of the page
 * (field labels and the range panel, the deck, the 169-hand grid a few
 * rows at a time), one step per frame, so that none holds the page (a
 * slow phone's most of all) for long. The page works during the steps:
 * input goes through changed() as usual, and whatever is not built yet is
 * drawn when it is.
 */
async function start(loaded) {
  await nextTask(); // not in the task that compiled the engine's module and made its instance
  state.engine = loaded;
  const loading = gameLoading(); // (a link to another game: its views and engine module first)
  if (loading) {
    showLoading();
    try {
      await loading;
    } catch (err) {
      showError({ field: null, message: `Could not load this game: ${err instanceof Error ? err.message : err}` });
      return;
    }
  }
  state.check = state.engine.check(state.scenario);
  compute();
  if (isHoldem(state.scenario)) startDetail();
  showPotOdds();
  updateStrength();
  renderThreeCard();
  renderFiveCard();
  settledOn(state.scenario); // the link the page opened on (not the default)
  await nextFrame();
  renderFieldState();
  renderRankingNote();
  await nextFrame();
  renderDeck();
  renderDeckState();
  await nextTask();
  void gridDeck().handClasses; // made when first asked for: a step of their own
  // (The game's deck: Hold'em's 13 rows, Short Deck's 9; a switch meanwhile starts the grid anew.)
  for (let r = 0; r < gridDeck().size; r += GRID_ROWS_PER_STEP) {
    await nextFrame();
    addGridRows(r, Math.min(gridDeck().size, r + GRID_ROWS_PER_STEP));
  }
  renderTexture(); // (after the grid: it may colour its cells)
  startHeatmap(); // (after the grid: its cells show the heatmap)
  results.dataset.engine = 'ready';
}

renderPlayers();
renderGameSwitch();
showPotOdds();
// A link to another game: its views start loading now, and draw when they have.
if (GAME_VIEWS[gameOf(state.scenario)]) {
  GAME_VIEWS[gameOf(state.scenario)]
    .load()
    .then(() => (renderThreeCard(), renderFiveCard()))
    .catch(() => {});
}

engineLoading.then(start, (err) => {
  results.dataset.engine = 'failed';
  showError({
    field: null,
    message: `Could not load the engine: ${err instanceof Error ? err.message : err}`,
  });
});
