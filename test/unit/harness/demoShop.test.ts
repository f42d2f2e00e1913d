// The demo shop's sample app and the places its data names: each place is on the line it says,
// and the stack traces the demo's errors carry are read by the extension's one finder as those places.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { placesIn } from '../../../src/core/code/codePlaces';
import { DEMO_SHOP_FAILURES, DEMO_SHOP_FILES, DEMO_SHOP_PLACES } from '../../support/demoShop';

describe('the demo shop', () => {
  it('names each place at the line and column where its code is', () => {
    for (const [name, place] of Object.entries(DEMO_SHOP_PLACES)) {
      const line = DEMO_SHOP_FILES[place.file].split('\n')[place.line - 1];
      assert.ok(line, name);
      assert.match(line.slice(place.column - 1), /^(throw|await|logger|logging|mailer|send_invoice)\b/, name);
      assert.ok(place.deployedPath.endsWith(`/${place.file}`), name);
    }
  });

  it('writes stack traces that the finder reads as the places they were made of', () => {
    const places = placesIn(DEMO_SHOP_FAILURES.declined);
    assert.deepEqual(
      places.map((p) => [p.path, p.line, p.column]),
      [DEMO_SHOP_PLACES.paymentDeclined, DEMO_SHOP_PLACES.chargeCardCall].map((p) => [
        p.deployedPath,
        p.line,
        p.column,
      ]),
    );
    assert.equal(placesIn(DEMO_SHOP_FAILURES.connectionReset).length, 3);
    // The worker's Python traceback: outermost first, as Python writes it.
    assert.deepEqual(
      placesIn(DEMO_SHOP_FAILURES.invoiceKeyError).map((p) => [p.path, p.line, p.function]),
      [DEMO_SHOP_PLACES.sendInvoiceCall, DEMO_SHOP_PLACES.invoiceKeyError].map((p) => [
        p.deployedPath,
        p.line,
        p.function,
      ]),
    );
  });
});
