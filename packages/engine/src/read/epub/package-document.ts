/**
 * EPUB container and package document -> {@link EpubPackage} (the EPUB reader's format model).
 *
 * Sources: EPUB 3.3 (W3C Rec. 2023) section 4 (OCF: `META-INF/container.xml`, `encryption.xml`,
 * `rights.xml`), section 5 (package document: metadata, manifest, spine), section 7 (navigation
 * document); OPF 2.0.1 section 2.4 and NCX (DAISY Z39.86-2005) for EPUB 2.
 *
 * Checklist:
 * - [X] container.xml -> rootfile; metadata (title, creator with role `aut` first, language,
 *       description, subjects, publisher); manifest; spine order (non-linear items last)
 * - [X] titles from the EPUB 3 nav (`nav[epub:type~=toc]`) or the EPUB 2 NCX
 * - [X] DRM: `rights.xml`, Apple `sinf.xml`, or `encryption.xml` encrypting anything but fonts
 *       (font obfuscation, IDPF and Adobe algorithms, is not DRM)
 */
import type { BookMeta } from '../../model/book-document.ts';
import { EngineError } from '../../errors.ts';
import type { SafeZip } from '../archive/zip.ts';
import { attr, childElements, findAll, findFirst, localName, parseXml, textContent, type XmlElement } from '../xml.ts';
import { resolveHref } from '../html/convert.ts';

/** One manifest item, `href` resolved to a path inside the archive. */
export interface ManifestItem {
  id: string;
  path: string;
  mediaType: string;
  properties: string[];
}

/** The format model of an EPUB: metadata, reading order, and titles per document. */
export interface EpubPackage {
  meta: Partial<BookMeta>;
  /** Spine documents in reading order (linear first, then `linear="no"`). */
  spine: ManifestItem[];
  /** Nav/NCX label of each document path (its first entry). */
  titles: Map<string, string>;
  /** Every manifest item by its path inside the archive (images are looked up here). */
  resources: Map<string, ManifestItem>;
}

/** User-facing message for DRM-protected books. */
export const DRM_MESSAGE =
  'This EPUB is protected by DRM (digital rights management), so its text cannot be read. Import a DRM-free edition of the book.';

/** Font obfuscation algorithms (EPUB 3.3 section 4.2.6.3; Adobe's), which protect fonts only. */
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);

function damaged(detail: string): EngineError {
  return new EngineError('UNREADABLE_INPUT', `This EPUB is damaged: ${detail}.`);
}

/** Throws when the book is DRM-protected (see the module checklist). */
export function checkDrm(zip: SafeZip): void {
  if (zip.find('META-INF/rights.xml') || zip.find('META-INF/sinf.xml')) throw new EngineError('UNREADABLE_INPUT', DRM_MESSAGE);
  if (!zip.find('META-INF/encryption.xml')) return;
  const enc = parseXml(zip.text('META-INF/encryption.xml'));
  for (const data of findAll(enc, 'encrypteddata')) {
    const method = findFirst(data, 'encryptionmethod');
    const algorithm = method ? (attr(method, 'Algorithm') ?? '') : '';
    if (FONT_OBFUSCATION.has(algorithm)) continue;
    const ref = findFirst(data, 'cipherreference');
    const uri = ref ? (attr(ref, 'URI') ?? '') : '';
    if (/\.(?:otf|ttf|woff2?)$/i.test(uri)) continue;
    throw new EngineError('UNREADABLE_INPUT', DRM_MESSAGE);
  }
}

/** Text of the first child element of `meta` with this local name and a matching filter. */
function dcValues(metadata: XmlElement, name: string): { value: string; el: XmlElement }[] {
  return childElements(metadata, name)
    .map((el) => ({ value: textContent(el).replace(/\s+/g, ' ').trim(), el }))
    .filter((x) => x.value);
}

