import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { DatasetField, VirtualField } from '../../../src/core/api/client';
import { createDispatcher } from '../../../src/core/api/undiciTransport';
import { fieldReference } from '../../../src/core/apl/completion';
import { lex } from '../../../src/core/apl/lexer';
import {
  arrangeFields,
  datasetQuery,
  type FieldInfo,
  listDatasetFields,
  listDatasets,
  recentEventsQuery,
  sortedByName,
  summarizeByFieldQuery,
} from '../../../src/core/datasets/datasets';
import { BIG_DATASET, BROKEN_DATASET, serveBigOrg } from '../../support/bigOrg';
import { FakeAxiom } from '../../support/fakeAxiom';
import { CapturedLog, rejection, testClient, useFakeService } from '../../support/testClient';

const fake = new FakeAxiom();
const dispatcher = createDispatcher();
const log = new CapturedLog();
const client = () => testClient(fake.url, dispatcher, log);
const original = {
  datasets: fake.datasets,
  details: fake.datasetDetails,
  fields: fake.fields,
  virtual: fake.virtualFields,
};

useFakeService(fake, dispatcher, log, () => {
  fake.datasets = original.datasets;
  fake.datasetDetails = original.details;
  fake.fields = original.fields;
  fake.virtualFields = original.virtual;
  fake.failingFields.clear();
});

describe('datasets', () => {
  it('lists datasets by name with kind and description (absent when empty or null)', async () => {
    fake.datasets = ['zeta', 'Alpha', 'http-logs'];
    fake.datasetDetails = {
      zeta: { kind: 'otel:logs:v1', description: '' },
      Alpha: { kind: null, description: 'First' },
    };
    assert.deepEqual(await listDatasets(client()), [
      { name: 'Alpha', kind: undefined, description: 'First' },
      { name: 'http-logs', kind: 'axiom:events:v1', description: undefined },
      { name: 'zeta', kind: 'otel:logs:v1', description: undefined },
    ]);
  });

  it('reads fields and virtual fields in one list by name, marks the virtual ones and keeps the hidden apart', async () => {
    const { fields, hidden, virtualFailure } = await listDatasetFields(client(), 'http-logs');
    assert.deepEqual(
      fields.map((f) => f.name),
      ['_time', 'geo.city', 'is_error', 'method', 'req_duration_ms', 'status'],
    );
    assert.deepEqual(
      hidden.map((f) => f.name),
      ['internal_id'],
    );
    const virtual = fields.find((f) => f.name === 'is_error');
    assert.deepEqual(virtual, {
      name: 'is_error',
      type: 'boolean',
      unit: undefined,
      description: 'A server error',
      hidden: false,
      virtual: true,
      expression: 'status >= 500',
    });
    assert.equal(fields.find((f) => f.name === 'req_duration_ms')?.unit, 'ms');
    assert.equal(fields.find((f) => f.name === 'method')?.description, undefined, 'an empty description is none');
    assert.equal(virtualFailure, undefined);
    assert.equal(fake.requestsTo('GET /v2/vfields').length, 1);
    assert.match(fake.requestsTo('GET /v2/vfields')[0].path, /\?dataset=http-logs$/);
  });

  it('asks for the fields before the virtual fields: the long answer is on its way first', async () => {
    const real = client();
    const asked: string[] = [];
    const watched = Object.create(real) as typeof real;
    watched.listFields = (...args) => (asked.push('fields'), real.listFields(...args));
    watched.listVirtualFields = (...args) => (asked.push('virtual fields'), real.listVirtualFields(...args));
    const { fields } = await listDatasetFields(watched, 'http-logs');
    assert.deepEqual(asked, ['fields', 'virtual fields']);
    assert.ok(fields.some((f) => f.virtual) && fields.some((f) => !f.virtual), 'both were read');
  });

  it('shows the stored fields when only the virtual fields fail, and says why beside them', async () => {
    fake.fail('GET /v2/vfields', {
      status: 403,
      body: { code: 403, message: 'token does not have access to resource: vfields with action: read' },
    });
    const { fields, virtualFailure } = await listDatasetFields(client(), 'http-logs');
    assert.equal(
      fields.some((f) => f.virtual),
      false,
    );
    assert.equal(fields.length, 5);
    assert.equal((virtualFailure as { kind?: string }).kind, 'forbidden');
  });

  it('a dataset whose fields fail is a failure with the service’s words', async () => {
    serveBigOrg(fake);
    const error = await rejection(listDatasetFields(client(), BROKEN_DATASET));
    assert.equal(error.kind, 'server');
    assert.match(error.message, /internal error reading the fields/);
  });

  it('reads an organisation of 300 datasets and 20,000 fields', async () => {
    const org = serveBigOrg(fake);
    const datasets = await listDatasets(client());
    assert.equal(datasets.length, 300);
    assert.equal(
      Object.values(org.fields).reduce((n, f) => n + f.length, 0),
      20_000,
    );
    const big = await listDatasetFields(client(), BIG_DATASET);
    assert.equal(big.fields.length + big.hidden.length, 5_000 + 2, 'stored and virtual fields');
    assert.equal(big.hidden.length, 199);
    assert.equal(big.fields.filter((f) => f.virtual).length, 2);
    const names = big.fields.map((f) => f.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || (a < b ? -1 : 1)),
    );
  });
});

