type NumberArray = Int32Array | Uint32Array | Float64Array;

/**
 * A typed array that grows as it is written, for lists whose length is known only at the end:
 * the read models are loaded row by row from a stream (decision 017).
 */
export class GrowingArray<A extends NumberArray> {
  values: A;
  length = 0;
  private readonly make: (length: number) => A;

  constructor(make: (length: number) => A) {
    this.make = make;
    this.values = make(1 << 12);
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const bigger = this.make(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }

  /** Ends the writing: `values` is then exactly what was written, no room to spare. */
  trim(): A {
    return (this.values = this.values.slice(0, this.length) as A);
  }
}
