import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AxiomClient } from '../../../src/core/api/client';
import type { Deployment } from '../../../src/core/accounts/deployments';
import { isAxiomError } from '../../../src/core/api/errors';
import { AplSchema } from '../../../src/language/schema';
import type { ClientAccess } from '../../../src/platform/clientAccess';
import type { Log } from '../../../src/platform/log';
import { fakeServiceUnderTest } from '../../support/testClient';

const { fake, connect } = fakeServiceUnderTest();

/** A window's connection as the schema cache sees it, counting how often the deployment it uses
 *  is worked out (each read of it reads the settings, the deployments listed and the last switch). */
class CountingAccess {
  deploymentReads = 0;
  deployment: Deployment = { name: 'default', url: 'http://placeholder' };
  client: AxiomClient | undefined;
  private listeners: (() => void)[] = [];

  readonly access = {
    session: () => {
      this.deploymentReads++;
      return Promise.resolve({ deployment: this.deployment, client: this.client });
    },
    deployment: () => {
      this.deploymentReads++;
      return Promise.resolve(this.deployment);
    },
    client: () => {
      this.deploymentReads++;
      return Promise.resolve(this.client);
    },
    onDidChange: (listener: () => void) => {
      this.listeners.push(listener);
      return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
    },
  } as unknown as ClientAccess;

  /** Another deployment or token: what the connection tells its listeners. */
  change(): void {
    for (const listener of this.listeners) listener();
  }
}

/** What the cache logs, kept. */
function capturedLog(): { log: Log; warnings: string[] } {
  const warnings: string[] = [];
  return { log: { warn: (message: unknown) => warnings.push(String(message)) } as unknown as Log, warnings };
}

describe('the schema cache', () => {
  it('works out the deployment for the key and the client to load a dataset’s fields; a cached answer needs no client', async () => {
    const connection = new CountingAccess();
    connection.deployment = { name: 'default', url: fake.url };
    connection.client = connect();
    const schema = new AplSchema(connection.access, capturedLog().log);

    const first = await schema.datasetFields('http-logs');
    assert.equal(connection.deploymentReads, 2, 'the deployment for the key, the client for the load');
    assert.equal(fake.requestsTo('GET /v2/datasets/http-logs/fields').length, 1);
    assert.ok(first.fields.some((f) => f.name === 'status'));

    const again = await schema.datasetFields('http-logs');
    assert.equal(again, first, 'the same fields, from the cache');
    assert.equal(connection.deploymentReads, 3, 'the key only: no client made for a cached answer');
    assert.equal(fake.requestsTo('GET /v2/datasets/http-logs/fields').length, 1, 'no second request');
    schema.dispose();
  });

  it('without a token requests nothing, fails at once and is not left loading', async () => {
    const connection = new CountingAccess();
    const { log, warnings } = capturedLog();
    const schema = new AplSchema(connection.access, log);

    await assert.rejects(schema.datasetFields('http-logs'), (error) => !isAxiomError(error));
    assert.equal(schema.loading(), false, 'the failure is filed, not a load on its way');
    await assert.rejects(schema.datasetFields('http-logs'));
    assert.equal(fake.requests.length, 0, 'nothing was requested');
    assert.deepEqual(warnings, [], 'no token is not a failure to log');
    assert.equal(await schema.fields('http-logs', 50), undefined, 'completion goes on without the fields');
    schema.dispose();
  });

  it('files what each deployment answers under its own key, and forgets all of it at a change of connection', async () => {
    const connection = new CountingAccess();
    connection.deployment = { name: 'default', url: fake.url };
    connection.client = connect();
    const schema = new AplSchema(connection.access, capturedLog().log);

    await schema.datasetFields('http-logs');
    connection.deployment = { name: 'other', url: fake.url, orgId: 'org-2' };
    await schema.datasetFields('http-logs');
    assert.equal(fake.requestsTo('GET /v2/datasets/http-logs/fields').length, 2, 'another deployment loads its own');

    connection.change();
    assert.equal(schema.fieldsInHand('http-logs'), undefined, 'forgotten at the change');
    await schema.datasetFields('http-logs');
    assert.equal(fake.requestsTo('GET /v2/datasets/http-logs/fields').length, 3);
    assert.equal(
      connection.deploymentReads,
      6,
      'per ask that loads: the deployment for the key, the client for the load',
    );
    schema.dispose();
  });
});
