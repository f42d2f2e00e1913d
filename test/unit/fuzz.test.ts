// Robust against anything: everything that reads input from outside (the service's answers, the
// person's text, the CLI's files, the results panel's messages) is given arbitrary input, bounded
// in time, and must answer without an exception other than the one typed error. A failure found
// here is fixed and kept as a regular test beside the reader it is about.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AxiomError } from '../../src/core/api/errors';
import { parseHistory, parseMonitorList } from '../../src/core/api/parse';
import { parseStarredList, readStarredRecord } from '../../src/core/api/starred';
import { readCliConfig } from '../../src/core/accounts/cliConfig';
import { readCliJsonConfig } from '../../src/core/accounts/cliJsonConfig';
import { checkApl } from '../../src/core/apl/checks';
import { lex } from '../../src/core/apl/lexer';
import { toCsv, toJson } from '../../src/core/run/export';
import { parsePanelWords, readPanelWords } from '../../src/core/run/panelWords';
import {
  readHostMessage,
  readPanelMessage,
  readPanelState,
  type ResultTable,
} from '../../src/core/run/resultsProtocol';
import { readTabular } from '../../src/core/run/tabular';

/** Each property runs until this many runs or this long, whichever comes first. */
const BOUND = { numRuns: 300, interruptAfterTimeLimit: 3000 } as const;

/** Runs `read`; only the typed error may come out of it. */
function typedOrNothing(read: () => unknown): void {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof AxiomError, `threw ${String(error)}`);
  }
}

/** APL-ish text: the characters that open and close things, operators, words, and anything else. */
const aplText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({
    unit: fc.constantFrom(
      '|',
      '(',
      ')',
      '[',
      ']',
      '{',
      '}',
      "'",
      '"',
      '\\',
      '/',
      '*',
      '`',
      '\n',
      ' ',
      'where',
      'let',
      ';',
      '=',
      '!',
      '.',
      '@',
      '0',
      'x',
      'h"',
      "@'",
      '```',
      '//',
    ),
    maxLength: 300,
  }),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
);

/** Any JSON value, deep and odd: what a service or a webview could send. */
const anyJson = fc.jsonValue({ maxDepth: 5 });

describe('fuzz: the APL lexer and checks take any text', () => {
  it('any text: tokens cover it in order, and the checks answer with problems inside it', () => {
    fc.assert(
      fc.property(aplText, (text) => {
        const tokens = lex(text);
        let at = 0;
        for (const token of tokens) {
          assert.ok(token.start >= at && token.end >= token.start && token.end <= text.length, JSON.stringify(token));
          at = token.end;
        }
        for (const problem of checkApl(text))
          assert.ok(
            problem.start >= 0 && problem.end <= text.length && problem.start <= problem.end,
            JSON.stringify(problem),
          );
      }),
      BOUND,
    );
  });

  /** The least time of two runs, in ms. */
  const timeOf = (work: () => void) =>
    Math.min(
      ...[0, 1].map(() => {
        const started = performance.now();
        work();
        return performance.now() - started;
      }),
    );
  // Unclosed strings and brackets, escapes, comment starts and pipes, repeated: each a way a
  // careless scanner looks ahead to the end again and again.
  const UNITS = ["'\\", '"a\\"', '([{', '|where ', '`'];
  const line = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

  it('a 1 MB line of what makes a lexer backtrack is read and checked, in time that grows with its length, not its square', () => {
    for (const unit of UNITS) {
      const mb = line(unit, 1 << 20);
      assert.ok(lex(mb).length > 0);
      const small = timeOf(() => checkApl(line(unit, 1 << 17)));
      const big = timeOf(() => checkApl(mb));
      // 8 times the text: about 8 times the time when linear, 64 when quadratic. Generous, as a
      // busy machine's garbage collector makes single runs jump.
      assert.ok(
        big < Math.max(32 * small, 200),
        `${JSON.stringify(unit)}: 128 KB in ${small.toFixed(1)} ms, 1 MB in ${big.toFixed(1)} ms`,
      );
    }
  });
});

