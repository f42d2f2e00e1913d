// A notebook exported as Markdown.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readNotebook, writeNotebook, type NotebookDoc } from '../../../src/core/notebook/notebookFile';
import { notebookMarkdown, tableCell } from '../../../src/core/notebook/notebookMarkdown';
import type { ResultTable } from '../../../src/core/api/tabular';
import { countRows, resultOf } from '../../support/notebookResults';

describe('notebook as Markdown', () => {
  it('writes Markdown cells as they are, queries as axiom-apl fences, results as tables cut to a size', () => {
    const doc: NotebookDoc = {
      cells: [
        { kind: 'markdown', source: '# Incident 42\n\nErrors rose at 14:00.', outputs: [] },
        {
          kind: 'apl',
          source: "['logs'] | summarize count() by bin(_time, 1m)\n",
          outputs: [{ kind: 'result', result: { ...resultOf(countRows(30)), ranAt: '2026-11-24T14:05:00Z' } }],
        },
      ],
    };
    const md = notebookMarkdown(doc, { maxRows: 2 });
    assert.equal(
      md,
      [
        '# Incident 42\n\nErrors rose at 14:00.',
        "```axiom-apl\n['logs'] | summarize count() by bin(_time, 1m)\n```",
        '| \\_time | count |\n| --- | --- |\n| 2026\\-11\\-24T10\\:00\\:00Z | 0 |\n| 2026\\-11\\-24T10\\:01\\:00Z | 1 |\n\n_The first 2 of 30 rows._',
        '_Time range\\: Last hour, ran at 2026\\-11\\-24T14\\:05\\:00Z_',
      ].join('\n\n') + '\n',
    );
  });

  it('the cut counts rows saved before (a notebook saved with 50 of 1,234)', () => {
    const doc = readNotebook(
      writeNotebook(
        { cells: [{ kind: 'apl', source: 'q', outputs: [{ kind: 'result', result: resultOf(countRows(1234)) }] }] },
        50,
      ),
    );
    assert.match(notebookMarkdown(doc, { maxRows: 5 }), /_The first 5 of 1,234 rows\._/);
    assert.match(notebookMarkdown(doc, { maxRows: 500 }), /_The first 50 of 1,234 rows\._/);
  });

  it('a fence in the query cannot close its block; values with | and line breaks stay in their cell, as text', () => {
    const hostile: ResultTable = {
      name: '0',
      fields: [{ name: 'msg|x', type: 'string' }],
      columns: [['a|b\nc', '<img src=x onerror=alert(1)>', '[link](command:axiom.setToken)', { k: 'v|w' }, null]],
      rowCount: 5,
    };
    const md = notebookMarkdown({
      cells: [{ kind: 'apl', source: 'q ``` x', outputs: [{ kind: 'result', result: resultOf(hostile) }] }],
    });
    assert.match(md, /^````axiom-apl\nq ``` x\n````$/m);
    const lines = md.split('\n').filter((l) => l.startsWith('|'));
    assert.equal(lines.length, 7, 'header, rule and five rows: nothing broke a row');
    for (const line of lines) assert.equal(line.replace(/\\\|/g, '').split('|').length, 3, `one cell in ${line}`);
    assert.equal(lines[2], '| a\\|b<br>c |');
    assert.ok(md.includes('\\<img') && !/(^|[^\\])<img/m.test(md), 'HTML is escaped');
    assert.ok(!md.includes('](command:'), 'no link is made');
    assert.equal(tableCell('x'.repeat(10), 4), 'xxxx…');
  });

  it('errors and problems as quotes; tables of several results are named', () => {
    const md = notebookMarkdown({
      cells: [
        {
          kind: 'apl',
          source: 'q',
          outputs: [{ kind: 'error', name: 'Compile error', message: 'line 1: unknown operator "wher"' }],
        },
        {
          kind: 'apl',
          source: 'r',
          outputs: [
            { kind: 'problem', problem: { message: 'Running the query failed: rate limited.', actions: ['retry'] } },
            { kind: 'result', result: resultOf(countRows(1), { ...countRows(0), name: '_totals' }) },
          ],
        },
      ],
    });
    assert.match(md, /^> \*\*Compile error\*\*: line 1\\: unknown operator "wher"$/m);
    assert.match(md, /^> Running the query failed\\: rate limited\\.$/m);
    assert.match(md, /^\*\*Table 1\*\*$/m);
    assert.match(md, /^\*\*\\_totals\*\*$/m);
    assert.match(md, /_No rows\._/);
  });
});
