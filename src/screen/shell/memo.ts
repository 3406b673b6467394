// A command that recurs with nothing changed in between has the verdict it had before: the
// checker's rules read only the argv and what the line has set up so far (variables, aliases,
// functions, files written, the working directory…). `x | x | x …` of 30k stages, or the same
// literal command in thousands of `;` segments, is then judged once, not once per stage.
//
// What the line has set up is tracked by a count of changes: every map and set of the checker's
// state is a tallied one, and its scalar fields count through their setters. An entry is kept
// only when judging the command changed nothing, so the state it was judged in is the state
// while the count stands.

/** The count of changes to one checker's state, shared by all its maps and sets. */
export class Tally {
  changes = 0;
}

export class TalliedMap<K, V> extends Map<K, V> {
  constructor(private readonly tally: Tally) {
    super();
  }

  override set(key: K, value: V): this {
    this.tally.changes++;
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.tally.changes++;
    return super.delete(key);
  }

  override clear(): void {
    this.tally.changes++;
    super.clear();
  }
}

export class TalliedSet<T> extends Set<T> {
  constructor(private readonly tally: Tally) {
    super();
  }

  override add(value: T): this {
    this.tally.changes++;
    return super.add(value);
  }

  override delete(value: T): boolean {
    this.tally.changes++;
    return super.delete(value);
  }

  override clear(): void {
    this.tally.changes++;
    super.clear();
  }
}

interface Entry {
  readonly depth: number;
  /** The tally when the command was judged (unchanged by judging it). */
  readonly changes: number;
  /** Budget the judgement spent: a repeat spends it again, so a budget runs out as it would. */
  readonly spent: number;
}

// Entries held at once; more are dropped and the memo starts again (it only saves work).
const MAX_ENTRIES = 1024;

/** Commands judged harmless, by key, with the state and depth they were judged in. */
export class CommandMemo {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly tally: Tally) {}

  /** The budget a repeat of `key` at `depth` costs, or -1 when it must be judged. */
  spentOnRepeat(key: string, depth: number): number {
    const entry = this.entries.get(key);
    if (entry === undefined || entry.depth !== depth || entry.changes !== this.tally.changes)
      return -1;
    return entry.spent;
  }

  /** Records that `key` at `depth` was judged harmless, at a cost of `spent`, changing nothing. */
  remember(key: string, depth: number, spent: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { depth, changes: this.tally.changes, spent });
  }
}
