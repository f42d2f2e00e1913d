import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  commandLink,
  commandUri,
  LINK_COMMANDS,
  placeLink,
  placeText,
  spotHoverMarkdown,
  traceLink,
} from '../../../src/core/code/codeLinks';
import type { CodePlace } from '../../../src/core/code/codePlaces';
import { oneLine } from '../../../src/core/code/productionErrors';

interface Link {
  label: string;
  command: string;
  argument: unknown;
}

/** Characters markdown may read as syntax (a link, an image, code, emphasis, HTML, an entity, an
 *  autolink's scheme or a table): outside the links built, each must come escaped. */
const SYNTAX = /[[\]()<>`!*_&:|~#\\]/;
const LINK = /^\[((?:\\[\s\S]|[^\\[\]])*)\]\(command:([\w.]+)\?([A-Za-z0-9%._-]*)\)/;

/** The links a markdown text holds, read strictly: every `[` not escaped must open a command link
 *  whose label holds no markdown syntax unescaped and whose destination is only percent-encoded
 *  characters; any other unescaped syntax character fails. */
function readLinks(markdown: string): Link[] {
  const links: Link[] = [];
  const plain = (text: string, where: number) => {
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '\\') {
        assert.ok(i + 1 < text.length && /[!-/:-@[-`{-~]/.test(text[i + 1]), `a lone backslash at ${where + i}`);
        i++;
      } else assert.ok(!SYNTAX.test(text[i]), `unescaped ${JSON.stringify(text[i])} at ${where + i} in ${markdown}`);
    }
  };
  let start = 0;
  for (let i = 0; i < markdown.length; i++) {
    if (markdown[i] === '\\') {
      i++;
      continue;
    }
    if (markdown[i] !== '[') continue;
    plain(markdown.slice(start, i), start);
    const match = LINK.exec(markdown.slice(i));
    assert.ok(match, `a [ that opens no link at ${i}: ${markdown}`);
    plain(match[1], i + 1);
    links.push({
      label: match[1].replace(/\\([\s\S])/g, '$1'),
      command: match[2],
      argument: (JSON.parse(decodeURIComponent(match[3])) as unknown[])[0],
    });
    i += match[0].length - 1;
    start = i + 1;
  }
  plain(markdown.slice(start), start);
  return links;
}

