// A draft: the text of a record's document that VS Code saved (auto save, Save All, another
// extension's save, a write through workspace.fs) but the person did not send. Drafts are kept per
// deployment, record and part (recordKey) in the editor's own storage, so that they survive a
// reload and a restart; only the person's send (platform/recordFiles.ts) puts one into Axiom.
import { isJsonObject, type JsonObject } from './json';

/** Where the drafts of one kind of record (its documents' scheme) are kept in the editor's storage. */
export function draftStorageKey(scheme: string): string {
  return `axiom.drafts.${scheme}`;
}

/** What is kept of one draft. */
export interface StoredDraft {
  /** The document's text as it was last saved. */
  readonly text: string;
  /** The record the text was read from, when known: what a send checks Axiom's version against. */
  readonly base?: JsonObject;
  /** When it was last saved (ms since the epoch). */
  readonly at: number;
}

/** The drafts of one kind of record, by recordKey. */
export type StoredDrafts = Readonly<Record<string, StoredDraft>>;

/** A draft as stored, or undefined when the stored value is not one (storage written by another
 *  version, or damaged): such an entry is dropped, never a failure. */
export function readStoredDraft(value: unknown): StoredDraft | undefined {
  if (!isJsonObject(value)) return undefined;
  const { text, base, at } = value;
  if (typeof text !== 'string' || typeof at !== 'number' || !Number.isFinite(at)) return undefined;
  if (base !== undefined && !isJsonObject(base)) return undefined;
  return base === undefined ? { text, at } : { text, base, at };
}

/** The drafts a stored value holds: each entry read alone, those that are not drafts dropped. */
export function readStoredDrafts(value: unknown): StoredDrafts {
  // No prototype: a key such as `__proto__` is a key like any other.
  const drafts = Object.create(null) as Record<string, StoredDraft>;
  if (!isJsonObject(value)) return drafts;
  for (const [key, entry] of Object.entries(value)) {
    const draft = readStoredDraft(entry);
    if (draft) drafts[key] = draft;
  }
  return drafts;
}
