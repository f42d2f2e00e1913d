// An annotation as a JSON document: the fields a person writes, in a stable order; a save as only the
// fields the text changes over Axiom's record, each refusal at the field it names; the preview's
// tile charts' annotation requests as the page may send them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  annotationChanges,
  annotationLocation,
  annotationText,
  fieldNamedIn,
  fieldPlace,
} from '../../../src/core/annotations/annotationDocument';
import { readPreviewPageMessage } from '../../../src/core/dashboards/previewProtocol';

const RECORD = {
  id: 'ann_1',
  type: 'deploy',
  datasets: ['http-logs'],
  time: '2026-03-01T14:03:00Z',
  title: 'v1',
  description: null,
  createdBy: 'someone',
};

describe('annotationText', () => {
  it('shows the fields a person writes, those present, in the API’s order; not the id nor what Axiom sets', () => {
    assert.deepEqual(Object.keys(JSON.parse(annotationText(RECORD)) as object), ['type', 'title', 'datasets', 'time']);
  });

  it('an unchanged text changes nothing, whatever the record', () => {
    const record = fc.record(
      {
        id: fc.constant('ann_x'),
        type: fc.stringMatching(/^[a-z0-9-]{1,10}$/),
        datasets: fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 3 }),
        time: fc.constant('2026-03-01T14:03:00Z'),
        title: fc.string({ maxLength: 20 }),
        description: fc.string({ maxLength: 20 }),
        url: fc.constant('https://example.com/x'),
        other: fc.jsonValue(),
      },
      { requiredKeys: ['id', 'type', 'datasets', 'time'] },
    );
    fc.assert(
      fc.property(record, (raw) => {
        assert.deepEqual(annotationChanges(raw, annotationText(raw)), { ok: true, changes: {} });
      }),
    );
  });
});

describe('annotationChanges', () => {
  const edited = (change: (fields: Record<string, unknown>) => void) => {
    const fields = JSON.parse(annotationText(RECORD)) as Record<string, unknown>;
    change(fields);
    return JSON.stringify(fields, null, 2);
  };

  it('sends only the fields the text changes; an emptied title is sent as empty', () => {
    assert.deepEqual(
      annotationChanges(
        RECORD,
        edited((f) => {
          f.title = 'v2';
          f.url = 'https://example.com/v2';
        }),
      ),
      { ok: true, changes: { title: 'v2', url: 'https://example.com/v2' } },
    );
    assert.deepEqual(
      annotationChanges(
        RECORD,
        edited((f) => delete f.title),
      ),
      { ok: true, changes: { title: '' } },
    );
  });

  it('refuses, naming each field: a bad type, an end before the start, a required field removed, an unknown key', () => {
    const read = annotationChanges(
      RECORD,
      edited((f) => {
        f.type = 'Big Deploy';
        f.endTime = '2026-03-01T14:00:00Z';
        delete f.datasets;
        f.colour = 'red';
      }),
    );
    assert.equal(read.ok, false);
    assert.deepEqual(read.ok ? [] : read.problems.map((p) => p.field).sort(), [
      'colour',
      'datasets',
      'endTime',
      'type',
    ]);
  });

  it('refuses text that is not a JSON object, at no field', () => {
    for (const text of ['{', '[]', '"deploy"']) {
      const read = annotationChanges(RECORD, text);
      assert.ok(!read.ok && read.problems.length === 1 && read.problems[0].field === undefined, text);
    }
  });
});

describe('where a refusal is shown', () => {
  it('the field the service’s words name first, at its key in the text', () => {
    assert.equal(fieldNamedIn('invalid annotation: type must match ^[a-z0-9-]+$'), 'type');
    assert.equal(fieldNamedIn('invalid annotation: endTime must be an RFC 3339 date-time'), 'endTime');
    assert.equal(fieldNamedIn('something else'), undefined);
    const text = annotationText(RECORD);
    const { start, end } = fieldPlace(text, 'datasets');
    assert.equal(text.slice(start, end), '"datasets"');
    assert.deepEqual(fieldPlace(text, 'url'), { start: 0, end: 1 });
  });

  it('a document’s URI names the annotation and the deployment', () => {
    assert.deepEqual(annotationLocation('/ann_1/v1.axiom-annotation.json', 'deployment=prod'), {
      id: 'ann_1',
      deployment: 'prod',
      part: 'annotation',
    });
  });
});

describe('the dashboard preview’s annotation requests', () => {
  it('a tile’s link (http or https only) and Add Annotation at a point or a span are read; anything else is not', () => {
    assert.deepEqual(
      readPreviewPageMessage({ type: 'annotation', id: 't1', request: { type: 'addAnnotation', time: 1, endTime: 2 } }),
      { type: 'annotation', id: 't1', request: { type: 'addAnnotation', time: 1, endTime: 2 } },
    );
    assert.deepEqual(
      readPreviewPageMessage({
        type: 'annotation',
        id: 't1',
        request: { type: 'openAnnotationUrl', url: 'https://x.io' },
      }),
      { type: 'annotation', id: 't1', request: { type: 'openAnnotationUrl', url: 'https://x.io' } },
    );
    for (const request of [
      { type: 'openAnnotationUrl', url: 'command:workbench.action.quit' },
      { type: 'addAnnotation', time: 2, endTime: 1 },
      { type: 'other' },
    ])
      assert.equal(readPreviewPageMessage({ type: 'annotation', id: 't1', request }), undefined);
    assert.equal(readPreviewPageMessage({ type: 'annotation', id: 7, request: { type: 'addAnnotation' } }), undefined);
  });
});
