// The dashboard JSON schema (media/axiom-dashboard.schema.json): what the derivation from the
// OpenAPI description writes, it accepts the documents the fake and the demo hold, and it refuses,
// naming it, a key the spec does not allow (the fake's 400 says the same).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkAgainstSchema } from '../../support/jsonSchemaCheck';
import { dashboardDocumentProblem, dashboardSchema } from '../../support/fakeDashboards';
import { largeDashboard, sampleDashboard } from '../../support/dashboardFixtures';
import { DEMO_DASHBOARDS } from '../../support/demoDashboards';
import { projectRoot } from '../../support/projectRoot';
// @ts-expect-error -- a plain .mjs script, typed by what it returns
import { deriveDashboardSchema } from '../../support/deriveDashboardSchema.mjs';

const SPEC = path.join(projectRoot, '../shared/reference/axiom-openapi-v2.json');

describe('the dashboard schema', () => {
  it(
    'is what the derivation from the OpenAPI description writes',
    { skip: !fs.existsSync(SPEC) && 'the OpenAPI description is not beside the project' },
    () => {
      const spec = JSON.parse(fs.readFileSync(SPEC, 'utf8')) as unknown;
      assert.deepEqual(dashboardSchema(), (deriveDashboardSchema as (s: unknown) => unknown)(spec));
    },
  );

  it('accepts the documents the tests, the bench and the demo hold', () => {
    for (const document of [sampleDashboard(), largeDashboard(200), ...DEMO_DASHBOARDS.map((d) => d.document)])
      assert.deepEqual(checkAgainstSchema(dashboardSchema(), document), [], String(document.name));
  });

  it('refuses, naming them, keys the spec does not allow, at the top and in a chart', () => {
    const document = { ...sampleDashboard(), folder: 'ops' };
    document.charts[0].colour = 'red';
    assert.deepEqual(
      checkAgainstSchema(dashboardSchema(), document).map((p) => p.path),
      ['charts.0.colour', 'folder'],
    );
  });

  it('refuses what the spec refuses: more than 200 charts, a refresh it does not know, a chart kind it does not know', () => {
    assert.match(dashboardDocumentProblem(largeDashboard(201)) ?? '', /charts: must have at most 200 items/);
    assert.match(dashboardDocumentProblem({ ...sampleDashboard(), refreshTime: 30 }) ?? '', /refreshTime/);
    const odd = sampleDashboard();
    odd.charts[0].type = 'Gauge';
    assert.ok(dashboardDocumentProblem(odd));
  });

  it('refuses a time window written other than qr-now or epoch milliseconds', () => {
    assert.match(
      dashboardDocumentProblem({ ...sampleDashboard(), timeWindowStart: 'now-1h' }) ?? '',
      /timeWindowStart/,
    );
    assert.equal(dashboardDocumentProblem({ ...sampleDashboard(), timeWindowStart: '1704067200000' }), undefined);
  });
});
