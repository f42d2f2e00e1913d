import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveEndpoint } from '../../../src/core/api/baseUrl';

describe('endpoint and links', () => {
  it('adds /v2 once and keeps a path prefix', () => {
    const base = (url: string) => (resolveEndpoint(url) as { ok: true; endpoint: { base: string } }).endpoint.base;
    assert.equal(base(''), 'https://api.axiom.co/v2');
    assert.equal(base('https://api.axiom.co/v2/'), 'https://api.axiom.co/v2');
    assert.equal(base('https://proxy.example.com/axiom'), 'https://proxy.example.com/axiom/v2');
    assert.equal(base('http://localhost:8080'), 'http://localhost:8080/v2');
  });
});
