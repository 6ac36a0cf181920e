// Embedding helpers (www/model/embedding.js): strict style parameters and the
// code the share panel hands out, escaped.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  calculatorLink,
  elementCode,
  embedLink,
  escapeHtml,
  frameHeight,
  iframeCode,
  isColour,
  parseStyle,
  siteBase,
} from '../../www/model/embedding.js';
import { parseFragment } from '../../www/model/scenario.js';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const scenario = { players: ['AhKh', 'QsQd'], board: '2h7hTc', dead: '', method: 'auto' };

test('colours: strict hex only', () => {
  for (const ok of ['#fff', '#FFF8', '#ff6600', '#ff660080']) assert.ok(isColour(ok), ok);
  for (const bad of ['red', '#ff660', 'rgb(1,2,3)', '#fff;x', ' #fff', '#ff6600 ', 'url(x)', '', null]) {
    assert.ok(!isColour(bad), String(bad));
  }
});

test('style parameters: applied when strict, listed when ignored', () => {
  assert.deepEqual(parseStyle('#p1=AhKh&theme=dark&accent=%23ff6600&radius=6px'), {
    theme: 'dark',
    vars: { '--allin-accent': '#ff6600', '--allin-radius': '6px' },
    ignored: [],
  });
  assert.deepEqual(parseStyle('theme=neon&bg=red&radius=6em&text=%23fff%3Bx'), {
    theme: 'auto',
    vars: {},
    ignored: ['theme', 'bg', 'text', 'radius'],
  });
  assert.deepEqual(parseStyle(''), { theme: 'auto', vars: {}, ignored: [] });
});

test('links and code for a scenario', () => {
  const base = siteBase('https://example.org/allin/index.html?x=1#p1=AhKh');
  assert.equal(base, 'https://example.org/allin/');
  assert.equal(siteBase('https://example.org/allin/'), 'https://example.org/allin/');
  assert.equal(calculatorLink(base, scenario),
    'https://example.org/allin/index.html#p1=AhKh&p2=QsQd&board=2h7hTc&dead=');
  assert.equal(embedLink(base, scenario, 'theme=dark'),
    'https://example.org/allin/embed.html#p1=AhKh&p2=QsQd&board=2h7hTc&dead=&theme=dark');
  assert.equal(iframeCode(base, scenario),
    '<iframe src="https://example.org/allin/embed.html#p1=AhKh&amp;p2=QsQd&amp;board=2h7hTc&amp;dead=" ' +
    'title="Poker odds: AhKh vs QsQd" width="100%" height="266" style="border:0;max-width:32em" ' +
    'loading="lazy"></iframe>');
  assert.equal(elementCode(base, scenario),
    '<script type="module" src="https://example.org/allin/allin-odds.js"></script>\n' +
    '<allin-odds p1="AhKh" p2="QsQd" board="2h7hTc"></allin-odds>');
  assert.equal(frameHeight(3), 334);
  assert.equal(frameHeight(2, true), 338); // Omaha Hi-Lo: no low and the terms' summary
});

test('hostile text is escaped in every piece of code', () => {
  const evil = { players: ['"><script>x</script>', "'&<"], board: '', dead: '', method: 'exact' };
  const code = elementCode('https://e.org/', evil) + iframeCode('https://e.org/', evil);
  assert.ok(!code.includes('<script>x'));
  assert.ok(code.includes('p1="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"'));
  assert.ok(code.includes('method="exact"'));
  assert.equal(escapeHtml(`<a href="x">&'`), '&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
});

// `allin embed` (the CLI, cli/src/embed.rs) writes the frame and the link
// the share panel would give for the same scenario, for every game: the
// page reads its fragment without a problem, and writes it back the same.
const CLI = process.env.ALLIN_CLI || fileURLToPath(new URL('../../target/debug/allin', import.meta.url));

test("the CLI's snippets link and frame as the share panel does", (t) => {
  if (!existsSync(CLI)) {
    t.skip(`no allin binary at ${CLI} (cargo build -p allin-cli, or set ALLIN_CLI)`);
    return;
  }
  const base = 'https://example.org/allin/';
  const cases = [
    [['AhKh', 'QsQd', '--board', '2h7hTc'], { game: undefined }],
    [['--game', 'three-card', '--rules', 'teen-patti', '--deck', 'short', 'AhKhQh', 'random', '--dead', '9c'],
      { game: 'three-card', rules: 'teen-patti', deck: 'short' }],
    [['--game', 'five-card', 'AhAdKc7d', 'QsQhJc', '--dead', '2c3c'], { game: 'five-card', dead: '2c3c' }],
    [['--game', 'omaha', 'AsAhKsKh', '9c8c7d6d', '--board', '2c3h4s'], { game: 'omaha', board: '2c3h4s' }],
    [['--game', 'omaha5', 'AsKsQhJh9d', '8c7c6d5d4h', '--board', '2s3s9s'], { game: 'omaha5' }],
    [['--game', 'omaha6', 'AsKsQhJhTd9d', '8c7c6d5d4h3h', '--board', 'Ts9h4c'], { game: 'omaha6' }],
    [['--game', 'omaha-hilo', 'Ah2hKsKd', 'random', '--board', '3c4d8h', '--trials', '200'], { game: 'omaha-hilo' }],
    [['--game', 'omaha5-hilo', 'Ah2h3s4sKd', 'As2s3h9c9d', '--board', '5c7dKh', '--dead', 'Ts'],
      { game: 'omaha5-hilo', dead: 'Ts' }],
    [['--game', 'shortdeck', 'AsKs', 'QhQd', '--board', '6c7d8h'], { game: 'shortdeck', rules: 'standard' }],
    [['--game', 'shortdeck', '--rules', 'trips-beat-straight', 'Ad9d', '7c7s', '--board', '6c8sTd'],
      { game: 'shortdeck', rules: 'trips-beat-straight' }],
  ];
  for (const [args, want] of cases) {
    const html = execFileSync(CLI, ['embed', ...args, '--url', base], { encoding: 'utf8' });
    const frame = html.trim().split('\n').at(-1);
    const src = /^<iframe src="([^"]*)"/.exec(frame)[1].replaceAll('&amp;', '&');
    const scenario = parseFragment(src.slice(src.indexOf('#')));
    assert.equal(scenario.problem, undefined, args.join(' '));
    for (const [key, value] of Object.entries(want)) assert.equal(scenario[key], value, `${args.join(' ')}: ${key}`);
    assert.equal(frame, iframeCode(base, scenario), args.join(' '));
    const link = /<a href="([^"]*)"/.exec(html)[1];
    assert.equal(link, escapeHtml(calculatorLink(base, scenario)), args.join(' '));
  }
});