describe("fuzz: the readers of the service's answers take any JSON", () => {
  it('monitors, history, starred queries and a starred record: a value or the typed error', () => {
    fc.assert(
      fc.property(anyJson, (body) => {
        typedOrNothing(() => parseMonitorList(body));
        typedOrNothing(() => parseHistory(body));
        typedOrNothing(() => parseStarredList(body));
        typedOrNothing(() => readStarredRecord(body));
        typedOrNothing(() => readTabular(body));
      }),
      BOUND,
    );
  });

  it('a tabular answer whose parts are any JSON: a value or the typed error', () => {
    const part = fc.oneof(anyJson, fc.constant(undefined));
    const table = fc.record({
      name: part,
      fields: fc.oneof(part, fc.array(fc.record({ name: part, type: part, agg: part }), { maxLength: 4 })),
      columns: fc.oneof(part, fc.array(fc.oneof(part, fc.array(anyJson, { maxLength: 5 })), { maxLength: 4 })),
    });
    fc.assert(
      fc.property(
        fc.record({
          format: part,
          status: part,
          tables: fc.oneof(part, fc.array(table, { maxLength: 3 })),
          datasetNames: part,
        }),
        (body) => typedOrNothing(() => readTabular(body)),
      ),
      BOUND,
    );
  });
});

describe("fuzz: the Axiom CLI's files, any bytes", () => {
  it('~/.axiom.toml and config.json: a configuration or a problem, never an exception', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b).toString('utf8')),
      fc.string({
        unit: fc.constantFrom(
          '[',
          ']',
          '"',
          "'",
          '=',
          '\n',
          'deployments',
          '.',
          'url',
          'token',
          'active_deployment',
          ' ',
          '{',
          '}',
          ':',
          ',',
          '\\u0000',
          'org_id',
          '#',
        ),
        maxLength: 200,
      }),
      anyJson.map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(bytes, (source) => {
        for (const read of [readCliConfig, readCliJsonConfig]) {
          const config = read(source);
          assert.equal(typeof config.ok, 'boolean');
        }
      }),
      BOUND,
    );
  });
});

describe("fuzz: the results panel's messages, any message", () => {
  it("both sides read a message of their own kind or nothing; the panel's words and state likewise", () => {
    const typed = fc.record({
      type: fc.constantFrom(
        'ready',
        'rerun',
        'cancel',
        'openInAxiom',
        'togglePin',
        'export',
        'copy',
        'running',
        'results',
        'failed',
        'cancelled',
        'pinned',
        'remember',
        'restored',
        'rows',
      ),
      runId: anyJson,
      result: anyJson,
      state: anyJson,
      format: anyJson,
      table: anyJson,
      text: anyJson,
      message: anyJson,
      columns: anyJson,
      start: anyJson,
    });
    fc.assert(
      fc.property(fc.oneof(anyJson, typed), (message) => {
        const fromPanel = readPanelMessage(message);
        if (fromPanel) assert.equal(fromPanel.type, (message as { type: unknown }).type);
        const fromHost = readHostMessage(message);
        if (fromHost) assert.equal(fromHost.type, (message as { type: unknown }).type);
        readPanelState(message);
        const words = readPanelWords(message);
        assert.equal(typeof words.rerun, 'string');
        parsePanelWords(JSON.stringify(message));
      }),
      BOUND,
    );
  });
});

describe('fuzz: the export takes any cell', () => {
  it('CSV and JSON of a table of any values: no exception; the JSON reads back with a row per row', () => {
    const cell = fc.oneof(
      anyJson,
      fc.constant(undefined),
      fc.double(),
      fc.bigInt().map((b) => Number(b)),
      fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', 'a') }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(cell, { minLength: 24, maxLength: 24 }),
        fc.array(fc.string(), { minLength: 4, maxLength: 4 }),
        (width, rows, cells, names) => {
          const table: ResultTable = {
            name: '0',
            fields: names.slice(0, width).map((name) => ({ name, type: 'string' })),
            columns: names.slice(0, width).map((_, c) => cells.slice(c * 6, c * 6 + rows)),
            rowCount: rows,
          };
          const csv = toCsv(table);
          assert.equal(typeof csv, 'string');
          const json = JSON.parse(toJson(table)) as unknown[];
          assert.equal(json.length, width ? rows : json.length);
        },
      ),
      BOUND,
    );
  });
});
