// Export's file names (core/fileName.ts), for every record kind: one per record, apart on a
// case-insensitive, normalising file system, and the plain name kept where nothing clashes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { distinctFileNames, fileNameKey, safeFileName } from '../../../src/core/fileName';

const MONITOR_FILE_SUFFIX = '.axiom-monitor.json';
const exportFileNames = (names: readonly string[]) => distinctFileNames(names, 'monitor', MONITOR_FILE_SUFFIX);
const monitorFileName = (name: string) => safeFileName(name, 'monitor', MONITOR_FILE_SUFFIX);

describe('the file names Export All writes', () => {
  it('gives names that differ only in case distinct files, in order', () => {
    assert.deepEqual(exportFileNames(['Errors', 'errors', 'ERRORS', 'Latency']), [
      'Errors.axiom-monitor.json',
      'errors 2.axiom-monitor.json',
      'ERRORS 3.axiom-monitor.json',
      'Latency.axiom-monitor.json',
    ]);
  });

  it('takes an accented letter composed two ways, and ß and ss, as one name', () => {
    const [first, second] = exportFileNames(['Caf\u00e9', 'Cafe\u0301']);
    assert.notEqual(fileNameKey(first), fileNameKey(second));
    assert.deepEqual(exportFileNames(['Straße', 'STRASSE']), [
      'Straße.axiom-monitor.json',
      'STRASSE 2.axiom-monitor.json',
    ]);
  });

  it('numbers a name that clashes with an earlier numbered one past it, and a long name keeps its number', () => {
    assert.deepEqual(exportFileNames(['a 2', 'A', 'a']), [
      'a 2.axiom-monitor.json',
      'A.axiom-monitor.json',
      'a 3.axiom-monitor.json',
    ]);
    const long = 'x'.repeat(120);
    const [one, two] = exportFileNames([long, long.toUpperCase()]);
    assert.notEqual(fileNameKey(one), fileNameKey(two));
    assert.ok(two.endsWith(` 2${MONITOR_FILE_SUFFIX}`));
  });

  it('for any names: one file each, none the same but for case, a name without a clash kept plain', () => {
    const names = fc.array(
      fc.oneof(fc.string(), fc.constantFrom('Errors', 'errors', 'ERRORS', 'a 2', 'A', 'Straße', 'STRASSE', '/', '')),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(names, (list) => {
        const files = exportFileNames(list);
        assert.equal(files.length, list.length);
        assert.equal(new Set(files.map(fileNameKey)).size, files.length);
        for (const file of files) assert.ok(file.endsWith(MONITOR_FILE_SUFFIX) && !/[/\\\\]/.test(file));
        const plainKeys = list.map((name) => fileNameKey(monitorFileName(name)));
        list.forEach((name, i) => {
          if (
            plainKeys.filter((key) => key === plainKeys[i]).length === 1 &&
            !files.slice(0, i).some((f) => fileNameKey(f) === plainKeys[i])
          )
            assert.equal(files[i], monitorFileName(name));
        });
      }),
    );
  });

  it('six dashboards whose names differ by case past the cut or only in composition: six files', () => {
    const long = `${'Checkout latency by region and by service '.repeat(2)}`;
    const names = [long + 'EU', long + 'eu', 'Caf\u00e9', 'Cafe\u0301', 'Ops', 'OPS'];
    const files = distinctFileNames(names, 'dashboard', '.axiom-dashboard.json');
    assert.equal(new Set(files.map(fileNameKey)).size, 6);
    assert.equal(
      fileNameKey(safeFileName(names[0], 'd', '')),
      fileNameKey(safeFileName(names[1], 'd', '')),
      'one name once cut',
    );
  });

  it('for any names and any extension: one file each, apart once normalised and folded, none longer than the cut and its number', () => {
    const names = fc.array(
      fc.oneof(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme', minLength: 70, maxLength: 120 }),
        fc.constantFrom('Café', 'Cafe\u0301', 'CAFÉ', 'Straße', 'STRASSE', 'x'.repeat(100), 'X'.repeat(100)),
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(names, fc.constantFrom('.axiom-dashboard.json', '.axiom-monitor.json', '.apl'), (list, extension) => {
        const files = distinctFileNames(list, 'record', extension);
        assert.equal(files.length, list.length);
        assert.equal(new Set(files.map(fileNameKey)).size, files.length);
        for (const file of files) {
          assert.ok(file.endsWith(extension) && !/[/\\]/.test(file));
          assert.ok(file.length - extension.length <= 80 + ` ${list.length}`.length, file);
        }
      }),
    );
  });
});
