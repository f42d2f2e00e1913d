// Changing monitors in the core: the client's get, update, create and delete and the notifier list
// over real HTTP against the fake service; the PUT and POST bodies field by field; the checks and
// their reasons; the monitor file format and its round trip.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { render } from '../../../src/core/phrase';
import { checkMonitor, hasErrors } from '../../../src/core/monitors/monitorChecks';
import {
  applyTarget,
  fileChanges,
  monitorDefinition,
  monitorFileName,
  monitorFileText,
  readMonitorFile,
} from '../../../src/core/monitors/monitorFile';
import { monitorJsonSchema } from '../../../src/core/monitors/monitorSchema';
import { snoozeEnd } from '../../../src/core/monitors/snooze';
import { changeMonitor, createMonitor, type PlannedWrite } from '../../../src/core/monitors/monitorWrites';
import {
  changedFields,
  changesBetween,
  notifierIdsOf,
  postBody,
  putBody,
} from '../../../src/core/monitors/monitorBodies';
import { FakeAxiom, monitorBodyProblem } from '../../support/fakeAxiom';
import { GO_SDK_MONITORS, REALISTIC_MONITORS } from '../../support/fixtures';
import { rejection, fakeServiceUnderTest } from '../../support/testClient';

const {
  fake,
  log,
  connect: client,
} = fakeServiceUnderTest({
  alsoAfterEach: () => {
    fake.monitors = [];
    fake.notifiers = [];
  },
});

const seed = () => {
  fake.monitors = structuredClone([...REALISTIC_MONITORS, ...GO_SDK_MONITORS]);
};
const sentBodies = (route: Parameters<FakeAxiom['requestsTo']>[0]) =>
  fake.requestsTo(route).map((r) => JSON.parse(r.body) as Record<string, unknown>);
