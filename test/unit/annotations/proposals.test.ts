// What Add Annotation proposes: a commit's page on the known hosts from any form of remote address,
// nothing for other hosts or odd text; the subject line; the recent types, most recent first.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { commitSubject, commitWebUrl, rememberedTypes, typesOffered } from '../../../src/core/annotations/proposals';

const HASH = '0123456789abcdef0123456789abcdef01234567';

describe('commitWebUrl', () => {
  it('reads https, ssh and scp-like remotes of GitHub, GitLab (nested groups) and Bitbucket', () => {
    const cases: [string, string][] = [
      ['https://github.com/acme/shop.git', `https://github.com/acme/shop/commit/${HASH}`],
      ['git@github.com:acme/shop.git', `https://github.com/acme/shop/commit/${HASH}`],
      ['ssh://git@github.com/acme/shop', `https://github.com/acme/shop/commit/${HASH}`],
      ['https://user@www.github.com/acme/shop/', `https://github.com/acme/shop/commit/${HASH}`],
      ['https://gitlab.com/group/sub/shop.git', `https://gitlab.com/group/sub/shop/-/commit/${HASH}`],
      ['git@bitbucket.org:acme/shop.git', `https://bitbucket.org/acme/shop/commits/${HASH}`],
    ];
    for (const [remote, page] of cases) assert.equal(commitWebUrl(remote, HASH), page, remote);
  });

  it('gives nothing for another host, no remote, a local path or a hash that is not one', () => {
    assert.equal(commitWebUrl('https://git.example.com/acme/shop.git', HASH), undefined);
    assert.equal(commitWebUrl(undefined, HASH), undefined);
    assert.equal(commitWebUrl('/srv/git/shop.git', HASH), undefined);
    assert.equal(commitWebUrl('https://github.com/acme', HASH), undefined);
    assert.equal(commitWebUrl('https://github.com/acme/shop', 'HEAD; rm -rf'), undefined);
  });

  it('any remote text gives nothing or an https page on a known host ending in the hash (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl()), (remote) => {
        const page = commitWebUrl(remote, HASH);
        if (page === undefined) return;
        assert.match(page, /^https:\/\/(github\.com|gitlab\.com|bitbucket\.org)\/[\w.\-/]+\/commits?\/[0-9a-f]+$/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('commitSubject and rememberedTypes', () => {
  it('the subject is the first line, trimmed and cut to the longest title', () => {
    assert.equal(commitSubject('  Fix checkout totals \n\nLonger body', 256), 'Fix checkout totals');
    assert.equal(commitSubject('x'.repeat(300), 256).length, 256);
  });

  it('the type used goes first, once, and the list stays short', () => {
    assert.deepEqual(rememberedTypes(['incident', 'deploy'], 'deploy'), ['deploy', 'incident']);
    assert.equal(rememberedTypes(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], 'new').length, 8);
  });
});

describe('typesOffered', () => {
  it('the person’s recent types first, then those the annotations use, the most used first, each once', () => {
    const used = [{ type: 'deploy' }, { type: 'incident' }, { type: 'incident' }, {}, { type: 'release' }];
    assert.deepEqual(typesOffered(['release'], used), ['release', 'incident', 'deploy']);
    assert.deepEqual(typesOffered([], used), ['incident', 'deploy', 'release']);
    assert.deepEqual(typesOffered([], []), []);
  });

  it('a tie is by name, and the list stays short', () => {
    const used = ['b', 'a', 'c'].map((type) => ({ type }));
    assert.deepEqual(typesOffered([], used), ['a', 'b', 'c']);
    assert.equal(typesOffered([], used, 2).length, 2);
  });
});
