// The annotations client over real HTTP to the fake service: the list's filters, create, read,
// change and delete; each of the API's field rules checked before sending (nothing goes out) and
// refused by the fake with a 400 naming the field when sent anyway; the tolerant reader.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  annotationFieldProblem,
  annotationProblems,
  annotationSchema,
  NEW_ANNOTATION_REQUIRED,
  parseAnnotationList,
  type NewAnnotation,
} from '../../../src/core/api/annotations';
import { parseBody } from '../../../src/core/api/parse';
import { render } from '../../../src/core/phrase';
import { rejection, fakeServiceUnderTest } from '../../support/testClient';
import { annotationBodyProblem } from '../../support/fakeAxiom';
import { typedOutcome } from '../../support/untrustedInput';

const { fake, log, connect: client } = fakeServiceUnderTest();

const DEPLOY: NewAnnotation = {
  type: 'production-deployment',
  datasets: ['http-logs'],
  time: '2026-03-01T14:03:00Z',
  title: 'Deploy v1.4.2',
  url: 'https://github.com/example/shop/commit/abc123',
};

function held(...annotations: Record<string, unknown>[]): void {
  fake.annotations.push(...annotations);
}

describe('listAnnotations', () => {
  it('sends the datasets comma-separated and the times as RFC 3339, and reads what matches', async () => {
    held(
      { id: 'ann_1', type: 'deploy', datasets: ['http-logs'], time: '2026-03-01T14:03:00Z', title: 'in' },
      { id: 'ann_2', type: 'deploy', datasets: ['sample-app'], time: '2026-03-01T14:03:00Z', title: 'other dataset' },
      { id: 'ann_3', type: 'deploy', datasets: ['http-logs'], time: '2026-02-01T00:00:00Z', title: 'too early' },
      {
        id: 'ann_4',
        type: 'incident',
        datasets: ['web', 'http-logs'],
        time: '2026-02-28T23:00:00Z',
        endTime: '2026-03-01T01:00:00Z',
        title: 'band reaching into the range',
      },
    );
    const { annotations, skipped } = await client().listAnnotations({
      datasets: ['http-logs', 'web'],
      start: new Date('2026-03-01T00:00:00Z'),
      end: '2026-03-02T00:00:00Z',
    });
    assert.deepEqual(skipped, []);
    assert.deepEqual(
      annotations.map((a) => a.id),
      ['ann_1', 'ann_4'],
    );
    assert.equal(annotations[1].endTime, '2026-03-01T01:00:00Z');
    const [request] = fake.requestsTo('GET /v2/annotations');
    const params = new URL(request.path, 'http://x').searchParams;
    assert.equal(params.get('datasets'), 'http-logs,web');
    assert.equal(params.get('start'), '2026-03-01T00:00:00.000Z');
    assert.equal(params.get('end'), '2026-03-02T00:00:00Z');
  });

  it('without filters asks for every annotation', async () => {
    held({ id: 'ann_1', type: 'deploy', datasets: ['x'], time: '2026-03-01T14:03:00Z' });
    const { annotations } = await client().listAnnotations({});
    assert.equal(annotations.length, 1);
    assert.equal(fake.requestsTo('GET /v2/annotations')[0].path, '/v2/annotations');
  });

  it('skips, counts and logs an entry it cannot read; reads null fields as absent and keeps unknown ones', async () => {
    held(
      { id: 'ann_1', type: 'deploy', datasets: ['x'], time: 'not a time' },
      { id: 'ann_2', type: null, datasets: null, time: '2026-03-01T14:03:00Z', endTime: null, later: { a: 1 } },
    );
    const { annotations, skipped } = await client().listAnnotations({});
    assert.deepEqual(
      skipped.map((s) => s.index),
      [0],
    );
    assert.equal(annotations.length, 1);
    assert.equal(annotations[0].type, undefined);
    assert.equal(annotations[0].endTime, undefined);
    assert.deepEqual((annotations[0] as Record<string, unknown>).later, { a: 1 });
    assert.match(log.warnings.join('\n'), /skipped 1 of 2 annotations/);
  });

  it('reads Go’s nil slice as no annotations, and refuses what is not a list with the typed error', async () => {
    fake.fail('GET /v2/annotations', { body: 'null', times: 1 });
    assert.deepEqual((await client().listAnnotations({})).annotations, []);
    fake.fail('GET /v2/annotations', { body: { annotations: [] }, times: 1 });
    assert.equal((await rejection(client().listAnnotations({}))).kind, 'invalidResponse');
  });
});

