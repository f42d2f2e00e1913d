// The composition's side of the entries VS Code has from activation (entries.ts, in the activation
// bundle): each feature made on first use, its command bodies, its view's provider and its files,
// which those entries forward to, and the watches that start a feature's providers with its first
// document, editor or panel. Loaded with the composition (src/composition.ts), never at activation.
import type { RecordFileSystem } from './recordFileSystem';
import * as vscode from 'vscode';
import {
  commandIds,
  FEATURES,
  type CommandId,
  type FeatureName,
  type Features,
  type ViewFeature,
} from './declarations';
import type { FilesRelay, Relays, TreeRelay } from './entries';
import { once, type Once } from './lazy';
import { heldFromOutside, ownArguments } from './outsideCallers';

/** A command body: whatever arguments VS Code or a menu hands it. */
type Body = (...args: never[]) => unknown;

/** Each command's body by id, as the features gave them (registerCommands). */
const COMMAND_BODIES = new Map<string, (...args: unknown[]) => unknown>();

/** Gives each command id its body, `commands()[id]`, the feature's, made on the first run; a
 *  command that changes something asks first when called from outside (outsideCallers.ts). The ids
 *  are registered with VS Code at activation (entries.ts), forwarding here (commandBody). */
export function registerCommands<Id extends string>(
  ids: readonly Id[],
  commands: () => { readonly [K in Id]: Body },
): vscode.Disposable[] {
  for (const id of ids)
    COMMAND_BODIES.set(
      id,
      heldFromOutside(id, (...args: unknown[]) => commands()[id](...(args as never[]))),
    );
  return [new vscode.Disposable(() => ids.forEach((id) => COMMAND_BODIES.delete(id)))];
}

/** The body of the command `id`. */
export function commandBody(id: string): (...args: unknown[]) => unknown {
  const body = COMMAND_BODIES.get(id);
  if (!body) throw new Error(`${id}: no feature gave this command a body`);
  return body;
}

/** The command map a feature's bundle returns: a body for each command its declaration names (the
 *  type checker holds the two together). */
export type CommandsOf<Name extends FeatureName> = { readonly [Id in CommandId<Name>]: Body };

/** What a feature's factory makes: its commands (a body for each it declares) and what to dispose. */
export interface MadeFeature<Name extends FeatureName> {
  readonly commands: CommandsOf<Name>;
  dispose(): unknown;
}

/**
 * A feature made on first use by `make` (which loads its bundle): its declared commands registered
 * now, their bodies the feature's; disposed with the extension when it was made.
 */
export function registerFeature<Name extends FeatureName, Feature extends MadeFeature<Name>>(
  name: Name,
  make: () => Feature,
): { feature: Once<Feature>; disposables: vscode.Disposable[] } {
  const feature = once(make);
  return {
    feature,
    disposables: [disposeIfMade(feature), ...registerCommands(commandIds(name), () => feature().commands)],
  };
}

/** What a feature whose declaration names a file system makes: the files that answer it. */
export type FilesOf<Name extends FeatureName> = Features[Name] extends { fileSystem: object }
  ? { readonly files: RecordFileSystem }
  : unknown;

/**
 * A feature with a tree view, as its declaration says: the view's tree (LazyTree) and, when it
 * declares one, its documents' file system (LazyFiles, answered by the feature's `files`), both
 * registered now, and its commands (registerFeature). `make` gets the tree and loads the bundle.
 */
export function registerViewFeature<
  Name extends ViewFeature,
  Element,
  Feature extends MadeFeature<Name> & { readonly files?: RecordFileSystem } & FilesOf<Name>,
>(
  name: Name,
  relays: Relays,
  make: (tree: LazyTree<Element>) => Feature,
): { feature: Once<Feature>; disposables: vscode.Disposable[] } {
  const declared: { view: string; fileSystem?: { scheme: string; remote: string } } = FEATURES[name];
  const relayOf = <T>(map: ReadonlyMap<string, T>, key: string): T => {
    const relay = map.get(key);
    if (!relay) throw new Error(`${key}: not registered at activation`);
    return relay;
  };
  const tree = new LazyTree<Element>(declared.view, relayOf(relays.trees, declared.view), () => lazy.feature());
  const files =
    declared.fileSystem &&
    new LazyFiles(declared.fileSystem.scheme, relayOf(relays.files, declared.fileSystem.scheme), () => lazy.feature());
  const lazy = registerFeature(name, () => {
    const made = make(tree);
    // FilesOf<Name>: the feature has its files whenever the declaration names a file system.
    if (files && made.files) files.provide(made.files);
    return made;
  });
  return { feature: lazy.feature, disposables: [tree, ...(files ? [files] : []), ...lazy.disposables] };
}

/** Disposes the feature when it was made; nothing otherwise. */
export function disposeIfMade(feature: Once<{ dispose(): unknown }>): vscode.Disposable {
  return new vscode.Disposable(() => feature.made?.dispose());
}

