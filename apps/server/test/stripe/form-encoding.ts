/**
 * The fake Stripe's reader for Stripe's request encoding: `application/x-www-form-urlencoded` bodies and query
 * strings whose keys nest in brackets (`items[0][price_data][unit_amount]=799`, `metadata[userId]=u1`,
 * `expand[]=latest_invoice` or `expand[0]=latest_invoice`), as the `stripe` Node SDK writes them. Values stay
 * strings, as on the wire; the typed readers below turn them into numbers and booleans and say which parameter was
 * wrong, the way Stripe does.
 */

/** A decoded parameter: a string leaf, a list (from numeric or empty `[]` keys), or a nested object. */
export type FormValue = string | FormValue[] | FormObject;

/** A decoded form: parameter name to value. */
export interface FormObject {
  [key: string]: FormValue;
}

/** An invalid or missing parameter, answered as Stripe's 400 `invalid_request_error`. */
export class ParamError extends Error {
  constructor(
    /** The parameter in Stripe's bracket form, e.g. `items[0][price_data][unit_amount]`. */
    readonly param: string,
    message: string,
    /** Stripe's error code: `parameter_missing`, `parameter_invalid_integer`, `parameter_unknown`, ... */
    readonly code: string,
  ) {
    super(message);
    this.name = 'ParamError';
  }
}

/** Keys that would reach Object.prototype if assigned; never valid Stripe parameters. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** `a[b][0][]` → `['a', 'b', '0', '']`; a key without brackets is one segment. */
export function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  const segments = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? '');
  return segments;
}

/** True when a segment addresses a list position (`0`, `12`) or appends (`[]`). */
function isListSegment(segment: string): boolean {
  return segment === '' || /^\d+$/.test(segment);
}

/** The container for the next segment: a list for index segments, an object otherwise. */
function emptyContainerFor(segment: string): FormValue[] | FormObject {
  return isListSegment(segment) ? [] : {};
}

/** Where `segment` lands in `node`: an index for lists (`''` appends), the key itself for objects. */
function slotOf(node: FormValue[] | FormObject, segment: string): string | number {
  if (!Array.isArray(node)) return segment;
  return segment === '' ? node.length : Number(segment);
}

/** Stores `value` at `segments` below `root`, creating lists and objects on the way. */
function assign(root: FormObject, segments: string[], value: string): void {
  let node: FormValue[] | FormObject = root;
  segments.forEach((segment, i) => {
    if (FORBIDDEN_KEYS.has(segment)) throw new ParamError(paramName(segments), `Invalid parameter name: ${segment}`, 'parameter_unknown');
    const slot = slotOf(node, segment);
    const container = node as Record<string | number, FormValue | undefined>;
    const next = segments[i + 1];
    if (next === undefined) {
      container[slot] = value;
      return;
    }
    const child: FormValue = (container[slot] ??= emptyContainerFor(next));
    if (typeof child === 'string') {
      throw new ParamError(paramName(segments), `Parameter ${paramName(segments)} is both a value and a hash`, 'parameter_invalid');
    }
    node = child;
  });
}

/**
 * Decodes a form body or query string (without the leading `?`) into nested objects and lists. Lists keep the
 * positions the keys give (`a[1]` before `a[0]` still lands in order); `a[]` appends.
 */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) assign(root, splitKey(key), value);
  return root;
}

/** `['items', '0', 'price']` → `items[0][price]`, Stripe's way of naming a nested parameter in errors. */
export function paramName(path: readonly string[]): string {
  const [head = '', ...rest] = path;
  return head + rest.map((s) => `[${s}]`).join('');
}

/** The value at `path` (object keys or list indexes), or undefined. */
export function valueAt(form: FormObject, path: readonly string[]): FormValue | undefined {
  let node: FormValue | undefined = form;
  for (const segment of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Array.isArray(node) ? node[Number(segment)] : node[segment];
  }
  return node;
}

/** The string at `path`, or undefined when absent. @throws ParamError when it is an object or a list. */
export function optionalString(form: FormObject, ...path: string[]): string | undefined {
  const value = valueAt(form, path);
  if (value === undefined || typeof value === 'string') return value;
  throw new ParamError(paramName(path), `Invalid string: ${paramName(path)} must be a string`, 'parameter_invalid_string');
}

