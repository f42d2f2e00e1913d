import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  MAX_PLACES,
  MAX_SCANNED_CHARACTERS,
  normalisePath,
  placesIn,
  placesInRow,
  type CodePlace,
} from '../../../src/core/code/codePlaces';

/** The places as `path:line:column` (what the tests compare). */
const written = (places: CodePlace[]) =>
  places.map((p) => [p.path, p.line, p.column].filter((x) => x !== undefined).join(':'));

describe('places in stack frames', () => {
  it('reads Node and TypeScript frames, with and without a function', () => {
    const stack = [
      'TypeError: boom',
      '    at handler (/app/src/x.ts:12:5)',
      '    at /app/x.js:3:1',
      '    at async Promise.all (index 0)',
      '    at Module._compile (node:internal/modules/cjs/loader:1105:14)',
      '    at run (file:///srv/app/main.mjs:40:7)',
    ].join('\n');
    assert.deepEqual(written(placesIn(stack)), ['/app/src/x.ts:12:5', '/app/x.js:3:1', '/srv/app/main.mjs:40:7']);
  });

  it('reads Python frames with their function, and skips pseudo-files', () => {
    const stack = [
      'Traceback (most recent call last):',
      '  File "/app/my app/x.py", line 12, in handle',
      '  File "<string>", line 1, in <module>',
      'ValueError: nope',
    ].join('\n');
    assert.deepEqual(placesIn(stack), [{ path: '/app/my app/x.py', line: 12, function: 'handle' }]);
  });

  it('reads Go frames', () => {
    const stack = 'goroutine 1 [running]:\nmain.main()\n\t/app/x.go:12 +0x1d\nexit status 2';
    assert.deepEqual(written(placesIn(stack)), ['/app/x.go:12']);
  });

  it('reads Java and Kotlin frames: the file name alone', () => {
    const stack =
      'java.lang.IllegalStateException: x\n\tat a.b.C.m(C.java:12)\n\tat a.b.D.n(D.kt:7)\n\tat java.base/jdk.internal.Native(Native Method)';
    assert.deepEqual(written(placesIn(stack)), ['C.java:12', 'D.kt:7']);
  });

  it('reads .NET frames, Windows paths included', () => {
    const stack =
      'System.Exception: x\n   at App.X.Run() in /app/X.cs:line 12\n   at App.Y.Go() in C:\\src\\My App\\Y.cs:line 40';
    assert.deepEqual(written(placesIn(stack)), ['/app/X.cs:12', 'C:/src/My App/Y.cs:40']);
  });

  it('reads Ruby frames', () => {
    assert.deepEqual(written(placesIn("/app/x.rb:12:in 'm'\n/app/y.rb:3:in `block in n'")), [
      '/app/x.rb:12',
      '/app/y.rb:3',
    ]);
  });

  it('reads Rust panics', () => {
    assert.deepEqual(written(placesIn("thread 'main' panicked at src/main.rs:12:5:\nindex out of bounds")), [
      'src/main.rs:12:5',
    ]);
  });

  it('normalises Windows separators and drops paths that climb', () => {
    assert.deepEqual(written(placesIn('at f (C:\\app\\src\\x.ts:1:2)')), ['C:/app/src/x.ts:1:2']);
    assert.deepEqual(placesIn('at f (/app/../etc/x.js:1:2)\nat g (..\\x.ts:3:4)'), []);
  });

  it('takes no host, port, time or URL for a place', () => {
    assert.deepEqual(placesIn('GET api.example.com:443 at 12:05:33 from https://cdn.example.com/app.js:1:2'), []);
  });

  it('gives each place once, in the order written', () => {
    assert.deepEqual(written(placesIn('at a (/x/b.ts:2:1)\nat a (/x/a.ts:1:1)\nat a (/x/b.ts:2:1)')), [
      '/x/b.ts:2:1',
      '/x/a.ts:1:1',
    ]);
  });

  it('reads nothing in numbers, booleans, null or undefined', () => {
    for (const value of [12, true, null, undefined]) assert.deepEqual(placesIn(value), []);
  });

  it('takes a code file path column for a path itself', () => {
    assert.deepEqual(placesIn('/app/x.ts', 'code.filepath'), [{ path: '/app/x.ts' }]);
    assert.deepEqual(placesIn('src\\y.py', 'attributes.code.file.path'), [{ path: 'src/y.py' }]);
    assert.deepEqual(placesIn('../y.py', 'code.file.path'), []);
  });
});

