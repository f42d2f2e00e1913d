// A dashboard's text: the document without what Axiom sets, the spec's keys first in the spec's
// order and every other key in code-unit order, at every depth, unknown keys kept; the same
// document always reads the same, whatever order its keys came in. A document already in that
// order (as the service sends them) is not copied to be written out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { dashboardText, exportText, orderedDashboard } from '../../../src/core/dashboards/dashboardDocument';
import { largeDashboard, sampleDashboard } from '../../support/dashboardFixtures';

/** The spec's keys, first in the document, in a chart and in a layout item, in this order. */
const DOCUMENT_FIRST = [
  'name',
  'owner',
  'description',
  'charts',
  'layout',
  'refreshTime',
  'schemaVersion',
  'against',
  'againstTimestamp',
  'timeWindowStart',
  'timeWindowEnd',
  'uid',
];
const ITEM_FIRST = new Map([
  ['charts', ['id', 'type', 'name', 'query']],
  ['layout', ['i', 'x', 'y', 'w', 'h']],
]);

/** Keys of every kind: the spec's, Axiom's own, unknown ones, integer-like ones and `__proto__`. */
const key = fc.oneof(
  fc.constantFrom(
    ...DOCUMENT_FIRST,
    ...[...ITEM_FIRST.values()].flat(),
    'version',
    'createdAt',
    'apl',
    '10',
    '9',
    '__proto__',
  ),
  fc.string({ maxLength: 3 }),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;
const items = fc.array(fc.dictionary(key, json, { maxKeys: 6 }), { maxLength: 3 });
/** A document as JSON.parse makes one (a `__proto__` key is the object's own). */
const document = fc
  .tuple(
    fc.dictionary(key, json, { maxKeys: 8 }),
    fc.option(items, { nil: undefined }),
    fc.option(items, { nil: undefined }),
  )
  .map(([rest, charts, layout]) => JSON.parse(JSON.stringify({ ...rest, charts, layout })) as Record<string, unknown>);

/** The same value with the keys of every object in another order (by a seed). */
function shuffled(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffled(item, seed));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, shuffled(v, seed)] as const);
  entries.sort(([a], [b]) => ((hash(a) ^ seed) & 0xff) - ((hash(b) ^ seed) & 0xff));
  return JSON.parse(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);
}

function hash(text: string): number {
  let h = 7;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}

/** Each object's keys (of a value read by parsedInTextOrder: in the text's order, `#` before each),
 *  with the spec's keys its place asks first. */
function keyOrders(value: unknown, first: string[], out: { keys: string[]; first: string[] }[] = []) {
  if (Array.isArray(value)) for (const item of value) keyOrders(item, first, out);
  else if (typeof value === 'object' && value !== null) {
    out.push({ keys: Object.keys(value).map((k) => k.slice(1)), first });
    for (const [k, v] of Object.entries(value))
      keyOrders(v, first === DOCUMENT_FIRST ? (ITEM_FIRST.get(k.slice(1)) ?? []) : [], out);
  }
  return out;
}

/** Reads a text with every object's keys in the text's order (integer-like keys too, which objects would reorder). */
function parsedInTextOrder(text: string): unknown {
  // Every string read whole from the left, so that a value's quotes are never taken for a key's.
  return JSON.parse(
    text.replace(/"((?:[^"\\]|\\.)*)"(:?)/g, (whole, k: string, colon: string) => (colon ? `"#${k}":` : whole)),
  );
}

describe('a dashboard’s text', () => {
  it('reads back as the document without Axiom’s fields, every key kept, `__proto__` too', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const expected = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
        for (const axiom of ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'])
          delete expected[axiom];
        const text = dashboardText(doc);
        assert.ok(text.endsWith('}\n'));
        assert.deepStrictEqual(JSON.parse(text), expected);
        const protos = (t: string) => t.split('"__proto__"').length;
        assert.equal(protos(text), protos(JSON.stringify(expected)));
      }),
      { numRuns: 400 },
    );
  });

  it('puts the spec’s keys first in the spec’s order, then the others in code-unit order, at every depth', () => {
    fc.assert(
      fc.property(document, (doc) => {
        for (const { keys, first } of keyOrders(parsedInTextOrder(dashboardText(doc)), DOCUMENT_FIRST)) {
          // Integer-like keys come first in numeric order in any JavaScript object: the engine's order, not ours.
          const plain = keys.filter((k) => !/^(0|[1-9]\d*)$/.test(k));
          const leading = plain.filter((k) => first.includes(k));
          assert.deepEqual(
            leading,
            [...leading].sort((a, b) => first.indexOf(a) - first.indexOf(b)),
          );
          assert.deepEqual(plain.slice(0, leading.length), leading);
          const rest = plain.slice(leading.length);
          assert.deepEqual(rest, [...rest].sort());
        }
      }),
      { numRuns: 400 },
    );
  });

  it('is the same whatever order the keys came in', () => {
    fc.assert(
      fc.property(document, fc.integer(), (doc, seed) => {
        assert.equal(dashboardText(shuffled(doc, seed) as Record<string, unknown>), dashboardText(doc));
      }),
      { numRuns: 400 },
    );
  });

  it('does not copy a document already in its order, and copies one that is not, leaving it as it was', () => {
    const doc = JSON.parse(JSON.stringify(largeDashboard(200))) as Record<string, unknown>;
    assert.equal(orderedDashboard(doc), doc);
    const before = JSON.stringify(doc);
    const reordered = shuffled(doc, 5) as Record<string, unknown>;
    assert.notEqual(JSON.stringify(reordered), before);
    const reorderedBefore = JSON.stringify(reordered);
    assert.equal(JSON.stringify(orderedDashboard(reordered)), before);
    assert.equal(JSON.stringify(reordered), reorderedBefore);
  });

  it('an export carries the uid and none of Axiom’s fields', () => {
    const text = exportText({ ...sampleDashboard(), version: 3, updatedBy: 'usr_1' }, 'checkout');
    const read = JSON.parse(text) as Record<string, unknown>;
    assert.equal(read.uid, 'checkout');
    assert.equal(read.version, undefined);
    assert.equal(read.updatedBy, undefined);
    assert.deepEqual(Object.keys(read).slice(0, 3), ['name', 'owner', 'description']);
    assert.equal(Object.keys(read).at(-1), 'uid');
  });
});
