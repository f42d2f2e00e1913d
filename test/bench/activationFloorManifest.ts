// The manifests of the activation floor's copies (test/bench/activationFloor.ts), generated from the
// extension's own package.json at bench time, never by hand: so that the floor, a warm-up copy of
// it and the extension itself can be installed in one window, every id VS Code holds to one owner,
// or that a registration names, is renamed with the copy's prefix (floorId): commands, view
// containers, views, language model tools and their reference names, chat participants and their
// names, notebook types (and the files they open), authentication providers, and the file systems'
// schemes (the floor registers them renamed; they appear here in the activation events). The floor
// registers exactly those renamed ids (activationFloor.ts reads the same declarations with the same
// floorId), so every new declaration raises both sides alike.
//   What VS Code reads from a manifest without asking the extension (menus, keybindings, welcome
// views, walkthroughs, languages, grammars, snippets, settings, JSON schemas, custom editors, the
// notebook renderer) is left out of the copies: none of it runs in activate(), and a second copy of
// a language, a grammar's scope or a setting would clash with the extension's own.
//   A copy starts when the extension does (its activation events also name the extension's own
// moments: its views, languages, notebooks, custom editors and explicit events), so that in a
// window that VS Code restores, whichever of the two comes second in the dependency chain
// (extensionDependencies, set by the bench: `dependingOn`) activates right after the first.
// Plain data and functions: the floor's bundle imports floorId from here, the bench and the unit
// test (test/unit/bench/activationFloorManifest.test.ts) the rest.

/** The id of the floor copy with `prefix`, for one of the extension's ids (a command, a view, a
 *  tool, a scheme...): `<prefix>-<id>`, valid wherever the id was (a URI scheme takes no `_`, a tool's
 *  name no `.`, a view container's id neither: a prefix of letters and digits keeps each valid).
 *  The empty prefix is the extension's own ids: the floor alone in its window. */
export function floorId(prefix: string, id: string): string {
  return prefix ? `${prefix}-${id}` : id;
}

/** A prefix VS Code takes in every kind of id: lowercase letters and digits, a letter first. */
export const FLOOR_PREFIX = /^[a-z][a-z0-9]*$/;

interface Named {
  readonly [field: string]: unknown;
}
/** The parts of an extension's manifest the copies are made from (the rest is kept as it is). */
export interface ExtensionManifest {
  readonly name: string;
  readonly publisher: string;
  readonly version: string;
  readonly displayName?: string;
  readonly main?: string;
  readonly activationEvents?: readonly string[];
  readonly extensionDependencies?: readonly string[];
  readonly contributes?: Contributions;
  readonly [field: string]: unknown;
}
export interface Contributions {
  readonly commands?: readonly (Named & { readonly command: string })[];
  readonly viewsContainers?: { readonly [place: string]: readonly (Named & { readonly id: string })[] };
  readonly views?: { readonly [container: string]: readonly (Named & { readonly id: string })[] };
  readonly languageModelTools?: readonly (Named & {
    readonly name: string;
    readonly toolReferenceName?: string;
    readonly tags?: readonly string[];
  })[];
  readonly chatParticipants?: readonly (Named & { readonly id: string; readonly name: string })[];
  readonly notebooks?: readonly (Named & { readonly type: string })[];
  readonly authentication?: readonly (Named & { readonly id: string })[];
  readonly languages?: readonly (Named & { readonly id: string })[];
  readonly customEditors?: readonly (Named & { readonly viewType: string })[];
  readonly [kind: string]: unknown;
}

/** The contributions a copy keeps (renamed): those a registration in activate() names, or that VS
 *  Code checks one against. */
export const KEPT_CONTRIBUTIONS = [
  'commands',
  'viewsContainers',
  'views',
  'languageModelTools',
  'chatParticipants',
  'notebooks',
  'authentication',
] as const;

/** Activation events whose argument is an id of the extension's (renamed in a copy). */
const EVENTS_WITH_IDS = [
  'onCommand',
  'onView',
  'onFileSystem',
  'onNotebook',
  'onNotebookSerializer',
  'onWebviewPanel',
  'onCustomEditor',
  'onAuthenticationRequest',
  'onLanguageModelTool',
  'onChatParticipant',
];

/** One id the extension's manifest claims, and where. */
export interface ClaimedId {
  readonly kind: string;
  readonly id: string;
}

/** Every id the manifest claims: the kept contributions' ids, and the ids its activation events name
 *  (the file systems' schemes, the webview panels' types). */
export function claimedIds(manifest: ExtensionManifest): ClaimedId[] {
  const c = manifest.contributes ?? {};
  const ids: ClaimedId[] = [
    ...(c.commands ?? []).map((command) => ({ kind: 'command', id: command.command })),
    ...Object.values(c.viewsContainers ?? {}).flatMap((containers) =>
      containers.map((container) => ({ kind: 'view container', id: container.id })),
    ),
    ...Object.values(c.views ?? {}).flatMap((views) => views.map((view) => ({ kind: 'view', id: view.id }))),
    ...(c.languageModelTools ?? []).flatMap((tool) => [
      { kind: 'tool', id: tool.name },
      ...(tool.toolReferenceName ? [{ kind: 'tool reference', id: tool.toolReferenceName }] : []),
    ]),
    ...(c.chatParticipants ?? []).flatMap((participant) => [
      { kind: 'chat participant', id: participant.id },
      { kind: 'chat participant name', id: participant.name },
    ]),
    ...(c.notebooks ?? []).map((notebook) => ({ kind: 'notebook type', id: notebook.type })),
    ...(c.authentication ?? []).map((provider) => ({ kind: 'authentication provider', id: provider.id })),
  ];
  for (const event of manifest.activationEvents ?? []) {
    const [name, argument] = splitEvent(event);
    if (argument && EVENTS_WITH_IDS.includes(name)) ids.push({ kind: name, id: argument });
  }
  return ids;
}