describe('the order of names', () => {
  /** The order by plain comparisons: case aside, then as written, then as given. */
  const byComparison = <T extends { name: string }>(items: T[]) =>
    items
      .map((item, at) => ({ item, at, key: item.name.toLowerCase() }))
      .sort((a, b) =>
        a.key < b.key
          ? -1
          : a.key > b.key
            ? 1
            : a.item.name < b.item.name
              ? -1
              : a.item.name > b.item.name
                ? 1
                : a.at - b.at,
      )
      .map((k) => k.item);
  // Names from few characters, so that beginnings, cases and whole names are often shared.
  const name = fc.string({
    unit: fc.constantFrom('a', 'A', 'b', '.', '_', 'é', 'É', 'ß', '😀', '\u0000'),
    maxLength: 12,
  });

  // Short names of two letters in two cases: many equal but for case, or equal.
  const fewNames = fc.string({ unit: fc.constantFrom('a', 'A', 'b'), maxLength: 3 });

  it('is the order plain comparisons give, ties kept as given, for any names (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.oneof(name, fewNames) }), { maxLength: 300 }), (items) => {
        const sorted = sortedByName(items);
        assert.equal(sorted.length, items.length);
        const expected = byComparison(items);
        sorted.forEach((item, i) => assert.equal(item, expected[i]));
      }),
      { numRuns: 300 },
    );
  });

  it('orders 5,000 nested names with long shared beginnings as plain comparisons do', () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({
      name: `${['request', 'Request', 'response'][i % 3]}.headers.${['x', 'X'][i % 2]}-${(i * 7919) % 1000}`,
      at: i,
    }));
    assert.deepEqual(sortedByName(items), byComparison(items));
  });
});

