// The language model tools inside the real VS Code, without any language model: VS Code lists
// them with their schemas, vscode.lm.invokeTool calls each against the fake service, results are
// cut at their budget and say so, the write tool's preparation names the deployment and what
// will be sent, the query tool gives the workspace location of events that name a place in code,
// and no token appears in any result (the runner scans the logs after the suite).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import * as vscode from 'vscode';
import { FakeAxiom, ODD_TOKEN } from '../support/fakeAxiom';
import { compileErrorBody, hugeTabular, TYPED_TABULAR } from '../support/tabularFixtures';
import type { RunRow } from '../../src/history/historyView';
import { TOOL_SPECS } from '../../src/core/agents/toolSpecs';
import { activateExtension, closeAllEditors, connectedFake, EXTENSION_ID, waitFor, signOut } from './helpers';
import { continuedToolText, invokeToolText } from './languageModelTools';

const OTHER_TOKEN = 'xaat-22222222-other-test-token';
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const MONITORS = [
  {
    id: 'mon_quiet',
    name: 'A quiet one',
    type: 'Threshold',
    operator: 'Above',
    threshold: 10,
    intervalMinutes: 5,
    rangeMinutes: 5,
    aplQuery: "['http-logs'] | count",
  },
  {
    id: 'mon_fire',
    name: 'Checkout errors',
    type: 'Threshold',
    operator: 'Above',
    threshold: 0,
    intervalMinutes: 1,
    rangeMinutes: 5,
    aplQuery: "['http-logs'] | where status >= 500 | count",
  },
  { id: 'mon_off', name: 'Turned off', type: 'Threshold', disabled: true, aplQuery: "['c'] | count" },
];

interface DeclaredTool {
  name: string;
  inputSchema: object;
}

