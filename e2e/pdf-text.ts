/**
 * The text of each page of a PDF that Chromium printed (`page.pdf()`), line by line, to check
 * what paper shows: a page's header and footer exist only there, never in the DOM. Just enough
 * PDF for Chromium's own output (Skia): compressed streams, fonts with a ToUnicode map, text drawn
 * with `Tm`, `Td` and `Tj`/`TJ` of glyph codes. Anything else throws, rather than reading wrong.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dictionary: string;
  stream?: Buffer;
}

/** Each page's lines, top to bottom; the pieces of a line left to right, spaces tidied. */
export function pdfPageLines(pdf: Buffer): string[][] {
  const objects = readObjects(pdf);
  const object = (reference: string) => {
    const found = objects.get(Number(reference));
    if (!found) throw new Error(`PDF: no object ${reference}`);
    return found;
  };
  const catalog = [...objects.values()].find(({ dictionary }) =>
    /\/Type\s*\/Catalog\b/.test(dictionary),
  );
  const pagesReference = catalog && /\/Pages\s+(\d+)\s+0\s+R/.exec(catalog.dictionary)?.[1];
  if (!pagesReference) throw new Error('PDF: no page tree');

  const pages: PdfObject[] = [];
  const collect = (node: PdfObject) => {
    if (/\/Type\s*\/Page\b/.test(node.dictionary)) pages.push(node);
    else {
      const kids = /\/Kids\s*\[([^\]]*)\]/.exec(node.dictionary)?.[1] ?? '';
      for (const [, kid] of kids.matchAll(/(\d+)\s+0\s+R/g)) collect(object(kid!));
    }
  };
  collect(object(pagesReference));

  const fontMaps = new Map<string, Map<string, string>>();
  const fontMap = (reference: string) => {
    let map = fontMaps.get(reference);
    if (!map) {
      const toUnicode = /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(object(reference).dictionary)?.[1];
      if (!toUnicode) throw new Error(`PDF: font ${reference} has no ToUnicode map`);
      map = readCMap(streamText(object(toUnicode)));
      fontMaps.set(reference, map);
    }
    return map;
  };

  return pages.map((page) => {
    const fonts = new Map<string, Map<string, string>>();
    const fontList = /\/Font\s*<<([^>]*)>>/.exec(page.dictionary)?.[1] ?? '';
    for (const [, name, reference] of fontList.matchAll(/\/([^\s/]+)\s+(\d+)\s+0\s+R/g)) {
      fonts.set(name!, fontMap(reference!));
    }
    const contents = /\/Contents\s+(\d+)\s+0\s+R/.exec(page.dictionary)?.[1];
    if (!contents) throw new Error('PDF: a page without one content stream');
    return pageLines(streamText(object(contents)), fonts);
  });
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  // Latin-1 keeps one character per byte, so offsets into the text are offsets into the file.
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const start = /(\d+)\s+0\s+obj\b/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const end = text.indexOf('endobj', start.lastIndex);
    const body = text.slice(start.lastIndex, end);
    const streamAt = /\bstream\r?\n/.exec(body);
    if (!streamAt) objects.set(Number(match[1]), { dictionary: body });
    else {
      const dictionary = body.slice(0, streamAt.index);
      const length = Number(/\/Length\s+(\d+)(?!\s+0\s+R)/.exec(dictionary)?.[1]);
      if (!Number.isInteger(length)) throw new Error('PDF: a stream without a direct /Length');
      const from = match.index + match[0].length + streamAt.index + streamAt[0].length;
      const raw = pdf.subarray(from, from + length);
      const stream = /\/Filter\s*\/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw;
      objects.set(Number(match[1]), { dictionary, stream });
    }
    start.lastIndex = end;
  }
  return objects;
}

function streamText(object: PdfObject): string {
  if (!object.stream) throw new Error('PDF: expected a stream');
  return object.stream.toString('latin1');
}

/** A ToUnicode CMap: each glyph code (hex, as written) to its text. */
function readCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(code!.toUpperCase(), utf16(unicode!));
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const ranges = /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g;
    for (const [, low, high, target] of block!.matchAll(ranges)) {
      const first = parseInt(low!, 16);
      const width = low!.length;
      const listed = target!.startsWith('[') ? [...target!.matchAll(/<([0-9A-Fa-f]+)>/g)] : null;
      for (let code = first; code <= parseInt(high!, 16); code++) {
        const key = code.toString(16).toUpperCase().padStart(width, '0');
        if (listed) map.set(key, utf16(listed[code - first]![1]!));
        else {
          const start = parseInt(target!.slice(1, -1), 16);
          map.set(key, String.fromCodePoint(start + code - first));
        }
      }
    }
  }
  return map;
}

/** A piece of text as drawn: where on the page, and what it says. */
interface Piece {
  x: number;
  y: number;
  text: string;
  /** Which BT…ET block drew it: a block's pieces are one run of text, split only for kerning. */
  block: number;
}

/** A PDF matrix [a b c d e f]. */
type Matrix = [number, number, number, number, number, number];

/** `m` then `n`: what `cm` does to the current matrix. */
function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function pageLines(content: string, fonts: Map<string, Map<string, string>>): string[] {
  const pieces: Piece[] = [];
  const tokens = /<([0-9A-Fa-f]*)>|\/([^\s/[\]<>()]+)|(-?\d*\.?\d+)|([A-Za-z*'"]+)/g;
  let operands: string[] = [];
  let hexStrings: string[] = [];
  let font: Map<string, string> | undefined;
  let block = 0;
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  const saved: Matrix[] = [];
  // The text line matrix, where the current line of text starts.
  let line: Matrix = [1, 0, 0, 1, 0, 0];
  const show = () => {
    if (!font) throw new Error('PDF: text drawn before a font is chosen');
    const map = font;
    const text = hexStrings
      .map((hex) =>
        (hex.match(/.{4}/g) ?? []).map((code) => map.get(code.toUpperCase()) ?? '\uFFFD').join(''),
      )
      .join('');
    const [, , , , x, y] = multiply(line, matrix);
    pieces.push({ x, y, text, block });
  };
  for (const [, hex, name, number, operator] of content.matchAll(tokens)) {
    if (hex !== undefined) hexStrings.push(hex);
    else if (name !== undefined) operands.push(name);
    else if (number !== undefined) operands.push(number);
    else if (operator !== undefined) {
      const values = operands.map(Number);
      if (operator === 'q') saved.push(matrix);
      else if (operator === 'Q') matrix = saved.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (operator === 'cm') matrix = multiply(values as Matrix, matrix);
      else if (operator === 'BT') {
        block += 1;
        line = [1, 0, 0, 1, 0, 0];
      } else if (operator === 'Tf') font = fonts.get(operands[0]!);
      else if (operator === 'Tm') line = values as Matrix;
      else if (operator === 'Td' || operator === 'TD') {
        line = multiply([1, 0, 0, 1, values[0]!, values[1]!], line);
      } else if (operator === 'Tj' || operator === 'TJ') show();
      else if (["'", '"', 'T*'].includes(operator)) {
        throw new Error(`PDF: text operator ${operator} is not read here`);
      }
      operands = [];
      hexStrings = [];
    }
  }

  // Top to bottom (PDF's y grows upwards), each line's pieces left to right.
  const lines = new Map<number, Piece[]>();
  for (const piece of pieces) {
    const key = Math.round(piece.y);
    lines.set(key, [...(lines.get(key) ?? []), piece]);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .reduce(
          (text, piece, index) =>
            text + (index > 0 && row[index - 1]!.block !== piece.block ? ' ' : '') + piece.text,
          '',
        )
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((text) => text !== '');
}
