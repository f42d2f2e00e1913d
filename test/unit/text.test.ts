import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveEndpoint } from '../../src/core/api/baseUrl';
import { AxiomError } from '../../src/core/api/errors';
import type { Monitor } from '../../src/core/api/schemas';
import { adviceFor } from '../../src/core/api/errorAdvice';
import { appOrigin, monitorLink, queryLink } from '../../src/core/links';
import { formatDate, listDateFormatter } from '../../src/core/format';
import { fencedCode } from '../../src/core/markdown';
import { firstSnoozeEnd, monitorRow, monitorRows, monitorRowWords } from '../../src/core/monitors/monitorRows';
import { monitorState } from '../../src/core/monitors/monitorState';
import { minutesWords, monitorSummary } from '../../src/core/monitors/monitorWords';
import { checkOrgIdInput, checkTokenInput } from '../../src/core/accounts/tokenInput';
import { maskSecrets, rememberSecret } from '../../src/core/api/secrets';
import { render } from '../../src/core/phrase';

const monitor = (over: Partial<Monitor>): Monitor => ({ id: 'mon_1', name: 'm', type: 'Threshold', ...over });

describe('monitor text', () => {
  it('summarises type, condition and interval', () => {
    assert.equal(
      monitorSummary(monitor({ operator: 'Above', threshold: 100, intervalMinutes: 5 })),
      'Threshold · Above 100 · every 5m',
    );
    assert.equal(
      monitorSummary(monitor({ type: 'AnomalyDetection', intervalMinutes: 90 })),
      'Anomaly detection · every 1h 30m',
    );
    assert.equal(minutesWords(1440), '1d');
  });

  it('a type the service did not send (or left empty) is unknown; an unset interval (Go writes 0) is left unsaid', () => {
    assert.equal(
      monitorSummary(monitor({ type: undefined, operator: 'Below', threshold: 0, intervalMinutes: 0 })),
      'Unknown type · Below 0',
    );
    assert.equal(monitorSummary(monitor({ type: '', intervalMinutes: 15 })), 'Unknown type · every 15m');
    assert.equal(monitorSummary(monitor({ type: 'Threshold', intervalMinutes: 0 })), 'Threshold');
  });

  it('snoozed only while disabledUntil is ahead', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(monitorState(monitor({ disabledUntil: '2026-01-02T00:00:00Z' }), now).kind, 'snoozed');
    assert.equal(monitorState(monitor({ disabledUntil: '2025-12-31T00:00:00Z' }), now).kind, 'active');
    assert.equal(monitorState(monitor({ disabled: true, disabledUntil: undefined }), now).kind, 'disabled');
  });

  it('a fence is longer than any backtick run inside', () => {
    assert.equal(fencedCode('a ``` b', 'kusto'), '````kusto\na ``` b\n````');
    assert.equal(fencedCode('plain', 'kusto'), '```kusto\nplain\n```');
  });

  const sortMonitors = (monitors: Monitor[]) => monitorRows(monitors).map((row) => row.monitor);
  it('sorts by name, case-insensitively and numerically', () => {
    const sorted = sortMonitors([
      monitor({ id: '1', name: 'b10' }),
      monitor({ id: '2', name: 'B2' }),
      monitor({ id: '3', name: 'a' }),
    ]);
    assert.deepEqual(
      sorted.map((m) => m.name),
      ['a', 'B2', 'b10'],
    );
  });

  it('sorts accents with their letters, numbers by value inside names, equal names by id', () => {
    const names = ['edge', 'École 10', 'École 9', 'eb', 'x100', 'x99', 'x9'];
    const sorted = sortMonitors(names.map((name, i) => monitor({ id: `m${i}`, name })));
    assert.deepEqual(
      sorted.map((m) => m.name),
      ['eb', 'École 9', 'École 10', 'edge', 'x9', 'x99', 'x100'],
    );
    const ties = sortMonitors([monitor({ id: 'b', name: 'Same' }), monitor({ id: 'a', name: 'same' })]);
    assert.deepEqual(
      ties.map((m) => m.id),
      ['a', 'b'],
    );
    const three = sortMonitors(['c', 'a', 'b'].map((id) => monitor({ id, name: 'Same' })));
    assert.deepEqual(
      three.map((m) => m.id),
      ['a', 'b', 'c'],
    );
  });

  it('the first snooze end among the rows is when their text goes stale', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const at = (ms: number) => new Date(now + ms).toISOString();
    const rows = (untils: (string | undefined)[]) =>
      monitorRows(
        untils.map((until, i) => monitor({ id: `m${i}`, disabledUntil: until })),
        now,
      );
    assert.equal(firstSnoozeEnd(rows([at(60_000), undefined, at(5_000), at(-5_000)])), now + 5_000);
    assert.equal(firstSnoozeEnd(rows([undefined, at(-1)])), undefined, 'nothing snoozed');
    assert.equal(
      firstSnoozeEnd(rows([at(5_000)])),
      now + 5_000,
      'rows made before the end give it when asked after it: they still say "snoozed" and must be made again',
    );
  });

  it('rows of one list say a shared snooze end as formatDate does, and each end its own', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const rowDates = listDateFormatter();
    const row = (until: string) => monitorRowWords(monitorRow(monitor({ disabledUntil: until }), now), rowDates);
    const [first, second] = ['2026-03-01T09:00:00Z', '2026-04-01T09:00:00Z'].map((until) =>
      formatDate(new Date(until)),
    );
    assert.ok(row('2026-03-01T09:00:00Z').startsWith(`snoozed until ${first} · `));
    assert.equal(row('2026-03-01T09:00:00.000Z'), row('2026-03-01T09:00:00Z'));
    assert.ok(row('2026-04-01T09:00:00Z').startsWith(`snoozed until ${second} · `));
  });
});

