import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  findLogStatements,
  logLanguageOf,
  MAX_STATEMENTS,
  type LogLanguage,
} from '../../../src/core/code/logStatements';
import { patternText } from '../../../src/core/code/messagePattern';

/** Each statement as `line:column callee "pattern"` (what the tests compare). */
const seen = (text: string, languageId: string, names: string[] = []) =>
  findLogStatements(text, logLanguageOf(languageId)!, names).map(
    (s) => `${s.line}:${s.column} ${s.callee} ${patternText(s.pattern)}`,
  );

describe('log statements in TypeScript and JavaScript', () => {
  it('finds console, logger and log calls, with template placeholders as wildcards', () => {
    const text = [
      "import { logger } from './logger';",
      "console.log('server started on port %d', port);",
      '  logger.info(`order ${order.id} placed`);',
      'log.warn("payment provider answered slowly", { millis });',
      "logger.error({ err }, 'checkout failed for {user}');",
      'this.logger.debug(`cache miss for product ${id} in ${shop.name}`);',
    ].join('\n');
    assert.deepEqual(seen(text, 'typescript'), [
      '1:0 console.log server started on port …',
      '2:2 logger.info order … placed',
      '3:0 log.warn payment provider answered slowly',
      '4:0 logger.error checkout failed for …',
      '5:0 this.logger.debug cache miss for product … in …',
    ]);
  });

  it('skips calls in line comments, calls without a literal, and messages that are only placeholders', () => {
    const text = [
      "// logger.info('commented out')",
      "const x = 1; // log.info('after code')",
      'logger.info(message);',
      "logger.info('%s', text);",
      "mylogger.info('not ours');",
      "const url = 'http://x'; logger.warn('after a string with //')",
    ].join('\n');
    assert.deepEqual(seen(text, 'javascript'), ['5:24 logger.warn after a string with //']);
  });

  it('reads a call whose literal is on the next line, and escapes in the literal', () => {
    const text = "logger.warn(\n  'it\\'s slow: %s\\tms',\n  ms,\n);";
    assert.deepEqual(seen(text, 'typescript'), ["0:0 logger.warn it's slow: …\tms"]);
  });

  it('reads the receivers named in the setting, and ignores names that are not dotted identifiers', () => {
    const text = "audit.info('user %s deleted', id);\napp.log.warn('disk low');\nx.info('no');";
    assert.deepEqual(seen(text, 'typescript', ['audit', 'app.log', 'x|y', '.*']), [
      '0:0 audit.info user … deleted',
      '1:0 app.log.warn disk low',
    ]);
  });
});

describe('log statements in Python', () => {
  it('finds logging, logger and structlog calls with %, {} and f-string placeholders', () => {
    const text = [
      'import logging',
      'logger = logging.getLogger(__name__)',
      "logging.info('worker started with %d threads', n)",
      '    logger.warning("retrying job %(job)s in %ds", {"job": j}, 5)',
      "    log.info(f'invoice {invoice.id} sent to {{customer}}')",
      "    logger.error('payment {} failed: {reason}', pid, reason=r)",
      "    # logger.info('commented')",
      "    logger.info(b'bytes are no message')",
    ].join('\n');
    assert.deepEqual(seen(text, 'python'), [
      '2:0 logging.info worker started with … threads',
      '3:4 logger.warning retrying job … in …s',
      '4:4 log.info invoice … sent to {customer}',
      '5:4 logger.error payment … failed: …',
    ]);
  });
});

describe('log statements in Go', () => {
  it('finds log.Printf, slog and zap sugared calls, raw strings too', () => {
    const text = [
      'package main',
      'func main() {',
      '\tlog.Printf("listening on %s", addr)',
      '\tslog.Info("request served", "status", 200)',
      '\tslog.InfoContext(ctx, "cache warmed")',
      '\tsugar.Infow(`user %v signed in`, "id", id)',
      '\tfmt.Printf("not a log %s", x)',
      '}',
    ].join('\n');
    assert.deepEqual(seen(text, 'go'), [
      '2:1 log.Printf listening on …',
      '3:1 slog.Info request served',
      '4:1 slog.InfoContext cache warmed',
      '5:1 sugar.Infow user … signed in',
    ]);
  });

  it('reads no other language', () => {
    assert.equal(logLanguageOf('rust'), undefined);
    assert.equal(logLanguageOf('typescriptreact'), 'javascript');
  });
});

describe('the scanner is bounded and total', () => {
  it('finds at most MAX_STATEMENTS statements', () => {
    const text = "logger.info('a message');\n".repeat(MAX_STATEMENTS + 10);
    assert.equal(findLogStatements(text, 'javascript').length, MAX_STATEMENTS);
  });

  it('never throws and reports places inside the text, for any text around log calls', () => {
    const piece = fc.constantFrom(
      "logger.info('x %s y')",
      'log.warn(`a ${b} c`)',
      'logging.error(f"{x} done")',
      'slog.Info("ok now")',
      '(',
      "'",
      '"',
      '`',
      '${',
      '\\',
      '\n',
      '//',
      '#',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, fc.string({ maxLength: 8 })), { maxLength: 40 }),
        fc.constantFrom<LogLanguage[]>('javascript', 'python', 'go'),
        (parts, language) => {
          const text = parts.join('');
          const lines = text.split('\n');
          for (const s of findLogStatements(text, language)) {
            assert.ok(s.line < lines.length && s.column < lines[s.line].length + 1);
            assert.ok(text.includes(s.literal));
          }
        },
      ),
    );
  });
});