const without = (record: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
const READ_ONLY = ['id', 'createdAt', 'createdBy', 'updatedAt'];

describe('monitors: the client changes them', () => {
  it('reads one monitor, keeping the record as sent (unknown fields too)', async () => {
    seed();
    const { monitor, raw } = await client().getMonitor('mon_errors_1');
    assert.equal(monitor.name, 'Checkout errors');
    assert.deepEqual(monitor.notifierIds, ['notify_slack_oncall']);
    assert.deepEqual(raw.someFieldAddedLater, { nested: true });
    assert.equal(raw.disabledUntil, null);
  });

  it('a PUT sends the record read afresh with only the query changed, once', async () => {
    seed();
    const api = client();
    const fresh = await api.getMonitor('mon_errors_1');
    const saved = await api.updateMonitor(
      'mon_errors_1',
      putBody(fresh.raw, { aplQuery: "['http-logs'] | summarize count()" }),
    );
    const [body] = sentBodies('PUT /v2/monitors/{id}');
    assert.deepEqual(body, {
      ...without(REALISTIC_MONITORS[0], ...READ_ONLY),
      aplQuery: "['http-logs'] | summarize count()",
    });
    assert.deepEqual(changedFields(fresh.raw, body), ['aplQuery']);
    assert.equal(saved.monitor.aplQuery, "['http-logs'] | summarize count()");
    assert.deepEqual(saved.raw.someFieldAddedLater, { nested: true });
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 1);
  });

  it('keeps the Go spelling of the notifier list, and writes a changed list under it alone', () => {
    const go = GO_SDK_MONITORS[0] as Record<string, unknown>;
    assert.deepEqual(putBody(go, { threshold: 11 }).notifierIDs, null);
    const changed = putBody(go, { notifierIds: ['n1'] });
    assert.deepEqual(changed.notifierIDs, ['n1']);
    assert.equal('notifierIds' in changed, false);
    const both = putBody(
      { name: 'x', type: 'Threshold', notifierIds: ['a'], notifierIDs: ['a'] },
      { notifierIds: ['b'] },
    );
    assert.deepEqual(both, { name: 'x', type: 'Threshold', notifierIds: ['b'] });
    assert.deepEqual(notifierIdsOf(REALISTIC_MONITORS[2]), ['notify_email_1', 'notify_email_2']);
  });

  it('a change to no field sends the record back as it is, minus what the service sets', () => {
    for (const record of [...REALISTIC_MONITORS, ...GO_SDK_MONITORS] as Record<string, unknown>[]) {
      assert.deepEqual(putBody(record, {}), without(record, ...READ_ONLY));
      assert.deepEqual(changesBetween(record, record), {});
    }
  });

  it('changes between two versions apply to a record changed meanwhile without losing its change', () => {
    const base = { id: 'm', name: 'A', type: 'Threshold', aplQuery: 'q', threshold: 1, description: 'old' };
    const edited = { ...base, threshold: 5, notifierIds: ['n1'] };
    const fresh = { ...base, description: 'changed elsewhere', updatedAt: '2026-01-01T00:00:00Z' };
    assert.deepEqual(putBody(fresh, changesBetween(base, edited)), {
      name: 'A',
      type: 'Threshold',
      aplQuery: 'q',
      threshold: 5,
      description: 'changed elsewhere',
      notifierIds: ['n1'],
    });
  });

  it('a POST creates, with the service’s fields left out and empty values dropped', async () => {
    const api = client();
    const created = await api.createMonitor(
      postBody({
        id: 'old',
        name: 'New',
        type: 'Threshold',
        aplQuery: "['x'] | summarize count()",
        operator: 'Above',
        threshold: 3,
        intervalMinutes: 5,
        rangeMinutes: 5,
        description: null,
        createdAt: 'x',
      }),
    );
    assert.match(created.monitor.id, /^mon_new_/);
    assert.deepEqual(sentBodies('POST /v2/monitors')[0], {
      name: 'New',
      type: 'Threshold',
      aplQuery: "['x'] | summarize count()",
      operator: 'Above',
      threshold: 3,
      intervalMinutes: 5,
      rangeMinutes: 5,
    });
    assert.equal(
      (await api.listMonitors()).monitors.some((m) => m.id === created.monitor.id),
      true,
    );
  });

  it('never repeats a PUT, a POST or a DELETE, even on a 503 or a dropped connection', async () => {
    seed();
    const api = client();
    const body = putBody((await api.getMonitor('mon_errors_1')).raw, { threshold: 1 });
    fake.fail('PUT /v2/monitors/{id}', { status: 503, times: 5 });
    assert.equal((await rejection(api.updateMonitor('mon_errors_1', body))).kind, 'server');
    fake.fail('POST /v2/monitors', { drop: true, times: 5 });
    assert.equal((await rejection(api.createMonitor(postBody(body)))).kind, 'network');
    fake.fail('DELETE /v2/monitors/{id}', { status: 502, times: 5 });
    assert.equal((await rejection(api.deleteMonitor('mon_errors_1'))).kind, 'server');
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 1);
    assert.equal(fake.requestsTo('POST /v2/monitors').length, 1);
    assert.equal(fake.requestsTo('DELETE /v2/monitors/{id}').length, 1);
  });

  it('deletes with one request (204); a second delete finds nothing', async () => {
    seed();
    const api = client();
    await api.deleteMonitor('mon_errors_1');
    assert.equal(fake.monitorById('mon_errors_1'), undefined);
    assert.equal((await rejection(api.deleteMonitor('mon_errors_1'))).kind, 'notFound');
  });

  it('the service’s refusal comes back with its words', async () => {
    seed();
    const api = client();
    const error = await rejection(
      api.updateMonitor('mon_errors_1', putBody((await api.getMonitor('mon_errors_1')).raw, { intervalMinutes: 0 })),
    );
    assert.equal(error.kind, 'badRequest');
    assert.equal(error.serviceMessage, 'invalid monitor: intervalMinutes must be at least 1');
  });

  it('a saved monitor whose answer cannot be read is what was sent', async () => {
    seed();
    const api = client();
    const body = putBody((await api.getMonitor('mon_errors_1')).raw, { threshold: 7 });
    fake.fail('PUT /v2/monitors/{id}', { status: 200, body: 'OK', times: 1 });
    const saved = await api.updateMonitor('mon_errors_1', body);
    assert.equal(saved.monitor.threshold, 7);
    assert.equal(saved.monitor.id, 'mon_errors_1');
  });

  it('lists notifiers by name and kind, never their settings; null is none', async () => {
    fake.notifiers = [
      { id: 'n1', name: 'On-call Slack', properties: { slack: { slackUrl: 'https://hooks.example/secret-value' } } },
      {
        id: 'n2',
        name: 'Team mail',
        properties: { email: { emails: ['a@example.com'] } },
        disabledUntil: '2030-01-01T00:00:00Z',
      },
      { name: 'no id' },
      { id: 'n3', properties: {} },
    ];
    const notifiers = await client().listNotifiers();
    assert.deepEqual(notifiers, [
      { id: 'n1', name: 'On-call Slack', kind: 'slack' },
      { id: 'n2', name: 'Team mail', kind: 'email', disabledUntil: '2030-01-01T00:00:00Z' },
      { id: 'n3', name: 'n3', kind: '' },
    ]);
    assert.doesNotMatch(JSON.stringify(notifiers), /secret-value/);
    assert.match(log.warnings.join('\n'), /skipped 1 notifiers/);
    fake.notifiers = null as unknown as unknown[];
    assert.deepEqual(await client().listNotifiers(), []);
  });
});

