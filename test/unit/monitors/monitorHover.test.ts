// The monitor's hover in the view: status, the last few changes in local time, and a link to the
// monitor in the web app; and the tracker's merge of the changes it keeps for it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Monitor } from '../../../src/core/api/schemas';
import { requireEndpoint } from '../../../src/core/api/baseUrl';
import { monitorLink } from '../../../src/core/links';
import { escapeMarkdown } from '../../../src/core/markdown';
import { monitorHoverMarkdown } from '../../../src/core/monitors/monitorHover';
import { listNotifierWords, notifierIndex, notifiersRowWords } from '../../../src/core/monitors/monitorNotifiers';
import { changedWords, listChangedWords } from '../../../src/core/monitors/monitorWords';
import { formatDay } from '../../../src/core/format';
import { parseNotifiers } from '../../../src/core/api/monitorRecord';
import type { StateChange } from '../../../src/core/monitors/monitorStatus';
import { latestChanges, RECENT_CHANGES } from '../../../src/core/monitors/statusTracker';

const monitor = (over: Partial<Monitor> = {}): Monitor => ({
  id: 'mon_1',
  name: 'Checkout errors',
  type: 'Threshold',
  description: 'Errors at checkout',
  aplQuery: "['http'] | count",
  ...over,
});
const NOW = Date.parse('2026-11-22T14:00:00Z');
/** A stand-in for the local date format (the view passes formatDate: the person's locale and time
 *  zone), so that the test says which time each line shows. */
const local = (d: Date) => `local ${(NOW - d.getTime()) / 60_000}m before`;
const change = (minutesAgo: number, state: 'open' | 'closed', checkId = ''): StateChange => ({
  time: NOW - minutesAgo * 60_000,
  state,
  checkId,
});