/** Text made to look like markdown, HTML, a command link or a line of its own. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc
    .array(
      fc.constantFrom(
        '](command:workbench.action.terminal.sendSequence?%5B%22rm%22%5D)',
        '[x](command:axiom.deleteMonitor)',
        '<img src=x onerror=alert(1)>',
        '![i](https://evil.example/x.png)',
        '`code`',
        '\n\n# heading\n',
        '\\',
        '&lt;',
        'https://evil.example',
        'www.evil.example',
        ')',
        '(',
        '%29',
        '\u2028',
        '*_~|',
      ),
      { maxLength: 6 },
    )
    .map((parts) => parts.join('')),
);

const place: fc.Arbitrary<CodePlace> = fc.record(
  {
    path: hostile.filter((p) => p.length > 0),
    line: fc.integer({ min: 1, max: 10_000_000 }),
    column: fc.integer({ min: 1, max: 9999 }),
    function: hostile,
  },
  { requiredKeys: ['path'] },
);

describe('command links in a hover', () => {
  it('a place links to Open Code Location with the place as its one argument, labelled path:line:column', () => {
    const markdown = placeLink({ path: '/app/src/payments.ts', line: 12, column: 7, function: 'chargeCard' });
    assert.equal(
      markdown,
      '[/app/src/payments\\.ts\\:12\\:7](command:axiom.openCodePlace?%5B%7B%22path%22%3A%22%2Fapp%2Fsrc%2Fpayments.ts%22%2C%22line%22%3A12%2C%22column%22%3A7%7D%5D) · chargeCard',
    );
    assert.deepEqual(readLinks(markdown), [
      {
        label: '/app/src/payments.ts:12:7',
        command: 'axiom.openCodePlace',
        argument: { path: '/app/src/payments.ts', line: 12, column: 7 },
      },
    ]);
    assert.equal(placeText({ path: 'x.py', column: 3 }), 'x.py', 'a column without its line says nothing');
  });

  it('a trace links to Open Trace with its id and the time it was seen', () => {
    assert.deepEqual(readLinks(traceLink('Open Trace', '4bf92f35', '2026-01-01T00:00:00Z')), [
      {
        label: 'Open Trace',
        command: 'axiom.openTrace',
        argument: { traceId: '4bf92f35', seenAt: '2026-01-01T00:00:00Z' },
      },
    ]);
  });

  it('encodes every character of the argument that markdown or a URI could read as syntax', () => {
    const uri = commandUri(LINK_COMMANDS.openTrace, { traceId: ")](x) *'!~ [<a>]" });
    assert.match(uri, /^command:axiom\.openTrace\?[A-Za-z0-9%._-]+$/);
    assert.deepEqual(JSON.parse(decodeURIComponent(uri.split('?')[1])), [{ traceId: ")](x) *'!~ [<a>]" }]);
  });

  it('the commands trusted are Open Code Location and Open Trace, both in the manifest', () => {
    const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      contributes: { commands: { command: string }[] };
    };
    const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
    assert.deepEqual(Object.values(LINK_COMMANDS).sort(), ['axiom.openCodePlace', 'axiom.openTrace']);
    for (const command of Object.values(LINK_COMMANDS)) assert.ok(contributed.has(command), command);
  });

  it('a production error’s hover: its stack as links, its own frame marked, then Open Trace', () => {
    const frames = [
      { path: '/app/src/payments.ts', line: 12, column: 7 },
      { path: '/app/src/checkout.ts', line: 30, column: 5 },
    ];
    const markdown = spotHoverMarkdown(
      { frames, thrownAt: 1, trace: { traceId: 'abc', seenAt: '2026-01-01T00:00:00Z' } },
      { stack: 'Axiom: where it was thrown, top frame first', openTrace: 'Open Trace' },
    );
    const lines = markdown.split('\n');
    assert.equal(lines[0], 'Axiom\\: where it was thrown, top frame first');
    assert.ok(lines[3].endsWith(' ←') && !lines[2].endsWith(' ←'));
    assert.deepEqual(
      readLinks(markdown).map((l) => [l.command, l.argument]),
      [
        ['axiom.openCodePlace', frames[0]],
        ['axiom.openCodePlace', frames[1]],
        ['axiom.openTrace', { traceId: 'abc', seenAt: '2026-01-01T00:00:00Z' }],
      ],
    );
    assert.equal(spotHoverMarkdown({ frames: [] }, { stack: 's', openTrace: 't' }), '');
  });

  it('hostile text in a place, a function, a trace id or the words never makes an extra link, a command or markup', () => {
    fc.assert(
      fc.property(
        fc.array(place, { maxLength: 4 }),
        fc.option(fc.record({ traceId: hostile, seenAt: hostile })),
        hostile,
        hostile,
        (frames, trace, stack, openTrace) => {
          const markdown = spotHoverMarkdown({ frames, thrownAt: 0, ...(trace && { trace }) }, { stack, openTrace });
          const links = readLinks(markdown);
          assert.equal(links.length, frames.length + (trace ? 1 : 0));
          frames.forEach((frame, i) => {
            assert.equal(links[i].command, LINK_COMMANDS.openCodePlace);
            assert.deepEqual(links[i].argument, {
              path: frame.path,
              ...(frame.line !== undefined && { line: frame.line }),
              ...(frame.column !== undefined && { column: frame.column }),
            });
            assert.equal(links[i].label, oneLine(placeText(frame)) || '-');
          });
          if (trace) {
            assert.equal(links[frames.length].command, LINK_COMMANDS.openTrace);
            assert.deepEqual(links[frames.length].argument, { ...trace });
          }
          // Lines are the builder's own: one for the words, one per frame, one for the trace.
          assert.ok(markdown.split('\n').length <= 2 + frames.length + 2);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a label of text alone is never empty nor markup', () => {
    fc.assert(
      fc.property(hostile, (label) => {
        const [link] = readLinks(commandLink(label, LINK_COMMANDS.openTrace, { traceId: 'a' }));
        assert.equal(link.label, oneLine(label) || '-');
      }),
    );
  });
});
