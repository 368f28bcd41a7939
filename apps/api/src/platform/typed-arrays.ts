/**
 * Growable typed arrays for in-memory indexes of a million rows (decision 096): numbers kept in
 * one typed array cost 1–8 bytes each and no object per entry, where an array of numbers or a
 * Map costs several times that.
 */

/** A list of 32-bit integers that grows as it is pushed to. */
export class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity = 4) {
    this.data = new Int32Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(Math.max(4, Math.ceil(this.data.length * 1.5)));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  /** The filled part, without copying. */
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

type Grown = Int32Array | Uint32Array | Float64Array | Uint8Array;

/** The array, or a longer copy of it, holding index `at`; new places are 0. */
export function grownFor<T extends Grown>(array: T, at: number): T {
  if (at < array.length) return array;
  const grown = new (array.constructor as new (length: number) => T)(
    Math.max(1024, at + 1, Math.ceil(array.length * 1.5)),
  );
  grown.set(array);
  return grown;
}
