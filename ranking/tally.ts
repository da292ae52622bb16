/** Points by tool, added up while ranking one tool. */
export interface Tally {
  add(id: number, points: number): void;
  get(id: number): number;
  has(id: number): boolean;
  ids(): Iterable<number>;
}

export class MapTally implements Tally {
  private readonly points = new Map<number, number>();
  add(id: number, points: number) {
    this.points.set(id, (this.points.get(id) ?? 0) + points);
  }
  get(id: number) {
    return this.points.get(id) ?? 0;
  }
  has(id: number) {
    return this.points.has(id);
  }
  ids() {
    return this.points.keys();
  }
}

/** Ids at or above this are tallied in a map (the arrays would be too large). */
const ARRAY_TALLY_IDS = 1 << 22;

/**
 * A tally in arrays indexed by tool id, reused from one ranking to the next: a full build adds
 * up millions of points, several times faster than in maps.
 */
export class ArrayTally implements Tally {
  private points = new Int32Array(1024);
  private touched = new Uint8Array(1024);
  private readonly list: number[] = [];
  private large = new MapTally();
  private largeUsed = false;
  add(id: number, points: number) {
    if (id >= ARRAY_TALLY_IDS) {
      this.largeUsed = true;
      return this.large.add(id, points);
    }
    if (id >= this.points.length) this.grow(id);
    if (this.touched[id] === 0) {
      this.touched[id] = 1;
      this.list.push(id);
    }
    (this.points[id] as number) += points;
  }
  // Reads stay inside the arrays: an out-of-bounds read of a typed array is many times slower.
  get(id: number): number {
    if (id < this.points.length) return this.points[id] as number;
    return id >= ARRAY_TALLY_IDS ? this.large.get(id) : 0;
  }
  has(id: number): boolean {
    if (id < this.touched.length) return this.touched[id] === 1;
    return id >= ARRAY_TALLY_IDS && this.large.has(id);
  }
  ids(): Iterable<number> {
    return this.largeUsed ? [...this.list, ...this.large.ids()] : this.list;
  }
  /** Empties the tally for the next ranking. */
  reset(): this {
    for (const id of this.list) {
      this.points[id] = 0;
      this.touched[id] = 0;
    }
    this.list.length = 0;
    if (this.largeUsed) this.large = new MapTally();
    this.largeUsed = false;
    return this;
  }
  private grow(id: number) {
    const size = Math.min(ARRAY_TALLY_IDS, Math.max(id + 1, this.points.length * 2));
    const points = new Int32Array(size);
    points.set(this.points);
    const touched = new Uint8Array(size);
    touched.set(this.touched);
    this.points = points;
    this.touched = touched;
  }
}