/** `onView:axiom.monitors` → ['onView', 'axiom.monitors']; `*` → ['*', undefined]. */
function splitEvent(event: string): [string, string | undefined] {
  const colon = event.indexOf(':');
  return colon < 0 ? [event, undefined] : [event.slice(0, colon), event.slice(colon + 1)];
}

/** The moments the extension starts at in a window VS Code restores: its explicit activation events,
 *  and the implicit ones of its views, languages, notebooks and custom editors. */
export function startingMoments(manifest: ExtensionManifest): string[] {
  const c = manifest.contributes ?? {};
  return [
    ...new Set([
      ...(manifest.activationEvents ?? []),
      ...Object.values(c.views ?? {}).flatMap((views) => views.map((view) => `onView:${view.id}`)),
      ...(c.languages ?? []).map((language) => `onLanguage:${language.id}`),
      ...(c.notebooks ?? []).map((notebook) => `onNotebook:${notebook.type}`),
      ...(c.customEditors ?? []).map((editor) => `onCustomEditor:${editor.viewType}`),
    ]),
  ];
}

/** The manifest of the floor's copy with `prefix`: the extension's own, its ids renamed, what VS
 *  Code reads without it left out (see the top of this file), starting at the extension's moments. */
export function floorManifest(manifest: ExtensionManifest, prefix: string): ExtensionManifest {
  if (!FLOOR_PREFIX.test(prefix)) throw new Error(`the floor's prefix "${prefix}" is not letters and digits`);
  const rename = (id: string) => floorId(prefix, id);
  const c = manifest.contributes ?? {};
  const ourContainers = new Set(Object.values(c.viewsContainers ?? {}).flatMap((list) => list.map((x) => x.id)));
  const contributes: Contributions = {
    commands: (c.commands ?? []).map((command) => ({ ...command, command: rename(command.command) })),
    viewsContainers: Object.fromEntries(
      Object.entries(c.viewsContainers ?? {}).map(([place, containers]) => [
        place,
        containers.map((container) => ({ ...container, id: rename(container.id) })),
      ]),
    ),
    // A view in a container of VS Code's own (the Explorer's) stays in it.
    views: Object.fromEntries(
      Object.entries(c.views ?? {}).map(([container, views]) => [
        ourContainers.has(container) ? rename(container) : container,
        views.map((view) => ({ ...view, id: rename(view.id) })),
      ]),
    ),
    // Their tags too: the extension's tag is its tools' group (and the same word as its ids).
    languageModelTools: (c.languageModelTools ?? []).map((tool) => ({
      ...tool,
      name: rename(tool.name),
      ...(tool.toolReferenceName ? { toolReferenceName: rename(tool.toolReferenceName) } : {}),
      ...(tool.tags ? { tags: tool.tags.map(rename) } : {}),
    })),
    chatParticipants: (c.chatParticipants ?? []).map((participant) => ({
      ...participant,
      id: rename(participant.id),
      name: rename(participant.name),
    })),
    // Its notebooks open files of their own: the extension's files stay the extension's.
    notebooks: (c.notebooks ?? []).map((notebook) => ({
      ...notebook,
      type: rename(notebook.type),
      selector: [{ filenamePattern: `*.${rename(notebook.type)}` }],
    })),
    authentication: (c.authentication ?? []).map((provider) => ({ ...provider, id: rename(provider.id) })),
  };
  const renamedEvents = (manifest.activationEvents ?? []).map((event) => {
    const [name, argument] = splitEvent(event);
    return argument && EVENTS_WITH_IDS.includes(name) ? `${name}:${rename(argument)}` : event;
  });
  const copy: Record<string, unknown> = { ...manifest };
  for (const field of ['scripts', 'dependencies', 'devDependencies', 'extensionDependencies', 'extensionPack'])
    delete copy[field];
  return {
    ...copy,
    name: `${manifest.name}-${prefix}`,
    publisher: manifest.publisher,
    version: manifest.version,
    displayName: `Activation floor (${prefix}) of ${manifest.displayName ?? manifest.name}`,
    main: './dist/extension.js',
    activationEvents: [...new Set([...renamedEvents, ...startingMoments(manifest)])],
    contributes,
  };
}

/** The extension's id as VS Code knows it. */
export function extensionId(manifest: Pick<ExtensionManifest, 'publisher' | 'name'>): string {
  return `${manifest.publisher}.${manifest.name}`;
}

/** The manifest with one dependency (activated before it, whoever activates it): the bench's chain
 *  that puts the extensions of one window in the order it asks for. */
export function dependingOn(manifest: ExtensionManifest, id: string | undefined): ExtensionManifest {
  const copy: Record<string, unknown> = { ...manifest };
  delete copy.extensionDependencies;
  return { ...(copy as unknown as ExtensionManifest), ...(id ? { extensionDependencies: [id] } : {}) };
}