/** The author: a creator with role `aut` (OPF 2 attribute or EPUB 3 refinement), else the first. */
function author(metadata: XmlElement): string | undefined {
  const creators = dcValues(metadata, 'creator');
  const roles = new Map<string, string>();
  for (const m of childElements(metadata, 'meta')) {
    if (attr(m, 'property') === 'role' && attr(m, 'refines')) roles.set(attr(m, 'refines')!.replace(/^#/, ''), textContent(m).trim());
  }
  const withRole = creators.find(({ el }) => {
    const role = attr(el, 'opf:role') ?? roles.get(attr(el, 'id') ?? '');
    return role === 'aut';
  });
  return (withRole ?? creators[0])?.value;
}

/** Reads the package: container.xml -> OPF -> metadata, manifest, spine, nav titles. */
export function readPackage(zip: SafeZip): EpubPackage {
  if (!zip.find('META-INF/container.xml')) throw damaged('it has no META-INF/container.xml');
  const container = parseXml(zip.text('META-INF/container.xml'));
  const rootfile = findAll(container, 'rootfile').find((r) => (attr(r, 'media-type') ?? 'application/oebps-package+xml') === 'application/oebps-package+xml');
  const opfPath = rootfile ? attr(rootfile, 'full-path') : undefined;
  if (!opfPath || !zip.find(opfPath)) throw damaged('its package document is missing');
  const opf = parseXml(zip.text(opfPath));
  const pkg = findFirst(opf, 'package');
  if (!pkg) throw damaged('its package document has no <package>');
  const metadata = findFirst(pkg, 'metadata') ?? { type: 'element', name: 'metadata', attrs: {}, children: [] };

  const meta: Partial<BookMeta> = {};
  const title = dcValues(metadata, 'title')[0]?.value;
  if (title) meta.title = title;
  const a = author(metadata);
  if (a) meta.author = a;
  const lang = dcValues(metadata, 'language')[0]?.value;
  if (lang && /^[a-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/i.test(lang)) meta.language = lang;
  const description = dcValues(metadata, 'description')[0]?.value;
  if (description) meta.description = description.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  const subjects = dcValues(metadata, 'subject').map((x) => x.value);
  if (subjects.length > 0) meta.subjects = subjects;
  const publisher = dcValues(metadata, 'publisher')[0]?.value;
  if (publisher) meta.publisher = publisher;

  const manifest = new Map<string, ManifestItem>();
  for (const item of findAll(findFirst(pkg, 'manifest') ?? pkg, 'item')) {
    const id = attr(item, 'id');
    const href = attr(item, 'href');
    if (!id || !href) continue;
    const path = resolvePath(opfPath, href);
    manifest.set(id, { id, path, mediaType: attr(item, 'media-type') ?? '', properties: (attr(item, 'properties') ?? '').split(/\s+/).filter(Boolean) });
  }
  const spineEl = findFirst(pkg, 'spine');
  const linear: ManifestItem[] = [];
  const nonLinear: ManifestItem[] = [];
  for (const ref of spineEl ? childElements(spineEl, 'itemref') : []) {
    const item = manifest.get(attr(ref, 'idref') ?? '');
    if (!item || !/html|xml/i.test(item.mediaType)) continue;
    (attr(ref, 'linear') === 'no' ? nonLinear : linear).push(item);
  }
  const spine = [...linear, ...nonLinear];
  if (spine.length === 0) throw damaged('its reading order (spine) lists no documents');

  const titles = new Map<string, string>();
  const nav = [...manifest.values()].find((i) => i.properties.includes('nav'));
  const ncxId = spineEl ? attr(spineEl, 'toc') : undefined;
  const ncx = (ncxId ? manifest.get(ncxId) : undefined) ?? [...manifest.values()].find((i) => i.mediaType === 'application/x-dtbncx+xml');
  if (nav && zip.find(nav.path)) readNavTitles(parseXml(zip.text(nav.path)), nav.path, titles);
  if (titles.size === 0 && ncx && zip.find(ncx.path)) readNcxTitles(parseXml(zip.text(ncx.path)), ncx.path, titles);
  const resources = new Map([...manifest.values()].map((i) => [i.path, i] as const));
  return { meta, spine, titles, resources };
}

/** `href` relative to the file `base`, as a path inside the archive. */
export function resolvePath(base: string, href: string): string {
  const r = resolveHref(base, `${href.split('#')[0]}#x`);
  return r?.path ?? href;
}

function addTitle(titles: Map<string, string>, base: string, href: string, label: string): void {
  const path = resolvePath(base, href);
  const text = label.replace(/\s+/g, ' ').trim();
  if (text && !titles.has(path)) titles.set(path, text);
}

function readNavTitles(doc: XmlElement, base: string, titles: Map<string, string>): void {
  const navs = findAll(doc, 'nav');
  const toc = navs.find((n) => (attr(n, 'epub:type') ?? '').split(/\s+/).includes('toc')) ?? navs[0];
  if (!toc) return;
  for (const a of findAll(toc, 'a')) {
    const href = attr(a, 'href');
    if (href) addTitle(titles, base, href, textContent(a));
  }
}

function readNcxTitles(doc: XmlElement, base: string, titles: Map<string, string>): void {
  for (const point of findAll(doc, 'navpoint')) {
    const label = findFirst(point, 'navlabel');
    const content = childElements(point).find((c) => localName(c.name) === 'content');
    const src = content ? attr(content, 'src') : undefined;
    if (label && src) addTitle(titles, base, src, textContent(label));
  }
}
