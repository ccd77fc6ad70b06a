/**
 * Many strings kept as UTF-8 bytes in one buffer, with where each ends: a read model's names and
 * e-mails at 1,000,000 turmas or 200,000 students as one allocation outside the heap, not a
 * string each for every garbage collection to walk, and one byte a character where a single
 * "—" would make a joined JavaScript string two bytes a character (decision 017, memory).
 */

/** Room made at once when the bytes or the ends run out: a quarter more, so growth stays amortized. */
const GROWTH = 1.25;
const FIRST_BYTES = 4096;
const FIRST_COUNT = 256;

export class Utf8Strings {
  private bytes = Buffer.allocUnsafe(FIRST_BYTES);
  private ends = new Uint32Array(FIRST_COUNT);
  private used = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds `text` as the next string; its number. */
  add(text: string): number {
    // A UTF-16 unit is at most three bytes of UTF-8.
    if (this.used + text.length * 3 > this.bytes.length) {
      const bigger = Buffer.allocUnsafe(
        Math.max(Math.ceil(this.bytes.length * GROWTH), this.used + text.length * 3),
      );
      this.bytes.copy(bigger, 0, 0, this.used);
      this.bytes = bigger;
    }
    if (this.count === this.ends.length) {
      const bigger = new Uint32Array(Math.ceil(this.ends.length * GROWTH));
      bigger.set(this.ends);
      this.ends = bigger;
    }
    this.used += this.bytes.write(text, this.used, 'utf8');
    this.ends[this.count] = this.used;
    return this.count++;
  }

  /** Gives back the room made for strings not added: after a load, before serving. */
  trim(): void {
    const bytes = Buffer.allocUnsafe(this.used);
    this.bytes.copy(bytes, 0, 0, this.used);
    this.bytes = bytes;
    this.ends = this.ends.slice(0, this.count);
  }

  at(index: number): string {
    return this.bytes.toString('utf8', this.start(index), this.ends[index]);
  }

  /**
   * Negative, zero or positive as string `a` sorts before, with or after `other`'s string `b` by
   * code point: UTF-8's bytes compare in that order (compareCodePoints in student-search.ts).
   */
  compare(a: number, other: Utf8Strings, b: number): number {
    return compareRanges(
      this.bytes,
      this.start(a),
      this.ends[a]!,
      other.bytes,
      other.start(b),
      other.ends[b]!,
    );
  }

  /** As `compare`, for bytes given (Buffer.from(text)) against string `index`. */
  compareBytes(encoded: Uint8Array, index: number): number {
    return compareRanges(
      encoded,
      0,
      encoded.length,
      this.bytes,
      this.start(index),
      this.ends[index]!,
    );
  }

  private start(index: number): number {
    return index === 0 ? 0 : this.ends[index - 1]!;
  }
}

function compareRanges(
  x: Uint8Array,
  from: number,
  to: number,
  y: Uint8Array,
  yFrom: number,
  yTo: number,
): number {
  let i = from;
  let j = yFrom;
  for (; i < to && j < yTo; i++, j++) {
    if (x[i] !== y[j]) return x[i]! - y[j]!;
  }
  return to - i - (yTo - j);
}
