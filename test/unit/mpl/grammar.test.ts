// The MPL TextMate grammar on every example of the reference: no error scope anywhere, each
// dataset and metric scoped as such, and the word after each pipe an operation.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { lexMpl } from '../../../src/core/mpl/lexer';
import { parseMpl } from '../../../src/core/mpl/syntaxParser';
import { walkMpl } from '../../../src/core/mpl/syntaxWalk';
import { loadProjectGrammar, tokenizeLines, type Grammar } from '../../support/mplGrammar';
import { MPL_EXAMPLES, asQuery } from '../../support/mplReferenceExamples';
import { projectRoot } from '../../support/projectRoot';

describe('MPL grammar: the reference examples', () => {
  let loaded: { textmate: typeof import('vscode-textmate'); grammar: Grammar };
  before(async () => {
    loaded = await loadProjectGrammar(projectRoot, 'syntaxes/axiom-mpl.tmLanguage.json');
  });

  it(`colours every example (${MPL_EXAMPLES.length}) without an error scope`, () => {
    for (const example of MPL_EXAMPLES) {
      const invalid = tokenizeLines(loaded.textmate, loaded.grammar, example.text).filter((t) =>
        t.scopes.some((s) => s.startsWith('invalid')),
      );
      assert.deepEqual(invalid, [], example.text);
    }
  });

  it('scopes each source and the operation after each pipe as the parser reads them', () => {
    let sources = 0;
    let pipes = 0;
    for (const example of MPL_EXAMPLES) {
      const text = asQuery(example);
      const tokens = tokenizeLines(loaded.textmate, loaded.grammar, text);
      const scopesAt = (offset: number) => {
        const line = text.slice(0, offset).split('\n').length;
        const column = offset - (text.lastIndexOf('\n', offset - 1) + 1);
        let at = 0;
        for (const t of tokens.filter((x) => x.line === line)) {
          if (column >= at && column < at + t.text.length) return t.scopes;
          at += t.text.length;
        }
        return [];
      };
      walkMpl(parseMpl(text), (node) => {
        if (node.kind === 'source') {
          sources++;
          assert.ok(scopesAt(node.dataset.start + 1).includes('entity.name.type.dataset.axiom-mpl'), text);
          if (node.metric)
            assert.ok(scopesAt(node.metric.start + 1).includes('entity.name.type.metric.axiom-mpl'), text);
        }
        if (node.kind === 'stage' && node.operation) {
          pipes++;
          assert.ok(scopesAt(node.pipe.start).includes('keyword.operator.pipe.axiom-mpl'), text);
          assert.ok(scopesAt(node.operation.start).includes('keyword.other.operation.axiom-mpl'), text);
        }
      });
      // Every comment the lexer sees is a comment for the grammar too.
      for (const comment of lexMpl(text).filter((t) => t.kind === 'comment'))
        assert.ok(
          scopesAt(comment.start + 2).some((s) => s.startsWith('comment.line')),
          text,
        );
    }
    assert.ok(sources > 30 && pipes > 60, `${sources} sources, ${pipes} pipes`);
  });
});
