// "Save as image" (the distribution panel's button; loaded when first
// pressed): a PNG card of the scenario and its results, drawn on a canvas
// at 2× from what the page shows (the players' boxes, the board and dead
// cards, each player's equity, win and tie as the results print them,
// exact or ±, the method) and, when the distribution graph is drawn, its
// curves; light or dark as the page is, with a small "allin" mark and the
// link to the scenario. No poker here: every number is the page's text.

const THEMES = {
  light: { bg: '#ffffff', text: '#1c1f24', muted: '#5b636e', line: '#d8d3c8', a: '#0b6b43', b: '#b4460f', track: '#e6e2d8' },
  dark: { bg: '#1a1e23', text: '#e7e9ec', muted: '#a2a9b3', line: '#2f353d', a: '#3fc586', b: '#f08a4b', track: '#2a3038' },
};
const WIDTH = 600;
const SCALE = 2;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif';

const $ = (selector, root = document) => root.querySelector(selector);

/** The results as the page shows them: one row per player. */
function readResults(scenario) {
  const rows = [...document.querySelectorAll('[data-results] [data-player-list] > [data-player]')];
  const players = Array.isArray(scenario?.players) ? scenario.players : [];
  return rows.map((row, i) => ({
    name: `Player ${i + 1}`,
    hand: (players[i] ?? '').trim() || '?',
    equity: $('[data-show="equity"]', row)?.textContent.trim() ?? '',
    win: $('[data-show="win"]', row)?.textContent.trim() ?? '',
    tie: $('[data-show="tie"]', row)?.textContent.trim() ?? '',
    fraction: Number(row.dataset.equity ?? 0) / 100,
  }));
}

/** Draws the card; resolves to {blob, width, height} (pixels). */
export async function drawCard({ scenario, curves = [], dark = matchMedia('(prefers-color-scheme: dark)').matches }) {
  const t = dark ? THEMES.dark : THEMES.light;
  const rows = readResults(scenario);
  const chart = curves.length ? 250 : 0;
  const height = 96 + rows.length * 62 + chart + 64;
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH * SCALE;
  canvas.height = height * SCALE;
  const g = canvas.getContext('2d');
  g.scale(SCALE, SCALE);
  g.fillStyle = t.bg;
  g.fillRect(0, 0, WIDTH, height);
  const text = (s, x, y, { size = 15, weight = 400, color = t.text, align = 'left' } = {}) => {
    g.font = `${weight} ${size}px ${FONT}`;
    g.fillStyle = color;
    g.textAlign = align;
    g.fillText(s, x, y);
  };
  const board = (scenario?.board ?? '').trim();
  const dead = (scenario?.dead ?? '').trim();
  text('Hold’em odds', 24, 40, { size: 22, weight: 700 });
  text(`${board ? `Board ${board}` : 'Preflop'}${dead ? ` · dead ${dead}` : ''}`, 24, 66, { color: t.muted });
  const badge = $('[data-results] [data-badge]')?.textContent.trim() ?? '';
  text(badge, WIDTH - 24, 40, { color: t.muted, align: 'right' });
  let y = 96;
  for (const r of rows) {
    text(`${r.name}  ${r.hand}`.slice(0, 48), 24, y + 18, { weight: 600 });
    text(r.equity, WIDTH - 24, y + 18, { size: 20, weight: 700, align: 'right' });
    text(`win ${r.win} · tie ${r.tie}`, 24, y + 40, { size: 13, color: t.muted });
    g.fillStyle = t.track;
    g.fillRect(24, y + 48, WIDTH - 48, 5);
    g.fillStyle = t.a;
    g.fillRect(24, y + 48, (WIDTH - 48) * Math.max(0, Math.min(1, r.fraction)), 5);
    y += 62;
  }
  if (chart) y = drawCurves(g, t, curves, y, text);
  g.strokeStyle = t.line;
  g.beginPath();
  g.moveTo(24, y + 12);
  g.lineTo(WIDTH - 24, y + 12);
  g.stroke();
  text('allin', 24, y + 40, { size: 18, weight: 800, color: t.a });
  const link = location.href.length > 70 ? `${location.href.slice(0, 67)}…` : location.href;
  text(link, WIDTH - 24, y + 40, { size: 11, color: t.muted, align: 'right' });
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  return { blob, width: canvas.width, height: canvas.height };
}

/** The distribution graph's curves, small: equity by share of the range. */
function drawCurves(g, t, curves, top, text) {
  const L = 56;
  const R = WIDTH - 24;
  const T = top + 24;
  const B = top + 200;
  const x = (s) => L + s * (R - L);
  const y = (e) => B - e * (B - T);
  g.strokeStyle = t.line;
  g.lineWidth = 1;
  for (const e of [0, 0.25, 0.5, 0.75, 1]) {
    g.beginPath();
    g.moveTo(L, y(e));
    g.lineTo(R, y(e));
    g.stroke();
    text(`${e * 100}%`, L - 6, y(e) + 4, { size: 11, color: t.muted, align: 'right' });
  }
  text('Equity distribution: share of the range, strongest first', (L + R) / 2, B + 20, { size: 12, color: t.muted, align: 'center' });
  curves.forEach((d, i) => {
    g.strokeStyle = i ? t.b : t.a;
    g.lineWidth = 2.5;
    g.beginPath();
    let from = 0;
    d.points.forEach((p, k) => {
      const to = from + p.share;
      if (k) g.lineTo(x(from), y(p.equity));
      else g.moveTo(x(from), y(p.equity));
      g.lineTo(x(to), y(p.equity));
      from = to;
    });
    g.stroke();
    text(`— Player ${d.player + 1} (${d.range})`.slice(0, 40), L + i * 260, top + 14, { size: 12, color: i ? t.b : t.a });
  });
  g.lineWidth = 1;
  return B + 30;
}

/** Draws the card and downloads it as allin-odds.png. */
export async function saveImage(options) {
  const card = await drawCard(options);
  const a = document.createElement('a');
  a.download = 'allin-odds.png';
  a.href = URL.createObjectURL(card.blob);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  return card;
}
