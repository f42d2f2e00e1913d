// The status line's text: rows shown, elapsed time, rows examined, partial
// results, an estimate, more held by the service, the service's messages and the limit note, in the page's words and numbers. Pure: the
// panel puts each part in as text.
import type { ResultStatus } from '../../core/api/tabular';
import { ENGLISH, type PanelText } from './panelText';

export interface StatusParts {
  rows: string;
  facts: string[];
  partial: boolean;
  notes: string[];
}

export function statusParts(
  status: ResultStatus,
  shown: number,
  total: number,
  filtered: boolean,
  text: PanelText = ENGLISH,
): StatusParts {
  const rows = filtered
    ? text.say('rowsOf', text.count(shown), text.count(total))
    : text.say(total === 1 ? 'oneRow' : 'rows', text.count(total));
  const facts: string[] = [];
  if (status.elapsedMs !== undefined) facts.push(duration(status.elapsedMs, text));
  if (status.rowsExamined !== undefined) facts.push(text.say('rowsExamined', text.count(status.rowsExamined)));
  if (status.rowsMatched !== undefined) facts.push(text.say('rowsMatched', text.count(status.rowsMatched)));
  const notes = [
    ...(status.isEstimate ? [text.say('estimate')] : []),
    ...(status.continued ? [text.say('continued')] : []),
    ...(status.limitNote ? [status.limitNote] : []),
    ...status.messages.map((m) => {
      const line = text.say('message', m.priority, m.text);
      return m.count > 1 ? text.say('repeated', line, text.count(m.count)) : line;
    }),
  ];
  return { rows, facts, partial: status.isPartial, notes };
}

/** A duration as a person reads it: 5 → "5 ms", 1234 → "1.23 s", 125000 → "2 min 5 s". */
export function duration(ms: number, text: PanelText = ENGLISH): string {
  if (ms < 1000) return text.say('milliseconds', text.count(Math.round(ms)));
  if (ms < 60_000) return text.say('seconds', text.decimal(ms / 1000, 2));
  return text.say('minutes', text.count(Math.floor(ms / 60_000)), text.count(Math.round((ms % 60_000) / 1000)));
}

/** A table's name on its tab: the service numbers tables "0", "1", …; `_totals` and others show as they are. */
export function tableLabel(name: string, index: number, text: PanelText = ENGLISH): string {
  return /^\d+$/.test(name)
    ? index === 0
      ? text.say('results')
      : text.say('tableNumber', text.count(Number(name) + 1))
    : name;
}
