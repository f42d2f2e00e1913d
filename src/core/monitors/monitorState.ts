// Whether a monitor runs: active, disabled, or snoozed until a time.
import type { Monitor } from '../api/schemas';

export type MonitorState = { kind: 'active' } | { kind: 'disabled' } | { kind: 'snoozed'; until: Date };

// Shared, as most monitors are in one of these: one object fewer per row of a large list.
const ACTIVE: MonitorState = Object.freeze({ kind: 'active' });
const DISABLED: MonitorState = Object.freeze({ kind: 'disabled' });

export function monitorState(monitor: Monitor, now: number = Date.now()): MonitorState {
  if (monitor.disabledUntil) {
    const until = Date.parse(monitor.disabledUntil);
    if (!Number.isNaN(until) && until > now) return { kind: 'snoozed', until: new Date(until) };
  }
  return monitor.disabled ? DISABLED : ACTIVE;
}
