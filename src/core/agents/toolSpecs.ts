// The language model tools the extension offers to chat agents: their names, whether they change
// anything, and the input each accepts. The same input schemas are declared in package.json
// (`contributes.languageModelTools`), which is what VS Code and the models read; a unit test holds
// the two to the same text. The types the tools read their inputs as are read off these schemas
// (ToolInputs), so an input is written here once. The models' descriptions live in package.json only.
import { MONITOR_TYPES, OPERATORS } from '../monitors/monitorFields';

/** The JSON Schema subset the tools' inputs use, and that validate.ts checks. */
export interface PropertySchema {
  type: 'string' | 'integer' | 'number' | 'boolean';
  description: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: string | number | boolean;
}

export interface InputSchema {
  type: 'object';
  properties: Readonly<Record<string, PropertySchema>>;
  required?: readonly string[];
  additionalProperties: false;
}

export interface ToolSpec {
  name: string;
  /** What a person types after `#` in chat. */
  referenceName: string;
  /** A tool that changes something in Axiom: asks the person first, every time. */
  writes: boolean;
  inputSchema: InputSchema;
}

/** The longest APL text a tool takes (the service's own limit is far above a chat's needs). */
export const MAX_APL_CHARS = 20_000;

/** Which monitor a tool acts on: its id, or its exact name. */
const MONITOR_ARGUMENT = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'The monitor id, or its exact name, as axiom_listMonitors returns them.',
} as const satisfies PropertySchema;

const range = {
  startTime: {
    type: 'string',
    maxLength: 64,
    description:
      'Start of the time range: RFC 3339 (2026-01-31T14:30:00Z), a date (2026-01-31), or relative to now (now-1h, now-30m, now-7d). Default: the range in the status bar (or the last hour).',
  },
  endTime: {
    type: 'string',
    maxLength: 64,
    description: 'End of the time range, in the same forms as startTime (default: now).',
  },
} as const;

/** An input's schema, its properties' and required names' literal types kept: the input types
 *  below are read off it (InputOf), so each tool's input is written once. */
interface ObjectSchema<P extends Record<string, PropertySchema>, R extends readonly string[]> extends InputSchema {
  readonly properties: P;
  readonly required?: R;
}

function object<const P extends Record<string, PropertySchema>, const R extends readonly (keyof P & string)[] = []>(
  properties: P,
  required?: R,
): ObjectSchema<P, R> {
  return {
    type: 'object',
    properties,
    ...(required?.length ? { required } : {}),
    additionalProperties: false,
  };
}

/** A dashboard's uid, as the dashboard tools take it. */
const DASHBOARD_UID = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  description: 'The dashboard uid, as axiom_listDashboards returns it.',
} as const;