describe('the fields of a dataset arranged', () => {
  const fieldName = fc.string({ unit: fc.constantFrom('a', 'A', 'b', '.', '_'), maxLength: 4 });
  /** Words as the service may send them: absent, null, empty (each none) or some text. */
  const words = fc.option(fc.constantFrom(null, '', 'ms', 'The id'), { nil: undefined });
  const storedField: fc.Arbitrary<DatasetField> = fc.record(
    {
      name: fieldName,
      type: fc.constantFrom('string', 'integer'),
      unit: words,
      description: words,
      hidden: fc.boolean(),
    },
    { requiredKeys: ['name'] },
  );
  const virtualField: fc.Arbitrary<VirtualField> = fc.record(
    { name: fieldName, type: words, unit: words, description: words, expression: words },
    { requiredKeys: ['name'] },
  );

  /** What arrangeFields promises, by the plain way: each field as shown, the stored fields a
   *  virtual one does not name, then the virtual ones, sorted by name (sortedByName, held to plain
   *  comparisons above), the hidden ones apart, each side in that order. */
  function expected(stored: DatasetField[], virtual: VirtualField[]) {
    const none = (words: string | null | undefined) => words || undefined;
    const shown = (field: DatasetField & VirtualField, virtual: boolean): FieldInfo => ({
      name: field.name,
      type: virtual ? none(field.type) : field.type,
      unit: none(field.unit),
      description: none(field.description),
      hidden: !virtual && field.hidden === true,
      virtual,
      ...(virtual ? { expression: none(field.expression) } : {}),
    });
    const virtualNames = new Set(virtual.map((v) => v.name));
    const all = sortedByName([
      ...stored.filter((f) => !virtualNames.has(f.name)).map((f) => shown(f, false)),
      ...virtual.map((v) => shown({ ...v, type: v.type ?? undefined }, true)),
    ]);
    return { fields: all.filter((f) => !f.hidden), hidden: all.filter((f) => f.hidden) };
  }

  it('merges stored and virtual fields by name, one of a name virtual, and keeps the hidden apart (property)', () => {
    fc.assert(
      fc.property(
        fc.array(storedField, { maxLength: 60 }),
        fc.array(virtualField, { maxLength: 8 }),
        (stored, virtual) => {
          const failure = new Error('no rights');
          const got = arrangeFields(stored, virtual, virtual.length ? undefined : failure);
          assert.deepEqual({ fields: got.fields, hidden: got.hidden }, expected(stored, virtual));
          assert.equal(got.virtualFailure, virtual.length ? undefined : failure);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('merges as well with many virtual fields, looked up by a set rather than one by one (property)', () => {
    fc.assert(
      fc.property(
        fc.array(storedField, { maxLength: 60 }),
        fc.array(virtualField, { minLength: 17, maxLength: 40 }),
        (stored, virtual) => {
          const got = arrangeFields(stored, virtual);
          assert.deepEqual({ fields: got.fields, hidden: got.hidden }, expected(stored, virtual));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves the lists it is given as they were', () => {
    const stored: DatasetField[] = [
      { name: 'b', hidden: true, unit: '' },
      { name: 'a', hidden: false, description: null },
    ];
    const virtual: VirtualField[] = [{ name: 'b', expression: 'a + 1' }];
    const before = structuredClone({ stored, virtual });
    const { fields, hidden } = arrangeFields(stored, virtual);
    assert.deepEqual(
      fields.map((f) => [f.name, f.virtual]),
      [
        ['a', false],
        ['b', true],
      ],
    );
    assert.deepEqual(hidden, []);
    assert.deepEqual({ stored, virtual }, before);
  });
});

describe('query text from the Datasets view', () => {
  it('quotes a field for insertion as APL needs (beside the cases of aplCompletion.test.ts): nested names, dashes, operators, a leading digit, backslashes', () => {
    assert.deepEqual(['a.b', 'x-request-id', 'project', '9lives', 'snake_case_1', "it's\\here"].map(fieldReference), [
      "['a.b']",
      "['x-request-id']",
      "['project']",
      "['9lives']",
      'snake_case_1',
      "['it\\'s\\\\here']",
    ]);
  });

  it('every quoted name reads back as the same name', () => {
    for (const name of ['a.b', "it's", 'back\\slash', 'user agent', 'x-y', "'['"]) {
      const [token] = lex(fieldReference(name));
      assert.equal(token.kind, 'quotedName', name);
      assert.equal(token.value, name);
    }
  });

  it('makes the queries of the view’s commands', () => {
    assert.equal(datasetQuery('http-logs'), "['http-logs'] | take 100");
    assert.equal(datasetQuery("o'brien"), "['o\\'brien'] | take 100");
    assert.equal(recentEventsQuery('http-logs', 50), "['http-logs']\n| sort by _time desc\n| take 50");
    assert.equal(
      summarizeByFieldQuery('http-logs', fieldReference('geo.city')),
      "['http-logs']\n| summarize count() by ['geo.city']\n| sort by count_ desc",
    );
  });
});