describe('monitors: checks before sending', () => {
  const threshold = {
    name: 'Errors',
    type: 'Threshold',
    aplQuery: "['logs'] | where status >= 500 | summarize count() by bin(_time, 5m)",
    operator: 'Above',
    threshold: 10,
    intervalMinutes: 5,
    rangeMinutes: 5,
  };
  const reasons = (definition: Record<string, unknown>) =>
    checkMonitor(definition).map((p) => `${p.level} ${p.field}: ${render(p.reason)}`);

  it('a good threshold monitor has no problems', () => {
    assert.deepEqual(reasons(threshold), []);
  });

  it('names the field and the reason for each rule of the API description', () => {
    assert.deepEqual(
      reasons({
        ...threshold,
        name: ' ',
        intervalMinutes: 0,
        rangeMinutes: 1.5,
        compareDays: 8,
        tolerance: 101,
        secondDelay: -1,
      }),
      [
        'error name: A monitor needs a name.',
        'error tolerance: Enter a number from 0 to 100.',
        'error compareDays: Enter a number from 1 to 7.',
        'error intervalMinutes: Enter 1 or more.',
        'error rangeMinutes: Enter a whole number.',
        'error secondDelay: Enter a number from 0 to 86400.',
      ],
    );
    assert.deepEqual(reasons({ ...threshold, threshold: undefined, operator: null }), [
      'error threshold: A threshold monitor needs a threshold.',
      'error operator: A threshold monitor needs an operator.',
    ]);
    assert.deepEqual(reasons({ name: 'x', aplQuery: "['l']", mplQuery: 'm' }), [
      'error type: Choose a type: Threshold, Match event or Anomaly detection.',
      'error aplQuery: A monitor has one query, APL or MPL, not both.',
    ]);
    assert.deepEqual(reasons({ name: 'x', type: 'MatchEvent' }), ['error aplQuery: A monitor needs a query.']);
    assert.deepEqual(reasons({ ...threshold, triggerAfterNPositiveResults: 3, triggerFromNRuns: 2 }), [
      'error triggerAfterNPositiveResults: 3 positive runs cannot happen among the last 2.',
    ]);
    assert.deepEqual(reasons({ ...threshold, threshold: '10', alertOnNoData: 'yes', notifierIds: [1] }), [
      'error threshold: Enter a number.',
      'error alertOnNoData: Expected yes or no (true or false).',
      'error notifierIds: Expected a list of notifier ids.',
    ]);
  });

  it('flags the query shapes the service refuses, before sending', () => {
    assert.deepEqual(reasons({ ...threshold, aplQuery: "['logs'] | where status >= 500 | count\n| project x" }), [
      'error aplQuery: A threshold monitor’s query must end with summarize; this one ends with project.',
    ]);
    assert.deepEqual(reasons({ ...threshold, aplQuery: "['logs'] // | summarize\n| where x == '| summarize'" }), [
      'error aplQuery: A threshold monitor’s query must end with summarize; this one ends with where.',
    ]);
    assert.deepEqual(
      reasons({
        name: 'm',
        type: 'MatchEvent',
        aplQuery: "['logs'] | where level == 'error' | summarize count() by host",
      }),
      ['error aplQuery: A match monitor’s query filters events and cannot aggregate; this one uses summarize.'],
    );
    assert.deepEqual(
      reasons({
        name: 'm',
        type: 'MatchEvent',
        aplQuery: "['logs'] | where level == 'error' | extend x = 1 | project x",
      }),
      [],
    );
    assert.deepEqual(reasons({ ...threshold, aplQuery: "['logs'] | summarize count() by bin_auto(_time)" }), [
      'warning aplQuery: Axiom advises bin(_time, …) rather than bin_auto in monitors: bin_auto’s buckets change with the range.',
    ]);
    assert.equal(
      hasErrors(checkMonitor({ ...threshold, aplQuery: "['logs'] | summarize count() by bin_auto(_time)" })),
      false,
    );
    assert.deepEqual(
      reasons({
        ...threshold,
        aplQuery: "['logs'] | where m == 'bin_auto(_time)'\n| summarize count()\n// tuned after the outage",
      }),
      [],
      'a last comment line is no operator, a string no call',
    );
    assert.deepEqual(reasons({ ...threshold, type: 'Forecast', operator: 'Sideways' }), [
      'warning type: “Forecast” is not a type the API describes; the service may refuse it.',
      'warning operator: “Sideways” is not an operator the API describes; the service may refuse it.',
    ]);
  });

  it('what the checks pass, the fake service (the API description’s rules) takes', () => {
    const definitions = fc.record(
      {
        name: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        type: fc.constantFrom('Threshold', 'MatchEvent', 'AnomalyDetection'),
        intervalMinutes: fc.integer({ min: -2, max: 100 }),
        rangeMinutes: fc.integer({ min: -2, max: 100 }),
        compareDays: fc.integer({ min: 0, max: 10 }),
        tolerance: fc.double({ min: 0, max: 150, noNaN: true }),
        secondDelay: fc.integer({ min: 0, max: 90000 }),
        threshold: fc.double({ noNaN: true, noDefaultInfinity: true }),
        operator: fc.constantFrom('Above', 'Below', 'AboveOrBelow'),
      },
      { requiredKeys: ['name', 'type'] },
    );
    fc.assert(
      fc.property(definitions, (d) => {
        const definition = {
          ...d,
          aplQuery: d.type === 'MatchEvent' ? "['l'] | where x > 1" : "['l'] | summarize count()",
        };
        if (!hasErrors(checkMonitor(definition))) assert.equal(monitorBodyProblem(definition), undefined);
      }),
      { numRuns: 300 },
    );
  });
});

