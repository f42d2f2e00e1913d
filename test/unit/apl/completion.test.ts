import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  callSnippet,
  completionContext,
  datasetOf,
  fieldAt,
  fieldReference,
  hoverTarget,
  signatureAt,
} from '../../../src/core/apl/completion';
import fc from 'fast-check';
import { findFunction } from '../../../src/core/apl/reference';
import { VALID_QUERIES } from '../../support/aplCorpus';

/** The text without its cursor mark ‸, and the offset of the mark. */
function at(marked: string): [string, number] {
  const offset = marked.indexOf('‸');
  return [marked.replace('‸', ''), offset];
}

/** The context's kind and the text its range would replace. */
function context(marked: string): {
  kind: string;
  replaces?: string;
  dataset?: string;
  operator?: string;
  quoted?: boolean;
} {
  const [text, offset] = at(marked);
  const c = completionContext(text, offset);
  if (c.kind === 'none') return { kind: 'none' };
  const out: { kind: string; replaces: string; dataset?: string; operator?: string; quoted?: boolean } = {
    kind: c.kind,
    replaces: text.slice(c.start, c.end),
  };
  if (c.kind === 'expression') {
    if (c.dataset) out.dataset = c.dataset;
    if (c.operator) out.operator = c.operator;
  }
  if (c.kind !== 'operator' && c.quoted) out.quoted = true;
  return out;
}

