import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { jsonPlaces } from '../../../src/core/jsonReader';
import { pathNamedIn, refusalPlace } from '../../../src/core/dashboards/dashboardChecks';

/** Every value of a JSON value with its path (keys and indexes joined by dots), as jsonPlaces names them. */
function valuesByPath(value: unknown, path = '', out = new Map<string, unknown>()): Map<string, unknown> {
  out.set(path, value);
  const join = (part: string | number) => (path === '' ? String(part) : `${path}.${part}`);
  if (Array.isArray(value)) value.forEach((item, i) => valuesByPath(item, join(i), out));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) valuesByPath(item, join(key), out);
  return out;
}

describe('the places of a dashboard text’s values', () => {
  it('gives every value of any JSON text its place: the text there reads back as that value, its key before it', () => {
    // Keys neither empty nor dotted: a dotted path names no such key ('' is the whole text).
    const key = fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !k.includes('.') && k !== '__proto__');
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.oneof(
          fc.string(),
          fc.integer(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.boolean(),
          fc.constant(null),
        ),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, fc.constantFrom(0, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const places = jsonPlaces(text);
        // Read back from the text: plain objects, as the places are compared with.
        for (const [path, expected] of valuesByPath(JSON.parse(text))) {
          const place = places.get(path);
          assert.ok(place, `a place for ${JSON.stringify(path)}`);
          assert.deepEqual(JSON.parse(text.slice(place.start, place.end)), expected);
          if (place.keyStart !== undefined) {
            const name = path.split('.').pop()!;
            assert.equal(JSON.parse(text.slice(place.keyStart, place.keyStart + JSON.stringify(name).length)), name);
          }
        }
      }),
    );
  });

  it('shows a refused save at the key the service names, or at the nearest one the text has', () => {
    const text = JSON.stringify(
      {
        name: 'Shop',
        charts: [
          { id: 'a', type: 'Table' },
          { id: 'b', type: 'Table', colour: 'red' },
        ],
      },
      null,
      2,
    );
    assert.equal(pathNamedIn('invalid dashboard: charts.1.colour: unknown field'), 'charts.1.colour');
    const named = refusalPlace(text, 'invalid dashboard: charts.1.colour: unknown field');
    assert.equal(text.slice(named.start, named.end), '"colour"');
    // A key the text does not have: its object, the chart.
    const nearest = refusalPlace(text, 'charts.1.size: unknown field');
    assert.equal(text.slice(nearest.start, nearest.start + 1), '{');
    assert.equal(text.lastIndexOf('{'), nearest.start);
    assert.deepEqual(refusalPlace(text, 'something else went wrong'), { start: 0, end: 1 });
  });
});