describe('createAnnotation, getAnnotation, updateAnnotation, deleteAnnotation', () => {
  it('posts the fields once and reads the created annotation with its id', async () => {
    const { annotation, raw } = await client().createAnnotation(DEPLOY);
    assert.match(annotation.id, /^ann_/);
    const posts = fake.requestsTo('POST /v2/annotations');
    assert.equal(posts.length, 1);
    assert.deepEqual(JSON.parse(posts[0].body), DEPLOY);
    assert.deepEqual(raw, fake.annotationById(annotation.id));
    const read = await client().getAnnotation(annotation.id);
    assert.equal(read.annotation.title, 'Deploy v1.4.2');
  });

  it('a PUT carries only the changes, unknown fields too, and the others stay', async () => {
    held({ ...DEPLOY, id: 'ann_9', addedLater: 'kept' });
    const { raw } = await client().getAnnotation('ann_9');
    const changed = await client().updateAnnotation('ann_9', { title: 'Rolled back', futureField: 3 }, raw);
    const [put] = fake.requestsTo('PUT /v2/annotations/{id}');
    assert.deepEqual(JSON.parse(put.body), { title: 'Rolled back', futureField: 3 });
    assert.equal(changed.annotation.title, 'Rolled back');
    assert.equal(changed.annotation.url, DEPLOY.url);
    assert.equal(fake.annotationById('ann_9')?.addedLater, 'kept');
  });

  it('a PUT whose end falls before the record’s start is refused before sending', async () => {
    held({ ...DEPLOY, id: 'ann_9' });
    const error = await rejection(
      client().updateAnnotation('ann_9', { endTime: '2026-03-01T14:00:00Z' }, fake.annotations[0]),
    );
    assert.equal(error.kind, 'badRequest');
    assert.match(error.message, /endTime: The end is before the start/);
    assert.equal(fake.requestsTo('PUT /v2/annotations/{id}').length, 0);
  });

  it('deletes once; a missing annotation is notFound', async () => {
    held({ ...DEPLOY, id: 'ann_9' });
    await client().deleteAnnotation('ann_9');
    assert.equal(fake.annotations.length, 0);
    assert.equal(fake.requestsTo('DELETE /v2/annotations/{id}').length, 1);
    assert.equal((await rejection(client().deleteAnnotation('ann_9'))).kind, 'notFound');
    assert.equal((await rejection(client().getAnnotation('ann_9'))).kind, 'notFound');
  });

  it('a POST that fails is not repeated', async () => {
    fake.fail('POST /v2/annotations', { status: 503, times: 1 });
    assert.equal((await rejection(client().createAnnotation(DEPLOY))).kind, 'server');
    assert.equal(fake.requestsTo('POST /v2/annotations').length, 1);
  });
});

/** Bodies that break exactly one rule, the field it names, and what the fake says of it sent anyway. */
const BROKEN: { name: string; body: Record<string, unknown>; field: string; fakeSays: RegExp }[] = [
  { name: 'type with capitals', body: { ...DEPLOY, type: 'Deploy' }, field: 'type', fakeSays: /type must match/ },
  {
    name: 'type too long',
    body: { ...DEPLOY, type: 'a'.repeat(257) },
    field: 'type',
    fakeSays: /type must be at most 256/,
  },
  { name: 'no type', body: { ...DEPLOY, type: undefined }, field: 'type', fakeSays: /type is required/ },
  {
    name: 'no datasets',
    body: { ...DEPLOY, datasets: [] },
    field: 'datasets',
    fakeSays: /datasets must name at least one/,
  },
  {
    name: 'title too long',
    body: { ...DEPLOY, title: 't'.repeat(257) },
    field: 'title',
    fakeSays: /title must be at most 256/,
  },
  {
    name: 'description too long',
    body: { ...DEPLOY, description: 'd'.repeat(513) },
    field: 'description',
    fakeSays: /description must be at most 512/,
  },
  {
    name: 'url too long',
    body: { ...DEPLOY, url: 'u'.repeat(513) },
    field: 'url',
    fakeSays: /url must be at most 512/,
  },
  {
    name: 'time not a time',
    body: { ...DEPLOY, time: 'yesterday' },
    field: 'time',
    fakeSays: /time must be an RFC 3339/,
  },
];

