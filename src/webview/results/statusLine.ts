// The status line's text: rows shown, elapsed time, rows examined, partial results, the
// service's messages and the limit note. Pure: the panel puts each part in as text.
import type { ResultStatus } from '../../core/run/resultsProtocol';
import { count, duration } from './cellText';

export interface StatusParts {
  rows: string;
  facts: string[];
  partial: boolean;
  notes: string[];
}

export function statusParts(status: ResultStatus, shown: number, total: number, filtered: boolean): StatusParts {
  const rows = filtered ? `${count(shown)} of ${count(total)} rows` : `${count(total)} ${total === 1 ? 'row' : 'rows'}`;
  const facts: string[] = [];
  if (status.elapsedMs !== undefined) facts.push(duration(status.elapsedMs));
  if (status.rowsExamined !== undefined) facts.push(`${count(status.rowsExamined)} rows examined`);
  if (status.rowsMatched !== undefined) facts.push(`${count(status.rowsMatched)} matched`);
  const notes = [
    ...(status.limitNote ? [status.limitNote] : []),
    ...status.messages.map((m) => `${m.priority}: ${m.text}${m.count > 1 ? ` (×${count(m.count)})` : ''}`),
  ];
  return { rows, facts, partial: status.isPartial, notes };
}

/** A table's name on its tab: the service numbers tables "0", "1", …; `_totals` and others show as they are. */
export function tableLabel(name: string, index: number): string {
  return /^\d+$/.test(name) ? (index === 0 ? 'Results' : `Table ${Number(name) + 1}`) : name;
}
