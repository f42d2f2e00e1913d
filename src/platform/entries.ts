// What VS Code needs from the extension as soon as it is active, and nothing else: every command,
// tree view, file system, authentication provider, notebook serializer, language model tool and
// chat participant the declarations name (declarations.ts), each a thin object whose calls go to
// the composition (src/composition.ts), which is loaded on the first call, or just after
// activation returns. One loop over the table, as the activation bench's floor registers the
// same with empty bodies: activation compiles and runs this file and the table, no feature's code.
import * as vscode from 'vscode';
import { FEATURES, type FeatureDeclaration } from './declarations';
import type { RecordFileSystem } from './recordFileSystem';

/** What the entries forward to: the composition's parts, each made on its first call. */
export interface EntryTargets {
  /** The body of the command `id` (as registered: held when called from outside). */
  command(id: string): (...args: unknown[]) => unknown;
  /** The provider of the tree view `view`. */
  tree(view: string): vscode.TreeDataProvider<unknown>;
  /** The files of the documents of `scheme`, also the scheme of Axiom's version beside one. */
  files(scheme: string): RecordFileSystem;
  readonly authentication: Pick<vscode.AuthenticationProvider, 'getSessions' | 'createSession' | 'removeSession'>;
  readonly notebookSerializer: vscode.NotebookSerializer;
  tool(name: string): vscode.LanguageModelTool<unknown>;
  readonly chat: vscode.ChatRequestHandler;
}

/** A tree view as registered, and the event its provider fires through. */
export interface TreeRelay {
  readonly treeView: vscode.TreeView<unknown>;
  readonly changed: vscode.EventEmitter<unknown>;
}

/** A file system's and its remote scheme's change events, fired by the feature's files. */
export interface FilesRelay {
  readonly fileChanges: vscode.EventEmitter<vscode.FileChangeEvent[]>;
  readonly remoteChanges: vscode.EventEmitter<vscode.Uri>;
}

/** What the entries hand the composition: the registered views and participants, and the events it fires. */
export interface Relays {
  readonly trees: ReadonlyMap<string, TreeRelay>;
  /** The chat participants, by id: the composition gives them their icon. */
  readonly participants: ReadonlyMap<string, vscode.ChatParticipant>;
  readonly files: ReadonlyMap<string, FilesRelay>;
  readonly sessionsChanged: vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>;
}

type Method = (...args: unknown[]) => unknown;

/** An object whose `methods` call the same methods of `target()` (made on the first call), those
 *  it has: an optional method it lacks answers undefined. */
function forward<T>(target: () => T, methods: readonly string[]): T {
  const relay: Record<string, Method> = {};
  for (const method of methods)
    relay[method] = (...args) => (target() as Record<string, Method | undefined>)[method]?.(...args);
  return relay as T;
}

const TREE = ['getChildren', 'getTreeItem', 'getParent', 'resolveTreeItem'];
const FILES = ['watch', 'stat', 'readDirectory', 'createDirectory', 'readFile', 'writeFile', 'delete', 'rename'];

/** Registers every declared entry, each forwarding to `targets()`: the extension's activation. */
export function registerEntries(targets: () => EntryTargets): { relays: Relays; disposables: vscode.Disposable[] } {
  const trees = new Map<string, TreeRelay>();
  const participants = new Map<string, vscode.ChatParticipant>();
  const files = new Map<string, FilesRelay>();
  const sessionsChanged = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  const disposables: vscode.Disposable[] = [sessionsChanged];
  // One body for every command, called with the command's id as `this` (registerCommand's thisArg;
  // a string, as the bundle is strict code).
  function run(this: string, ...args: unknown[]) {
    return targets().command(this)(...args);
  }
  for (const feature of Object.values(FEATURES) as FeatureDeclaration[]) {
    for (const name of feature.commands) {
      const id = `axiom.${name}`;
      disposables.push(vscode.commands.registerCommand(id, run, id));
    }
    const { view, fileSystem, authentication } = feature;
    if (view) {
      const changed = new vscode.EventEmitter<unknown>();
      const provider = forward(() => targets().tree(view), TREE);
      provider.onDidChangeTreeData = changed.event;
      const treeView = vscode.window.createTreeView(view, { treeDataProvider: provider, showCollapseAll: false });
      trees.set(view, { treeView, changed });
      disposables.push(changed, treeView);
    }
    if (fileSystem) {
      const relay = {
        fileChanges: new vscode.EventEmitter<vscode.FileChangeEvent[]>(),
        remoteChanges: new vscode.EventEmitter<vscode.Uri>(),
      };
      const target = () => targets().files(fileSystem.scheme);
      const provider = forward<vscode.FileSystemProvider>(target, FILES);
      const remote = forward<vscode.TextDocumentContentProvider>(target, ['provideTextDocumentContent']);
      Object.assign(provider, { onDidChangeFile: relay.fileChanges.event });
      remote.onDidChange = relay.remoteChanges.event;
      files.set(fileSystem.scheme, relay);
      disposables.push(
        relay.fileChanges,
        relay.remoteChanges,
        vscode.workspace.registerFileSystemProvider(fileSystem.scheme, provider, { isCaseSensitive: true }),
        vscode.workspace.registerTextDocumentContentProvider(fileSystem.remote, remote),
      );
    }
    if (authentication) {
      const provider: vscode.AuthenticationProvider = {
        ...forward(() => targets().authentication, ['getSessions', 'createSession', 'removeSession']),
        onDidChangeSessions: sessionsChanged.event,
      };
      disposables.push(
        vscode.authentication.registerAuthenticationProvider(authentication.id, authentication.label, provider, {
          supportsMultipleAccounts: true,
        }),
      );
    }
    for (const type of feature.notebookTypes ?? []) {
      const serializer = forward(() => targets().notebookSerializer, ['deserializeNotebook', 'serializeNotebook']);
      // The file keeps the range (the notebook's metadata) and the outputs; nothing of the cells' metadata.
      const options = {
        transientOutputs: false,
        transientCellMetadata: { inputCollapsed: true, outputCollapsed: true },
      };
      disposables.push(vscode.workspace.registerNotebookSerializer(type, serializer, options));
    }
    // A host without the tools or chat API (VS Code 1.96 has both; others may not) has neither.
    if (typeof vscode.lm?.registerTool === 'function')
      for (const name of feature.tools ?? [])
        disposables.push(
          vscode.lm.registerTool(
            name,
            forward(() => targets().tool(name), ['invoke', 'prepareInvocation']),
          ),
        );
    if (typeof vscode.chat?.createChatParticipant === 'function')
      for (const id of feature.chatParticipants ?? []) {
        const participant = vscode.chat.createChatParticipant(id, (...args) => targets().chat(...args));
        participants.set(id, participant);
        disposables.push(participant);
      }
  }
  return { relays: { trees, participants, files, sessionsChanged }, disposables };
}
