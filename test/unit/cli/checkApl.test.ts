// The command-line checker as CI runs it: a process on files, its lines and its exit code.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'check-apl-'));
const file = (name: string, text: string) => {
  const at = path.join(folder, name);
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.writeFileSync(at, text);
  return at;
};
const run = (command: string, args: string[]) => {
  const done = spawnSync(command, args, { encoding: 'utf8' });
  return { code: done.status, out: done.stdout, err: done.stderr };
};
const checker = (...files: string[]) => run(process.execPath, ['out/cli/checkApl.js', ...files]);

describe('check-apl on the command line', () => {
  before(() => {
    // The build step of `npm run check-apl`: it prints nothing when it succeeds.
    const build = run(process.execPath, ['esbuild.mjs', '--cli']);
    assert.deepEqual(build, { code: 0, out: '', err: '' });
  });
  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('a good file: no output and exit 0, through npm as a person runs it', () => {
    const good = file(
      'good.apl',
      "// errors by host\n['http-logs']\n| where status >= 500\n| summarize count() by host\n",
    );
    assert.deepEqual(checker(good), { code: 0, out: '', err: '' });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    assert.deepEqual(run(npm, ['run', '--silent', 'check-apl', '--', good]), { code: 0, out: '', err: '' });
  });

  it('a broken file: each problem as FILE:LINE:COL: severity: message, and exit 1', () => {
    const bad = file('bad.apl', "['http-logs']\n| where status ==\n| summarize count() by\n| project a,, b\n");
    const { code, out } = checker(bad);
    assert.equal(code, 1);
    assert.deepEqual(out.trimEnd().split('\n'), [
      `${bad}:2:16: error: Nothing follows '==': an operand is expected on its right.`,
      `${bad}:3:21: error: Nothing follows 'by': the by clause needs at least one expression.`,
      `${bad}:4:13: error: Two commas in a row: an item is missing between them.`,
    ]);
  });

  it('warnings alone are printed and exit 0', () => {
    const warned = file('warned.apl', "['http-logs'] | extend x = strcatt('a', 'b')\n");
    const { code, out } = checker(warned);
    assert.equal(code, 0);
    assert.match(
      out,
      new RegExp(`^${warned.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:28: warning: Unknown function 'strcatt'`),
    );
  });

  it('a monitor file: its aplQuery checked, each place in the JSON file, escapes counted', () => {
    const monitor = file(
      'monitors/errors.axiom-monitor.json',
      `${JSON.stringify(
        {
          name: 'Errors',
          type: 'Threshold',
          aplQuery: '[\'http-logs\']\n| where msg == "quoted"\n| sumarize count()',
          threshold: 10,
        },
        null,
        2,
      )}\n`,
    );
    const { code, out } = checker(monitor);
    assert.equal(code, 1);
    const lines = out.trimEnd().split('\n');
    assert.equal(lines.length, 2, out);
    assert.equal(
      lines[0],
      `${monitor}:4:15: error: A threshold monitor’s query must end with summarize; this one ends with sumarize.`,
    );
    const [, line, column] = /:(\d+):(\d+): error: Unknown tabular operator 'sumarize'/.exec(lines[1]) ?? [];
    const text = fs.readFileSync(monitor, 'utf8').split('\n');
    assert.equal(
      text[Number(line) - 1].slice(Number(column) - 1).split('(')[0],
      'sumarize count',
      'the column is the word’s',
    );
  });

  it('a file name with a line break prints one escaped line, never a workflow command of its own', () => {
    const forged = file('x\n::error file=forged.apl,line=1::forged\x1b[2J.apl', "['logs'] | where a ==\n");
    const { code, out } = checker(forged);
    assert.equal(code, 1);
    const lines = out.trimEnd().split('\n');
    assert.equal(lines.length, 1, out);
    assert.ok(lines[0].startsWith(`${path.join(folder, 'x')}\\n::error file=forged.apl,line=1::forged\\x1b[2J.apl:1:`));
    assert.ok(!out.includes('\x1b'), 'the escape character is shown, not written');
  });

  it('--format github: one annotation a problem, file, line and column escaped by the runner’s rules', () => {
    const bad = file('annotated, 100%.apl', "['http-logs']\n| where status ==\n| extend x = strcatt('a')\n");
    const escapedName = bad.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/,/g, '%2C');
    for (const args of [
      ['--format', 'github', bad],
      [`--format=github`, bad],
    ]) {
      const { code, out } = checker(...args);
      assert.equal(code, 1);
      assert.deepEqual(out.trimEnd().split('\n'), [
        `::error file=${escapedName},line=2,col=16::Nothing follows '==': an operand is expected on its right.`,
        `::warning file=${escapedName},line=3,col=14::Unknown function 'strcatt': APL's reference has no such function. Did you mean 'strcat'?`,
      ]);
    }
    const missing = checker('--format', 'github', path.join(folder, 'missing.apl'));
    assert.equal(missing.code, 1);
    assert.match(missing.out, /^::error file=[^\n]*missing\.apl::Cannot read it/);
    const unknown = checker('--format', 'xml', bad);
    assert.deepEqual({ code: unknown.code, out: unknown.out }, { code: 2, out: '' });
    assert.match(unknown.err, /--format text\|github/);
  });

  it('a folder: its APL and monitor files, others left alone; a file it cannot read fails', () => {
    file('nested/ok.apl', "['a'] | take 1\n");
    file('nested/notes.txt', '| where ==');
    const { code, out } = checker(path.join(folder, 'nested'));
    assert.deepEqual({ code, out }, { code: 0, out: '' });
    const missing = checker(path.join(folder, 'missing.apl'));
    assert.equal(missing.code, 1);
    assert.match(missing.out, /missing\.apl: error: Cannot read it/);
    assert.equal(checker().code, 2, 'no file named');
  });

  it('an MPL file: the same checks as the editor, the same lines; a folder finds them', () => {
    const good = file('mpl/memory.mpl', '`otel-demo-metrics`:`go.memory.used`\n| align to 5m using avg\n');
    assert.deepEqual(checker(good), { code: 0, out: '', err: '' });
    const bad = file('mpl/bad.mpl', '`otel`:`cpu`\n| aling to 5m using avg\n| group by using sum\n| map rate\n');
    const { code, out } = checker(path.join(folder, 'mpl'));
    assert.equal(code, 1);
    assert.deepEqual(out.trimEnd().split('\n'), [
      `${bad}:2:3: error: MPL has no operation 'aling'. Did you mean 'align'?`,
      `${bad}:3:9: error: The tags to group by, after by.`,
    ]);
    const warned = file('warned.mpl', '`otel`:`cpu` | align to 5m using avgg\n');
    const github = checker('--format', 'github', warned);
    assert.equal(github.code, 0);
    assert.match(github.out, /^::warning file=.*warned\.mpl,line=1,col=34::align takes no function 'avgg'/);
  });
});
