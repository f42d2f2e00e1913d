// The settings form's plain steps: typed text to a document value, an edit applied to the
// settings text (nothing else of it changed), the notifiers as a pick keeping gone ids, the field a
// service's refusal names, and the readers of both sides' messages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readSettingsText, settingsText } from '../../../src/core/monitors/monitorDocuments';
import {
  fieldNamedIn,
  localTimeText,
  notifierChoices,
  readFormHostMessage,
  readFormPageMessage,
  readFormWords,
  toggledNotifiers,
  typedValue,
  withField,
  FORM_WORDS,
} from '../../../src/core/monitors/monitorForm';
import { MONITOR_FIELDS, OPERATORS } from '../../../src/core/monitors/monitorFields';
import { MONITOR_WORDS } from '../../../src/core/monitors/monitorVocabulary';
import { operatorWords } from '../../../src/core/monitors/monitorWords';

const SETTINGS = settingsText({
  name: 'Checkout errors',
  type: 'Threshold',
  operator: 'Above',
  threshold: 100,
  intervalMinutes: 5,
  notifierIDs: ['a'],
  someFieldAddedLater: { nested: true },
});

describe('the settings form, plain', () => {
  it('typed text becomes a number, the text as typed, or nothing', () => {
    assert.equal(typedValue({ kind: 'number' }, ' 2.5 '), 2.5);
    assert.equal(typedValue({ kind: 'integer' }, '7'), 7);
    assert.equal(typedValue({ kind: 'number' }, '2.x'), '2.x', 'kept as typed, for the checks to refuse');
    assert.equal(typedValue({ kind: 'number' }, '  '), null);
    assert.equal(typedValue({ kind: 'text' }, ''), '', 'a name may be emptied (the checks say it needs one)');
    assert.equal(typedValue({ kind: 'longText' }, ''), null);
    assert.equal(typedValue({ kind: 'text' }, ' spaced '), ' spaced ');
  });

  it('an edit changes that field only, keeps unknown fields, and writes the notifier list once under the spec’s name', () => {
    const edited = JSON.parse(withField(SETTINGS, 'threshold', 250)!) as Record<string, unknown>;
    assert.deepEqual(edited, { ...(JSON.parse(SETTINGS) as object), threshold: 250 });
    const removed = JSON.parse(withField(SETTINGS, 'operator', null)!) as Record<string, unknown>;
    assert.equal('operator' in removed, false);
    const notifiers = JSON.parse(withField(SETTINGS, 'notifierIds', ['a', 'b'])!) as Record<string, unknown>;
    assert.deepEqual(notifiers.notifierIds, ['a', 'b']);
    assert.equal('notifierIDs' in notifiers, false);
    assert.equal(withField('{ not json', 'threshold', 1), undefined);
    assert.equal(withField('[1]', 'threshold', 1), undefined);
  });

  it('any sequence of edits reads back as those values, and the other fields as they were (property)', () => {
    const keys = MONITOR_FIELDS.filter((f) => f.kind !== 'query').map((f) => f.key);
    const value = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 12 }), (edits) => {
        let text = SETTINGS;
        const expected: Record<string, unknown> = JSON.parse(SETTINGS) as Record<string, unknown>;
        for (const [key, v] of edits) {
          text = withField(text, key, v)!;
          if (key === 'notifierIds') delete expected.notifierIDs;
          if (v === null) delete expected[key];
          else expected[key] = v;
        }
        const read = readSettingsText(text);
        assert.ok(read.ok);
        assert.deepEqual(
          read.definition,
          Object.fromEntries(Object.entries(expected).map(([k, v]) => [k === 'notifierIDs' ? 'notifierIds' : k, v])),
        );
      }),
    );
  });

  it('the notifiers as a pick: listed ones by name, then ids no longer listed, chosen and kept', () => {
    const choices = notifierChoices({ notifierIds: ['gone', 'slack'] }, [
      { id: 'slack', name: 'On-call', kind: 'slack' },
      { id: 'mail', name: 'Team', kind: 'email' },
    ]);
    assert.deepEqual(choices, [
      { id: 'slack', name: 'On-call', kind: 'slack', exists: true, chosen: true },
      { id: 'mail', name: 'Team', kind: 'email', exists: true, chosen: false },
      { id: 'gone', name: 'gone', kind: '', exists: false, chosen: true },
    ]);
    assert.deepEqual(toggledNotifiers(['gone', 'slack'], 'mail', true), ['gone', 'slack', 'mail']);
    assert.deepEqual(toggledNotifiers(['gone', 'slack'], 'gone', false), ['slack']);
  });

  it('finds the field a service’s refusal names', () => {
    assert.equal(fieldNamedIn('invalid monitor: rangeMinutes too long'), 'rangeMinutes');
    assert.equal(
      fieldNamedIn(
        "Key: 'Monitor.IntervalMinutes' Error:Field validation for 'IntervalMinutes' failed on the 'min' tag",
      ),
      'intervalMinutes',
    );
    assert.equal(fieldNamedIn('triggerFromNRuns must be >= triggerAfterNPositiveResults'), 'triggerFromNRuns');
    assert.equal(fieldNamedIn('unknown notifier id'), 'notifierIds');
    assert.equal(fieldNamedIn('forbidden'), undefined);
    assert.equal(fieldNamedIn('the thresholds'), undefined, 'a word that only holds a field’s name is not it');
  });

  it('a time as a datetime-local input shows it', () => {
    assert.equal(
      localTimeText('2026-05-01T09:00:00Z', () => -120),
      '2026-05-01T11:00',
    );
    assert.equal(
      localTimeText('never', () => 0),
      '',
    );
    assert.equal(localTimeText(undefined), '');
  });

  it('reads only the messages it knows, and words with English for what is missing', () => {
    assert.deepEqual(readFormPageMessage({ type: 'edit', key: 'threshold', value: 3 }), {
      type: 'edit',
      key: 'threshold',
      value: 3,
    });
    assert.deepEqual(readFormPageMessage({ type: 'dryRun', extra: 1 }), { type: 'dryRun' });
    assert.equal(readFormPageMessage({ type: 'edit', key: '', value: 3 }), undefined);
    assert.equal(readFormPageMessage({ type: 'runCommand' }), undefined);
    assert.equal(
      readFormHostMessage({ type: 'state', problems: [{ field: 'x', reason: 1, level: 'error' }], draft: false }),
      undefined,
    );
    assert.equal(
      readFormHostMessage({ type: 'state', problems: [], draft: false, notifiers: [{ id: 'a' }] }),
      undefined,
    );
    assert.deepEqual(
      readFormHostMessage({
        type: 'state',
        problems: [],
        draft: true,
        definition: { name: 'n' },
        saveFailed: { message: 'm', field: 'name' },
      }),
      {
        type: 'state',
        problems: [],
        draft: true,
        definition: { name: 'n' },
        saveFailed: { message: 'm', field: 'name' },
      },
    );
    assert.equal(readFormWords('{ broken').dryRun, 'Dry Run');
    const words = readFormWords(JSON.stringify({ dryRun: 'Probelauf', openJson: 7 }));
    assert.equal(words.dryRun, 'Probelauf');
    assert.equal(words.openJson, FORM_WORDS.openJson);
    assert.equal(words.label_threshold, 'Threshold');
  });

  it('names the operators in the words of the hovers and the dry run, translated with the form', () => {
    const english = readFormWords(undefined);
    for (const op of OPERATORS) assert.equal(operatorWords(op, english), operatorWords(op, MONITOR_WORDS));
    assert.equal(operatorWords('AboveOrEqual', english), 'At or above');
    assert.equal(operatorWords('BelowOrEqual', readFormWords(JSON.stringify({ atOrBelow: 'Höchstens' }))), 'Höchstens');
  });
});
