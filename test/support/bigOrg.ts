// A large organisation's datasets and fields, made up but shaped like the API's: 300 datasets and
// 20,000 fields (one dataset of 5,000 fields, the rest about 50 each), nested names that need
// quoting, units, descriptions, hidden fields, virtual fields on every tenth dataset, and one
// dataset whose fields fail to load. Deterministic: every run serves the same bytes.
import type { FakeAxiom } from './fakeAxiom';

const AREAS = ['http', 'db', 'queue', 'auth', 'cache', 'k8s', 'lambda', 'cdn', 'billing', 'search'];
const KINDS = ['axiom:events:v1', 'axiom:events:v1', 'otel:logs:v1', 'otel:traces:v1', 'otel:metrics:v1'];
const PARTS = ['request', 'response', 'user', 'geo', 'service', 'span', 'resource', 'attributes', 'host', 'container'];
const LEAVES = [
  'id',
  'name',
  'status',
  'duration_ms',
  'bytes',
  'city',
  'country',
  'method',
  'path',
  'error',
  'region',
  'version',
  'kind',
  'code',
];
const TYPES = ['string', 'string', 'integer', 'float', 'boolean', 'datetime', 'string|integer'];

/** The dataset whose fields answer 500 (the fake's `failingFields`). */
export const BROKEN_DATASET = 'broken-fields';
/** The dataset of 5,000 fields. */
export const BIG_DATASET = 'big-events';

export interface BigOrg {
  datasets: string[];
  details: Record<string, { kind: string; description: string | null }>;
  fields: Record<string, unknown[]>;
  virtualFields: Record<string, unknown[]>;
}

/** `fields` of one made-up dataset, in the service's shape. */
export function madeUpFields(count: number, salt = 0): Record<string, unknown>[] {
  const fields: Record<string, unknown>[] = [
    { name: '_time', type: 'datetime', description: 'When the event happened', unit: '', hidden: false },
  ];
  for (let i = 1; i < count; i++) {
    const n = i + salt;
    const leaf = LEAVES[n % LEAVES.length];
    const name =
      i % 7 === 0 ? `${leaf}_${i}` : `${PARTS[n % PARTS.length]}.${PARTS[(n >> 3) % PARTS.length]}.${leaf}.${i}`;
    fields.push({
      name: i % 53 === 0 ? `${name} copy` : name,
      type: TYPES[n % TYPES.length],
      description: i % 5 === 0 ? `The ${leaf} of the ${PARTS[n % PARTS.length]}` : '',
      unit: leaf === 'duration_ms' ? 'ms' : leaf === 'bytes' ? 'By' : '',
      hidden: i % 25 === 0,
    });
  }
  return fields;
}

export function bigOrg(): BigOrg {
  const datasets: string[] = [];
  const details: BigOrg['details'] = {};
  const fields: BigOrg['fields'] = {};
  const virtualFields: BigOrg['virtualFields'] = {};
  const rest = 300 - 2;
  const restFields = 20_000 - 5_000 - 12;
  for (let i = 0; i < 300; i++) {
    const name =
      i === 0
        ? BIG_DATASET
        : i === 1
          ? BROKEN_DATASET
          : `${AREAS[i % AREAS.length]}-${['prod', 'staging', 'dev'][i % 3]}-${String(i).padStart(3, '0')}`;
    datasets.push(name);
    details[name] = {
      kind: KINDS[i % KINDS.length],
      description: i % 4 === 0 ? null : `Events of ${AREAS[i % AREAS.length]} (${i})`,
    };
    const count = i === 0 ? 5_000 : i === 1 ? 12 : Math.floor(restFields / rest) + (i - 2 < restFields % rest ? 1 : 0);
    fields[name] = madeUpFields(count, i);
    if (i % 10 === 0) {
      virtualFields[name] = [
        {
          id: `vf_${i}_1`,
          dataset: name,
          name: 'is_error',
          expression: "['response.status.code'] >= 500",
          description: 'Server errors',
          type: 'boolean',
        },
        {
          id: `vf_${i}_2`,
          dataset: name,
          name: 'duration_s',
          expression: 'duration_ms / 1000',
          type: 'float',
          unit: 's',
        },
      ];
    }
  }
  return { datasets, details, fields, virtualFields };
}

/** Makes the fake service answer as the big organisation. */
export function serveBigOrg(fake: FakeAxiom): BigOrg {
  const org = bigOrg();
  fake.datasets = org.datasets;
  fake.datasetDetails = org.details;
  fake.fields = org.fields;
  fake.virtualFields = org.virtualFields;
  fake.failingFields.add(BROKEN_DATASET);
  return org;
}
