import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { resolveEndpoint, type ApiEndpoint } from '../../../src/core/api/baseUrl';
import { queryLink } from '../../../src/core/links';
import { render } from '../../../src/core/phrase';
import {
  customRange,
  DEFAULT_RANGE,
  parseRangeInput,
  PRESET_IDS,
  rangeLabel,
  rangeRequest,
  readStoredRange,
  resolveRangeEnd,
  storeRange,
  type TimeRange,
} from '../../../src/core/run/timeRange';

const value = (text: string) => {
  const parsed = parseRangeInput(text);
  assert.ok(parsed.ok, `${text}: ${parsed.ok ? '' : render(parsed.problem)}`);
  return parsed.value;
};
const problem = (text: string) => {
  const parsed = parseRangeInput(text);
  assert.ok(!parsed.ok, `${text} was accepted as ${parsed.ok ? parsed.value : ''}`);
  return render(parsed.problem);
};

describe('time ranges', () => {
  it('presets: the last hour by default, sent relative to now, labelled in words', () => {
    assert.deepEqual(DEFAULT_RANGE, { kind: 'preset', preset: '1h' });
    assert.deepEqual(PRESET_IDS, ['15m', '1h', '6h', '24h', '7d', '30d']);
    assert.deepEqual(rangeRequest({ kind: 'preset', preset: '7d' }), { startTime: 'now-7d', endTime: 'now' });
    assert.equal(render(rangeLabel(DEFAULT_RANGE)), 'Last hour');
    assert.equal(render(rangeLabel({ kind: 'preset', preset: '7d' })), 'Last 7 days');
    assert.equal(
      rangeLabel({ kind: 'preset', preset: '15m' }).template,
      'Last 15 minutes',
      'a phrase the VS Code side translates',
    );
  });

  it('a custom range is sent as typed (RFC 3339 or relative) and labelled start – end', () => {
    const range = { kind: 'custom', start: '2026-01-02T03:04:05.000Z', end: 'now-1h' } as const;
    assert.deepEqual(rangeRequest(range), { startTime: '2026-01-02T03:04:05.000Z', endTime: 'now-1h' });
    const label = render(rangeLabel(range));
    assert.match(label, /^.*2026.* – now-1h$/);
  });

  it('reads what a person types: dates, date-times with or without an offset, now and now-N', () => {
    assert.equal(value('now'), 'now');
    assert.equal(value(' NOW - 2h '), 'now-2h');
    assert.equal(value('now-30m'), 'now-30m');
    assert.equal(value('now-7d'), 'now-7d');
    assert.equal(value('2026-01-31T14:30:00Z'), '2026-01-31T14:30:00.000Z');
    assert.equal(value('2026-01-31T14:30:00.123456789Z'), '2026-01-31T14:30:00.123Z');
    assert.equal(value('2026-01-31 14:30+02:00'), '2026-01-31T12:30:00.000Z');
    assert.equal(value('2026-01-31T14:30:00-0530'), '2026-01-31T20:00:00.000Z');
    assert.equal(value('2026-01-31'), new Date(2026, 0, 31).toISOString(), 'a date is local midnight');
    assert.equal(
      value('2026-01-31T14:30'),
      new Date(2026, 0, 31, 14, 30).toISOString(),
      'without an offset: local time',
    );
  });

  it('says what is wrong with what it cannot read', () => {
    assert.match(problem(''), /^Enter a date/);
    assert.match(problem('yesterday'), /“yesterday” is not a date or time/);
    assert.match(problem('now-2y'), /“y” is not a unit/);
    assert.match(problem('now-99999999999d'), /too far back/);
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-04-31T10:00Z',
      '2026-01-01T25:00',
      '2026-01-01T10:60Z',
      '2026-01-01T10:00+25:00',
    ]) {
      assert.match(problem(text), /is not a real date or time/, text);
    }
  });

  it('a local time that summer time skips is not a real time', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      assert.match(problem('2026-03-29T02:30'), /not a real date or time/);
      assert.equal(value('2026-03-29T02:30Z'), '2026-03-29T02:30:00.000Z', 'in UTC it exists');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('a custom range needs its start before its end', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    assert.deepEqual(customRange('now-2h', 'now', now), {
      ok: true,
      range: { kind: 'custom', start: 'now-2h', end: 'now' },
    });
    const backwards = customRange('now', '2026-01-01T00:00:00Z', now);
    assert.ok(!backwards.ok && render(backwards.problem) === 'The start must be before the end.');
    const bad = customRange('2026-01-01', 'later', now);
    assert.ok(!bad.ok && render(bad.problem).startsWith('End: “later”'));
    assert.equal(resolveRangeEnd('now-90m', now), now - 90 * 60_000);
  });

  it('is remembered as plain JSON and read back; anything else is refused', () => {
    const ranges: TimeRange[] = [
      DEFAULT_RANGE,
      { kind: 'preset', preset: '30d' },
      { kind: 'custom', start: '2026-01-01T00:00:00.000Z', end: 'now' },
    ];
    for (const range of ranges) assert.deepEqual(readStoredRange(JSON.parse(JSON.stringify(storeRange(range)))), range);
    for (const bad of [
      null,
      'now-1h',
      [],
      { preset: '1h' },
      { version: 2, preset: '1h' },
      { version: 1, preset: '2h' },
      { version: 1, preset: '1h', extra: true },
      { version: 1, start: 'now', end: 'now-1h' },
      { version: 1, start: '2026-01-01', end: 'now' },
      { version: 1, start: 'now-1h', end: 5 },
    ]) {
      assert.equal(readStoredRange(bad), undefined, JSON.stringify(bad));
    }
  });

  it('never throws on stored values of any shape', () => {
    fc.assert(fc.property(fc.jsonValue(), (stored) => void readStoredRange(stored)));
    fc.assert(fc.property(fc.string(), (text) => void parseRangeInput(text)));
  });
});

describe('queryLink carries the range', () => {
  const endpoint = (resolveEndpoint('https://api.axiom.co') as { ok: true; endpoint: ApiEndpoint }).endpoint;
  const initForm = (link: string) => JSON.parse(new URL(link).searchParams.get('initForm') ?? '') as unknown;

  it('a preset as quickRange, the last hour when none is given', () => {
    assert.deepEqual(initForm(queryLink(endpoint, 'org-1', 'q')), { apl: 'q', queryOptions: { quickRange: '1h' } });
    assert.deepEqual(initForm(queryLink(endpoint, 'org-1', 'q', { kind: 'preset', preset: '7d' })), {
      apl: 'q',
      queryOptions: { quickRange: '7d' },
    });
  });

  it('a custom range as instants, relative ends resolved against now', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const link = queryLink(
      endpoint,
      'org-1',
      'q',
      { kind: 'custom', start: '2026-06-01T09:00:00.000Z', end: 'now-1h' },
      now,
    );
    assert.deepEqual(initForm(link), {
      apl: 'q',
      queryOptions: { startTime: '2026-06-01T09:00:00.000Z', endTime: '2026-06-01T11:00:00.000Z' },
    });
  });
});
