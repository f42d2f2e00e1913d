// The activation floor's copies (test/bench/activationFloorManifest.ts, activationFloorRegistrations.ts):
// generated from the real package.json and declarations, every id renamed and none of the
// extension's left, and the floor registers exactly the renamed ids, so that the floor, its warm-up
// copy and the extension coexist in one window of the bench.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  claimedIds,
  dependingOn,
  extensionId,
  floorId,
  floorManifest,
  KEPT_CONTRIBUTIONS,
  startingMoments,
  type ExtensionManifest,
} from '../../bench/activationFloorManifest';
import { registerFloor, type FloorApi } from '../../bench/activationFloorRegistrations';
import { projectRoot } from '../../support/projectRoot';

const ours = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as ExtensionManifest;

/** Every string value anywhere in a value, and the views' containers (the keys that are ids). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return (value as unknown[]).flatMap(stringsIn);
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => [
      ...(key === 'views' && inner && typeof inner === 'object' ? Object.keys(inner) : []),
      ...stringsIn(inner),
    ]);
  return [];
}

/** The kinds of ids the contributions claim (not those of the activation events). */
const contributed = (manifest: ExtensionManifest) =>
  claimedIds(manifest).filter((claimed) => !claimed.kind.startsWith('on'));

/** A stand-in for the API parts the floor calls, recording each registration as `kind id`. */
function recordingApi(): { api: FloorApi; registered: string[] } {
  const registered: string[] = [];
  const disposable = { dispose: () => undefined };
  const record = (kind: string) => (id: string) => (registered.push(`${kind} ${id}`), disposable);
  class EventEmitter {
    event = () => disposable;
    dispose = () => undefined;
  }
  class Disposable {
    dispose = () => undefined;
  }
  class NotebookData {}
  class LanguageModelToolResult {}
  const api = {
    commands: { registerCommand: record('command') },
    window: { createTreeView: record('view') },
    workspace: {
      registerFileSystemProvider: record('file system'),
      registerTextDocumentContentProvider: record('file system'),
      registerNotebookSerializer: record('notebook type'),
    },
    lm: { registerTool: record('tool') },
    chat: { createChatParticipant: record('chat participant') },
    authentication: { registerAuthenticationProvider: record('authentication provider') },
    EventEmitter,
    Disposable,
    FileType: { File: 1 },
    NotebookData,
    LanguageModelToolResult,
  };
  return { api: api as unknown as FloorApi, registered };
}

describe('the activation floor’s copies, from the real manifest', () => {
  const prefix = 'floor';
  const copy = floorManifest(ours, prefix);

  it('renames every id the extension’s contributions claim, and keeps each kind', () => {
    const expected = contributed(ours).map(({ kind, id }) => `${kind} ${floorId(prefix, id)}`);
    assert.ok(expected.length > 100, `the manifest claims ${expected.length} ids`);
    assert.deepEqual(
      contributed(copy).map(({ kind, id }) => `${kind} ${id}`),
      expected,
    );
    assert.deepEqual(Object.keys(copy.contributes ?? {}).sort(), [...KEPT_CONTRIBUTIONS].sort());
  });

  it('leaves none of the extension’s ids in its contributions, nor its name', () => {
    const ourIds = new Set(claimedIds(ours).map((claimed) => claimed.id));
    const left = stringsIn(copy.contributes).filter((text) => ourIds.has(text));
    assert.deepEqual(left, []);
    assert.notEqual(extensionId(copy), extensionId(ours));
    assert.equal(copy.extensionDependencies, undefined);
  });

  it('starts at its own renamed events and at the extension’s moments, nothing else', () => {
    const moments = new Set(startingMoments(ours));
    const own = new Set(
      (ours.activationEvents ?? []).map((event) =>
        event.replace(/:(.*)$/, (_, id: string) => `:${floorId(prefix, id)}`),
      ),
    );
    for (const event of copy.activationEvents ?? [])
      assert.ok(moments.has(event) || own.has(event), `${event} is neither renamed nor the extension's`);
    for (const event of moments) assert.ok(copy.activationEvents?.includes(event), `${event} starts it`);
  });

  it('registers exactly the renamed ids of its contributions, and only renamed schemes', () => {
    const { api, registered } = recordingApi();
    registerFloor(api, prefix);
    const claimedByCopy = contributed(copy)
      .filter(
        (claimed) =>
          claimed.kind !== 'view container' && !claimed.kind.endsWith('name') && claimed.kind !== 'tool reference',
      )
      .map(({ kind, id }) => `${kind} ${id}`);
    const registeredIds = registered.filter((entry) => !entry.startsWith('file system '));
    assert.deepEqual([...registeredIds].sort(), [...claimedByCopy].sort());
    const schemes = registered.filter((entry) => entry.startsWith('file system ')).map((entry) => entry.slice(12));
    assert.ok(schemes.length >= 8, `${schemes.length} file systems`);
    for (const scheme of schemes) {
      assert.ok(scheme.startsWith(`${prefix}-`), `${scheme} is renamed`);
      assert.ok(copy.activationEvents?.includes(`onFileSystem:${scheme}`), `${scheme} is the copy's`);
    }
  });

  it('registers the extension’s own ids with no prefix (the floor alone in its window)', () => {
    const { api, registered } = recordingApi();
    registerFloor(api, '');
    const ourIds = new Set(contributed(ours).map(({ kind, id }) => `${kind} ${id}`));
    for (const entry of registered.filter((e) => !e.startsWith('file system ')))
      assert.ok(ourIds.has(entry), `${entry} is the extension's`);
  });

  it('takes no prefix VS Code would refuse in an id', () => {
    for (const bad of ['', 'Floor', 'a_b', 'a.b', '1a', 'a-b'])
      assert.throws(() => floorManifest(ours, bad), /letters and digits/);
  });

  it('chains a copy after exactly one other extension', () => {
    const after = dependingOn(dependingOn(copy, 'x.first'), 'x.second');
    assert.deepEqual(after.extensionDependencies, ['x.second']);
    assert.equal(dependingOn(after, undefined).extensionDependencies, undefined);
  });
});

