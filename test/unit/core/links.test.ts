import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveEndpoint } from '../../../src/core/api/baseUrl';
import { appOrigin, monitorLink, queryLink } from '../../../src/core/links';

describe('endpoint and links', () => {
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

  it('an MPL query opens with its metrics dataset beside it', () => {
    const { endpoint } = resolveEndpoint('https://api.axiom.co') as {
      ok: true;
      endpoint: Parameters<typeof appOrigin>[0];
    };
    const mpl = '`shop-metrics`:`cpu` | align to 5m using avg';
    const link = new URL(queryLink(endpoint, 'org-1', mpl, undefined, undefined, 'shop-metrics'));
    assert.deepEqual(JSON.parse(link.searchParams.get('initForm') ?? ''), {
      apl: mpl,
      queryOptions: { quickRange: '1h' },
      metricsDataset: 'shop-metrics',
    });
  });
});
