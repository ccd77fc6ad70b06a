/**
 * Numeric keys (students' ids) → the numbers a read model gave them: two typed arrays sorted by
 * key, found by binary search, and a map for the keys set since they were last packed. A map of
 * 200,000 numbers is ~7 MB of heap for the collector to walk; the arrays are 2.4 MB beside it.
 */

/** Keys set since the last pack that make a `set` pack them all: this many, or an eighth more. */
const RECENT_MAX = 4096;

export class KeyNumbers {
  private keys = new Float64Array(0);
  private numbers = new Uint32Array(0);
  private readonly recent = new Map<number, number>();
  /** Packed once (after the load): from then on, a `set` packs when the recent keys are many. */
  private packed = false;

  get size(): number {
    return this.keys.length + this.recent.size;
  }

  get(key: number): number | undefined {
    const { keys } = this;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (keys[middle]! < key) low = middle + 1;
      else high = middle;
    }
    return keys[low] === key ? this.numbers[low] : this.recent.get(key);
  }

  /** `key`'s number, for a key not set before. */
  set(key: number, number: number): void {
    this.recent.set(key, number);
    if (this.packed && this.recent.size >= Math.max(RECENT_MAX, this.keys.length >>> 3)) {
      this.pack();
    }
  }

  /** Moves the keys set since the last pack into the sorted arrays: after a load. */
  pack(): void {
    this.packed = true;
    if (this.recent.size === 0) return;
    const count = this.keys.length + this.recent.size;
    const order = new Uint32Array(count);
    const keys = new Float64Array(count);
    const numbers = new Uint32Array(count);
    keys.set(this.keys);
    numbers.set(this.numbers);
    let at = this.keys.length;
    for (const [key, number] of this.recent) {
      keys[at] = key;
      numbers[at++] = number;
    }
    for (let index = 0; index < count; index++) order[index] = index;
    order.sort((a, b) => keys[a]! - keys[b]!);
    this.keys = new Float64Array(count);
    this.numbers = new Uint32Array(count);
    for (let index = 0; index < count; index++) {
      this.keys[index] = keys[order[index]!]!;
      this.numbers[index] = numbers[order[index]!]!;
    }
    this.recent.clear();
  }
}
