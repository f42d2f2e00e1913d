// Log activity over the demo's data, through the client and the fake service over HTTP: the one
// query of each of the shop's files counts what the demo logged from its statements, the same as
// a query per statement does; production errors land on the lines the shop throws at.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Agent } from 'undici';
import { activityQuery, readActivity } from '../../../src/core/code/logActivityQuery';
import { findLogStatements, logLanguageOf } from '../../../src/core/code/logStatements';
import { defaultErrorQuery, errorEvents, errorSpots } from '../../../src/core/code/productionErrors';
import { DEMO_SHOP_FILES, DEMO_SHOP_PLACES } from '../../support/demoShop';
import { compileErrorAnswer, demoDatasets, loadDemo } from '../../support/demo';
import { answerQuery, eventsBetween } from '../../support/demoQueries';
import { patternRegex } from '../../../src/core/code/messagePattern';
import { FakeAxiom } from '../../support/fakeAxiom';
import { CapturedLog, testClient } from '../../support/testClient';

const SOURCE = { dataset: 'app-logs', messageField: 'message' };
/** One moment for every query of the file, so that a count asked twice is the same count. */
const NOW = Date.parse('2026-03-04T15:00:00Z');

describe('log activity over the demo shop', () => {
  const fake = new FakeAxiom();
  const dispatcher = new Agent();
  const log = new CapturedLog();
  const datasets = demoDatasets(NOW);
  let client: ReturnType<typeof testClient>;

  before(async () => {
    loadDemo(fake, NOW);
    // The demo's answers at one moment (and its refusal of what does not compile).
    fake.aplAnswer = (body) => compileErrorAnswer(String(body.apl)) ?? answerQuery(datasets, body, NOW);
    await fake.start();
    client = testClient(fake.url, dispatcher, log);
  });
  after(async () => {
    await fake.stop();
    await dispatcher.close();
  });

  it('counts every statement of each file with one request, as the demo’s events hold them', async () => {
    const range = { startTime: 'now-24h', endTime: 'now' };
    // The events the demo made for the day, each standing for `weight` of the shop's.
    const logged = eventsBetween(
      datasets.find((d) => d.name === 'app-logs')!,
      NOW - 86_400_000,
      NOW,
    );
    let counted = 0;
    for (const [file, text] of Object.entries(DEMO_SHOP_FILES)) {
      const language = logLanguageOf(file.endsWith('.py') ? 'python' : 'typescript')!;
      const statements = findLogStatements(text, language);
      if (!statements.length) continue;
      // Queries only: the client's first also reads which edge holds the dataset (GET /v2/datasets).
      const queries = () => fake.requests.filter((r) => r.method === 'POST' && r.path.includes('/_apl')).length;
      const before = queries();
      const activity = readActivity(
        await client.runApl(
          activityQuery(
            SOURCE,
            statements.map((s) => s.pattern),
          ),
          range,
        ),
      );
      assert.equal(queries() - before, 1, `${file}: one request`);
      for (const [index, statement] of statements.entries()) {
        const regex = new RegExp(patternRegex(statement.pattern));
        const expected = Math.round(
          logged.filter((e) => regex.test(String(e.message))).reduce((sum, e) => sum + e.weight, 0),
        );
        assert.equal(activity.get(index)?.count ?? 0, expected, `${file}:${statement.line + 1} ${statement.literal}`);
        if (expected > 0) counted++;
      }
    }
    assert.ok(counted >= 8, `most statements were logged (${counted})`);
  });

  it('says a statement the shop never reaches was never logged', async () => {
    const statements = findLogStatements(DEMO_SHOP_FILES['src/sessions.ts'], 'javascript');
    const locked = statements.findIndex((s) => s.line + 1 === DEMO_SHOP_PLACES.accountLockedLog.line);
    assert.ok(locked >= 0);
    const activity = readActivity(
      await client.runApl(
        activityQuery(
          SOURCE,
          statements.map((s) => s.pattern),
        ),
        { startTime: 'now-24h', endTime: 'now' },
      ),
    );
    assert.equal(activity.get(locked), undefined);
    assert.ok((activity.get(1 - locked)?.count ?? 0) > 0);
  });

  it('places the last hour’s errors on the lines the shop throws at, TypeScript and Python', async () => {
    const fields = (await client.listFields('app-logs')).map((f) => f.name);
    const apl = defaultErrorQuery('app-logs', fields, 'message');
    const result = await client.runApl(apl, { startTime: 'now-1h', endTime: 'now' });
    const spots = errorSpots(errorEvents(result), (p) => (p.path.startsWith('/app/') ? p.path.slice(5) : undefined));
    const at = spots.map((s) => `${s.file}:${s.line}`).sort();
    assert.deepEqual(
      at,
      [
        `${DEMO_SHOP_PLACES.connectionReset.file}:${DEMO_SHOP_PLACES.connectionReset.line}`,
        `${DEMO_SHOP_PLACES.invoiceKeyError.file}:${DEMO_SHOP_PLACES.invoiceKeyError.line}`,
        `${DEMO_SHOP_PLACES.paymentDeclined.file}:${DEMO_SHOP_PLACES.paymentDeclined.line}`,
      ].sort(),
    );
    assert.ok(spots.every((s) => s.count > 0 && s.headline));
  });
});