describe('monitors as files', () => {
  it('writes the definition without the service’s fields, in the settings’ order, unknown fields last', () => {
    const text = monitorFileText(REALISTIC_MONITORS[0]);
    const keys = Object.keys(JSON.parse(text) as object);
    assert.deepEqual(keys, [
      'name',
      'description',
      'type',
      'aplQuery',
      'operator',
      'threshold',
      'alertOnNoData',
      'notifyByGroup',
      'intervalMinutes',
      'rangeMinutes',
      'notifierIds',
      'disabled',
      'someFieldAddedLater',
    ]);
    assert.ok(text.endsWith('}\n'));
    assert.doesNotMatch(text, /mon_errors_1|createdAt|usr_1/);
    const go = monitorDefinition(GO_SDK_MONITORS[0]);
    assert.equal('disabledUntil' in go, false, 'a never-time is no snooze');
    assert.equal('notifierIDs' in go || 'notifierIds' in go, false, 'a nil list is none');
    assert.deepEqual(monitorDefinition(REALISTIC_MONITORS[2]).notifierIds, ['notify_email_1', 'notify_email_2']);
    assert.equal(monitorFileName('Checkout: errors / 5xx'), 'Checkout- errors - 5xx.axiom-monitor.json');
  });

  it('round-trips: a file read and written again is the same text, and applying it to its monitor changes nothing', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.string(), tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    const records = fc.record(
      {
        id: fc.string(),
        name: fc.string(),
        type: fc.constantFrom('Threshold', 'MatchEvent', 'AnomalyDetection', 'Other'),
        aplQuery: fc.string(),
        threshold: fc.double({ noNaN: true, noDefaultInfinity: true }),
        notifierIds: fc.array(fc.string()),
        notifierIDs: fc.option(fc.array(fc.string()), { nil: null }),
        createdAt: fc.constant('2025-01-01T00:00:00Z'),
        disabledUntil: fc.constantFrom(null, '0001-01-01T00:00:00Z', '2030-01-01T00:00:00Z'),
        extra: json,
        __proto__: json,
      },
      { requiredKeys: ['name'] },
    );
    fc.assert(
      fc.property(records, (record) => {
        const text = monitorFileText(record);
        const read = readMonitorFile(text);
        assert.ok(read.ok);
        assert.equal(monitorFileText(read.definition), text);
        assert.deepEqual(fileChanges(record, read.definition), {});
        assert.deepEqual(putBody(record, fileChanges(record, read.definition)), without(record, ...READ_ONLY));
      }),
      { numRuns: 300 },
    );
  });

  it('applies by name: create, update the one of that name, or ask when several share it', () => {
    const monitors = [
      { id: 'a', name: 'One' },
      { id: 'b', name: 'Two' },
      { id: 'c', name: 'Two' },
    ];
    assert.deepEqual(applyTarget({ name: 'Three' }, monitors), { kind: 'create' });
    assert.deepEqual(applyTarget({ name: 'One' }, monitors), { kind: 'update', id: 'a' });
    assert.deepEqual(applyTarget({ name: 'Two' }, monitors), { kind: 'ambiguous', ids: ['b', 'c'] });
  });

  it('a file changes only the fields it holds that differ; ids in it are ignored', () => {
    const read = readMonitorFile(
      JSON.stringify({ id: 'mon_other', name: 'Checkout errors', threshold: 150, updatedAt: 'x', $schema: 'y' }),
    );
    assert.ok(read.ok);
    assert.deepEqual(read.definition, { name: 'Checkout errors', threshold: 150 });
    assert.deepEqual(fileChanges(REALISTIC_MONITORS[0], read.definition), { threshold: 150 });
    const bad = readMonitorFile('[1]');
    assert.equal(bad.ok, false);
    const broken = readMonitorFile('{');
    assert.ok(!broken.ok && /not valid JSON/.test(render(broken.problem)));
  });
});

