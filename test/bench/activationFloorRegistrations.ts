// What the activation floor (activationFloor.ts) registers, given the few parts of VS Code's API it
// calls: every command, every view's tree, every file system of documents and the scheme of the
// service's version beside them, the notebook serializer, the language model tools, the chat
// participant and the accounts' provider, as the declarations name them (platform/declarations.ts),
// each with an empty body and its id renamed with the copy's prefix (activationFloorManifest.ts's
// floorId; the empty prefix: the extension's own ids). Apart from activationFloor.ts so that the unit
// test can hand it a stand-in for the API and read what it registered.
import type * as vscode from 'vscode';
import { commandIds, FEATURES, type FeatureDeclaration, type FeatureName } from '../../src/platform/declarations';
import { floorId } from './activationFloorManifest';

/** The parts of the API the floor calls (a small object: the whole namespace, made into a value,
 *  would be a copy of its ~450 names as the floor loads, which the extension does not pay). */
export type FloorApi = Pick<
  typeof vscode,
  | 'commands'
  | 'window'
  | 'workspace'
  | 'lm'
  | 'chat'
  | 'authentication'
  | 'EventEmitter'
  | 'Disposable'
  | 'FileType'
  | 'NotebookData'
  | 'LanguageModelToolResult'
>;

/** The id of the extension's authentication provider (accounts/register.ts). */
export const AUTHENTICATION_PROVIDER = 'axiom';

export function registerFloor(api: FloorApi, prefix: string): vscode.Disposable[] {
  const id = (ours: string) => floorId(prefix, ours);
  const nothing = () => undefined;
  const changed = new api.EventEmitter<never>();
  const registered: vscode.Disposable[] = [changed];
  for (const name of Object.keys(FEATURES) as FeatureName[]) {
    const declared: FeatureDeclaration = FEATURES[name];
    for (const command of commandIds(name)) registered.push(api.commands.registerCommand(id(command), nothing));
    if (declared.view)
      registered.push(
        api.window.createTreeView(id(declared.view), {
          treeDataProvider: { getChildren: () => [], getTreeItem: (item: vscode.TreeItem) => item },
          showCollapseAll: false,
        }),
      );
    if (declared.fileSystem)
      registered.push(
        api.workspace.registerFileSystemProvider(
          id(declared.fileSystem.scheme),
          {
            onDidChangeFile: changed.event,
            watch: () => new api.Disposable(nothing),
            stat: () => ({ type: api.FileType.File, ctime: 0, mtime: 0, size: 0 }),
            readDirectory: () => [],
            createDirectory: nothing,
            readFile: () => new Uint8Array(),
            writeFile: nothing,
            delete: nothing,
            rename: nothing,
          },
          { isCaseSensitive: true },
        ),
        api.workspace.registerTextDocumentContentProvider(id(declared.fileSystem.remote), {
          provideTextDocumentContent: () => '',
        }),
      );
    for (const type of declared.notebookTypes ?? [])
      registered.push(
        api.workspace.registerNotebookSerializer(
          id(type),
          { deserializeNotebook: () => new api.NotebookData([]), serializeNotebook: () => new Uint8Array() },
          { transientOutputs: false, transientCellMetadata: { inputCollapsed: true, outputCollapsed: true } },
        ),
      );
    for (const tool of declared.tools ?? [])
      registered.push(api.lm.registerTool(id(tool), { invoke: () => new api.LanguageModelToolResult([]) }));
    for (const participant of declared.chatParticipants ?? [])
      registered.push(api.chat.createChatParticipant(id(participant), () => ({})));
  }
  registered.push(
    api.authentication.registerAuthenticationProvider(
      id(AUTHENTICATION_PROVIDER),
      'Axiom',
      {
        onDidChangeSessions: changed.event,
        getSessions: async () => [],
        createSession: () => Promise.reject(new Error('the activation floor signs nobody in')),
        removeSession: async () => undefined,
      },
      { supportsMultipleAccounts: true },
    ),
  );
  return registered;
}
