/**
 * The critical CSS of a public page (critical-css.ts): the rules its markup uses inlined, the whole sheet preloaded
 * without an inline handler (the pages' Content-Security-Policy allows no inline script) and made the page's style
 * sheet by `public/apply-style-sheet.js`, and a <noscript> link.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineCriticalCss } from './critical-css.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'quire-critical-css-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'assets', 'index-abc.css'),
  '.used{color:red}.unused-rule{color:blue}h1{font-size:2rem}@media (min-width:640px){.used{color:green}.other{margin:0}}',
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const PAGE =
  '<!doctype html><html><head><title>Quire</title><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
  '<body><div id="root"><h1 class="used">Title</h1></div><script type="module" src="/assets/app.js"></script></body></html>';

describe('critical CSS', () => {
  it('inlines the rules the markup uses and preloads the whole sheet without an inline handler', async () => {
    const html = await inlineCriticalCss(PAGE, dist);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(styles[0]).toContain('.used{color:red}');
    expect(styles[0]).toContain('h1{font-size:2rem}');
    expect(styles[0]).toContain('.used{color:green}');
    expect(styles[0]).not.toContain('unused-rule');
    expect(styles[0]).not.toContain('.other');
    // The preload becomes the style sheet through a small script of the build's, not an inline handler.
    expect(html).toMatch(/<link rel="preload"[^>]* href="\/assets\/index-abc\.css"[^>]* as="style"><script async src="\/apply-style-sheet\.js"><\/script>/);
    expect(html).not.toContain('onload');
    expect(html).toMatch(/<noscript><link rel="stylesheet"[^>]* href="\/assets\/index-abc\.css"><\/noscript>/);
    // The markup and the scripts are untouched.
    expect(html).toContain('<div id="root"><h1 class="used">Title</h1></div>');
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
  });

  it('leaves a document that links no sheet of the build as it is', async () => {
    const bare = '<!doctype html><html><head><title>Quire</title></head><body><p>Hello</p></body></html>';
    const html = await inlineCriticalCss(bare, dist);
    expect(html).not.toContain('<style>');
    expect(html).toContain('<p>Hello</p>');
  });
});