describe('the floor’s manifest, over any manifest (property)', () => {
  const id = fc.stringMatching(/^[a-zA-Z][\w.-]{0,12}$/);
  const named = <K extends string>(key: K) =>
    fc.record<Record<K, string>>({ [key]: id } as Record<K, fc.Arbitrary<string>>);
  const manifest: fc.Arbitrary<ExtensionManifest> = fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
    publisher: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
    version: fc.constant('1.0.0'),
    activationEvents: fc.array(
      fc.oneof(
        fc.constantFrom('*', 'onStartupFinished'),
        fc
          .tuple(fc.constantFrom('onFileSystem', 'onWebviewPanel', 'onView', 'onLanguage'), id)
          .map(([e, x]) => `${e}:${x}`),
      ),
      { maxLength: 6 },
    ),
    contributes: fc.record({
      commands: fc.array(named('command'), { maxLength: 8 }),
      viewsContainers: fc.record({ activitybar: fc.array(named('id'), { maxLength: 2 }) }),
      // In VS Code's own containers (kept as they are) and in the manifest's own (renamed).
      views: fc.dictionary(fc.constantFrom('explorer', 'scm', 'test'), fc.array(named('id'), { maxLength: 3 }), {
        maxKeys: 2,
      }),
      languageModelTools: fc.array(fc.record({ name: id, toolReferenceName: id }), { maxLength: 4 }),
      chatParticipants: fc.array(fc.record({ id, name: id }), { maxLength: 2 }),
      notebooks: fc.array(named('type'), { maxLength: 2 }),
      authentication: fc.array(named('id'), { maxLength: 2 }),
      menus: fc.dictionary(id, fc.array(named('command'), { maxLength: 3 }), { maxKeys: 2 }),
    }),
  });

  it('renames every claimed id once, leaves none unrenamed, and keeps distinct ids distinct', () => {
    const withOwnContainers = manifest.map((m) => {
      const containers = m.contributes?.viewsContainers?.activitybar ?? [];
      const views = { ...m.contributes?.views };
      for (const [i, container] of containers.entries()) views[container.id] = [{ id: `${container.id}.view${i}` }];
      return { ...m, contributes: { ...m.contributes, views } };
    });
    fc.assert(
      fc.property(withOwnContainers, fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/), (original, prefix) => {
        const copy = floorManifest(original, prefix);
        const before = contributed(original);
        const after = contributed(copy);
        assert.deepEqual(
          after.map(({ kind, id: x }) => `${kind} ${x}`),
          before.map(({ kind, id: x }) => `${kind} ${floorId(prefix, x)}`),
        );
        // Nothing in what the copy contributes is an id of the original's that the renaming did not make.
        const renamed = new Set(after.map((claimed) => claimed.id));
        const originals = new Set(before.map((claimed) => claimed.id));
        for (const text of stringsIn(copy.contributes))
          assert.ok(!originals.has(text) || renamed.has(text), `${text} is left as it was`);
        assert.equal(
          new Set(after.map((c) => `${c.kind} ${c.id}`)).size,
          new Set(before.map((c) => `${c.kind} ${c.id}`)).size,
        );
        assert.ok(!('menus' in (copy.contributes ?? {})), 'what VS Code reads without the extension is left out');
      }),
    );
  });
});
