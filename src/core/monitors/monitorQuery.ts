import type { Monitor } from '../api/schemas';

/** The monitor's query text: APL, or MPL for metrics monitors that have only that. */
export function monitorQuery(monitor: Monitor): { text: string; language: 'apl' | 'mpl' } | undefined {
  if (monitor.aplQuery?.trim()) return { text: monitor.aplQuery, language: 'apl' };
  if (monitor.mplQuery?.trim()) return { text: monitor.mplQuery, language: 'mpl' };
  return undefined;
}
