// A monitor read to be changed (the record as sent kept beside what the extension reads of it),
// and the organisation's notifiers: what the client reads with zod. The bodies that change a
// monitor are in monitorBodies.ts (plain, for the VS Code side at activation too).
import { z } from 'zod';
import { describeJsonType, invalidResponse, parseMonitor } from './parse';
import { type Monitor } from './schemas';
import { isJsonObject, type JsonObject } from '../json';
import { phrase } from '../phrase';

/** One monitor read to be changed: what the extension reads of it, and the record as sent. */
export interface MonitorRecord {
  monitor: Monitor;
  raw: JsonObject;
}

export function readMonitorRecord(body: unknown): MonitorRecord {
  if (!isJsonObject(body)) throw invalidResponse(phrase('expected a monitor, got {0}', describeJsonType(body)));
  return { monitor: parseMonitor(body), raw: body };
}

/** A notifier as listed: its name and the kind of its channel. Its settings (webhook URLs, keys)
 *  are never read: they may hold secrets. */
export interface Notifier {
  id: string;
  name: string;
  /** slack, email, pagerduty, … ('' when the service named none). */
  kind: string;
  disabledUntil?: string;
}

const notifierSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().catch(''),
  properties: z.unknown().optional(),
  disabledUntil: z.string().nullish().catch(undefined),
});

export interface NotifierList {
  notifiers: Notifier[];
  skipped: number;
}

/** GET /v2/notifiers: entries without an id are skipped and counted; a `null` body is an empty list. */
export function parseNotifiers(body: unknown): NotifierList {
  if (body === null) return { notifiers: [], skipped: 0 };
  if (!Array.isArray(body))
    throw invalidResponse(phrase('expected a list of notifiers, got {0}', describeJsonType(body)));
  const notifiers: Notifier[] = [];
  let skipped = 0;
  for (const entry of body as unknown[]) {
    const parsed = notifierSchema.safeParse(entry);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    const { id, name, properties, disabledUntil } = parsed.data;
    const kind = isJsonObject(properties)
      ? (Object.keys(properties).find((key) => properties[key] !== null && properties[key] !== undefined) ?? '')
      : '';
    notifiers.push({ id, name: name || id, kind, ...(disabledUntil ? { disabledUntil } : {}) });
  }
  return { notifiers, skipped };
}
