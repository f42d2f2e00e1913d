// The agents' tools' input validation (src/core/agents/validate.ts): every tool's good input taken
// as it is, what a tool cannot take refused one problem per property in words a model can act on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TOOL_NAMES, type ToolName } from '../../../src/core/agents/toolSpecs';
import { validateInput } from '../../../src/core/agents/validate';

describe('agents: input validation', () => {
  const good: Record<ToolName, unknown> = {
    axiom_listDatasets: { filter: 'http' },
    axiom_getDatasetFields: { dataset: 'http-logs' },
    axiom_runQuery: { apl: "['http-logs'] | count", startTime: 'now-1h', endTime: 'now', maxRows: 10 },
    axiom_getAplReference: { search: 'summarize' },
    axiom_listMonitors: { onlyTriggered: true, filter: 'checkout' },
    axiom_getMonitorHistory: { monitor: 'mon_1', hours: 48 },
    axiom_listStarredQueries: { owner: 'team', filter: 'errors', dataset: 'http-logs' },
    axiom_getActiveQuery: {},
    axiom_starQuery: { apl: "['http-logs'] | count", name: 'Count', dataset: 'http-logs' },
    axiom_updateMonitor: { monitor: 'Checkout errors', threshold: 5, intervalMinutes: 10, disabled: false },
    axiom_createMonitor: {
      name: 'Errors',
      type: 'Threshold',
      aplQuery: "['http-logs'] | where status >= 500 | summarize count()",
      operator: 'Above',
      threshold: 0,
      rangeMinutes: 5,
    },
    axiom_listAnnotations: { datasets: 'http-logs,checkout', days: 7 },
    axiom_createAnnotation: {
      type: 'deploy',
      datasets: 'checkout',
      title: 'Deploy v2',
      time: '2026-03-01T14:03:00Z',
    },
    axiom_listDashboards: { filter: 'checkout' },
    axiom_getDashboard: { uid: 'shop-overview' },
    axiom_updateDashboardChart: { uid: 'shop-overview', chartId: 'requests', apl: "['http-logs'] | count" },
    axiom_getTrace: {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      dataset: 'shop-traces',
      seenAt: '2026-03-01T14:03:00Z',
    },
    axiom_findTraces: { service: 'checkout', search: 'slowest', dataset: 'shop-traces', startTime: 'now-24h' },
  };

  it('takes every tool’s good input as it is', () => {
    for (const name of TOOL_NAMES)
      assert.deepEqual(validateInput(name, good[name]), { ok: true, value: good[name] }, name);
  });

  it('refuses what each tool cannot take, one problem per property, in words a model can act on', () => {
    const bad = (name: ToolName, input: unknown) => {
      const checked = validateInput(name, input);
      assert.equal(checked.ok, false, `${name} ${JSON.stringify(input)}`);
      return checked.ok ? [] : checked.problems;
    };
    assert.deepEqual(bad('axiom_getDatasetFields', {}), ['"dataset" is required']);
    assert.deepEqual(bad('axiom_getDatasetFields', { dataset: '  ' }), ['"dataset" must not be empty']);
    assert.deepEqual(bad('axiom_getDatasetFields', { dataset: 7 }), ['"dataset" must be a string, not number 7']);
    assert.deepEqual(bad('axiom_runQuery', { apl: 'x', maxRows: 0 }), ['"maxRows" must be at least 1']);
    assert.deepEqual(bad('axiom_runQuery', { apl: 'x', maxRows: 2.5 }), ['"maxRows" must be a whole number, not 2.5']);
    assert.deepEqual(bad('axiom_runQuery', { apl: 'x', maxRows: 1000 }), ['"maxRows" must be at most 200']);
    assert.match(
      bad('axiom_runQuery', { apl: 'x'.repeat(20_001) })[0],
      /^"apl" is 20001 characters long; at most 20000$/,
    );
    assert.deepEqual(bad('axiom_listMonitors', { onlyTriggered: 'yes' }), [
      '"onlyTriggered" must be true or false, not the text "yes"',
    ]);
    assert.deepEqual(bad('axiom_getMonitorHistory', { monitor: 'm', hours: 721 }), ['"hours" must be at most 720']);
    assert.deepEqual(bad('axiom_listStarredQueries', { owner: 'everyone' }), [
      '"owner" must be one of mine, team, all, not "everyone"',
    ]);
    assert.deepEqual(bad('axiom_starQuery', { apl: 'x' }), ['"name" is required']);
    assert.deepEqual(bad('axiom_getActiveQuery', { path: '/etc/passwd' }), ['unknown property "path" (known: none)']);
    assert.deepEqual(bad('axiom_listDatasets', ['http']), ['the input must be a JSON object, not a list']);
    assert.deepEqual(bad('axiom_listDatasets', 'http'), ['the input must be a JSON object, not string']);
    assert.deepEqual(bad('axiom_updateMonitor', { threshold: 5 }), ['"monitor" is required']);
    assert.deepEqual(bad('axiom_updateMonitor', { monitor: 'm', operator: 'Greater' }), [
      '"operator" must be one of Above, AboveOrEqual, Below, BelowOrEqual, AboveOrBelow, not "Greater"',
    ]);
    assert.deepEqual(bad('axiom_updateMonitor', { monitor: 'm', notifierIds: ['x'] }), [
      'unknown property "notifierIds" (known: monitor, name, description, aplQuery, operator, threshold, columnName, intervalMinutes, rangeMinutes, alertOnNoData, notifyByGroup, disabled)',
    ]);
    assert.deepEqual(bad('axiom_createMonitor', { name: 'x', type: 'Threshold' }), ['"aplQuery" is required']);
    assert.deepEqual(bad('axiom_createMonitor', { name: 'x', type: 'Sometimes', aplQuery: 'q', intervalMinutes: 0 }), [
      '"type" must be one of Threshold, MatchEvent, AnomalyDetection, not "Sometimes"',
      '"intervalMinutes" must be at least 1',
    ]);
  });

  it('no input is an empty one; null properties count as absent', () => {
    assert.deepEqual(validateInput('axiom_listMonitors', undefined), { ok: true, value: {} });
    assert.deepEqual(validateInput('axiom_listMonitors', { filter: null }), { ok: true, value: {} });
  });
});