describe('endpoint and links', () => {
  it('adds /v2 once and keeps a path prefix', () => {
    const base = (url: string) => (resolveEndpoint(url) as { ok: true; endpoint: { base: string } }).endpoint.base;
    assert.equal(base(''), 'https://api.axiom.co/v2');
    assert.equal(base('https://api.axiom.co/v2/'), 'https://api.axiom.co/v2');
    assert.equal(base('https://proxy.example.com/axiom'), 'https://proxy.example.com/axiom/v2');
    assert.equal(base('http://localhost:8080'), 'http://localhost:8080/v2');
  });

  it('the app host follows the API host', () => {
    const endpoint = (url: string) =>
      (resolveEndpoint(url) as { ok: true; endpoint: Parameters<typeof appOrigin>[0] }).endpoint;
    assert.equal(appOrigin(endpoint('https://api.axiom.co')), 'https://app.axiom.co');
    assert.equal(appOrigin(endpoint('https://api.eu.axiom.co')), 'https://app.eu.axiom.co');
    assert.equal(
      monitorLink(endpoint('https://api.axiom.co'), 'org-1', 'mon_9'),
      'https://app.axiom.co/org-1/monitors/mon_9',
    );
    const link = new URL(queryLink(endpoint('https://api.axiom.co'), 'org-1', "['x'] | take 1"));
    assert.deepEqual(JSON.parse(link.searchParams.get('initForm') ?? ''), {
      apl: "['x'] | take 1",
      queryOptions: { quickRange: '1h' },
    });
  });
});

describe('secrets and input', () => {
  it('masks token-shaped strings', () => {
    assert.equal(maskSecrets('bad token xaat-1234-abcd and xapt-ffff'), 'bad token xaat-•••• and xapt-••••');
  });
  it('checks token and org id input', () => {
    assert.deepEqual(checkTokenInput('  xaat-1  '), { ok: true, token: 'xaat-1' });
    assert.equal(checkTokenInput('').ok, false);
    assert.equal(checkTokenInput('a b').ok, false);
    assert.deepEqual(checkOrgIdInput('https://app.axiom.co/my-org-1/monitors'), { ok: true, orgId: 'my-org-1' });
    assert.equal(checkOrgIdInput('a/b').ok, false);
  });
  it('error messages never carry a token the service echoed', () => {
    const error = new AxiomError('forbidden', '403: token xaat-secret-1 is invalid', {
      status: 403,
      serviceMessage: 'token xaat-secret-1 is invalid',
    });
    const advice = adviceFor(error, 'Loading monitors');
    assert.ok(!render(advice.message).includes('xaat-secret-1'));
    assert.deepEqual(advice.actions, ['retry', 'setToken', 'showLog']);
  });
});

describe('masking by value', () => {
  it('masks a remembered secret of any shape as is, URL-encoded and JSON-escaped, and keeps the kind of an Axiom token', () => {
    const odd = 'odd/secret "token"+ä';
    rememberSecret(odd);
    const text = `a ${odd} b ${encodeURIComponent(odd)} c ${JSON.stringify(odd).slice(1, -1)} d Bearer ${odd}`;
    assert.equal(maskSecrets(text), 'a •••• b •••• c •••• d Bearer ••••');
    rememberSecret('xaat-remembered-1234');
    assert.equal(maskSecrets('token xaat-remembered-1234!'), 'token xaat-••••!');
  });

  it('leaves very short values alone: they would mask ordinary words', () => {
    rememberSecret('abc');
    assert.equal(maskSecrets('abc abcdef'), 'abc abcdef');
  });
});
