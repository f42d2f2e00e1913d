// Generators of what the service may send as a monitor (fast-check), shared by the property tests
// of the readers (test/unit/api/parse.test.ts) and of the allocation-free shape check
// (test/unit/api/shapeCheck.test.ts): objects that look like monitors, times as the service and the
// Go SDK write them, and monitors near or at the schema.
import fc from 'fast-check';

// Objects that look like monitors often enough to reach the field checks, not only the top level.
export const monitorKeys = fc.constantFrom(
  'id',
  'name',
  'type',
  'aplQuery',
  'threshold',
  'disabledUntil',
  'createdAt',
  'notifierIds',
  'notifierIDs',
  'disabled',
  'intervalMinutes',
  '__proto__',
  'constructor',
);
export const monitorish = fc.dictionary(monitorKeys, fc.jsonValue());
export const anyText = fc.string({ unit: 'binary', maxLength: 80 });

// Text for time fields: the form the service writes (every digit in every place, so that months,
// days and hours out of range occur), Go's zero time, other forms Date.parse reads, and any text.
export const padded = (max: number, width = 2) =>
  fc
    .oneof(
      { weight: 19, arbitrary: fc.integer({ min: 0, max }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 10 ** width - 1 }) },
    )
    .map((n) => String(n).padStart(width, '0'));
export const plainTime = fc
  .tuple(
    fc.oneof(padded(9999, 4), fc.constantFrom('1969', '1970', '0001')),
    padded(13),
    padded(32),
    padded(24),
    padded(60),
    padded(60),
    fc.constantFrom('', '.', '.1', '.123', '.123456789', '.1234567890'),
    fc.constantFrom('Z', 'Z', 'Z', 'z', '+02:00', '-00:30', ''),
  )
  .map(([y, mo, d, h, mi, s, fraction, zone]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone}`);
export const timeText = fc.oneof(
  plainTime,
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    '0001-01-01T00:00:00Z',
    '1969-12-31T23:59:59.999Z',
    '1970-01-01T00:00:00Z',
    '2025-03-20 10:00:00',
    'Mar 20 2025',
    'not a date',
    '',
    '2025',
  ),
  anyText,
);

// What each optional field of a monitor holds, as the API describes it: the spec these tests hold
// the reader to, written apart from the schema.
export type Kind = 'string' | 'number' | 'boolean' | 'time' | 'strings';
export const OPTIONAL_FIELDS: Record<string, Kind> = {
  type: 'string',
  description: 'string',
  aplQuery: 'string',
  mplQuery: 'string',
  operator: 'string',
  threshold: 'number',
  tolerance: 'number',
  columnName: 'string',
  compareDays: 'number',
  intervalMinutes: 'number',
  rangeMinutes: 'number',
  secondDelay: 'number',
  alertOnNoData: 'boolean',
  notifyByGroup: 'boolean',
  notifyEveryRun: 'boolean',
  resolvable: 'boolean',
  skipResolved: 'boolean',
  triggerAfterNPositiveResults: 'number',
  triggerFromNRuns: 'number',
  disabled: 'boolean',
  disabledUntil: 'time',
  createdAt: 'time',
  createdBy: 'string',
  updatedAt: 'time',
  notifierIds: 'strings',
  notifierIDs: 'strings',
};
export const validValue: Record<Kind, fc.Arbitrary<unknown>> = {
  string: anyText,
  number: fc.double({ noNaN: true, noDefaultInfinity: true }),
  boolean: fc.boolean(),
  time: timeText,
  strings: fc.array(anyText, { maxLength: 3 }),
};
/** Near-monitors: every optional field possibly odd (any JSON at all), and now and then no id or name. */
export const nearMonitor = fc.record(
  {
    id: fc.oneof({ weight: 8, arbitrary: anyText }, { weight: 1, arbitrary: fc.jsonValue() }),
    name: fc.oneof({ weight: 8, arbitrary: anyText }, { weight: 1, arbitrary: fc.jsonValue() }),
    ...Object.fromEntries(
      Object.entries(OPTIONAL_FIELDS).map(([key, kind]) => [
        key,
        fc.oneof(validValue[kind], fc.constant(null), fc.jsonValue()),
      ]),
    ),
    laterField: fc.jsonValue(),
  },
  { requiredKeys: [] },
);
/** Monitors as a Go service writes them: every optional field of its kind, null or absent; times
 *  that are Go's zero time, before 1970, or any other. Most of these pass the shape check. */
export const goTime = fc.oneof(
  fc.constant('0001-01-01T00:00:00Z'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  plainTime,
);
export const goShaped = fc.record(
  {
    id: anyText,
    name: anyText,
    ...Object.fromEntries(
      Object.entries(OPTIONAL_FIELDS).map(([key, kind]) => [
        key,
        fc.oneof(kind === 'time' ? goTime : validValue[kind], fc.constant(null)),
      ]),
    ),
  },
  { requiredKeys: ['id', 'name'] },
);

// Monitors the readers must keep whole: every field the schema names, of its type, some values
// the extension does not know yet, and a field the service may add later.
export const validMonitor = fc.record(
  {
    id: anyText,
    name: anyText,
    type: fc.constantFrom('Threshold', 'MatchEvent', 'AnomalyDetection', 'SomethingNew'),
    description: anyText,
    aplQuery: anyText,
    operator: fc.constantFrom('Above', 'Below', 'AboveOrEqual', 'Unheard'),
    threshold: fc.double({ noNaN: true, noDefaultInfinity: true }),
    intervalMinutes: fc.nat(100_000),
    rangeMinutes: fc.nat(100_000),
    disabled: fc.boolean(),
    disabledUntil: fc.option(
      fc.date({ noInvalidDate: true, min: new Date(0) }).map((d) => d.toISOString()),
      { nil: null },
    ),
    notifierIds: fc.array(anyText, { maxLength: 3 }),
    unknownLaterField: fc.jsonValue(),
  },
  { requiredKeys: ['id', 'name', 'type'] },
);