describe('monitor hover', () => {
  it('shows the status, the last changes newest first in local time, and a link to the monitor in the web app', () => {
    const link = monitorLink(requireEndpoint('https://api.axiom.co'), 'my-org', 'mon_1');
    const recent = latestChanges(
      [],
      [change(90, 'open', 'eu-west'), change(30, 'closed', 'eu-west'), change(10, 'open', 'eu-west')],
    );
    const md = monitorHoverMarkdown(
      monitor(),
      local,
      {
        status: { status: { kind: 'triggered', since: NOW - 10 * 60_000, openChecks: ['eu-west'] }, recent },
        appLink: link,
      },
      NOW,
    );
    const lines = md.split('\n');
    assert.equal(lines[0], '**Checkout errors**');
    const at = (text: string) => lines.findIndex((l) => l.includes(text));
    assert.ok(lines.includes('Status: **triggered** since local 10m before (10m ago)  '));
    assert.ok(at('Last changes:') > at('Status:'));
    assert.deepEqual(lines.slice(at('Last changes:') + 2, at('Last changes:') + 5), [
      '- local 10m before · triggered for eu\\-west',
      '- local 30m before · back to normal for eu\\-west',
      '- local 90m before · triggered for eu\\-west',
    ]);
    assert.ok(lines.includes('[Open in Axiom](https://app.axiom.co/my-org/monitors/mon_1)'));
    assert.ok(at('Open in Axiom') < at('Type:'), 'the link comes before the settings');
    assert.ok(md.includes("```axiom-apl\n['http'] | count\n```"), 'the query still ends the hover');
  });

  it('a change without a group names none; a group name from the service is escaped', () => {
    const md = monitorHoverMarkdown(
      monitor(),
      local,
      { status: { status: { kind: 'normal' }, recent: [change(5, 'closed'), change(8, 'open', '[x](command:evil)')] } },
      NOW,
    );
    assert.ok(md.includes('- local 5m before · back to normal\n'));
    assert.ok(md.includes('· triggered for \\[x\\]\\('), 'the group shows as text');
    assert.doesNotMatch(md, /\]\(command:/, 'no live link made of it');
    assert.doesNotMatch(md, /Open in Axiom/, 'no org id, no link');
  });

  it('a monitor without groups (its one check is "all") says triggered and back to normal, and names no group', () => {
    const recent = latestChanges(
      [],
      [change(30, 'open', 'all'), change(20, 'closed', 'all'), change(10, 'open', 'all')],
    );
    const md = monitorHoverMarkdown(
      monitor(),
      local,
      { status: { status: { kind: 'triggered', since: NOW - 10 * 60_000, openChecks: ['all'] }, recent } },
      NOW,
    );
    assert.ok(md.includes('- local 10m before · triggered\n'), md);
    assert.ok(md.includes('- local 20m before · back to normal\n'), md);
    assert.doesNotMatch(md, /Triggered for|\ball\b|opened|closed/, 'no check id, no code words');
    const grouped = monitorHoverMarkdown(
      monitor(),
      local,
      { status: { status: { kind: 'triggered', since: NOW, openChecks: ['eu', 'us'] }, recent: [] } },
      NOW,
    );
    assert.match(grouped, /^Triggered for: eu, us {2}$/m);
  });

  it('brackets and spaces in the link are percent-encoded, so that the link cannot end early', () => {
    const md = monitorHoverMarkdown(monitor(), local, { appLink: 'https://app.axiom.co/org (x)/monitors/a)b' }, NOW);
    assert.ok(md.includes('(https://app.axiom.co/org%20%28x%29/monitors/a%29b)'), md);
  });

  it('a monitor that does not run, or with nothing read yet, says no changes; a link that is not a web address is left out', () => {
    const off = monitorHoverMarkdown(monitor({ disabled: true }), local, { appLink: 'command:axiom.signOut' }, NOW);
    assert.doesNotMatch(off, /Status|Last changes|Open in Axiom|command:/);
    const unknown = monitorHoverMarkdown(monitor(), local, { status: { status: undefined, recent: [] } }, NOW);
    assert.match(unknown, /Status: not known yet/);
    assert.doesNotMatch(unknown, /Last changes/);
  });

  it('the tracker keeps the newest few changes, each once, across overlapping looks', () => {
    const first = latestChanges(
      [],
      [change(100, 'open'), change(90, 'closed'), change(80, 'open'), change(70, 'closed')],
    );
    const next = latestChanges(first, [
      change(70, 'closed'),
      change(60, 'open'),
      change(50, 'closed'),
      change(40, 'open'),
    ]);
    assert.equal(next.length, RECENT_CHANGES);
    assert.deepEqual(
      next.map((c) => (NOW - c.time) / 60_000),
      [40, 50, 60, 70, 80],
    );
    const tie = latestChanges([], [change(5, 'open'), change(5, 'closed')]);
    assert.deepEqual(
      tie.map((c) => c.state),
      ['closed', 'open'],
      'at one moment the close is listed first, as the history command lists it',
    );
  });

  it('names the notifiers with their channels; an id the list lacks is a notifier that no longer exists; without a list, the ids', () => {
    const { notifiers } = parseNotifiers([
      { id: 'n_slack', name: '#alerts', properties: { slack: { slackUrl: 'https://hooks.invalid/secret-path' } } },
      { id: 'n_mail', name: 'On-call *team*', properties: { email: { emails: ['x@example.com'] } } },
    ]);
    const index = notifierIndex(notifiers);
    const m = monitor({ notifierIds: ['n_slack', 'n_gone', 'n_mail'] });
    const md = monitorHoverMarkdown(m, local, { notifiers: index }, NOW);
    const line = md.split('\n').find((l) => l.startsWith('Notifiers:'));
    assert.equal(
      line,
      `Notifiers: ${escapeMarkdown('#alerts (Slack), n_gone (no longer exists), On-call *team* (Email)')}  `,
    );
    assert.doesNotMatch(md, /hooks\.invalid|x@example\.com/, 'a channel’s settings are never shown');
    assert.match(monitorHoverMarkdown(m, local, {}, NOW), /Notifiers: n\\_slack, n\\_gone, n\\_mail/);
    assert.equal(notifiersRowWords(m.notifierIds, index), 'notifies #alerts, n_gone (no longer exists) and 1 more');
    assert.equal(notifiersRowWords(['n_mail'], index), 'notifies On-call *team*');
    assert.equal(notifiersRowWords([], index), undefined);
    const words = listNotifierWords(index);
    for (const ids of [m.notifierIds, ['n_mail'], m.notifierIds, [], undefined, ['n_gone']])
      assert.equal(words(ids), notifiersRowWords(ids, index));
  });

  it('says when the monitor last changed, unless that was its creation; who created it', () => {
    const created = new Date(NOW - 3 * 86_400_000).toISOString();
    const changed = monitorHoverMarkdown(
      monitor({ createdAt: created, createdBy: 'usr_1', updatedAt: new Date(NOW - 90 * 60_000).toISOString() }),
      local,
      {},
      NOW,
    );
    assert.match(changed, /Created: by usr\\_1 on local 4320m before/);
    assert.ok(changed.includes(`Last changed: ${escapeMarkdown('on local 90m before (1h 30m ago)')}`), changed);
    const never = monitorHoverMarkdown(monitor({ createdAt: created, updatedAt: created }), local, {}, NOW);
    assert.doesNotMatch(never, /Last changed/);
    const day = (d: Date) => `day ${d.toISOString().slice(0, 10)}`;
    assert.deepEqual(
      [10, 5 * 60, 3 * 1440 + 100, 30 * 1440].map((minutes) => changedWords(NOW - minutes * 60_000, NOW, day)),
      ['changed 10m ago', 'changed 5h ago', 'changed 3d ago', 'changed day 2026-10-23'],
      'the row: how long ago within a week, else the day',
    );
    // The rows' per-list caches say what the plain functions say.
    const listed = listChangedWords(NOW);
    for (const minutes of [
      1,
      59,
      60,
      61,
      1439,
      1440,
      3 * 1440 + 5,
      7 * 1440 - 1,
      7 * 1440,
      40 * 1440,
      40 * 1440 + 30,
    ]) {
      assert.equal(
        listed(NOW - minutes * 60_000),
        changedWords(NOW - minutes * 60_000, NOW, formatDay),
        `${minutes} minutes`,
      );
    }
  });
});