describe('Language model tools', () => {
  let fake: FakeAxiom;
  const texts: string[] = [];

  async function invoke(name: string, input: object): Promise<string> {
    const text = await invokeToolText(name, input);
    texts.push(text);
    return text;
  }

  /** The JSON values inside the text's data blocks. */
  function data(text: string): unknown[] {
    const values: unknown[] = [];
    let open = false;
    for (const line of text.split('\n')) {
      if (line.startsWith('<axiom-data ')) open = true;
      else if (line === '</axiom-data>') open = false;
      else if (open) values.push(JSON.parse(line));
    }
    return values;
  }

  const chat = () => vscode.workspace.getConfiguration('chat');
  // Registered from VS Code 1.99; 1.96 lists every tool without it.
  const agentModeSetting = () => chat().inspect('agent.enabled')?.defaultValue !== undefined;

  before(async () => {
    if (agentModeSetting()) await chat().update('agent.enabled', true, vscode.ConfigurationTarget.Global);
    await activateExtension();
    fake = await connectedFake(MONITORS);
    fake.histories.set('mon_quiet', [
      { name: 'A quiet one', checkId: 'c', timestamp: ago(90), state: 'open' },
      { name: 'A quiet one', checkId: 'c', timestamp: ago(80), state: 'closed' },
    ]);
    fake.histories.set('mon_fire', [
      { name: 'Checkout errors', checkId: 'eu', timestamp: ago(12), state: 'open' },
      { name: 'Checkout errors', checkId: 'us', timestamp: ago(3), state: 'open' },
    ]);
  });
  after(async () => {
    if (agentModeSetting()) await chat().update('agent.enabled', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
    await fake.stop();
    for (const text of texts) {
      assert.ok(!text.includes(fake.token) && !text.includes(ODD_TOKEN), 'no token in any result');
    }
  });
  afterEach(() => fake.reset());

  it('VS Code lists every tool with the schema package.json declares', async () => {
    const declared = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
        contributes: { languageModelTools: DeclaredTool[] };
      }
    ).contributes.languageModelTools;
    assert.deepEqual(
      declared.map((tool) => tool.name),
      TOOL_SPECS.map((spec) => spec.name),
    );
    // Agent mode on (the harness turns it off): later VS Codes list extensions' tools only then.
    await waitFor('the tools to be listed', () => vscode.lm.tools.some((t) => t.name === 'axiom_listDatasets'));
    for (const tool of declared) {
      const listed = vscode.lm.tools.find((t) => t.name === tool.name);
      assert.ok(listed, `${tool.name} is listed`);
      assert.deepEqual(listed.inputSchema, tool.inputSchema, tool.name);
      assert.ok(listed.description.length > 100, `${tool.name} has its model description`);
    }
  });

  it('axiom_listDatasets and axiom_getDatasetFields: names, then fields with types, the deployment named', async () => {
    const datasets = await invoke('axiom_listDatasets', {});
    assert.match(datasets, /^Axiom deployment: 127\.0\.0\.1:\d+\n/);
    assert.deepEqual(data(datasets), [
      { name: 'http-logs', kind: 'axiom:events:v1', description: 'Requests to the web servers' },
      { name: 'sample-app', kind: 'otel:traces:v1' },
    ]);
    const fields = await invoke('axiom_getDatasetFields', { dataset: 'http-logs' });
    assert.match(fields, /5 fields \(1 hidden ones left out\)/);
    assert.deepEqual(data(fields)[1], { name: 'status', type: 'integer', description: 'HTTP status' });
    assert.match(await invoke('axiom_getDatasetFields', { dataset: 'nope' }), /There is no dataset named "nope"/);
  });

  it('axiom_runQuery: the range sent, a compact table of the answer', async () => {
    fake.aplAnswer = () => ({ body: TYPED_TABULAR });
    const text = await invoke('axiom_runQuery', { apl: "['http-logs'] | take 3", startTime: 'now-2h' });
    const [request] = fake.requestsTo('POST /v1/datasets/_apl');
    assert.deepEqual(JSON.parse(request.body), { apl: "['http-logs'] | take 3", startTime: 'now-2h', endTime: 'now' });
    assert.match(
      text,
      /ran over now-2h – now \(startTime now-2h, endTime now\): 1 table, 2 ms, 1200 rows examined, 3 matched/,
    );
    const [header, first, second] = data(text);
    assert.deepEqual(header, {
      table: '0',
      columns: [
        '_time: datetime',
        'status: integer',
        'duration: float',
        'ok: boolean',
        'method: string',
        'attrs: map[string]any|null',
        'tags: array',
      ],
      rowCount: 3,
    });
    assert.deepEqual(first, [
      '2026-01-01T00:00:03Z',
      200,
      1.5,
      true,
      'GET',
      { user: { id: 7, name: 'Zoë' } },
      ['a', 'b'],
    ]);
    assert.deepEqual(second, ['2026-01-01T00:00:02Z', null, 0.25, false, 'POST', null, []]);
  });

  it('axiom_runQuery: rows cut at the budget, saying so; a compile error with its place', async () => {
    fake.aplAnswer = () => ({ body: hugeTabular(5000) });
    const cut = await invoke('axiom_runQuery', { apl: "['http-logs']", maxRows: 5 });
    assert.equal(data(cut).length, 6);
    assert.match(cut, /Cut: showing 5 of 5000 rows of table 0, at the budget of 5 items\./);
    const long = await invoke('axiom_runQuery', { apl: "['http-logs']", maxRows: 200 });
    assert.ok(long.length <= 12_000, `${long.length} characters`);
    assert.match(long, /Cut: showing \d+ of 5000 rows .* at the budget of 12000 characters\./);

    fake.aplAnswer = () => ({ status: 400, body: compileErrorBody(2, 3, 'unknown operator "wher"') });
    const wrong = await invoke('axiom_runQuery', { apl: "['http-logs']\n| wher status == 500" });
    assert.match(wrong, /does not compile: line 2, column 3/);
    assert.deepEqual(data(wrong), [
      { line: 2, column: 3, message: 'unknown operator "wher"', lineText: '| wher status == 500' },
    ]);
  });

  it('axiom_runQuery runs through the query runner: the history records it as an agent’s run (cut at its take), failures too', async () => {
    const { history, historyView } = await activateExtension();
    await history.clear();
    fake.aplAnswer = () => ({ body: TYPED_TABULAR });
    await invoke('axiom_runQuery', { apl: "['http-logs'] | take 3 // by the agent", startTime: 'now-2h' });
    fake.aplAnswer = () => ({ status: 400, body: compileErrorBody(1, 17, 'unknown operator "wher"') });
    await invoke('axiom_runQuery', { apl: "['http-logs'] | wher status == 500" });
    const [failed, ok] = await waitFor('both runs in the history', async () => {
      const entries = await history.entries();
      return entries.length === 2 ? entries : undefined;
    });
    assert.deepEqual(
      { apl: ok.apl, source: ok.source, outcome: ok.outcome, rows: ok.rows, range: ok.range },
      {
        apl: "['http-logs'] | take 3 // by the agent",
        source: 'agent',
        outcome: 'limited',
        rows: 3,
        range: { version: 1, start: 'now-2h', end: 'now' },
      },
    );
    assert.deepEqual({ source: failed.source, outcome: failed.outcome }, { source: 'agent', outcome: 'compileError' });
    // The Query History tells it apart from a Run Query of the person's.
    await historyView.refresh({ restart: true });
    const [today] = historyView.getChildren();
    const rows = (await historyView.getChildren(today)) as RunRow[];
    const item = historyView.getTreeItem(rows.find((row) => row.entry.id === ok.id)!);
    assert.match(String(item.description), / · agent · /);
    await history.clear();
  });

  it('axiom_runQuery: the workspace location of each event that names a place in code, inside the data framing; no file read', async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    // The desktop runner opens no folder: no workspace to find code in.
    if (!folder) this.skip();
    const root = path.join(folder.uri.fsPath, 'axiom-agent-places');
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'agentPlaceHandler.ts'), 'a secret line the tool must not read\n');
    const paths = [
      '/srv/app/src/agentPlaceHandler.ts',
      '/srv/app/src/agentPlaceHandler.ts',
      '/srv/gone/nowhere.ts',
      null,
    ];
    fake.aplAnswer = () => ({
      body: {
        ...TYPED_TABULAR,
        tables: [
          {
            ...TYPED_TABULAR.tables[0],
            fields: [
              { name: 'attributes.code.filepath', type: 'string' },
              { name: 'attributes.code.lineno', type: 'integer' },
            ],
            columns: [paths, [12, 13, 4, null]],
          },
        ],
      },
    });
    try {
      const text = await invoke('axiom_runQuery', { apl: "['http-logs'] | take 4" });
      assert.ok(!text.includes('a secret line'), 'no file is read');
      const blocks = text.split('<axiom-data ').length - 1;
      assert.equal(blocks, 2, text);
      const locations = data(text).slice(-2);
      assert.deepEqual(locations, [
        { table: 0, row: 0, file: 'axiom-agent-places/src/agentPlaceHandler.ts', line: 12 },
        { table: 0, row: 1, file: 'axiom-agent-places/src/agentPlaceHandler.ts', line: 13 },
      ]);
      assert.match(text, /3 of the rows read name a place in code; 2 of them map to a file/);
      assert.match(text, /1 name a place that maps to no file of the workspace\./);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('invalid input is refused before anything is sent', async () => {
    const text = await invoke('axiom_getMonitorHistory', { monitor: 'mon_fire', hours: 10_000 });
    assert.match(text, /not valid, so nothing was sent: "hours" must be at most 720/);
    assert.equal(fake.requests.length, 0);
  });

  it('axiom_listMonitors: triggered first, since when and the open groups, read within the status budget', async () => {
    const text = await invoke('axiom_listMonitors', {});
    const monitors = data(text) as { id: string; status?: unknown; condition?: string }[];
    assert.deepEqual(
      monitors.map((m) => m.id),
      ['mon_fire', 'mon_quiet', 'mon_off'],
    );
    const fire = monitors[0].status as { triggered: boolean; since: string; openGroups: string[] };
    assert.equal(fire.triggered, true);
    assert.deepEqual(fire.openGroups, ['eu', 'us']);
    // Since the first of its open groups opened (12 minutes before the suite began, however long ago that is now).
    const opened = fake.histories.get('mon_fire')!.find((change) => change.checkId === 'eu')!.timestamp;
    assert.equal(Date.parse(fire.since), Date.parse(opened));
    assert.deepEqual(monitors[1].status, { triggered: false });
    assert.equal(monitors[2].status, undefined, 'a disabled monitor is not asked about');
    // Histories the status checks already hold (the Monitors view's, in a full run) are not read again;
    // what is read is only an enabled monitor's, and each once.
    const asked = fake.requestsTo('GET /v2/monitors/*/history').map((r) => r.path.split('/')[3]);
    assert.ok(
      asked.every((id) => id === 'mon_fire' || id === 'mon_quiet'),
      `asked about ${asked.join(', ')}`,
    );
    assert.equal(new Set(asked).size, asked.length, 'each history read once');
    assert.match(text, /3 monitors \(of 3\); 1 triggered now\./);
    // Known now: a second call reads no history again.
    fake.reset();
    assert.deepEqual(
      (data(await invoke('axiom_listMonitors', { onlyTriggered: true })) as { id: string }[]).map((m) => m.id),
      ['mon_fire'],
    );
    assert.equal(fake.requestsTo('GET /v2/monitors/*/history').length, 0);
  });

  it('axiom_getMonitorHistory: by name, newest first, with its query', async () => {
    const text = await invoke('axiom_getMonitorHistory', { monitor: 'Checkout errors', hours: 2 });
    const [apl, newest, older] = data(text) as [string, { state: string; check: string }, { check: string }];
    assert.equal(apl, "['http-logs'] | where status >= 500 | count");
    assert.equal(newest.check, 'us');
    assert.equal(older.check, 'eu');
    assert.match(text, /2 state changes, newest first; triggered since/);
  });

  it('axiom_listStarredQueries and axiom_getActiveQuery', async () => {
    fake.starred.push({
      id: 'sq_team',
      kind: 'apl',
      name: 'Team errors',
      dataset: 'http-logs',
      who: 'usr_other',
      query: { apl: "['http-logs'] | where status >= 500" },
      metadata: {},
    });
    const starred = await invoke('axiom_listStarredQueries', { owner: 'all' });
    assert.deepEqual(data(starred), [
      { id: 'sq_team', name: 'Team errors', dataset: 'http-logs', apl: "['http-logs'] | where status >= 500" },
    ]);
    assert.match(fake.requestsTo('GET /v2/apl-starred-queries')[0].path, /who=all/);

    const document = await vscode.workspace.openTextDocument({
      language: 'axiom-apl',
      content: "['http-logs']\n| count\n\n['sample-app'] | take 5",
    });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(3, 2, 3, 2);
    const active = await invoke('axiom_getActiveQuery', {});
    assert.match(
      active,
      /The query under the cursor in the active editor \("Untitled-\d+", language axiom-apl\); dataset "sample-app"; time range in the status bar: Last hour \(startTime now-1h, endTime now\)\./,
    );
    assert.deepEqual(data(active), ["['sample-app'] | take 5"]);
    await closeAllEditors();
    assert.match(await invoke('axiom_getActiveQuery', {}), /No APL query is open/);
  });

  it('axiom_getAplReference needs no network', async () => {
    const text = await invoke('axiom_getAplReference', { search: 'summarize' });
    assert.match(text, /"name":"summarize"/);
    assert.equal(fake.requests.length, 0);
  });

  it('axiom_starQuery: its preparation asks the person, naming the deployment and what will be sent; then it stars', async () => {
    const { agentTools } = await activateExtension();
    const input = { apl: "['http-logs'] | where status >= 500", name: 'Errors *now*', dataset: 'http-logs' };
    const tool = agentTools.tool('axiom_starQuery');
    const prepared = await tool.prepareInvocation!({ input }, new vscode.CancellationTokenSource().token);
    const confirmation = prepared?.confirmationMessages;
    assert.ok(confirmation, 'a confirmation is asked for');
    assert.match(confirmation.title, /^Star a query in Axiom \(127\.0\.0\.1:\d+\)$/);
    const message = typeof confirmation.message === 'string' ? confirmation.message : confirmation.message.value;
    assert.match(message, /on the deployment \*\*127\\\.0\\\.0\\\.1\\:\d+\*\*/);
    assert.match(
      message,
      /named \*\*Errors \\\*now\\\*\*\*, dataset \*\*http\\-logs\*\*/,
      'the name escaped: shown as typed',
    );
    assert.match(message, /```axiom-apl\n\['http-logs'\] \| where status >= 500\n```/);
    assert.deepEqual(
      fake.requests.map((r) => `${r.method} ${r.path}`),
      ['GET /v2/user'],
      'preparing reads whose query it will be, and writes nothing',
    );
    for (const read of ['axiom_listDatasets', 'axiom_runQuery']) {
      const plain = await agentTools.tool(read).prepareInvocation!(
        { input: { apl: 'x' } },
        new vscode.CancellationTokenSource().token,
      );
      assert.equal(plain?.confirmationMessages, undefined, `${read} reads only: no confirmation`);
    }

    // What VS Code does once the person chose Continue.
    const text = await continuedToolText(tool, input);
    texts.push(text);
    assert.match(text, /Starred the query as "Errors \*now\*" \(id sq_\d+, dataset "http-logs"\)/);
    const posted = JSON.parse(fake.requestsTo('POST /v2/apl-starred-queries')[0].body) as Record<string, unknown>;
    assert.deepEqual(posted, {
      kind: 'apl',
      name: 'Errors *now*',
      dataset: 'http-logs',
      who: 'usr_fake_1',
      query: { apl: input.apl },
      metadata: {},
    });
  });

  it('axiom_updateMonitor: the confirmation shows each setting from now to then; only those change, the rest goes back as it was', async () => {
    const { agentTools } = await activateExtension();
    const tool = agentTools.tool('axiom_updateMonitor');
    const input = { monitor: 'Checkout errors', threshold: 3, intervalMinutes: 1, description: 'Pages the *on-call*' };
    const prepared = await tool.prepareInvocation!({ input }, new vscode.CancellationTokenSource().token);
    const confirmation = prepared?.confirmationMessages;
    assert.ok(confirmation, 'a confirmation is asked for');
    assert.match(confirmation.title, /^Change a monitor in Axiom \(127\.0\.0\.1:\d+\)$/);
    const message = typeof confirmation.message === 'string' ? confirmation.message : confirmation.message.value;
    assert.match(message, /Change the monitor \*\*Checkout errors\*\* \(id mon\\_fire\):/);
    assert.match(message, /- threshold: `0` → `3`/);
    assert.match(message, /- description: `null` → `"Pages the \*on-call\*"`/);
    assert.doesNotMatch(message, /intervalMinutes/, 'a setting that does not change is not listed');
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 0, 'preparing changes nothing');

    const text = await continuedToolText(tool, input);
    texts.push(text);
    assert.match(text, /Updated the monitor "Checkout errors" \(id mon_fire\): description, threshold\./);
    const [put] = fake.requestsTo('PUT /v2/monitors/{id}');
    const sent = JSON.parse(put.body) as Record<string, unknown>;
    const before = MONITORS[1] as Record<string, unknown>;
    assert.deepEqual(sent, {
      ...Object.fromEntries(Object.entries(before).filter(([key]) => key !== 'id')),
      threshold: 3,
      description: 'Pages the *on-call*',
    });
  });

  it('axiom_createMonitor: refused before sending when the service would refuse it; else created after the confirmation', async () => {
    const { agentTools } = await activateExtension();
    const tool = agentTools.tool('axiom_createMonitor');
    const call = async (input: object) => {
      const text = await continuedToolText(tool, input);
      texts.push(text);
      return text;
    };
    const unsummarized = await invoke('axiom_createMonitor', {
      name: 'No summarize',
      type: 'Threshold',
      aplQuery: "['http-logs'] | where status >= 500",
      operator: 'Above',
      threshold: 0,
    });
    assert.match(unsummarized, /Nothing was sent: the monitor would not be valid/);
    assert.equal(fake.requestsTo('POST /v2/monitors').length, 0);

    const input = {
      name: '5xx on checkout',
      type: 'Threshold',
      aplQuery: "['http-logs'] | where status >= 500 | summarize count()",
      operator: 'Above',
      threshold: 10,
      intervalMinutes: 5,
      rangeMinutes: 5,
    };
    const prepared = await tool.prepareInvocation!({ input }, new vscode.CancellationTokenSource().token);
    const message = prepared?.confirmationMessages?.message;
    assert.match(
      typeof message === 'string' ? message : (message?.value ?? ''),
      /Create a monitor named \*\*5xx on checkout\*\*[\s\S]*- threshold: `10`[\s\S]*```axiom-apl\n\['http-logs'\] \| where status >= 500 \| summarize count\(\)\n```/,
    );
    const created = await call(input);
    assert.match(created, /Created the monitor "5xx on checkout" \(id mon_new_\d+\)\./);
    assert.deepEqual(JSON.parse(fake.requestsTo('POST /v2/monitors')[0].body), input);
    // Its preparation is taken once: the same call again, unconfirmed, sends nothing.
    assert.match(await call(input), /Nothing was sent: this change was not prepared and confirmed with this input/);
    assert.equal(fake.requestsTo('POST /v2/monitors').length, 1);
  });

  /** Every request that changes something, on any of the fakes. */
  const writesTo = (...fakes: FakeAxiom[]) =>
    fakes.flatMap((f) => f.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`));

  it('axiom_createAnnotation: for any texts, the confirmation shows byte for byte the body then sent', async () => {
    const { agentTools } = await activateExtension();
    const tool = agentTools.tool('axiom_createAnnotation');
    const text = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((t) => !/xa[ap]t-/.test(t));
    await fc.assert(
      fc.asyncProperty(text, text, async (title, description) => {
        fake.reset();
        const input = { type: 'deploy', datasets: 'http-logs', title, description, time: '2026-03-01T14:03:00Z' };
        const prepared = await tool.prepareInvocation!({ input }, new vscode.CancellationTokenSource().token);
        const message = prepared?.confirmationMessages?.message;
        fc.pre(message !== undefined);
        const shown = typeof message === 'string' ? message : message.value;
        texts.push(await continuedToolText(tool, input));
        const [post] = fake.requestsTo('POST /v2/annotations');
        assert.ok(post, 'the confirmed annotation is sent');
        const sent = JSON.parse(post.body) as Record<string, unknown>;
        assert.ok(shown.includes(JSON.stringify(sent, null, 2)), `the sent body is shown as it is: ${shown}`);
        for (const value of Object.values(sent).flat()) assert.ok(shown.includes(JSON.stringify(value)));
      }),
      { numRuns: 15 },
    );
  });

  it('axiom_createAnnotation with a token-like text: no confirmation, a sentence why, and nothing sent', async () => {
    const { agentTools } = await activateExtension();
    const tool = agentTools.tool('axiom_createAnnotation');
    const input = { type: 'deploy', datasets: 'http-logs', title: `rotated ${OTHER_TOKEN}` };
    const prepared = await tool.prepareInvocation!({ input }, new vscode.CancellationTokenSource().token);
    assert.equal(prepared?.confirmationMessages, undefined, 'the person is not asked to send it');
    const said = prepared?.invocationMessage;
    assert.match(
      typeof said === 'string' ? said : (said?.value ?? ''),
      /Nothing will be sent: .* shaped like an Axiom token/,
    );
    const answer = await continuedToolText(tool, input);
    texts.push(answer);
    assert.match(answer, /Nothing was sent.*\$\.title would carry a value shaped like an Axiom token/);
    assert.equal(fake.requestsTo('POST /v2/annotations').length, 0);
  });

  it('axiom_updateMonitor through vscode.lm.invokeTool: a name two monitors have is refused, listing both; nothing sent', async () => {
    const twin = { ...MONITORS[1], id: 'mon_fire_twin' };
    fake.monitors.push(twin);
    try {
      const text = await invoke('axiom_updateMonitor', { monitor: 'Checkout errors', threshold: 5 });
      assert.match(text, /Nothing was sent: 2 monitors have the name "Checkout errors"/);
      assert.deepEqual(data(text), [
        { id: 'mon_fire', name: 'Checkout errors' },
        { id: 'mon_fire_twin', name: 'Checkout errors' },
      ]);
      assert.deepEqual(writesTo(fake), []);
    } finally {
      fake.monitors.splice(fake.monitors.indexOf(twin), 1);
    }
  });

  for (const status of [429, 500]) {
    it(`axiom_updateMonitor through vscode.lm.invokeTool: the monitor unreadable (${status}), the change cannot be prepared; nothing sent`, async () => {
      // Only the preparation's read fails: a call that read the monitor again on its own would find it.
      fake.fail('GET /v2/monitors/{id}', { status, body: { message: 'try later' }, times: 1 });
      const text = await invoke('axiom_updateMonitor', { monitor: 'mon_fire', threshold: 5 });
      assert.match(text, /The change cannot be prepared, so nothing was sent and the person was not asked/);
      assert.equal(fake.requestsTo('GET /v2/monitors/{id}').length, 1, 'read once, while preparing');
      assert.deepEqual(writesTo(fake), []);
    });
  }

  it('axiom_updateMonitor through vscode.lm.invokeTool: the deployment switched after it was prepared; nothing sent to either', async () => {
    const other = new FakeAxiom({ token: OTHER_TOKEN, monitors: structuredClone(MONITORS) });
    await other.start();
    const { own } = await activateExtension();
    // The preparation's read answers late; the window switches deployment meanwhile.
    fake.fail('GET /v2/monitors/{id}', { delayMs: 1500, times: 1 });
    try {
      const calling = invoke('axiom_updateMonitor', { monitor: 'mon_fire', threshold: 5 });
      await waitFor('the preparation to read the monitor', () => fake.requestsTo('GET /v2/monitors/{id}').length > 0);
      await own.addDeployment({ name: 'other', url: other.url, token: OTHER_TOKEN });
      const text = await calling;
      assert.match(text, /^Axiom deployment: "other"/);
      assert.match(
        text,
        /Nothing was sent: the change was confirmed for the deployment 127\.0\.0\.1:\d+, and the window now uses "other"/,
      );
      assert.deepEqual(writesTo(fake, other), []);
    } finally {
      await own.removeDeployment({ name: 'other', confirmed: true });
      await other.stop();
    }
  });

  it('a token echoed by the service is masked in the result', async () => {
    fake.aplAnswer = () => ({ status: 500, body: { message: `internal error for Bearer ${fake.token}` } });
    const text = await invoke('axiom_runQuery', { apl: "['http-logs'] | count" });
    assert.match(text, /axiom_runQuery failed; the reason is below/);
    assert.match(text, /Bearer xaat-••••/);
  });

  it('@axiom /query: the person’s model gets the facts, the answer streams, its APL opens and runs from the buttons', async () => {
    const { agentTools } = await activateExtension();
    const sent: string[][] = [];
    const model = {
      sendRequest: async (messages: vscode.LanguageModelChatMessage[]) => {
        sent.push(
          messages.map((m) =>
            m.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join(''),
          ),
        );
        return {
          text: (async function* () {
            yield 'Counts:\n```axiom-apl\n';
            yield "['http-logs'] | summarize count() by status\n```";
          })(),
        };
      },
    };
    const request = {
      prompt: 'count http-logs by status',
      command: 'query',
      references: [],
      toolReferences: [],
      toolInvocationToken: undefined,
      model,
    } as unknown as vscode.ChatRequest;
    const shown: string[] = [];
    const buttons: vscode.Command[] = [];
    const stream = {
      markdown: (text: string) => shown.push(text),
      progress: (text: string) => shown.push(`(${text})`),
      button: (command: vscode.Command) => buttons.push(command),
    } as unknown as vscode.ChatResponseStream;
    const result = await agentTools.chat(request, { history: [] }, stream, new vscode.CancellationTokenSource().token);
    assert.equal(result.errorDetails, undefined);
    assert.equal(sent.length, 1);
    assert.match(
      sent[0].join('\n'),
      /Result of axiom_getDatasetFields \{"dataset":"http-logs"\}:\nAxiom deployment: 127\.0\.0\.1/,
    );
    assert.equal(sent[0].at(-1), 'The question: count http-logs by status');
    assert.deepEqual(shown.slice(0, 3), [
      '(Reading the datasets…)',
      '(Reading the fields of http-logs…)',
      '(Reading the APL reference…)',
    ]);
    assert.deepEqual(
      buttons.map((b) => [b.command, b.title]),
      [
        ['axiom.openChatQuery', 'Open in Editor'],
        ['axiom.openChatQuery', 'Run Query'],
      ],
    );

    fake.reset();
    // The documents the button opens, as they open: not read from the active editor, which the
    // tests before may still be closing tabs around (a dirty untitled document's close asks a dialog).
    const opened: vscode.TextDocument[] = [];
    const listener = vscode.workspace.onDidOpenTextDocument((document) => opened.push(document));
    try {
      await vscode.commands.executeCommand(buttons[1].command, ...((buttons[1].arguments ?? []) as unknown[]));
    } finally {
      listener.dispose();
    }
    const document = opened.find((d) => d.getText() === "['http-logs'] | summarize count() by status");
    assert.ok(document, `the query opened in an editor (opened: ${JSON.stringify(opened.map((d) => d.getText()))})`);
    assert.equal(document.languageId, 'axiom-apl');
    assert.deepEqual(
      (JSON.parse(fake.requestsTo('POST /v1/datasets/_apl')[0].body) as { apl: string }).apl,
      "['http-logs'] | summarize count() by status",
    );
    await closeAllEditors();
    await vscode.commands.executeCommand('axiom.openChatQuery', { id: 'made-up', run: true });
    assert.equal(vscode.window.activeTextEditor, undefined, 'an argument naming no answer opens nothing');
  });

  it('signed out: every tool that needs Axiom says how to sign in, and sends nothing', async () => {
    await signOut();
    try {
      for (const [name, input] of [
        ['axiom_listDatasets', {}],
        ['axiom_listMonitors', {}],
        ['axiom_runQuery', { apl: "['x']" }],
      ] as const) {
        const text = await invoke(name, input);
        assert.match(text, /Not signed in: this deployment has no Axiom token in VS Code, so nothing was sent\./, name);
        assert.match(text, /Axiom: Set API Token/);
      }
      assert.equal(fake.requests.length, 0);
    } finally {
      await (await activateExtension()).own.setToken({ token: fake.token });
    }
  });
});