/** The string at `path`. @throws ParamError (`parameter_missing`) when absent or empty. */
export function requiredString(form: FormObject, ...path: string[]): string {
  const value = optionalString(form, ...path);
  if (value === undefined || value === '') {
    throw new ParamError(paramName(path), `Missing required param: ${paramName(path)}.`, 'parameter_missing');
  }
  return value;
}

/** The non-negative integer at `path` (amounts are integers in the currency's smallest unit), or undefined. */
export function optionalInteger(form: FormObject, ...path: string[]): number | undefined {
  const value = optionalString(form, ...path);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) {
    throw new ParamError(paramName(path), `Invalid integer: ${value}`, 'parameter_invalid_integer');
  }
  return Number(value);
}

/** The non-negative integer at `path`. @throws ParamError when absent or not an integer. */
export function requiredInteger(form: FormObject, ...path: string[]): number {
  const value = optionalInteger(form, ...path);
  if (value === undefined) {
    throw new ParamError(paramName(path), `Missing required param: ${paramName(path)}.`, 'parameter_missing');
  }
  return value;
}

/** `true`/`false` at `path` (the SDK writes booleans as those words), or undefined. */
export function optionalBoolean(form: FormObject, ...path: string[]): boolean | undefined {
  const value = optionalString(form, ...path);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ParamError(paramName(path), `Invalid boolean: ${value}`, 'parameter_invalid_boolean');
}

/** The object at `path`, or undefined. @throws ParamError when it is a string or a list. */
export function optionalObject(form: FormObject, ...path: string[]): FormObject | undefined {
  const value = valueAt(form, path);
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value === '') return undefined;
  if (typeof value === 'string' || Array.isArray(value)) {
    throw new ParamError(paramName(path), `Invalid object: ${paramName(path)} must be a hash`, 'parameter_invalid');
  }
  return value;
}

/** The list at `path` as given (holes dropped), or an empty list. @throws ParamError when it is not a list. */
export function listAt(form: FormObject, ...path: string[]): FormValue[] {
  const value = valueAt(form, path);
  if (value === undefined || value === '') return [];
  if (!Array.isArray(value)) {
    throw new ParamError(paramName(path), `Invalid array: ${paramName(path)} must be an array`, 'parameter_invalid');
  }
  return value.filter((v) => v !== undefined);
}

/** The `expand` parameter (`expand[]=a` or `expand[0]=a`) as a list of dotted paths. */
export function expandList(form: FormObject): string[] {
  return listAt(form, 'expand').map((entry, i) => {
    if (typeof entry !== 'string') throw new ParamError(`expand[${i}]`, 'Invalid expand entry', 'parameter_invalid');
    return entry;
  });
}

/**
 * Applies a `metadata` parameter to existing metadata the way Stripe does: keys merge into what is there, and a
 * key sent empty (`metadata[key]=`) is removed; `metadata=` (empty) clears everything.
 * @returns the new metadata (a new object; `current` is not changed).
 */
export function mergeMetadata(current: Record<string, string>, form: FormObject): Record<string, string> {
  const raw = valueAt(form, ['metadata']);
  if (raw === undefined) return { ...current };
  if (raw === '') return {};
  if (typeof raw === 'string' || Array.isArray(raw)) {
    throw new ParamError('metadata', 'Invalid metadata: must be a hash of string keys to string values', 'parameter_invalid');
  }
  const next = { ...current };
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') throw new ParamError(`metadata[${key}]`, 'Metadata values must be strings', 'parameter_invalid');
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

/**
 * Refuses top-level parameters this endpoint of the fake does not implement, as Stripe refuses unknown ones
 * (`parameter_unknown`), so a misspelt or removed parameter fails in tests rather than being silently dropped.
 * @throws ParamError naming the first unknown parameter.
 */
export function assertKnownParams(form: FormObject, known: readonly string[]): void {
  const unknown = Object.keys(form).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    throw new ParamError(
      unknown,
      `Received unknown parameter: ${unknown} (the fake Stripe implements: ${known.join(', ')})`,
      'parameter_unknown',
    );
  }
}
