// Every request that changes a monitor is made here, whoever asks: the monitor documents and the
// settings form (through them), the Monitors view's commands (disable, enable, snooze, delete, and
// the first save of a duplicate or a new monitor), Apply Monitor File, and the agents' tools. So a
// change is made one way everywhere: the monitor is read afresh and sent back whole with only the
// changed fields changed (a PUT replaces the record; see monitorBodies.ts), what the checks would
// refuse is found before anything is sent, a change that changes nothing sends nothing, and the
// caller may look at what is about to be sent and decline it. What follows a write (the row, the
// documents, the words shown, the log line) stays with the caller, which knows who asked.
import type { AxiomClient } from '../api/client';
import type { JsonObject } from '../json';
import { changedFields, postBody, putBody, type MonitorChanges } from './monitorBodies';
import { checkMonitor, type MonitorProblem } from './monitorChecks';
import type { MonitorRecord } from '../api/monitorRecord';

/** The requests a write makes. The client's own, or wrapped (the agents' tools send each through their budget). */
export type MonitorRequests = Pick<AxiomClient, 'getMonitor' | 'updateMonitor' | 'createMonitor' | 'deleteMonitor'>;

/** The client's requests, each sent `through` something (the agents' tools: their budget) and cancelled by `signal`. */
export function monitorRequestsThrough(
  client: MonitorRequests,
  through: <T>(request: () => Promise<T>) => Promise<T>,
  signal?: AbortSignal,
): MonitorRequests {
  return {
    getMonitor: (id) => through(() => client.getMonitor(id, signal)),
    updateMonitor: (id, body) => through(() => client.updateMonitor(id, body, signal)),
    createMonitor: (body) => through(() => client.createMonitor(body, signal)),
    deleteMonitor: (id) => through(() => client.deleteMonitor(id, signal)),
  };
}

/**
 * Which checks stop a write before it is sent: every error (`all`), only the errors about the
 * fields being changed (`changed`: what was there before is the service's to judge), or none (a
 * command that changes one known field, such as Disable).
 */
export type Checking = 'all' | 'changed' | 'none';

/** What is about to be sent, for the caller to show and confirm: the monitor as read (none for a new one) and the body. */
export interface PlannedWrite {
  fresh?: JsonObject;
  body: JsonObject;
}

interface WriteOptions {
  checking: Checking;
  /** Asked once the body is known and checked, before it is sent; false sends nothing. */
  confirm?(planned: PlannedWrite): Promise<boolean>;
}

export type ChangeOutcome =
  | { kind: 'changed'; record: MonitorRecord; changes: MonitorChanges }
  | { kind: 'refused'; problems: MonitorProblem[] }
  | { kind: 'unchanged'; fresh: JsonObject }
  | { kind: 'declined' };

export type CreateOutcome =
  | { kind: 'created'; record: MonitorRecord; body: JsonObject }
  | { kind: 'refused'; problems: MonitorProblem[] }
  | { kind: 'declined' };

/** The errors of a definition that stop it being sent (warnings do not); with `fields`, only those about them. */
export function blockingProblems(definition: JsonObject, fields?: readonly string[]): MonitorProblem[] {
  return checkMonitor(definition).filter((p) => p.level === 'error' && (!fields || fields.includes(p.field)));
}

// Three PUTs, because the three kinds of caller hold three different things when they send, and so
// meet a change made in Axiom meanwhile in three ways (one function with a mode would branch on
// each of these anyway, and each caller uses one mode only):
//   changeMonitor          holds only the fields to change: it reads afresh and applies them to
//                          what it read, so another's change to other fields is kept;
//   putMonitor             holds a whole body already made of a fresh read (a document's save,
//                          whose RecordFiles compared the monitor before): sent as it is;
//   putMonitorIfUnchanged  holds a body made earlier of a record it can name (an agent's prepared
//                          write): refused, nothing sent, when the monitor moved since.

/**
 * Changes a monitor: read afresh, `changes` (or the changes made of what was read) applied, checked,
 * confirmed if the caller asks, then one PUT. No changes: nothing is sent.
 */
export async function changeMonitor(
  requests: MonitorRequests,
  id: string,
  changes: MonitorChanges | ((fresh: JsonObject) => MonitorChanges),
  options: WriteOptions,
): Promise<ChangeOutcome> {
  const fresh = (await requests.getMonitor(id)).raw;
  const changing = typeof changes === 'function' ? changes(fresh) : changes;
  const fields = Object.keys(changing);
  const body = putBody(fresh, changing);
  const problems =
    options.checking === 'none' ? [] : blockingProblems(body, options.checking === 'changed' ? fields : undefined);
  if (problems.length) return { kind: 'refused', problems };
  if (!fields.length) return { kind: 'unchanged', fresh };
  if (options.confirm && !(await options.confirm({ fresh, body }))) return { kind: 'declined' };
  return { kind: 'changed', record: await requests.updateMonitor(id, body), changes: changing };
}

/**
 * Saves a body already made of a monitor read afresh (a monitor document's save: RecordFiles read
 * it, the document made the body and checked it): one PUT.
 */
export function putMonitor(requests: MonitorRequests, id: string, body: JsonObject): Promise<MonitorRecord> {
  return requests.updateMonitor(id, body);
}

/** Creates a monitor of a definition: the POST body made of it, checked, confirmed if the caller asks, then one POST. */
export async function createMonitor(
  requests: MonitorRequests,
  definition: JsonObject,
  options: WriteOptions,
): Promise<CreateOutcome> {
  const body = postBody(definition);
  const problems = options.checking === 'none' ? [] : blockingProblems(body);
  if (problems.length) return { kind: 'refused', problems };
  if (options.confirm && !(await options.confirm({ body }))) return { kind: 'declined' };
  return { kind: 'created', record: await requests.createMonitor(body), body };
}

/** Deletes a monitor: one DELETE. */
export function deleteMonitor(requests: MonitorRequests, id: string): Promise<void> {
  return requests.deleteMonitor(id);
}

export type PutIfUnchangedOutcome =
  { kind: 'changed'; record: MonitorRecord } | { kind: 'conflict'; fresh: JsonObject; fields: string[] };

/**
 * Sends `body`, made earlier of the monitor as it was then (`expected`), only if the monitor is
 * still so: read afresh, and when any field differs (the service's own fields aside, as a save
 * compares), nothing is sent and the fields that moved are told. Else one PUT of `body` as it is.
 */
export async function putMonitorIfUnchanged(
  requests: MonitorRequests,
  id: string,
  expected: JsonObject,
  body: JsonObject,
): Promise<PutIfUnchangedOutcome> {
  const fresh = (await requests.getMonitor(id)).raw;
  const fields = changedFields(expected, fresh);
  if (fields.length) return { kind: 'conflict', fresh, fields };
  return { kind: 'changed', record: await requests.updateMonitor(id, body) };
}
