/**
 * Checks on a write's JSON text whose cost does not depend on its shape: one linear scan of the
 * text before anything parses it, and a walk with a stack of its own, never the call stack (a
 * body nested 10,000 deep overflowed it and was answered 500: decision 007).
 */

/**
 * How deep arrays and objects may nest. Valid bodies nest 3 deep (the body, `classes`, a class
 * reference); 32 leaves room for a client's extra fields and still bounds every walk.
 */
export const NESTING_MAX = 32;
/**
 * How many values a body may hold in all, counting every array and object and each of their
 * members: 5 times what the largest valid body holds (100 class references are about 200). Past
 * a few thousand, parsing and validating a 64 KiB body (distinct field names, above all) cost the
 * most CPU of any shape (decision 007).
 */
export const VALUES_MAX = 1_000;

export type JsonTextProblem = 'too deep' | 'too many values' | 'lone surrogate';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const LETTER_U = 0x75;

/** The value of a hexadecimal digit's character code; -1 for any other character. */
function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30; // 0-9
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1; // a-f, A-F
}

/** The UTF-16 code unit a `\uXXXX` escape at `at` (its backslash) stands for; -1 if none. */
function escapedUnitAt(text: string, at: number): number {
  if (text.charCodeAt(at) !== BACKSLASH || text.charCodeAt(at + 1) !== LETTER_U) return -1;
  let unit = 0;
  for (let digit = at + 2; digit < at + 6; digit++) {
    const value = hexValue(text.charCodeAt(digit));
    if (value < 0) return -1;
    unit = unit * 16 + value;
  }
  return unit;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * What is wrong with a write's JSON text before it is parsed, if anything: nesting deeper than
 * NESTING_MAX or more than VALUES_MAX values (either ends the scan), or a `\uXXXX` escape of half
 * a surrogate pair. Text decoded as strict UTF-8 holds no lone surrogate of its own, so escapes
 * are the only way in. Text that is not JSON may be misread: it is refused either way.
 */
export function jsonTextProblem(text: string): JsonTextProblem | undefined {
  let depth = 0;
  // Each value but the top one follows either its container's opening bracket or a comma.
  let values = 1;
  let inString = false;
  let loneSurrogate = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === QUOTE) {
        inString = false;
      } else if (code === BACKSLASH) {
        const unit = escapedUnitAt(text, at);
        if (isHighSurrogate(unit) && isLowSurrogate(escapedUnitAt(text, at + 6))) at += 11;
        else if (isHighSurrogate(unit) || isLowSurrogate(unit)) loneSurrogate = true;
        else at++; // the escaped character, whatever it is, cannot end the string
      }
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > NESTING_MAX) return 'too deep';
      if (++values > VALUES_MAX) return 'too many values';
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth = Math.max(0, depth - 1);
    } else if (code === COMMA) {
      if (++values > VALUES_MAX) return 'too many values';
    }
  }
  return loneSurrogate ? 'lone surrogate' : undefined;
}

const LONE_SURROGATE = /\p{Cs}/u;

/** A value still to visit, and how it was reached (a chain, so no path is copied per level). */
interface Visit {
  value: unknown;
  key: string | undefined;
  parent: Visit | undefined;
}

const pathOf = (visit: Visit | undefined): string => {
  const keys: string[] = [];
  for (let at = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || 'body';
};

/**
 * Where in a parsed JSON body a string (or field name) holds a lone surrogate, if anywhere, as the
 * field's path ("classes.1.id"; "body" for the top level or a field name there), the first in the
 * order they were written. Each value is visited once: linear in the body's size.
 */
export function loneSurrogateAt(body: unknown): string | undefined {
  const pending: Visit[] = [{ value: body, key: undefined, parent: undefined }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return pathOf(visit);
      continue;
    }
    const container = value as Record<string, unknown>;
    const keys = Object.keys(container);
    if (keys.some((key) => LONE_SURROGATE.test(key))) return pathOf(visit);
    // Reversed onto the stack, so that fields are visited in the order they were written; only
    // what can hold text (numbers, booleans and nulls cannot).
    for (let at = keys.length - 1; at >= 0; at--) {
      const key = keys[at]!;
      const item = container[key];
      if (typeof item === 'string' || (typeof item === 'object' && item !== null)) {
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return undefined;
}
