// Markdown made from the service's strings: fences and escapes keep them inert (property-based too,
// fast-check).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { escapeMarkdown, fencedCode } from '../../../src/core/markdown';
import { monitorTooltipMarkdown } from '../../../src/core/monitors/monitorHover';

describe('monitor text', () => {
  it('a fence is longer than any backtick run inside', () => {
    assert.equal(fencedCode('a ``` b', 'kusto'), '````kusto\na ``` b\n````');
    assert.equal(fencedCode('plain', 'kusto'), '```kusto\nplain\n```');
  });
});

const RUNS = { numRuns: 500 };

const anyText = fc.string({ unit: 'binary', maxLength: 80 });

/** The text with every backslash escape removed: what markdown could still read as syntax. */
function unescaped(markdown: string): string {
  return markdown.replace(/\\[\s\S]/g, '');
}

describe('hover text keeps the service’s strings inert', () => {
  it('escaped text has no live markdown: no HTML, no links, no code, no emphasis', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const bare = unescaped(escapeMarkdown(text));
        assert.doesNotMatch(bare, /[<>[\]()`*_!&|~#=]|:\/\/|www\.|\.\w/);
      }),
      RUNS,
    );
  });

  it('a monitor’s tooltip: one intact fence holding exactly the query; outside it nothing live', () => {
    const hostile = fc.oneof(
      anyText,
      fc.constantFrom(
        '<img src=x onerror=alert(1)>',
        '[click](command:axiom.signOut)',
        'https://evil.example',
        '```\n# not a heading',
        'a\r\n===',
        '<!-- x',
        'user@example.com',
        '~~~',
      ),
    );
    const monitor = fc.record({
      id: anyText,
      name: hostile,
      type: hostile,
      description: hostile,
      aplQuery: hostile,
      operator: hostile,
      columnName: hostile,
      createdBy: hostile,
      notifierIds: fc.array(hostile, { maxLength: 2 }),
    });
    fc.assert(
      fc.property(monitor, (m) => {
        const markdown = monitorTooltipMarkdown(m, () => 'a date');
        const open = /^(`{3,})axiom-apl$/m.exec(markdown);
        assert.ok(open, 'the query has a fence');
        const fence = open[1];
        const start = open.index + open[0].length + 1;
        const end = markdown.indexOf(`\n${fence}`, start);
        assert.equal(markdown.slice(start, end), m.aplQuery, 'the fence holds exactly the query');
        assert.ok(!markdown.slice(start, end).includes(fence), 'nothing inside closes the fence early');
        assert.equal(markdown.slice(end + 1 + fence.length), '', 'the fence closes at the end');
        const outside = unescaped(markdown.slice(0, open.index)).replace(/^\*\*|\*\*$/gm, '');
        assert.doesNotMatch(outside, /[<>[\]()`_!&|~#=]|:\/\/|www\.|\.\w/);
      }),
      RUNS,
    );
  });
});
