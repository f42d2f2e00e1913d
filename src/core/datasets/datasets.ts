// What there is to query: the token's datasets and each dataset's fields, as the Datasets view,
// completion and the agents' tools read them. Plain functions over the API client.
import type { AxiomClient, Dataset, DatasetField, VirtualField } from '../api/client';
import { isAxiomError } from '../api/errors';
import { quotedName } from '../apl/names';
import { orderByKeys } from '../keyOrder';

export type { Dataset } from '../api/client';

/** A field of a dataset as shown: stored fields and virtual ones (computed by an expression) alike. */
export interface FieldInfo {
  name: string;
  type?: string;
  unit?: string;
  description?: string;
  hidden: boolean;
  /** A virtual field: computed at query time by `expression`. */
  virtual: boolean;
  expression?: string;
}

/** A dataset's fields: the visible ones (virtual fields among them) and the hidden ones apart, each by name. */
export interface DatasetFields {
  fields: FieldInfo[];
  hidden: FieldInfo[];
  /** Why the virtual fields could not be read, when they could not (the stored fields are still shown). */
  virtualFailure?: unknown;
}

/** The token's datasets, by name. */
export async function listDatasets(client: AxiomClient, signal?: AbortSignal): Promise<Dataset[]> {
  return sortedByName(await client.listDatasets(signal));
}

/**
 * A dataset's fields and virtual fields, asked for together. A failure of the fields fails the
 * whole; a failure of the virtual fields alone (a token without that right, an older service) is
 * kept beside the stored fields, which are shown.
 */
export async function listDatasetFields(
  client: AxiomClient,
  dataset: string,
  signal?: AbortSignal,
): Promise<DatasetFields> {
  // The fields are asked for first: theirs is the long answer (thousands of fields, against a few
  // virtual ones), so it is on its way before the short one. Asked second, its answer was begun
  // only after the virtual fields' was made and read (at the fake, which answers in turn).
  const storedAnswer = client.listFields(dataset, signal);
  const virtual: Promise<{ list: VirtualField[]; failure?: unknown }> = client.listVirtualFields(dataset, signal).then(
    (list) => ({ list }),
    (failure: unknown) => ({ list: [], failure }),
  );
  const stored = await storedAnswer;
  const { list, failure } = await virtual;
  if (failure !== undefined && isAxiomError(failure) && failure.kind === 'cancelled') throw failure;
  return arrangeFields(stored, list, failure);
}

/** Up to this many virtual fields, a stored field's name is compared with each of theirs. */
const FEW_VIRTUAL = 16;

/**
 * Stored and virtual fields, as the service sends them, in one list by name, hidden ones apart; a
 * virtual field of a stored field's name is shown once, as virtual. An empty unit or description
 * (or null) is none.
 */
export function arrangeFields(
  stored: readonly DatasetField[],
  virtual: readonly VirtualField[],
  virtualFailure?: unknown,
): DatasetFields {
  // One pass over the answer makes each field as shown and reads its name and sort key; one sort
  // orders them (orderByKeys) and one pass over the order puts each on its side. Nothing is copied
  // twice: no list of the stored fields made first and merged after, no sorted copy of the whole.
  // A stored name is looked up among the few virtual ones by comparison: a set would hash each of
  // the thousands of names first (freshly parsed, none hashed yet), which took twice as long.
  const virtualNames = virtual.map((v) => v.name);
  const shadowed = virtualNames.length > FEW_VIRTUAL ? new Set(virtualNames) : undefined;
  const all: FieldInfo[] = [];
  const names: string[] = [];
  const keys: string[] = [];
  for (let i = 0; i < stored.length; i++) {
    const f = stored[i];
    const name = f.name;
    if (virtualNames.length && (shadowed ? shadowed.has(name) : virtualNames.includes(name))) continue;
    all.push({
      name,
      type: f.type,
      unit: f.unit || undefined,
      description: f.description || undefined,
      hidden: f.hidden === true,
      virtual: false,
    });
    names.push(name);
    keys.push(name.toLowerCase());
  }
  for (let i = 0; i < virtual.length; i++) {
    const v = virtual[i];
    all.push({
      name: v.name,
      type: v.type || undefined,
      unit: v.unit || undefined,
      description: v.description || undefined,
      hidden: false,
      virtual: true,
      expression: v.expression || undefined,
    });
    names.push(v.name);
    keys.push(v.name.toLowerCase());
  }
  const order = orderByKeys(keys, names);
  const fields: FieldInfo[] = [];
  const hidden: FieldInfo[] = [];
  for (let i = 0; i < order.length; i++) {
    const field = all[order[i]];
    (field.hidden ? hidden : fields).push(field);
  }
  return { fields, hidden, virtualFailure };
}

/**
 * Things in the order a person looks for their names: case aside, then as written, then as given.
 * Sorted by keyOrder's multikey quicksort: names that share a long beginning (request.headers.…)
 * are told apart from the character where they part (5,000 fields: 2–4 ms of a comparison sort,
 * more than the JSON they came in took to parse).
 */
export function sortedByName<T extends { name: string }>(items: readonly T[]): T[] {
  return Array.from(nameOrder(items), (i) => items[i]);
}

/** The indexes of `items` in the order of sortedByName; the keys read in one pass. */
function nameOrder(items: readonly { name: string }[]): Int32Array {
  const keys: string[] = [];
  const names: string[] = [];
  for (const { name } of items) {
    names.push(name);
    keys.push(name.toLowerCase());
  }
  return orderByKeys(keys, names);
}

/** A dataset's name as APL takes it: always quoted, since any dataset name may hold a dash or a dot. */
export const datasetReference = quotedName;

/** Query this Dataset: a first look at a dataset. */
export function datasetQuery(dataset: string): string {
  return `${datasetReference(dataset)} | take 100`;
}

/** Show Recent Events: the newest `count` events of a dataset. */
export function recentEventsQuery(dataset: string, count: number): string {
  return `${datasetReference(dataset)}\n| sort by _time desc\n| take ${count}`;
}

/** Summarize by this Field: how many events per value of a field, most first. `field` as APL takes
 *  it (quoted when it must be: see fieldReference in apl/completion.ts). */
export function summarizeByFieldQuery(dataset: string, field: string): string {
  return `${datasetReference(dataset)}\n| summarize count() by ${field}\n| sort by count_ desc`;
}
