// Embedding helpers (www/embedding.js): strict style parameters and the
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
} from '../../www/embedding.js';

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
});

test('hostile text is escaped in every piece of code', () => {
  const evil = { players: ['"><script>x</script>', "'&<"], board: '', dead: '', method: 'exact' };
  const code = elementCode('https://e.org/', evil) + iframeCode('https://e.org/', evil);
  assert.ok(!code.includes('<script>x'));
  assert.ok(code.includes('p1="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"'));
  assert.ok(code.includes('method="exact"'));
  assert.equal(escapeHtml(`<a href="x">&'`), '&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
});