describe('APL completion contexts', () => {
  it('after a pipe: a tabular operator, replacing the word typed so far, hyphen included', () => {
    assert.deepEqual(context("['logs'] | ‸"), { kind: 'operator', replaces: '' });
    assert.deepEqual(context("['logs'] | wh‸"), { kind: 'operator', replaces: 'wh' });
    assert.deepEqual(context("['logs']\n| project-a‸"), { kind: 'operator', replaces: 'project-a' });
    assert.deepEqual(context("['logs'] |\n  su‸mmarize"), { kind: 'operator', replaces: 'summarize' });
  });

  it('at the head of a query, and in what union, join and lookup take: a dataset', () => {
    assert.deepEqual(context('‸'), { kind: 'dataset', replaces: '' });
    assert.deepEqual(context('htt‸'), { kind: 'dataset', replaces: 'htt' });
    assert.deepEqual(context("['htt‸"), { kind: 'dataset', replaces: "['htt", quoted: true });
    assert.deepEqual(context('let x = 1;\n‸'), { kind: 'dataset', replaces: '' });
    assert.deepEqual(context("['a'] | union ‸"), { kind: 'dataset', replaces: '' });
    assert.deepEqual(context("['a'] | union ['b'], ‸"), { kind: 'dataset', replaces: '' });
    assert.deepEqual(context("['a'] | join kind=inner (‸"), { kind: 'dataset', replaces: '' });
    assert.deepEqual(context("['a'] | lookup ‸"), { kind: 'dataset', replaces: '' });
    assert.deepEqual(context("union ['a'], ‸"), { kind: 'dataset', replaces: '' });
    assert.deepEqual(context("['a'] | take 1\n\nsam‸"), { kind: 'dataset', replaces: 'sam' });
  });

  it("inside an operator: an expression, knowing the query's dataset and the operator", () => {
    assert.deepEqual(context("['http-logs'] | where st‸"), {
      kind: 'expression',
      replaces: 'st',
      dataset: 'http-logs',
      operator: 'where',
    });
    assert.deepEqual(context("['http-logs']\n| summarize count() by ‸"), {
      kind: 'expression',
      replaces: '',
      dataset: 'http-logs',
      operator: 'summarize',
    });
    assert.deepEqual(context('let t = 5m;\nlogs | where _time > ago(‸)'), {
      kind: 'expression',
      replaces: '',
      dataset: 'logs',
      operator: 'where',
    });
    assert.deepEqual(context("['http-logs'] | project ['geo.c‸"), {
      kind: 'expression',
      replaces: "['geo.c",
      dataset: 'http-logs',
      operator: 'project',
      quoted: true,
    });
    assert.deepEqual(context("['http-logs'] | project ['geo.c‸ity']"), {
      kind: 'expression',
      replaces: "['geo.city']",
      dataset: 'http-logs',
      operator: 'project',
      quoted: true,
    });
    assert.deepEqual(context("['a'] | join (['b']) on ‸"), {
      kind: 'expression',
      replaces: '',
      dataset: 'a',
      operator: 'join',
    });
  });

  it("from the tree: after `by`, in a function's arguments, after `project`, inside `where`, in `let`, in a subquery", () => {
    const expression = (marked: string) => {
      const c = context(marked);
      return [c.kind, c.operator, c.dataset];
    };
    assert.deepEqual(expression("['h'] | summarize count() by method, ‸"), ['expression', 'summarize', 'h']);
    assert.deepEqual(expression("['h'] | summarize count() by bin(‸"), ['expression', 'summarize', 'h']);
    assert.deepEqual(expression("['h'] | extend n = strlen(‸)"), ['expression', 'extend', 'h']);
    assert.deepEqual(expression("['h'] | project a, ‸"), ['expression', 'project', 'h']);
    assert.deepEqual(expression("['h'] | where a == 1 and ‸"), ['expression', 'where', 'h']);
    assert.deepEqual(expression("['h'] | where a in (‸"), ['expression', 'where', 'h']);
    assert.deepEqual(expression('let t = ago(‸'), ['expression', undefined, undefined]);
    assert.deepEqual(expression("let e = ['h'] | where ‸"), ['expression', 'where', 'h']);
    assert.deepEqual(expression("['h'] | join (['u'] | where ‸) on id"), ['expression', 'where', 'u']);
    assert.deepEqual(expression("['h']\n// a | comment\n| where ‸"), ['expression', 'where', 'h']);
    assert.deepEqual(context('let e = 1;\nlet f = 2;\n‸'), { kind: 'dataset', replaces: '' });
    const head = completionContext('let errors = 1;\n', 16);
    assert.deepEqual(head.kind === 'dataset' && [head.letNames, head.atStatementStart], [['errors'], true]);
    const after = completionContext('let errors = 1;\n\n', 17);
    assert.deepEqual(after.kind === 'dataset' && after.letNames, [], 'after a blank line, another query');
  });

  it('never throws, and a pipe followed by the cursor is always an operator, over the corpus (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID_QUERIES), fc.nat(), (apl, pick) => {
        const offset = pick % (apl.length + 1);
        completionContext(apl, offset);
        hoverTarget(apl, offset);
        fieldAt(apl, offset);
        signatureAt(apl, offset);
        const pipe = apl.indexOf('|', offset);
        if (pipe >= 0 && !/\/\/|'|"/.test(apl)) {
          const text = `${apl.slice(0, pipe + 1)} `;
          assert.equal(completionContext(text, text.length).kind, 'operator', text);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('nothing inside a string or a comment', () => {
    assert.deepEqual(context("['logs'] | where msg == 'wh‸"), { kind: 'none' });
    assert.deepEqual(context("['logs'] | where msg == 'a ‸ b'"), { kind: 'none' });
    assert.deepEqual(context("['logs'] // a | wh‸"), { kind: 'none' });
  });

  it('the dataset of the statement the cursor is in', () => {
    assert.equal(datasetOf("let x = 1;\n['a'] | take 1;\n['b'] | where y", 30), 'b');
    assert.equal(datasetOf("['a'] | take 1", 10), 'a');
    assert.equal(datasetOf('print x = 1', 8), undefined);
    assert.equal(datasetOf("['a'] | take 1\n\n['b']\n| where y", 26), 'b', 'a blank line starts another query');
  });
});

describe('APL hover and signature targets', () => {
  const hover = (marked: string) => {
    const [text, offset] = at(marked);
    const target = hoverTarget(text, offset);
    return target && { kind: target.kind, text: text.slice(target.start, target.end) };
  };

  it('an operator after a pipe, a called function, an expression word; nothing elsewhere', () => {
    assert.deepEqual(hover("['a'] | proj‸ect-away x"), { kind: 'operator', text: 'project-away' });
    assert.deepEqual(hover("['a'] | co‸unt"), { kind: 'operator', text: 'count' });
    assert.deepEqual(hover("['a'] | summarize co‸unt()"), { kind: 'function', text: 'count' });
    assert.deepEqual(hover("['a'] | extend n = str‸len (x)"), { kind: 'function', text: 'strlen' });
    assert.deepEqual(hover("['a'] | where x !ha‸s_cs 'y'"), { kind: 'word', text: '!has_cs' });
    assert.deepEqual(hover("['a'] | where x mat‸ches regex 'y'"), { kind: 'word', text: 'matches regex' });
    assert.equal(hover("['a'] | where sta‸tus > 1"), undefined);
    assert.equal(hover("['a'] | where x == 'str‸len(1)'"), undefined);
  });

  it("a field under the cursor, bare or quoted, with its query's dataset; not the dataset, an operator or a call", () => {
    const field = (marked: string) => {
      const [text, offset] = at(marked);
      const f = fieldAt(text, offset);
      return f && [f.name, f.dataset];
    };
    assert.deepEqual(field("['http-logs'] | where sta‸tus > 1"), ['status', 'http-logs']);
    assert.deepEqual(field("['http-logs'] | project ['geo.ci‸ty']"), ['geo.city', 'http-logs']);
    assert.equal(field("['http‸-logs'] | take 1"), undefined);
    assert.equal(field("['http-logs'] | wh‸ere x"), undefined);
    assert.equal(field("['http-logs'] | extend n = str‸len(x)"), undefined);
    assert.equal(field("['http-logs'] | where x h‸as 'a'"), undefined);
  });

  it('signature help: the call around the cursor and the argument it is in', () => {
    const sig = (marked: string) => {
      const [text, offset] = at(marked);
      const s = signatureAt(text, offset);
      return s && [s.fn.name, s.activeParameter];
    };
    assert.deepEqual(sig("['a'] | extend x = substring(‸"), ['substring', 0]);
    assert.deepEqual(sig("['a'] | extend x = substring(uri, 1, ‸"), ['substring', 2]);
    assert.deepEqual(sig("['a'] | extend x = substring(strlen(uri‸"), ['strlen', 0]);
    assert.deepEqual(sig("['a'] | extend x = substring(strlen(uri), ‸"), ['substring', 1]);
    assert.deepEqual(sig("['a'] | extend x = iff(a in (1, 2), ‸"), ['iff', 1]);
    assert.deepEqual(sig("['a'] | extend x = strcat(a, b, c, d, ‸"), ['strcat', 1]);
    assert.deepEqual(sig("['a'] | extend x = pack_array(dynamic([1, 2])‸"), ['pack_array', 0]);
    assert.deepEqual(sig("['a'] | extend x = pack_array(dynamic([1, 2‸])"), ['dynamic', 0]);
    // Inside a literal call never closed, as while it is typed: its own signature.
    assert.deepEqual(sig("['a'] | extend d = dynamic(‸"), ['dynamic', 0]);
    assert.deepEqual(sig("['a'] | extend d = dynamic([1, ‸"), ['dynamic', 0]);
    assert.deepEqual(sig('[\'a\'] | extend d = dynamic({"k": ‸'), ['dynamic', 0]);
    assert.deepEqual(sig("['a'] | extend x = pack_array(dynamic(‸"), ['dynamic', 0]);
    assert.deepEqual(sig("['a'] | extend d = dynamic(‸\n| take 1"), ['dynamic', 0]);
    assert.deepEqual(sig("['a'] | where _time > datetime(‸"), ['datetime', 0]);
    assert.equal(sig("['a'] | extend d = dynamic(\n| take 1‸"), undefined, 'the next stage is not inside it');
    assert.equal(sig("['a'] | where x in (1, ‸"), undefined);
    assert.equal(sig("['a'] | extend x = strlen(a) | where ‸"), undefined);
  });
});

describe('APL completion text', () => {
  it('a field is written bare when it can be, quoted otherwise', () => {
    assert.equal(fieldReference('status'), 'status');
    assert.equal(fieldReference('geo.city'), "['geo.city']");
    assert.equal(fieldReference('user agent'), "['user agent']");
    assert.equal(fieldReference("it's"), "['it\\'s']");
    assert.equal(fieldReference('where'), "['where']");
  });

  it('a call snippet has a placeholder per required parameter', () => {
    assert.equal(callSnippet(findFunction('substring')!), 'substring(${1:text}, ${2:start})$0');
    assert.equal(callSnippet(findFunction('count')!), 'count($0)');
    assert.equal(callSnippet(findFunction('strcat')!), 'strcat(${1:value1})$0');
  });
});