describe('monitors: the file schema and snoozes', () => {
  it('the schema shipped for *.axiom-monitor.json is the one the fields table makes', () => {
    const shipped = JSON.parse(
      fs.readFileSync(path.join(process.cwd(), 'media/axiom-monitor.schema.json'), 'utf8'),
    ) as unknown;
    assert.deepEqual(shipped, monitorJsonSchema());
    const properties = (shipped as { properties: Record<string, { minimum?: number; maximum?: number }> }).properties;
    assert.deepEqual(
      [properties.intervalMinutes.minimum, properties.compareDays.maximum, properties.tolerance.maximum],
      [1, 7, 100],
    );
  });

  it('a snooze until a date is read in local time, in the future only', () => {
    const now = new Date(2026, 4, 1, 8, 0).getTime();
    assert.deepEqual(snoozeEnd('2026-05-01 09:30', now), new Date(2026, 4, 1, 9, 30));
    assert.deepEqual(snoozeEnd('2026-05-02', now), new Date(2026, 4, 2, 0, 0));
    assert.equal(render(snoozeEnd('2026-05-01 07:00', now) as never), 'Enter a time in the future.');
    assert.equal(
      render(snoozeEnd('2026-02-30 07:00', now) as never),
      'Enter a date and time such as 2026-05-01 09:00.',
    );
    assert.equal(render(snoozeEnd('tomorrow', now) as never), 'Enter a date and time such as 2026-05-01 09:00.');
  });
});

