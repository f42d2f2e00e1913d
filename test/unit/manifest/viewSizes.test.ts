// The Axiom side bar's views at a first start. VS Code has no API to size a view to what it holds;
// the manifest gives each view of a container the extension owns an initial share of its height
// (`initialSize`, a flex weight beside VS Code's default of 20, applied at the container's first
// layout within each view's minimum height: Starred Queries at 90 beside Monitors at 10 took most of
// the side bar in the journeys' window) and its first state (`visibility`). Once the person resizes,
// collapses or moves a view, VS Code keeps theirs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { projectRoot } from '../../support/projectRoot';

interface View {
  id: string;
  initialSize?: number;
  visibility?: 'visible' | 'hidden' | 'collapsed';
}

const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
  contributes: { viewsContainers: { activitybar: { id: string }[] }; views: Record<string, View[]> };
};
const container = manifest.contributes.viewsContainers.activitybar[0].id;
const views = manifest.contributes.views[container];
const view = (id: string) => views.find((v) => v.id === id)!;

describe('manifest: the side bar’s views at a first start', () => {
  it('the views are in a container of the extension’s own (VS Code ignores initialSize elsewhere)', () => {
    assert.equal(container, 'axiom');
    assert.deepEqual(Object.keys(manifest.contributes.views), [container]);
  });

  it('each view has an initial share of the height, a positive weight', () => {
    for (const { id, initialSize } of views)
      assert.ok(typeof initialSize === 'number' && initialSize > 0, `${id} has initialSize ${initialSize}`);
  });

  it('a short list does not keep a tall pane: Starred Queries, a handful at most, gets less than Monitors', () => {
    assert.ok(view('axiom.starredQueries').initialSize! < view('axiom.monitors').initialSize!);
  });

  it('only Monitors and Starred Queries open expanded; the others start collapsed, a header each', () => {
    const expanded = views.filter((v) => (v.visibility ?? 'visible') === 'visible').map((v) => v.id);
    assert.deepEqual(expanded, ['axiom.monitors', 'axiom.starredQueries']);
  });
});
