// What an answer says about itself besides its rows: partial (the service stopped before reading
// everything in range), an estimate (counts and sums extrapolated from a sample), or continued (the
// service holds more and gave a continuation token). Read once here for the history and the agents'
// reports; the results panel and notebook outputs say them in their own words (panelWords.ts).
import type { ResultStatus } from '../api/tabular';

export type ResultFlag = 'partial' | 'estimate' | 'continued';

const FLAGS: readonly ResultFlag[] = ['partial', 'estimate', 'continued'];

/** The flags an answer's status carries, in a fixed order. */
export function resultFlags(status: Pick<ResultStatus, 'isPartial' | 'isEstimate' | 'continued'>): ResultFlag[] {
  const flags: ResultFlag[] = [];
  if (status.isPartial) flags.push('partial');
  if (status.isEstimate) flags.push('estimate');
  if (status.continued) flags.push('continued');
  return flags;
}

/** Flags as a stored record holds them: unknown ones dropped, each once, in the fixed order. */
export function readResultFlags(value: unknown): ResultFlag[] {
  return Array.isArray(value) ? FLAGS.filter((flag) => value.includes(flag)) : [];
}

/** Each flag in a sentence, for an agent (English, as the rest of a tool's report). */
export const RESULT_FLAG_SENTENCES: Readonly<Record<ResultFlag, string>> = {
  partial:
    'The result is partial: the service stopped before reading everything in range (narrow the time range or the query for a complete answer).',
  estimate: 'The result is an estimate: the service computed it from a sample, so counts and sums are approximate.',
  continued:
    'The service holds more results than it sent (it gave a continuation token): the rows here are not all there are.',
};