describe('monitors: one module sends every change (core/monitors/monitorWrites.ts)', () => {
  const PUT = 'PUT /v2/monitors/{id}';
  const POST = 'POST /v2/monitors';

  it('a change reads the monitor afresh and sends it whole with only that change, once', async () => {
    seed();
    const outcome = await changeMonitor(client(), 'mon_errors_1', { disabled: true }, { checking: 'none' });
    assert.equal(outcome.kind, 'changed');
    assert.deepEqual(sentBodies(PUT), [{ ...without(REALISTIC_MONITORS[0], ...READ_ONLY), disabled: true }]);
    assert.equal(fake.requestsTo('GET /v2/monitors/{id}').length, 1);
  });

  it('a change that changes nothing, one the checks refuse, or one declined sends nothing', async () => {
    seed();
    const api = client();
    assert.equal((await changeMonitor(api, 'mon_errors_1', {}, { checking: 'all' })).kind, 'unchanged');
    const refused = await changeMonitor(api, 'mon_errors_1', { threshold: undefined }, { checking: 'all' });
    assert.deepEqual(refused.kind === 'refused' && refused.problems.map((p) => p.field), ['threshold']);
    let planned: PlannedWrite | undefined;
    const declined = await changeMonitor(api, 'mon_errors_1', (fresh) => ({ threshold: Number(fresh.threshold) + 1 }), {
      checking: 'all',
      confirm: async (plan) => {
        planned = plan;
        return false;
      },
    });
    assert.equal(declined.kind, 'declined');
    assert.equal(planned?.body.threshold, 101);
    assert.equal(planned?.fresh?.threshold, 100);
    assert.equal(fake.requestsTo(PUT).length, 0);
  });

  it('checking the changed fields alone leaves what was there before to the service', async () => {
    seed();
    // A threshold monitor without its threshold: only a change to the threshold is judged by it.
    fake.monitorById('mon_errors_1')!.threshold = null;
    const outcome = await changeMonitor(client(), 'mon_errors_1', { intervalMinutes: 10 }, { checking: 'changed' });
    assert.equal(outcome.kind, 'changed');
    assert.equal(fake.requestsTo(PUT).length, 1);
  });

  it('a create sends the POST body made of the definition, once; refused, nothing', async () => {
    const definition = { ...without(REALISTIC_MONITORS[0], 'someFieldAddedLater'), disabledUntil: null };
    const refused = await createMonitor(client(), { ...definition, name: '' }, { checking: 'all' });
    assert.equal(refused.kind, 'refused');
    assert.equal(fake.requestsTo(POST).length, 0);
    const created = await createMonitor(client(), definition, { checking: 'all' });
    assert.equal(created.kind, 'created');
    assert.deepEqual(sentBodies(POST), [postBody(definition)]);
    assert.deepEqual(created.kind === 'created' && created.body, postBody(definition));
  });

  it('no other module sends a PUT, POST or DELETE of a monitor', () => {
    const sends = /(?<!this)\.(?:updateMonitor|createMonitor|deleteMonitor)\(/;
    const sources = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) =>
          entry.isDirectory()
            ? sources(path.join(dir, entry.name))
            : entry.name.endsWith('.ts')
              ? [path.join(dir, entry.name)]
              : [],
        );
    const sending = sources(path.join(process.cwd(), 'src'))
      .filter((file) => sends.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(process.cwd(), file).split(path.sep).join('/'))
      .sort();
    // The client defines the requests (without a dot before them); monitorWrites.ts is the one place that makes them.
    assert.deepEqual(sending, ['src/core/monitors/monitorWrites.ts']);
  });
});
