// The activation floor of the benchmark (npm run bench, part `activation`): an extension with the
// extension's own manifest whose activate() makes only the registrations VS Code needs from it by the
// time activation ends, as the declarations name them (platform/declarations.ts), each with an
// empty body: every command, every view's tree, every file system of documents and the scheme of
// the service's version beside them, the notebook serializer, the language model tools, the chat
// participant and the accounts' provider. Built like dist/extension.js (node esbuild.mjs --production
// --floor), its load + activate() is what any extension that contributes what ours does pays before
// doing anything of its own; the row beside it shows the extension's own share.
import * as vscode from 'vscode';
import { commandIds, FEATURES, type FeatureDeclaration, type FeatureName } from '../../src/platform/declarations';

export function activate(context: vscode.ExtensionContext): void {
  const nothing = () => undefined;
  const changed = new vscode.EventEmitter<never>();
  const registered: vscode.Disposable[] = [changed];
  for (const name of Object.keys(FEATURES) as FeatureName[]) {
    const declared: FeatureDeclaration = FEATURES[name];
    for (const id of commandIds(name)) registered.push(vscode.commands.registerCommand(id, nothing));
    if (declared.view)
      registered.push(
        vscode.window.createTreeView(declared.view, {
          treeDataProvider: { getChildren: () => [], getTreeItem: (item: vscode.TreeItem) => item },
          showCollapseAll: false,
        }),
      );
    if (declared.fileSystem)
      registered.push(
        vscode.workspace.registerFileSystemProvider(
          declared.fileSystem.scheme,
          {
            onDidChangeFile: changed.event,
            watch: () => new vscode.Disposable(nothing),
            stat: () => ({ type: vscode.FileType.File, ctime: 0, mtime: 0, size: 0 }),
            readDirectory: () => [],
            createDirectory: nothing,
            readFile: () => new Uint8Array(),
            writeFile: nothing,
            delete: nothing,
            rename: nothing,
          },
          { isCaseSensitive: true },
        ),
        vscode.workspace.registerTextDocumentContentProvider(declared.fileSystem.remote, {
          provideTextDocumentContent: () => '',
        }),
      );
    for (const type of declared.notebookTypes ?? [])
      registered.push(
        vscode.workspace.registerNotebookSerializer(
          type,
          { deserializeNotebook: () => new vscode.NotebookData([]), serializeNotebook: () => new Uint8Array() },
          { transientOutputs: false, transientCellMetadata: { inputCollapsed: true, outputCollapsed: true } },
        ),
      );
    for (const tool of declared.tools ?? [])
      registered.push(vscode.lm.registerTool(tool, { invoke: () => new vscode.LanguageModelToolResult([]) }));
    for (const id of declared.chatParticipants ?? [])
      registered.push(vscode.chat.createChatParticipant(id, () => ({})));
  }
  registered.push(
    vscode.authentication.registerAuthenticationProvider(
      'axiom',
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
  context.subscriptions.push(...registered);
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
