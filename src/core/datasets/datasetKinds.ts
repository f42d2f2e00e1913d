// A dataset's kind as the service names it (`axiom:events:v1`, `otel:traces:v1`, …) and in words a
// person reads (English; the view translates the table once, platform/l10n.ts's `translated`).

/** The kinds Axiom names, in words. A kind not here is shown as the service sends it. */
export const DATASET_KIND_WORDS = {
  'axiom:events:v1': 'events',
  'otel:logs:v1': 'OpenTelemetry logs',
  'otel:traces:v1': 'OpenTelemetry traces',
  'otel:metrics:v1': 'OpenTelemetry metrics',
} as const satisfies Record<string, string>;

export type DatasetKindWords = { readonly [Kind in keyof typeof DATASET_KIND_WORDS]: string };

/** The kind in words (`words`: the table, translated), or as sent when it is not a kind the table knows. */
export function datasetKindText(kind: string | undefined, words: DatasetKindWords = DATASET_KIND_WORDS): string {
  if (!kind) return '';
  return Object.hasOwn(words, kind) ? words[kind as keyof DatasetKindWords] : kind;
}
