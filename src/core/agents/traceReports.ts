// The trace tools' answers (issue 50): our sentences around the spans as data blocks. A trace is a
// compact tree: one line per span in the waterfall's order (depth, service, name, duration, start
// after the trace's start, error and status, code place), within the budget's rows; the error
// spans again apart with their exception, so that a cut tree still says where it failed.
import { placesIn, placesInRow } from '../code/codePlaces';
import type { FoundTrace, TraceSearch } from '../traces/findTraces';
import type { TraceTree } from '../traces/spanTree';
import { durationWords } from '../traces/timespan';
import { quoted, type DeploymentLabel, type ToolReport } from './resultText';

/** How many error spans the report gives apart. */
const MAX_ERROR_SPANS = 20;

const place = (attributes: Readonly<Record<string, unknown>>, events: readonly unknown[]) => {
  const found = [...placesInRow({ attributes }), ...events.flatMap((e) => placesIn(e))][0];
  return found ? [found.path, found.line, found.column].filter((p) => p !== undefined).join(':') : undefined;
};

export function traceReport(
  deployment: DeploymentLabel,
  about: { traceId: string; dataset: string; rangeWords: string; widened: boolean; capped: boolean },
  tree: TraceTree,
): ToolReport {
  const notes: string[] = [];
  if (about.widened) notes.push(`It was found only after widening the range to ${about.rangeWords}.`);
  if (about.capped) notes.push(`The trace has more spans than the ${tree.spans.length} read.`);
  if (tree.missingParents) notes.push(`${tree.missingParents} parent spans are missing (rows "missing parent").`);
  if (tree.cyclesBroken) notes.push(`${tree.cyclesBroken} parent cycles were broken.`);
  const errorSpans = tree.spans.filter((s) => s.error).slice(0, MAX_ERROR_SPANS);
  return {
    deployment,
    lines: [
      `Trace ${quoted(about.traceId)} in dataset ${quoted(about.dataset)} (${about.rangeWords}): ${tree.spans.length} spans over ${durationWords(tree.durationMs * 1e6)}, ${tree.services.length} services, ${tree.errors} spans in error.`,
      ...notes,
    ],
    blocks: [
      {
        label:
          'spans of the trace, each parent before its children (depth 0 is a root; offset is the start after the trace’s start)',
        header: ['depth', 'service', 'name', 'duration', 'offset', 'error', 'status', 'span_id', 'code'],
        items: tree.rows.map((row) => {
          if (row.span < 0) return [row.depth, null, `missing parent ${row.missingParent ?? ''}`];
          const s = tree.spans[row.span];
          return [
            row.depth,
            s.service,
            s.name,
            s.durationNs === undefined ? null : durationWords(s.durationNs),
            durationWords(row.offsetMs * 1e6),
            s.error,
            s.statusMessage || s.statusCode || null,
            s.spanId,
            place(s.attributes, s.events) ?? null,
          ];
        }),
        total: tree.rows.length,
      },
      ...(errorSpans.length
        ? [
            {
              label: 'the spans in error, with their exceptions',
              items: errorSpans.map((s) => ({
                span_id: s.spanId,
                service: s.service,
                name: s.name,
                status: s.statusMessage || s.statusCode,
                code: place(s.attributes, s.events) ?? null,
                exceptions: s.events.filter((e) => JSON.stringify(e).includes('exception')),
              })),
              total: tree.errors,
            },
          ]
        : []),
    ],
  };
}

export function traceNotFoundReport(
  deployment: DeploymentLabel,
  traceId: string,
  dataset: string,
  rangeWords: string,
): ToolReport {
  return {
    deployment,
    lines: [`No span of trace ${quoted(traceId)} in dataset ${quoted(dataset)} over ${rangeWords}.`],
  };
}

/** When the dataset is not named and none (or several) of kind otel:traces:v1 exist. */
export function whichTracesDatasetReport(deployment: DeploymentLabel, candidates: readonly string[]): ToolReport {
  return {
    deployment,
    lines: [
      candidates.length
        ? 'Several datasets hold traces: name one as `dataset`.'
        : 'No dataset is of kind otel:traces:v1: name the dataset that holds the spans as `dataset`.',
    ],
    blocks: candidates.length ? [{ label: 'datasets of kind otel:traces:v1', items: candidates }] : [],
  };
}

export function foundTracesReport(
  deployment: DeploymentLabel,
  about: { dataset: string; service: string; search: TraceSearch; rangeWords: string },
  traces: readonly FoundTrace[],
): ToolReport {
  const what = about.search === 'slowest' ? 'slowest root spans' : 'traces with a failing span';
  return {
    deployment,
    lines: [
      `${traces.length} ${what} of service ${quoted(about.service)} in dataset ${quoted(about.dataset)} over ${about.rangeWords}. axiom_getTrace reads one whole, by its trace_id (pass seenAt to read it at once).`,
    ],
    blocks: [
      {
        label: about.search === 'slowest' ? 'traces, slowest first' : 'failing traces, newest first',
        items: traces.map((t) => ({
          trace_id: t.traceId,
          root: t.name || null,
          service: t.service || null,
          duration: t.durationNs === undefined ? null : durationWords(t.durationNs),
          spans: t.spans ?? null,
          errors: t.errors ?? null,
          seenAt: t.seenAt || null,
        })),
        total: traces.length,
      },
    ],
  };
}