export const TOOL_SPECS = [
  {
    name: 'axiom_listDatasets',
    referenceName: 'axiomDatasets',
    writes: false,
    inputSchema: object({
      filter: {
        type: 'string',
        maxLength: 200,
        description: 'Only datasets whose name contains this text (case-insensitive).',
      },
    }),
  },
  {
    name: 'axiom_getDatasetFields',
    referenceName: 'axiomFields',
    writes: false,
    inputSchema: object(
      {
        dataset: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'The dataset name, as axiom_listDatasets returns it.',
        },
      },
      ['dataset'],
    ),
  },
  {
    name: 'axiom_runQuery',
    referenceName: 'axiomQuery',
    writes: false,
    inputSchema: object(
      {
        apl: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_APL_CHARS,
          description:
            "The APL query, starting with the dataset in brackets: ['http-logs'] | where status >= 500 | summarize count() by bin_auto(_time)",
        },
        ...range,
        maxRows: {
          type: 'integer',
          minimum: 1,
          maximum: 200,
          description: 'Most rows to return per table (default 50); the row count is always given.',
        },
      },
      ['apl'],
    ),
  },
  {
    name: 'axiom_getAplReference',
    referenceName: 'axiomAplReference',
    writes: false,
    inputSchema: object({
      search: {
        type: 'string',
        maxLength: 100,
        description:
          'Only operators and functions whose name, category or description contains this text (for example "summarize", "string", "bin"). Without it: every operator and the function names by category.',
      },
    }),
  },
  {
    name: 'axiom_listMonitors',
    referenceName: 'axiomMonitors',
    writes: false,
    inputSchema: object({
      onlyTriggered: { type: 'boolean', description: 'Only monitors whose alert is open now.' },
      filter: {
        type: 'string',
        maxLength: 200,
        description: 'Only monitors whose name contains this text (case-insensitive).',
      },
    }),
  },
  {
    name: 'axiom_getMonitorHistory',
    referenceName: 'axiomMonitorHistory',
    writes: false,
    inputSchema: object(
      {
        monitor: MONITOR_ARGUMENT,
        hours: {
          type: 'integer',
          minimum: 1,
          maximum: 720,
          description: 'How many hours back from now (default 24, at most 720 = 30 days).',
        },
      },
      ['monitor'],
    ),
  },
  {
    name: 'axiom_listStarredQueries',
    referenceName: 'axiomStarred',
    writes: false,
    inputSchema: object({
      owner: {
        type: 'string',
        enum: ['mine', 'team', 'all'],
        description: "Whose starred queries: the person's own (mine, the default), their team's, or all.",
      },
      filter: {
        type: 'string',
        maxLength: 200,
        description: 'Only starred queries whose name or query contains this text.',
      },
      dataset: { type: 'string', maxLength: 200, description: 'Only starred queries of this dataset.' },
    }),
  },
  {
    name: 'axiom_getActiveQuery',
    referenceName: 'axiomActiveQuery',
    writes: false,
    inputSchema: object({}),
  },
  {
    name: 'axiom_starQuery',
    referenceName: 'axiomStar',
    writes: true,
    inputSchema: object(
      {
        apl: { type: 'string', minLength: 1, maxLength: MAX_APL_CHARS, description: 'The APL query to star.' },
        name: { type: 'string', minLength: 1, maxLength: 200, description: 'A short name for the starred query.' },
        dataset: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: "The query's dataset (default: the one the query starts with).",
        },
      },
      ['apl', 'name'],
    ),
  },
  {
    name: 'axiom_updateMonitor',
    referenceName: 'axiomUpdateMonitor',
    writes: true,
    inputSchema: object(
      {
        monitor: MONITOR_ARGUMENT,
        ...monitorSettings(),
        disabled: { type: 'boolean', description: 'true stops the monitor from running; false lets it run again.' },
      },
      ['monitor'],
    ),
  },
  {
    name: 'axiom_createMonitor',
    referenceName: 'axiomCreateMonitor',
    writes: true,
    inputSchema: object(
      {
        type: {
          type: 'string',
          enum: MONITOR_TYPES,
          description:
            'Threshold compares a number from the query with a threshold; MatchEvent alerts for every event the query returns; AnomalyDetection compares a series with its own past.',
        },
        ...monitorSettings(),
      },
      ['name', 'type', 'aplQuery'],
    ),
  },
  {
    name: 'axiom_listAnnotations',
    referenceName: 'axiomAnnotations',
    writes: false,
    inputSchema: object({
      datasets: {
        type: 'string',
        maxLength: 2000,
        description: 'Only annotations of these datasets: names separated by commas (default: every dataset).',
      },
      days: {
        type: 'integer',
        minimum: 1,
        maximum: 365,
        description: 'How many days back from now (default 30).',
      },
    }),
  },
  {
    name: 'axiom_createAnnotation',
    referenceName: 'axiomCreateAnnotation',
    writes: true,
    inputSchema: object(
      {
        type: {
          type: 'string',
          minLength: 1,
          maxLength: 256,
          description: 'The kind of event: lowercase letters, digits and hyphens, such as deploy or incident.',
        },
        datasets: {
          type: 'string',
          minLength: 1,
          maxLength: 2000,
          description: 'The datasets on whose charts it shows: names separated by commas (at least one).',
        },
        title: { type: 'string', maxLength: 256, description: 'A short summary, shown on the charts.' },
        description: { type: 'string', maxLength: 512, description: 'What happened, in a few sentences.' },
        url: { type: 'string', maxLength: 512, description: 'A link for the event, such as a pull request.' },
        time: {
          type: 'string',
          maxLength: 64,
          description: 'When it happened, RFC 3339 (2026-01-31T14:30:00Z). Default: now.',
        },
        endTime: {
          type: 'string',
          maxLength: 64,
          description: 'When it ended, RFC 3339, for an event that lasted (an incident): a band rather than a line.',
        },
      },
      ['type', 'datasets'],
    ),
  },
  {
    name: 'axiom_listDashboards',
    referenceName: 'axiomDashboards',
    writes: false,
    inputSchema: object({
      filter: {
        type: 'string',
        maxLength: 200,
        description: 'Only dashboards whose name or description contains this text.',
      },
    }),
  },
  {
    name: 'axiom_getDashboard',
    referenceName: 'axiomDashboard',
    writes: false,
    inputSchema: object(
      {
        uid: DASHBOARD_UID,
      },
      ['uid'],
    ),
  },
  {
    name: 'axiom_updateDashboardChart',
    referenceName: 'axiomUpdateDashboardChart',
    writes: true,
    inputSchema: object(
      {
        uid: DASHBOARD_UID,
        chartId: {
          type: 'string',
          minLength: 1,
          maxLength: 128,
          description: 'The chart id, as axiom_getDashboard returns it.',
        },
        apl: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_APL_CHARS,
          description: 'The chart’s new APL query (leave out to keep it).',
        },
        name: {
          type: 'string',
          minLength: 1,
          maxLength: 256,
          description: 'The chart’s new title (leave out to keep it).',
        },
      },
      ['uid', 'chartId'],
    ),
  },
  {
    name: 'axiom_getTrace',
    referenceName: 'axiomTrace',
    writes: false,
    inputSchema: object(
      {
        traceId: {
          type: 'string',
          minLength: 1,
          maxLength: 256,
          description: 'The trace id (the trace_id field of a span or a log line).',
        },
        dataset: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'The dataset that holds the spans (default: the only dataset of kind otel:traces:v1).',
        },
        seenAt: {
          type: 'string',
          maxLength: 64,
          description:
            'When the trace id was seen (RFC 3339, such as the _time of the row that named it): the trace is read around it, else over the last hour, day, then 7 days.',
        },
      },
      ['traceId'],
    ),
  },
  {
    name: 'axiom_findTraces',
    referenceName: 'axiomFindTraces',
    writes: false,
    inputSchema: object(
      {
        service: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'The service (service.name) whose traces to find.',
        },
        search: {
          type: 'string',
          enum: ['slowest', 'failing'],
          description:
            'slowest: its root spans by duration; failing: the traces where one of its spans erred, newest first.',
        },
        dataset: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'The dataset that holds the spans (default: the only dataset of kind otel:traces:v1).',
        },
        ...range,
      },
      ['service', 'search'],
    ),
  },
] as const satisfies readonly ToolSpec[];

