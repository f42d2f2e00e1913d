// A reading of settings kept until a change of one of the settings it reads: VS Code builds a
// configuration object at each getConfiguration, and the window's deployment, its timeout and its
// proxy settings were read that way for every request (five readings per expand of a dataset).

/** One reading of some settings, made on first use and again only after one of `keys` changed. */
export class SettingsReading<T> {
  private kept?: { value: T };

  constructor(
    /** The settings the reading reads, as `affectsConfiguration` takes them (`axiom.url`, `http.proxy`). */
    private readonly keys: readonly string[],
    private readonly readNow: () => T,
  ) {}

  /** The reading kept, or a fresh one (a reading that throws is not kept). */
  get(): T {
    if (!this.kept) this.kept = { value: this.readNow() };
    return this.kept.value;
  }

  /** Told of a change of configuration: the next get reads again when the change touched one of its keys. */
  changed(affects: (key: string) => boolean): void {
    if (this.kept && this.keys.some(affects)) this.kept = undefined;
  }

  /** The next get reads again (after the extension wrote one of its settings itself). */
  forget(): void {
    this.kept = undefined;
  }
}
