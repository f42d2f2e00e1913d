// The words of the commands a person reads in the Command Palette and the views' menus
// (package.json's `contributes.commands`, their titles and categories in package.nls.json): each
// palette entry says what it acts on, no two read alike, and one action has one name wherever it is.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { projectRoot } from '../../support/projectRoot';

interface Command {
  command: string;
  title: string;
  category?: string;
}

const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
  contributes: { commands: Command[]; menus: { commandPalette?: { command: string; when?: string }[] } };
};
const nls = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;

/** A manifest string as English shows it: a `%key%` is looked up in package.nls.json. */
const english = (text: string | undefined): string => {
  const key = /^%(.+)%$/.exec(text ?? '')?.[1];
  return key === undefined ? (text ?? '') : nls[key];
};

const commands = manifest.contributes.commands.map((c) => ({
  id: c.command.replace(/^axiom\./, ''),
  title: english(c.title),
  category: english(c.category),
}));
const hidden = new Set(
  (manifest.contributes.menus.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command),
);
const inPalette = commands.filter((c) => !hidden.has(`axiom.${c.id}`));
const title = (id: string) => commands.find((c) => c.id === id)?.title;

/** What a command acts on, read from its id, and the category that says so in the palette. The
 *  first word found counts ("showMonitorHistory" acts on a monitor). */
const SUBJECTS: [RegExp, string][] = [
  [/starred/i, 'Starred Queries'],
  [/monitor/i, 'Monitors'],
  [/dataset|field|recentEvents|metric/i, 'Datasets'],
  [/history/i, 'Query History'],
  [/annotation/i, 'Annotations'],
  [/dashboard/i, 'Dashboards'],
  [/notebook/i, 'APL Notebook'],
];

describe('command titles', () => {
  it('every command of a view is in that view’s category; the rest under Axiom', () => {
    const misplaced = commands
      .map((c) => {
        const want = SUBJECTS.find(([words]) => words.test(c.id))?.[1] ?? 'Axiom';
        // A command that makes something new may be a way in, under Axiom (New APL Notebook).
        const wayIn = c.id.startsWith('new') && c.category === 'Axiom';
        return c.category === want || wayIn ? undefined : `${c.id}: “${c.category}”, not “${want}”`;
      })
      .filter((line) => line !== undefined);
    assert.deepEqual(misplaced, []);
    assert.ok(inPalette.some((c) => `${c.category}: ${c.title}` === 'Starred Queries: Group by Dataset'));
    assert.ok(inPalette.some((c) => `${c.category}: ${c.title}` === 'Starred Queries: Show as List'));
    assert.ok(inPalette.some((c) => `${c.category}: ${c.title}` === 'Annotations: Refresh Annotations'));
    assert.ok(inPalette.some((c) => `${c.category}: ${c.title}` === 'Dashboards: Refresh Dashboards'));
  });

  it('every view’s category is its name, and a bare verb is never under Axiom (which view would it act on?)', () => {
    const viewNames = new Set(
      Object.entries(nls)
        .filter(([key]) => /^axiom\.\w+\.name$/.test(key))
        .map(([, name]) => name),
    );
    for (const category of ['Monitors', 'Starred Queries', 'Datasets', 'Query History', 'Annotations', 'Dashboards'])
      assert.ok(viewNames.has(category), `${category} names a view`);
    const bare = inPalette.filter((c) => c.category === 'Axiom' && /^\w+…?$/.test(c.title)).map((c) => c.title);
    assert.deepEqual(bare, []);
  });

  it('the walkthrough is found by “Get Started” and by “Axiom” in the palette', () => {
    const getStarted = inPalette.find((c) => c.id === 'getStarted');
    assert.equal(getStarted && `${getStarted.category}: ${getStarted.title}`, 'Axiom: Get Started with Axiom');
  });

  it('no two palette entries read alike', () => {
    const labels = inPalette.map((c) => `${c.category}: ${c.title}`);
    assert.deepEqual(
      labels.filter((label, i) => labels.indexOf(label) !== i),
      [],
    );
    assert.ok(
      commands.every((c) => c.title.trim() !== '' && c.category !== ''),
      'every command has a title and a category',
    );
  });

  it('one action, one name: opening a monitor’s query, starring a query (Star this APL Query), copying a query', () => {
    assert.equal(title('openMonitorQuery'), 'Open Monitor’s Query');
    assert.equal(title('openMonitorQueryInNewTab'), title('openMonitorQuery'));
    assert.equal(title('runMonitorQuery'), 'Run Monitor’s Query');
    const stars = commands.filter((c) => /^star\w*Query$/.test(c.id));
    assert.ok(stars.length >= 3);
    assert.deepEqual(new Set(stars.map((c) => c.title)), new Set(['Star this APL Query']));
    const copies = commands.filter((c) => /^copy\w*Query$/.test(c.id));
    assert.ok(copies.length >= 3);
    assert.deepEqual(new Set(copies.map((c) => c.title)), new Set(['Copy Query']));
  });

  it('the buttons of welcome views and the walkthrough call a command by its own title', () => {
    const links = Object.values(nls).flatMap((text) => [...text.matchAll(/\[([^\]]+)\]\(command:axiom\.(\w+)\)/g)]);
    assert.ok(links.length > 10);
    const starLinks = links.filter((link) => link[2] === 'starQuery');
    assert.ok(starLinks.length > 0);
    assert.deepEqual(new Set(starLinks.map((link) => link[1])), new Set([title('starQuery')]));
  });
});