/** Each view's tree by the view's id, as made: the view's entry (entries.ts) forwards to it. */
const TREES = new Map<string, LazyTree<unknown>>();

/** The provider of the view `view`, whose feature is made now if it was not. */
export function treeProvider(view: string): vscode.TreeDataProvider<unknown> {
  const tree = TREES.get(view);
  if (!tree) throw new Error(`${view}: no feature has this view`);
  return tree.provider;
}

/**
 * A tree view registered at activation (entries.ts) whose data provider loads on first use. VS Code
 * needs a provider for a contributed view as soon as the extension is active; the view's entry
 * forwards every call here, and on the first one (or the first command that needs the view) `make`
 * loads the feature, which hands its real provider to `provide`. From then on every call and every
 * change goes through to it. `treeView` is the view's (for its message, badge, description and reveal).
 */
export class LazyTree<T> implements vscode.Disposable {
  readonly treeView: vscode.TreeView<T>;
  /** What the view's entry calls. */
  readonly provider: vscode.TreeDataProvider<T>;
  private readonly changed: vscode.EventEmitter<T | T[] | undefined | null | void>;
  private real?: vscode.TreeDataProvider<T>;
  private forwarding?: vscode.Disposable;

  constructor(
    private readonly viewId: string,
    relay: TreeRelay,
    private readonly make: () => unknown,
  ) {
    this.treeView = relay.treeView as vscode.TreeView<T>;
    this.changed = relay.changed as vscode.EventEmitter<T | T[] | undefined | null | void>;
    const real = () => {
      if (!this.real) this.make();
      if (!this.real) throw new Error(`${viewId}: the feature made no provider`);
      return this.real;
    };
    this.provider = {
      // The rows VS Code hands back to a command from a row's menu are the extension's own.
      getChildren: async (element) => ownArguments((await real().getChildren(element)) ?? []),
      getTreeItem: (element) => real().getTreeItem(element),
      getParent: (element) => real().getParent?.(element),
      resolveTreeItem: (item, element, token) => real().resolveTreeItem?.(item, element, token) ?? item,
    };
    TREES.set(viewId, this);
  }

  /** Marks the rows as the extension's own, as those VS Code shows are (outsideCallers.ts): its code
   *  may hand them to a command. The marks are the composition's, where the commands' bodies are. */
  own<Rows extends readonly unknown[]>(rows: Rows): Rows {
    return ownArguments(rows);
  }

  /** The feature's provider: called once, when the feature is made. */
  provide(provider: vscode.TreeDataProvider<T>): void {
    this.real = provider;
    this.forwarding = provider.onDidChangeTreeData?.((element) => this.changed.fire(element));
  }

  dispose(): void {
    this.forwarding?.dispose();
    if (TREES.get(this.viewId) === this) TREES.delete(this.viewId);
  }
}

/** Each kind's files by the scheme of its documents, as registered: Send to Axiom and Discard
 *  Draft reach the kind of a document through it (platform/draftCommands.ts). */
const RECORD_FILES = new Map<string, LazyFiles>();

/** The files of the kind whose documents have `scheme` (the feature made now if it was not), if any kind has it. */
export function recordFilesOf(scheme: string): RecordFileSystem | undefined {
  return RECORD_FILES.get(scheme)?.real();
}

/**
 * A scheme's file system, and the scheme of Axiom's version beside a document, registered at
 * activation (entries.ts: VS Code asks for them as soon as a document of theirs is restored),
 * forwarding here; the feature's files, made on the first call, answer every call from then on
 * (`provide`), and fire their changes through the entries' events.
 */
export class LazyFiles implements vscode.Disposable {
  private files?: RecordFileSystem;
  private readonly disposables: vscode.Disposable[];

  constructor(
    scheme: string,
    private readonly relay: FilesRelay,
    private readonly make: () => unknown,
  ) {
    RECORD_FILES.set(scheme, this);
    this.disposables = [new vscode.Disposable(() => RECORD_FILES.get(scheme) === this && RECORD_FILES.delete(scheme))];
  }

  /** The feature's files, made on the first call. */
  real(): RecordFileSystem {
    if (!this.files) this.make();
    if (!this.files) throw new Error('the feature made no file system');
    return this.files;
  }

