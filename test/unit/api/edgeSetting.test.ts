import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { edgeUrlOfName, readEdgeSetting } from '../../../src/core/api/edgeSetting';
import { render } from '../../../src/core/phrase';

const EU = 'https://eu-central-1.aws.edge.axiom.co';

function url(raw: string): string | undefined {
  const read = readEdgeSetting(raw);
  return read.ok ? read.url : undefined;
}

function problem(raw: string): string {
  const read = readEdgeSetting(raw);
  assert.equal(read.ok, false, `${raw} is refused`);
  return read.ok ? '' : render(read.problem);
}

describe('an edge as a person sets it', () => {
  it('a region, an edge’s name or its address: the documented base URL', () => {
    for (const raw of [
      'eu-central-1',
      ' EU-Central-1 ',
      'eu-central-1.aws',
      'cloud.eu-central-1.aws',
      EU,
      `${EU}/`,
      `${EU}/v1`,
      `${EU}/v1/`,
      'eu-central-1.aws.edge.axiom.co',
      'HTTPS://EU-CENTRAL-1.AWS.EDGE.AXIOM.CO',
    ])
      assert.equal(url(raw), EU, raw);
    assert.equal(url('us-east-1'), 'https://us-east-1.aws.edge.axiom.co');
    assert.equal(edgeUrlOfName('cloud.us-east-1.aws'), 'https://us-east-1.aws.edge.axiom.co');
  });

  it('any https address the person owns, a path prefix kept (a proxy before the edge)', () => {
    assert.equal(url('https://edge.example.com:8443/axiom/'), 'https://edge.example.com:8443/axiom');
  });

  it('plain http only to this machine, as axiom.url allows', () => {
    assert.equal(url('http://127.0.0.2:4100'), 'http://127.0.0.2:4100');
    assert.equal(url('http://localhost:4100/'), 'http://localhost:4100');
    assert.match(problem('http://eu-central-1.aws.edge.axiom.co'), /plain http: the token would travel unencrypted/);
  });

  it('says what is wrong, in a sentence that names the value and what would do', () => {
    assert.equal(
      problem('somewhere over the rainbow'),
      'The edge “somewhere over the rainbow” is not a region or an address, such as eu-central-1 or https://eu-central-1.aws.edge.axiom.co.',
    );
    assert.match(problem('ftp://edge.example.com'), /uses ftp; edges are reached over https/);
    assert.match(problem('https://user:secret@edge.example.com'), /user name or password/);
    assert.doesNotMatch(problem('https://user:secret@edge.example.com'), /secret/, 'the password is not repeated');
    assert.match(problem('https://edge.example.com/?a=1'), /query string or fragment/);
    assert.match(problem(`${EU}/v1/query/_apl`), /names an endpoint: give only the edge’s address/);
    assert.match(problem(`${EU}/v1/datasets/_apl`), /names an endpoint/);
    assert.match(problem('x'.repeat(5000)), /5000 characters long/);
    assert.doesNotMatch(problem('x'.repeat(5000)), /xxxx/, 'a very long value is not echoed');
    assert.match(problem('javascript:alert(1)'), /not a region or an address|uses javascript/);
  });

  it('property: any text is read or refused with a reason, never thrown; what is read is an https (or loopback http) base URL without credentials, query or endpoint', () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(
          fc.constantFrom('http://', 'https://', 'HTTPS://', 'file://', 'javascript:', '', '//', 'ws://'),
          fc.constantFrom('eu-central-1.aws.edge.axiom.co', '127.0.0.2:9', 'localhost', 'a@b', 'u:p@host', '[::1]', ''),
          fc.constantFrom('', '/', '/v1', '/v1/query/_apl', '/x?y', '#f', '/%2e%2e/', ' \n', '\u0000'),
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(hostile, (raw) => {
        const read = readEdgeSetting(raw);
        if (!read.ok) {
          assert.ok(render(read.problem).length > 0);
          assert.ok(render(read.problem).length < 400, 'the message stays short whatever was typed');
          return;
        }
        const parsed = new URL(read.url);
        assert.ok(
          parsed.protocol === 'https:' || /^(localhost|127(\.\d+){3}|\[::1\])$/i.test(parsed.hostname),
          read.url,
        );
        assert.equal(parsed.username + parsed.password + parsed.search + parsed.hash, '', read.url);
        assert.doesNotMatch(parsed.pathname, /\/v1(\/|$)|_apl|_mpl/, read.url);
        assert.doesNotMatch(read.url, /\/$/, 'no trailing slash: paths are added to it');
        assert.equal(url(read.url), read.url, 'reading what was read gives it again');
      }),
      { numRuns: 2000 },
    );
  });
});
