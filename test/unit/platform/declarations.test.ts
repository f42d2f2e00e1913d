// The features' declarations (src/platform/declarations.ts) and package.json's contributions hold
// each other, both ways: VS Code shows what the manifest contributes, and the extension registers
// (and the type checker gives a body to) what the declarations name. A command in the manifest
// with no declaration has no body; a declared one the manifest lacks is in no palette or menu.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { changingCommand, FEATURES, type FeatureDeclaration } from '../../../src/platform/declarations';
import { projectRoot } from '../../support/projectRoot';

/** What of package.json the declarations answer for. */
interface Contributions {
  activationEvents?: string[];
  contributes: {
    commands?: { command: string }[];
    views?: Record<string, { id: string }[]>;
    customEditors?: { viewType: string }[];
    notebooks?: { type: string }[];
    languageModelTools?: { name: string }[];
    chatParticipants?: { id: string }[];
  };
}

/** Where the manifest and the declarations disagree, one sentence each (none when they agree). */
function disagreements(manifest: Contributions, features: Record<string, FeatureDeclaration>): string[] {
  const declared = Object.values(features);
  const { contributes } = manifest;
  const events = manifest.activationEvents ?? [];
  const kinds: { kind: string; inManifest: string[]; inDeclarations: string[] }[] = [
    {
      kind: 'command',
      inManifest: (contributes.commands ?? []).map((c) => c.command),
      inDeclarations: declared.flatMap((f) => f.commands.map((name) => `axiom.${name}`)),
    },
    {
      kind: 'view',
      inManifest: Object.values(contributes.views ?? {}).flatMap((views) => views.map((v) => v.id)),
      inDeclarations: declared.flatMap((f) => (f.view ? [f.view] : [])),
    },
    {
      kind: 'custom editor',
      inManifest: (contributes.customEditors ?? []).map((e) => e.viewType),
      inDeclarations: declared.flatMap((f) => f.customEditors ?? []),
    },
    {
      kind: 'notebook type',
      inManifest: (contributes.notebooks ?? []).map((n) => n.type),
      inDeclarations: declared.flatMap((f) => f.notebookTypes ?? []),
    },
    {
      kind: 'language model tool',
      inManifest: (contributes.languageModelTools ?? []).map((t) => t.name),
      inDeclarations: declared.flatMap((f) => f.tools ?? []),
    },
    {
      kind: 'chat participant',
      inManifest: (contributes.chatParticipants ?? []).map((p) => p.id),
      inDeclarations: declared.flatMap((f) => f.chatParticipants ?? []),
    },
    {
      // A restored document of a scheme asks for its file system first: the scheme activates.
      kind: 'file system (onFileSystem activation event)',
      inManifest: events.filter((e) => e.startsWith('onFileSystem:')).map((e) => e.slice('onFileSystem:'.length)),
      inDeclarations: declared.flatMap((f) => [
        ...(f.fileSystem ? [f.fileSystem.scheme, f.fileSystem.remote] : []),
        ...(f.readOnlyScheme ? [f.readOnlyScheme] : []),
      ]),
    },
    {
      kind: 'webview panel (onWebviewPanel activation event)',
      inManifest: events.filter((e) => e.startsWith('onWebviewPanel:')).map((e) => e.slice('onWebviewPanel:'.length)),
      inDeclarations: declared.flatMap((f) => f.webviewPanels ?? []),
    },
  ];
  const problems: string[] = [];
  for (const { kind, inManifest, inDeclarations } of kinds) {
    for (const id of inManifest)
      if (!inDeclarations.includes(id))
        problems.push(`package.json contributes the ${kind} ${id}, which no feature declares`);
    for (const id of inDeclarations)
      if (!inManifest.includes(id)) problems.push(`a feature declares the ${kind} ${id}, which package.json lacks`);
    for (const id of new Set(inDeclarations))
      if (inDeclarations.indexOf(id) !== inDeclarations.lastIndexOf(id))
        problems.push(`the ${kind} ${id} is declared twice`);
  }
  return problems;
}

const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as Contributions;