describe('places in a row', () => {
  it('reads the older attributes, flattened', () => {
    const row = {
      'attributes.code.filepath': '/app/x.ts',
      'attributes.code.lineno': 12,
      'attributes.code.function': 'f',
    };
    assert.deepEqual(placesInRow(row), [{ path: '/app/x.ts', line: 12, function: 'f' }]);
  });

  it('reads the newer attributes, nested, and numbers written as text', () => {
    const row = {
      attributes: {
        code: { file: { path: 'src/a.go' }, line: { number: '7' }, column: { number: 3 }, function: { name: 'g' } },
      },
    };
    assert.deepEqual(placesInRow(row), [{ path: 'src/a.go', line: 7, column: 3, function: 'g' }]);
  });

  it('reads attributes under names with dots inside an object, and at the top', () => {
    assert.deepEqual(placesInRow({ attributes: { 'code.file.path': '/a.ts', 'code.line.number': 2 } }), [
      { path: '/a.ts', line: 2 },
    ]);
    assert.deepEqual(placesInRow({ 'code.filepath': '/b.ts', 'code.lineno': 0 }), [{ path: '/b.ts' }]);
  });

  it('reads the frames of exception.stacktrace, and of exception events', () => {
    const row = {
      'attributes.exception.stacktrace': 'Error\n    at f (/app/x.ts:1:2)',
      events: [{ attributes: { 'exception.stacktrace': 'Error\n    at g (/app/y.ts:3:4)' } }],
    };
    assert.deepEqual(written(placesInRow(row)), ['/app/x.ts:1:2', '/app/y.ts:3:4']);
  });

  it('reads a row given to placesIn as an object', () => {
    assert.deepEqual(placesIn({ 'code.file.path': '/a.rs', 'code.line.number': 9 }), [{ path: '/a.rs', line: 9 }]);
  });

  it('gives nothing for a row without code attributes', () => {
    assert.deepEqual(placesInRow({ message: 'at f (/app/x.ts:1:2)', level: 'error' }), []);
  });
});

describe('paths', () => {
  it('keeps a path as a string, separators normalised', () => {
    assert.equal(normalisePath('file:///C:/app/x.ts'), 'C:/app/x.ts');
    assert.equal(normalisePath('a\\b\\c.ts'), 'a/b/c.ts');
    assert.equal(normalisePath('node:internal/x'), undefined);
    assert.equal(normalisePath('a/../b.ts'), undefined);
  });
});

describe('places, property tests', () => {
  const segment = fc.stringMatching(/^[\w.-]{1,12}$/);
  const path = fc
    .tuple(
      fc.constantFrom('/', '', 'C:\\', './'),
      fc.array(fc.oneof(segment, fc.constant('..')), { maxLength: 5 }),
      fc.constantFrom('x.ts', 'y.py', 'z.go', 'w.rb'),
    )
    .map(([root, parts, file]) => root + [...parts, file].join(root === 'C:\\' ? '\\' : '/'));
  const frame = fc
    .tuple(path, fc.integer({ min: 1, max: 99999 }), fc.integer({ min: 1, max: 999 }))
    .map(([p, line, column]) => `at f (${p}:${line}:${column})`);
  const hostile = fc.string({ unit: 'binary', maxLength: 200 });

  it('never throws, never gives a place with `..` or a backslash, never more than the cap', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(frame, hostile), { maxLength: 80 }),
        fc.constantFrom('\n', '', ' ', '\\n'),
        (parts, glue) => {
          const places = placesIn(parts.join(glue));
          assert.ok(places.length <= MAX_PLACES);
          for (const place of places) {
            assert.ok(!place.path.split('/').includes('..'), place.path);
            assert.ok(!place.path.includes('\\'), place.path);
          }
        },
      ),
    );
  });

  it('finds a frame among hostile text, unless its path climbs', () => {
    fc.assert(
      fc.property(
        hostile,
        path,
        fc.integer({ min: 1, max: 99999 }),
        fc.integer({ min: 1, max: 999 }),
        hostile,
        (before, p, line, column, after) => {
          const places = placesIn(`${before}\n    at f (${p}:${line}:${column})\n${after}`);
          const expected = p.replace(/\\/g, '/').replace(/^\.\//, './');
          const climbs = expected.split('/').includes('..');
          const hit = places.some((q) => q.path === expected && q.line === line && q.column === column);
          assert.equal(hit, !climbs, `${p} in ${JSON.stringify(places)}`);
        },
      ),
    );
  });

  it('reads any JSON value without throwing, within the cap', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.option(fc.string()), (value, field) => {
        assert.ok(placesIn(value, field ?? undefined).length <= MAX_PLACES);
        if (typeof value === 'object' && value !== null && !Array.isArray(value))
          assert.ok(placesInRow(value).length <= MAX_PLACES);
      }),
    );
  });

  it('bounds the work on very long values: many frames, a long line, frames past the scanned part', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `at f (/app/f${i}.ts:${i + 1}:1)`).join('\n');
    assert.equal(placesIn(many).length, MAX_PLACES);
    const late = `${'x'.repeat(MAX_SCANNED_CHARACTERS)} at f (/app/late.ts:1:1)`;
    assert.deepEqual(placesIn(late), []);
    const longLine = `${'a/'.repeat(200_000)}x.ts:1:1 ${':'.repeat(100_000)}`;
    assert.ok(placesIn(longLine).length <= MAX_PLACES);
  });
});
