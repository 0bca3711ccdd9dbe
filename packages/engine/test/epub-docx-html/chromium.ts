/**
 * Test helper: lays out an EPUB's content documents in Chromium (headless, `/usr/bin/chromium`, installed by
 * `scripts/setup-system-tools.mjs`) and returns what a script measured in the laid-out page.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';

const run = promisify(execFile);

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Opens `file` of the unzipped `epub` (an XHTML content document, with its style sheet beside it) in headless
 * Chromium at `widthPx`, runs `measure` (a JavaScript function body that returns a JSON-serialisable value) once the
 * page has loaded, and returns its value.
 * @throws when Chromium is missing or the script's result cannot be read from the page.
 */
export async function measureInChromium(epub: Uint8Array, file: string, measure: string, widthPx = 600): Promise<unknown> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-chromium-'));
  try {
    for (const [name, bytes] of Object.entries(unzipSync(epub))) {
      await mkdir(join(dir, dirname(name)), { recursive: true });
      await writeFile(join(dir, name), bytes);
    }
    // The result is written into the document, which `--dump-dom` prints once the page has loaded.
    const script = `<script>//<![CDATA[\nwindow.addEventListener('load', () => { const out = document.createElement('pre'); out.id = 'quire-measure'; out.textContent = JSON.stringify((() => { ${measure} })()); document.body.appendChild(out); });\n//]]></script>`;
    const page = join(dir, file);
    const xhtml = (await readFile(page, 'utf8')).replace('</body>', `${script}</body>`);
    await writeFile(page, xhtml);
    const { stdout } = await run(
      CHROMIUM,
      ['--headless', '--no-sandbox', '--disable-gpu', `--window-size=${widthPx},1000`, '--virtual-time-budget=5000', '--dump-dom', `file://${page}`],
      { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
    );
    const m = /<pre id="quire-measure">([^<]*)<\/pre>/.exec(stdout);
    if (!m) throw new Error(`Chromium returned no measurement for ${file}`);
    const json = m[1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    return JSON.parse(json) as unknown;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