describe('the features’ declarations and package.json', () => {
  it('agree both ways: commands, views, custom editors, notebook types, tools, chat participants, schemes, panels', () => {
    assert.deepEqual(disagreements(manifest, FEATURES), []);
  });

  it('a manifest with a command no feature declares (no body) disagrees, naming it', () => {
    const extra: Contributions = structuredClone(manifest);
    extra.contributes.commands?.push({ command: 'axiom.doSomethingNew' });
    assert.deepEqual(disagreements(extra, FEATURES), [
      'package.json contributes the command axiom.doSomethingNew, which no feature declares',
    ]);
  });

  it('declarations missing a command the manifest has disagree, naming it', () => {
    const missing = {
      ...FEATURES,
      datasets: { ...FEATURES.datasets, commands: FEATURES.datasets.commands.filter((c) => c !== 'copyField') },
    };
    assert.deepEqual(disagreements(manifest, missing), [
      'package.json contributes the command axiom.copyField, which no feature declares',
    ]);
  });

  it('a declared command, view or tool the manifest lacks disagrees, naming it', () => {
    const more = {
      ...FEATURES,
      history: { ...FEATURES.history, commands: [...FEATURES.history.commands, 'exportQueryHistory'] },
      extra: { commands: [], view: 'axiom.notAView', tools: ['axiom_notATool'] },
    };
    assert.deepEqual(disagreements(manifest, more), [
      'a feature declares the command axiom.exportQueryHistory, which package.json lacks',
      'a feature declares the view axiom.notAView, which package.json lacks',
      'a feature declares the language model tool axiom_notATool, which package.json lacks',
    ]);
  });

  it('a manifest without a declared custom editor, notebook type or participant disagrees', () => {
    const fewer: Contributions = structuredClone(manifest);
    fewer.contributes.customEditors = [];
    fewer.contributes.notebooks = [];
    fewer.contributes.chatParticipants = [];
    assert.deepEqual(disagreements(fewer, FEATURES), [
      'a feature declares the custom editor axiom.monitorSettings, which package.json lacks',
      'a feature declares the notebook type axiom-notebook, which package.json lacks',
      'a feature declares the chat participant axiom-apl-community.axiom, which package.json lacks',
    ]);
  });
});

/**
 * Every command that changes something in Axiom, in the person's settings or in their sign-in, as
 * read in its body: each must be marked `changing` in its declaration (platform/outsideCallers.ts
 * holds it when called from outside), and nothing else is. A new command that writes goes here and
 * into its declaration.
 */
const CHANGING = [
  // Sign-in and the settings' deployments.
  'signIn',
  'setToken',
  'signOut',
  'switchDeployment',
  'addDeployment',
  'importCliConfig',
  'renameDeployment',
  'removeDeployment',
  // Axiom's monitors.
  'starMonitorQuery',
  'deleteMonitor',
  'disableMonitor',
  'enableMonitor',
  'snoozeMonitor',
  'applyMonitorFile',
  // Axiom's starred queries.
  'starQuery',
  'renameStarredQuery',
  'deleteStarredQuery',
  // The query history on this machine, and starring one of its queries in Axiom.
  'starHistoryQuery',
  'removeHistoryEntry',
  'clearQueryHistory',
  // Axiom's annotations.
  'addAnnotation',
  'deleteAnnotation',
  // Axiom's dashboards.
  'duplicateDashboard',
  'deleteDashboard',
  'applyDashboardFile',
  'addToDashboard',
  // Any record kept as documents: its draft sent to Axiom, or dropped.
  'sendToAxiom',
  'discardDraft',
  // This workspace's settings: log activity and production errors turned on or off (they query Axiom while on).
  'showLogActivity',
  'hideLogActivity',
  'showProductionErrors',
  'hideProductionErrors',
  // A live tail: it asks Axiom every few seconds while its panel shows.
  'tailDataset',
  'tailQuery',
].sort();

describe('the commands that change something', () => {
  const declared = (Object.entries(FEATURES) as [string, FeatureDeclaration][]).flatMap(([feature, declaration]) =>
    Object.keys(declaration.changing ?? {}).map((name) => ({ feature, name, declaration })),
  );

  it('are marked in their declarations, all of them and only they', () => {
    assert.deepEqual(declared.map((d) => d.name).sort(), CHANGING);
  });

  it('are each a command of the feature that marks it, found by its id', () => {
    for (const { feature, name, declaration } of declared) {
      assert.ok(declaration.commands.includes(name), `${feature}.changing names ${name}, not one of its commands`);
      assert.equal(changingCommand(`axiom.${name}`)?.asks, declaration.changing?.[name]);
    }
    assert.equal(changingCommand('axiom.refreshMonitors'), undefined);
    assert.equal(changingCommand('axiom.constructor'), undefined);
  });

  it('drop only arguments of commands that change something, named in the same feature', () => {
    for (const [feature, declaration] of Object.entries(FEATURES) as [string, FeatureDeclaration][])
      for (const name of Object.keys(declaration.ownOnly ?? {}))
        assert.ok(declaration.changing?.[name], `${feature}.ownOnly names ${name}, which it does not mark changing`);
    assert.deepEqual(changingCommand('axiom.setToken')?.ownOnly, ['token', 'orgId']);
    assert.deepEqual(changingCommand('axiom.renameStarredQuery')?.ownOnly, []);
  });
});
