#!/usr/bin/env node
// Makes sure the outside judges the tests rely on are installed: Chromium (e2e), EPUBCheck with a
// Java runtime (EPUB validation), poppler-utils (pdfinfo/pdffonts/pdftotext for PDF checks, pdftoppm for
// previews), LibreOffice Writer without a GUI (DOCX exports converted to PDF to count their pages).
// On Debian as root it installs what is missing with apt-get; elsewhere it stops and names the packages.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each tool: a file that proves it is installed, and the Debian package that provides it. */
const TOOLS = [
  { file: '/usr/bin/chromium', pkg: 'chromium', why: 'end-to-end tests in a real browser' },
  { file: '/usr/share/java/epubcheck.jar', pkg: 'epubcheck', why: 'EPUB validation' },
  { file: '/usr/bin/java', pkg: 'default-jre-headless', why: 'runs EPUBCheck' },
  { file: '/usr/bin/pdfinfo', pkg: 'poppler-utils', why: 'PDF page size, fonts and text checks' },
  { file: '/usr/bin/pdftoppm', pkg: 'poppler-utils', why: 'rendered page previews' },
  { file: '/usr/share/groff/current/tmac/hyphen.us', pkg: 'groff-base', why: "TeX hyphenation patterns that judge the PDF's line-end breaks" },
  { file: '/usr/bin/soffice', pkg: 'libreoffice-writer-nogui', why: 'opens each DOCX export and counts its pages' },
  { file: '/usr/lib/libreoffice/program/libsmlo.so', pkg: 'libreoffice-math-nogui', why: "LibreOffice's formula module: without it a DOCX's equations are dropped when it is converted to PDF" },
];

const missing = TOOLS.filter((t) => !existsSync(t.file));
if (missing.length === 0) process.exit(0);

const pkgs = missing.map((t) => t.pkg);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `The tests need these system packages, which are missing:\n` +
      missing.map((t) => `  - ${t.pkg} (${t.why})`).join('\n') +
      `\nInstall them (Debian/Ubuntu: sudo apt-get install -y ${pkgs.join(' ')}) and run the tests again.`,
  );
  process.exit(1);
}
console.log(`Installing test tools: ${pkgs.join(', ')} ...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env });
const still = TOOLS.filter((t) => !existsSync(t.file));
if (still.length > 0) {
  console.error(`Still missing after install: ${still.map((t) => t.file).join(', ')}`);
  process.exit(1);
}