  /** The feature's files: called once, when the feature is made. */
  provide(files: RecordFileSystem): void {
    this.files = files;
    this.disposables.push(
      files.onDidChangeFile((e) => this.relay.fileChanges.fire(e)),
      files.onDidChange((uri) => this.relay.remoteChanges.fire(uri)),
    );
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** What onFirst returns: disposing removes the watch, or what was started; `ensure` starts now if
 *  nothing has yet. */
export interface FirstStart extends vscode.Disposable {
  ensure(): void;
}

/**
 * One watch for everything that starts with the first item of its kind (a document of its language,
 * a tab of its view type): one listener for all of them, and one look at the items open already,
 * just after activation returns (a timer) rather than one look and one listener each inside it.
 * `open` lists the items open now; `opened` fires with items as they open. Gives `first(ours,
 * start)`, which calls `start` once: on the first item that is `ours`, open already (just after the
 * call) or opened later, or on the first `ensure`.
 */
function firstWatch<Item>(open: () => readonly Item[], opened: vscode.Event<readonly Item[]>) {
  type Waiter = { ours: (item: Item) => boolean; ensure: () => void };
  const waiting = new Set<Waiter>();
  let listener: vscode.Disposable | undefined;
  let look: ReturnType<typeof setTimeout> | undefined;
  const offer = (items: readonly Item[]) => {
    for (const waiter of [...waiting]) if (items.some(waiter.ours)) waiter.ensure();
  };
  const leave = (waiter: Waiter) => {
    waiting.delete(waiter);
    if (waiting.size) return;
    listener?.dispose();
    clearTimeout(look);
    listener = look = undefined;
  };
  return (ours: (item: Item) => boolean, start: () => vscode.Disposable[]): FirstStart => {
    let started: vscode.Disposable[] | undefined;
    const waiter: Waiter = {
      ours,
      ensure: () => {
        if (started) return;
        leave(waiter);
        started = start();
      },
    };
    waiting.add(waiter);
    listener ??= opened(offer);
    look ??= setTimeout(() => {
      look = undefined;
      offer(open());
    }, 0);
    return {
      ensure: waiter.ensure,
      dispose: () => {
        leave(waiter);
        for (const disposable of started ?? []) disposable.dispose();
      },
    };
  };
}

/** Documents as they open (a document whose language changes is closed and opened again). */
const firstDocument = firstWatch<vscode.TextDocument>(
  () => vscode.workspace.textDocuments,
  (listener) =>
    vscode.workspace.onDidOpenTextDocument((document) => {
      listener([document]);
    }),
);

/** What each tab shows (VS Code's input types, or another's). */
const inputsOf = (tabs: readonly vscode.Tab[]): unknown[] => tabs.map((tab): unknown => tab.input);

/** The tabs' inputs as tabs open or change: a tab opened in a group, or a group that comes with
 *  some (VS Code hands the extension host the whole tab model at once, as groups, when it
 *  replaces it). */
const firstTab = firstWatch<unknown>(
  () => vscode.window.tabGroups.all.flatMap((group) => inputsOf(group.tabs)),
  (listener) => {
    const { tabGroups } = vscode.window;
    return vscode.Disposable.from(
      tabGroups.onDidChangeTabs((change) => {
        listener(inputsOf([...change.opened, ...change.changed]));
      }),
      tabGroups.onDidChangeTabGroups((change) => {
        listener([...change.opened, ...change.changed].flatMap((group) => inputsOf(group.tabs)));
      }),
    );
  },
);

/**
 * Calls `start` once, when the first document of `languageId` is open: just after activation
 * returns when one is open already (a window restored with one, or the extension activated by
 * onLanguage: VS Code asks the providers only after activation, and registering a dozen of them
 * was most of activate() in a window restored with an editor), else when one opens (also a document whose language changes to it: VS Code closes and opens it again). For
 * providers only documents of that language use: a window that never opens one never registers
 * them.
 */
export function onFirstDocument(languageId: string, start: () => vscode.Disposable[]): FirstStart {
  return firstDocument((document) => document.languageId === languageId, start);
}

/**
 * Registers a custom editor's provider when the first editor of `viewType` opens: just after
 * activation returns when a tab of one is open already (a window restored with one: VS Code keeps
 * such an editor waiting until its provider is registered), else when a tab of one opens (by
 * default for its files, or through Reopen Editor With). VS Code waits for the provider of an
 * editor being opened, so one registered as its tab opens resolves it; a window that never opens
 * one never registers it (registering a custom editor was the dearest single call at activation).
 * A diff of two of its files shows no tab of this type (VS Code names its input unknown): whatever
 * may open one calls `ensure` first.
 */
export function onFirstEditor(viewType: string, register: () => vscode.Disposable): FirstStart {
  return firstTab(
    (input) => input instanceof vscode.TabInputCustom && input.viewType === viewType,
    () => [register()],
  );
}

/**
 * Registers a webview panel's serializer when the first panel of `viewType` has a tab: just after
 * activation returns when one is open already (a window restored with one, which VS Code revives as
 * soon as its serializer is registered, however late), else when the extension opens its first (VS
 * Code keeps a panel across a reload only when its serializer is registered by then). A window that
 * never shows one never registers it: the first registration of a serializer was a tenth of activate().
 */
export function onFirstWebviewPanel(viewType: string, register: () => vscode.Disposable): FirstStart {
  // VS Code names an extension's panels by their view type behind a prefix of its own.
  return firstTab(
    (input) =>
      input instanceof vscode.TabInputWebview &&
      (input.viewType === viewType || input.viewType.endsWith(`-${viewType}`)),
    () => [register()],
  );
}
