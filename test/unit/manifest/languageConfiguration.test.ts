// The language configuration as VS Code reads it: its regular expressions compiled here the way the
// editor compiles them, and tried on lines of APL.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

interface Pattern {
  pattern: string;
  flags?: string;
}
interface LanguageConfiguration {
  comments: { lineComment: string };
  brackets: [string, string][];
  autoClosingPairs: { open: string; close: string; notIn?: string[] }[];
  surroundingPairs: [string, string][];
  wordPattern: Pattern;
  indentationRules: { increaseIndentPattern: string; decreaseIndentPattern: string };
  onEnterRules: { beforeText: Pattern; action: { indent: string } }[];
}

const file = (() => {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'media/axiom-apl-language-configuration.json');
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error('media/axiom-apl-language-configuration.json not found');
})();
const configuration = JSON.parse(fs.readFileSync(file, 'utf8')) as LanguageConfiguration;

/** The words of a line as double-click and word-based completion see them. */
function words(line: string): string[] {
  const { pattern, flags = '' } = configuration.wordPattern;
  return [...line.matchAll(new RegExp(pattern, `${flags}g`))].map((m) => m[0]);
}

describe('language configuration', () => {
  it('comments with //, brackets, and quotes closed outside strings and comments', () => {
    assert.equal(configuration.comments.lineComment, '//');
    assert.deepEqual(configuration.brackets.map(([open, close]) => open + close).sort(), ['()', '[]', '{}']);
    for (const quote of ["'", '"']) {
      const pair = configuration.autoClosingPairs.find((p) => p.open === quote);
      assert.deepEqual(pair?.notIn, ['string', 'comment']);
      assert.ok(configuration.surroundingPairs.some(([open]) => open === quote));
    }
  });

  it('a word keeps hyphenated operators, bracketed fields and timespans whole', () => {
    assert.deepEqual(words('| project-away [\'geo.city\'], ["user agent"], _time'), [
      'project-away',
      "['geo.city']",
      '["user agent"]',
      '_time',
    ]);
    assert.deepEqual(words('| mv-expand tags | parse-kv msg as (a) with (pair_delimiter=";")'), [
      'mv-expand',
      'tags',
      'parse-kv',
      'msg',
      'as',
      'a',
      'with',
      'pair_delimiter',
    ]);
    assert.deepEqual(words("| where ['it\\'s'] in~ (a) and d > ago(5m) and n !has x"), [
      'where',
      "['it\\'s']",
      'in~',
      'a',
      'and',
      'd',
      'ago',
      '5m',
      'and',
      'n',
      '!has',
      'x',
    ]);
    assert.deepEqual(words('| where $left.id == $right.id'), ['where', '$left', 'id', '$right', 'id']);
  });

  it('Enter after a pipe, or after a comma on a pipe line, indents the next line', () => {
    const indents = (line: string) =>
      configuration.onEnterRules.some(
        (rule) =>
          rule.action.indent === 'indent' && new RegExp(rule.beforeText.pattern, rule.beforeText.flags).test(line),
      );
    assert.ok(indents("['logs'] |"));
    assert.ok(indents('| take 10 | // then'));
    assert.ok(indents('| project a,'));
    assert.ok(!indents("['logs']"));
    assert.ok(!indents('| where a == 1'));
    assert.ok(!indents("| where a == 'x|y'"));
  });

  it('an open bracket indents, a closing one outdents', () => {
    const { increaseIndentPattern, decreaseIndentPattern } = configuration.indentationRules;
    assert.ok(new RegExp(increaseIndentPattern).test('| join kind=inner ('));
    assert.ok(!new RegExp(increaseIndentPattern).test('| where f(x) > 1'));
    assert.ok(new RegExp(decreaseIndentPattern).test('  ) on id'));
  });
});