/** The monitor settings a tool may set; only those named are changed. */
function monitorSettings() {
  return {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'What the monitor is called in Axiom and in notifications.',
    },
    description: { type: 'string', maxLength: 2000, description: 'What the monitor watches and why.' },
    aplQuery: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_APL_CHARS,
      description:
        "The APL query each run executes. A Threshold monitor's query ends with summarize; a MatchEvent monitor's does not aggregate.",
    },
    operator: {
      type: 'string',
      enum: OPERATORS,
      description: 'How the value is compared with the threshold (Threshold and AnomalyDetection).',
    },
    threshold: { type: 'number', description: "The value the query's result is compared with (Threshold)." },
    columnName: {
      type: 'string',
      maxLength: 200,
      description: 'The result column compared with the threshold; empty compares every numeric column.',
    },
    intervalMinutes: {
      type: 'integer',
      minimum: 1,
      maximum: 1440,
      description: 'How often the monitor runs, in minutes.',
    },
    rangeMinutes: {
      type: 'integer',
      minimum: 1,
      maximum: 43200,
      description: 'How much time each run looks at, in minutes, ending at the run.',
    },
    alertOnNoData: { type: 'boolean', description: 'A run whose query returns nothing counts as crossing.' },
    notifyByGroup: { type: 'boolean', description: 'Each group of the query (its by clause) alerts on its own.' },
  } as const;
}

export type ToolName = (typeof TOOL_SPECS)[number]['name'];

export const TOOL_NAMES: readonly ToolName[] = TOOL_SPECS.map((spec) => spec.name);

export function toolSpec(name: ToolName): ToolSpec {
  return TOOL_SPECS.find((spec) => spec.name === name)!;
}

// The inputs as the tools read them once validated (validate.ts), read off their schemas above: a
// string (one of its enum's when it has one), a number or a boolean; optional unless required.
type ValueOf<P extends PropertySchema> = P extends { readonly enum: readonly (infer E)[] }
  ? E
  : P['type'] extends 'string'
    ? string
    : P['type'] extends 'boolean'
      ? boolean
      : number;
type RequiredOf<S> = S extends { readonly required?: readonly (infer K)[] } ? K : never;
type InputOf<S extends InputSchema> = {
  -readonly [K in keyof S['properties'] & RequiredOf<S>]: ValueOf<S['properties'][K]>;
} & {
  -readonly [K in Exclude<keyof S['properties'], RequiredOf<S>>]?: ValueOf<S['properties'][K]>;
};

/** Each tool's input, by name. */
export type ToolInputs = {
  [Name in ToolName]: InputOf<Extract<(typeof TOOL_SPECS)[number], { name: Name }>['inputSchema']>;
};