describe('the field rules', () => {
  for (const { name, body, field, fakeSays } of BROKEN) {
    it(`${name}: refused before sending at ${field}, and by the fake with a 400 naming it`, async () => {
      const problems = annotationProblems(
        JSON.parse(JSON.stringify(body)) as Record<string, unknown>,
        NEW_ANNOTATION_REQUIRED,
      );
      assert.deepEqual(
        problems.map((p) => p.field),
        [field],
      );
      const error = await rejection(client().createAnnotation(body as unknown as NewAnnotation));
      assert.equal(error.kind, 'badRequest');
      assert.ok(error.message.includes(`${field}: `), error.message);
      assert.equal(fake.requestsTo('POST /v2/annotations').length, 0, 'nothing was sent');

      const sentAnyway = await fetch(`${fake.url}/v2/annotations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(sentAnyway.status, 400);
      assert.match(((await sentAnyway.json()) as { message: string }).message, fakeSays);
    });
  }

  it('an end before the start is refused at endTime; an end at or after it is not', () => {
    const band = { ...DEPLOY, endTime: '2026-03-01T14:00:00Z' };
    assert.deepEqual(
      annotationProblems(band, NEW_ANNOTATION_REQUIRED).map((p) => p.field),
      ['endTime'],
    );
    assert.deepEqual(annotationProblems({ ...band, endTime: DEPLOY.time }, NEW_ANNOTATION_REQUIRED), []);
  });

  it('the reasons are words a person reads', () => {
    assert.equal(
      render(annotationFieldProblem('type', 'Prod Deploy')!),
      'Use only lowercase letters, digits and hyphens, such as production-deployment.',
    );
    assert.equal(render(annotationFieldProblem('title', 'x'.repeat(300))!), 'At most 256 characters (300 now).');
  });

  it('the client’s rules and the fake’s agree on any body (property)', () => {
    const text = (longest: number) =>
      fc.oneof(fc.string({ maxLength: 4 }), fc.string({ minLength: longest - 1, maxLength: longest + 1 }));
    const body = fc.record(
      {
        type: fc.oneof(
          fc.stringMatching(/^[a-z0-9-]{1,5}$/),
          fc.string({ maxLength: 4 }),
          fc.constant('a'.repeat(257)),
        ),
        datasets: fc.array(fc.oneof(fc.constant('http-logs'), fc.constant('')), { maxLength: 2 }),
        title: text(256),
        description: text(512),
        url: text(512),
        time: fc.oneof(
          fc.constant('2026-03-01T14:03:00Z'),
          fc.constant('2026-03-01T14:03:00.5+01:00'),
          fc.string({ maxLength: 3 }),
        ),
      },
      { requiredKeys: ['time'] },
    );
    fc.assert(
      fc.property(body, (b) => {
        const client = annotationProblems(b, NEW_ANNOTATION_REQUIRED).length === 0;
        const service = annotationBodyProblem(b, true) === undefined;
        assert.equal(client, service, JSON.stringify(b));
      }),
      { numRuns: 500 },
    );
  });

  it('the reader never throws anything but the typed error', () => {
    const nearRecord = fc.dictionary(
      fc.constantFrom('id', 'type', 'datasets', 'title', 'time', 'endTime', 'url', '__proto__'),
      fc.oneof(fc.jsonValue(), fc.constant('2026-03-01T14:03:00Z')),
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), nearRecord), (value) => {
        void typedOutcome(() => parseBody(annotationSchema, value, 'annotation'));
        void typedOutcome(() => parseAnnotationList(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe('the list’s shape check', () => {
  const time = fc.oneof(
    fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString()),
    fc.constantFrom('0001-01-01T00:00:00Z', '2026-03-01T14:03:00+02:00', 'yesterday', ''),
  );
  /** An optional field as the service may send it: absent, null, of its type, or of another. */
  const optional = <T>(value: fc.Arbitrary<T>) => fc.oneof(value, fc.constant(null), fc.integer(), fc.boolean());
  const entry = fc.record(
    {
      id: fc.oneof(fc.string(), fc.integer()),
      time: fc.oneof(time, fc.constant(null)),
      type: optional(fc.string()),
      datasets: optional(fc.array(fc.oneof(fc.string(), fc.string(), fc.integer()), { maxLength: 3 })),
      title: optional(fc.string()),
      description: optional(fc.string()),
      url: optional(fc.string()),
      endTime: optional(time),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  );
  /** What a reader sees: the fields, absent and undefined alike. */
  const seen = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

  it('reads any list as zod alone reads it: the same annotations, the same skipped entries (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(entry, fc.jsonValue()), { maxLength: 12 }), (list) => {
        const byZod = parseAnnotationList(structuredClone(list), () => false);
        const read = parseAnnotationList(structuredClone(list));
        assert.deepEqual(seen(read), seen(byZod));
      }),
      { numRuns: 1000 },
    );
  });

  it('vouches for the entries the service sends, and keeps them as parsed', () => {
    const sent: unknown[] = [
      { id: 'a1', time: '2026-03-01T14:03:00Z', type: 'deploy', datasets: ['http-logs'], title: null, extra: 1 },
      { id: 'a2', time: '2026-03-02T14:03:00Z', endTime: '0001-01-01T00:00:00Z', datasets: null },
    ];
    const read = parseAnnotationList(sent);
    assert.equal(read.annotations[0], sent[0], 'the parsed entry itself');
    assert.equal(read.annotations[1], sent[1]);
    assert.equal(read.annotations[0].title, undefined);
    assert.equal(read.annotations[1].endTime, undefined, 'Go’s zero time is no end');
    assert.equal(read.annotations[1].datasets, undefined);
  });
});
