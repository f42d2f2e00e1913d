// The snippets as a person would get them: each body, with its placeholders at their defaults, is
// APL the checks find nothing wrong with.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkApl } from '../../../src/core/apl/checks';
import { render } from '../../../src/core/phrase';

const root = (() => {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir))
    if (fs.existsSync(path.join(dir, 'media/axiom-apl-snippets.json'))) return dir;
  throw new Error('media/axiom-apl-snippets.json not found');
})();
const snippets = JSON.parse(fs.readFileSync(path.join(root, 'media/axiom-apl-snippets.json'), 'utf8')) as Record<
  string,
  { prefix: string | string[]; description: string; body: string[] }
>;

/** The text a snippet inserts when every placeholder keeps its default (the first choice of a list). */
function expand(body: string[]): string {
  return body
    .join('\n')
    .replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\d+/g, '');
}

describe('snippets', () => {
  it('are contributed for axiom-apl only', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      contributes: { snippets: { language: string; path: string }[] };
    };
    assert.deepEqual(
      manifest.contributes.snippets.map((s) => s.language),
      ['axiom-apl'],
    );
    assert.ok(
      fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8').split('\n').includes('!media/axiom-apl-snippets.json'),
      'the snippets ship in the .vsix',
    );
  });

  for (const [name, snippet] of Object.entries(snippets)) {
    it(`${name}: valid APL once expanded, with a prefix and a description`, () => {
      assert.ok(snippet.prefix.length > 0 && snippet.description.length > 0);
      const text = expand(snippet.body);
      // A snippet for after a pipe, or a let statement, is tried in a query around it.
      const query = text.startsWith("['")
        ? text
        : text.startsWith('let ')
          ? `${text}\n['logs'] | take 1`
          : `['logs']\n| ${text}`;
      const problems = checkApl(query).map((p) => `${query.slice(p.start, p.end)}: ${render(p.message)}`);
      assert.deepEqual(problems, [], query);
    });
  }
});
