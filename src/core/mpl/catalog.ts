// Where MPL completion learns a dataset's metrics, a metric's tags and a tag's values: a port,
// which the metrics feature implements over the service's metrics info endpoints (each request
// within the window's budget). `cachedCatalog` keeps each answer for a while, so that typing asks
// the service once per question; a failure is not kept (the next question asks again).

export interface MetricsCatalog {
  metrics(dataset: string): Promise<string[]>;
  tags(dataset: string, metric: string): Promise<string[]>;
  tagValues(dataset: string, metric: string, tag: string): Promise<string[]>;
}

/** A catalog that knows nothing: completion offers the reference's words alone. */
export const NO_METRICS: MetricsCatalog = Object.freeze({
  metrics: () => Promise.resolve([]),
  tags: () => Promise.resolve([]),
  tagValues: () => Promise.resolve([]),
});

/** How long an answer is kept (ms), and the clock it is read by (tests pass their own). */
export interface CatalogCacheOptions {
  keepMs: number;
  now: () => number;
  /** Answers kept at most; the oldest go first. */
  most?: number;
}

/** The catalog with its answers kept `keepMs`: a question asked again meanwhile shares the first answer. */
export function cachedCatalog(catalog: MetricsCatalog, options: CatalogCacheOptions): MetricsCatalog {
  const kept = new Map<string, { at: number; answer: Promise<string[]> }>();
  const most = options.most ?? 500;
  const ask = (key: string, question: () => Promise<string[]>): Promise<string[]> => {
    const now = options.now();
    const known = kept.get(key);
    if (known && now - known.at < options.keepMs) return known.answer;
    const answer = question();
    kept.delete(key);
    kept.set(key, { at: now, answer });
    if (kept.size > most) kept.delete(kept.keys().next().value as string);
    answer.catch(() => {
      if (kept.get(key)?.answer === answer) kept.delete(key);
    });
    return answer;
  };
  return {
    metrics: (dataset) => ask(JSON.stringify(['m', dataset]), () => catalog.metrics(dataset)),
    tags: (dataset, metric) => ask(JSON.stringify(['t', dataset, metric]), () => catalog.tags(dataset, metric)),
    tagValues: (dataset, metric, tag) =>
      ask(JSON.stringify(['v', dataset, metric, tag]), () => catalog.tagValues(dataset, metric, tag)),
  };
}
