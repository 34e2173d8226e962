/**
 * Strings as small integers, so the index compares and counts numbers. A value
 * keeps its number for the dictionary's life, even when no product holds it
 * any more (its counts are then zero); a full reload starts a new one.
 */
export class Dictionary {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];

  /** The value's number, given one if it has none. */
  intern(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }

  /** The value's number, or -1 when no product ever held it. */
  find(value: string): number {
    return this.ids.get(value) ?? -1;
  }

  get size(): number {
    return this.values.length;
  }
}
