// The "traces" bundle (src/features.ts): Open Trace and its trace view, Slowest Traces and Failing
// Traces. Loaded when one of its commands first runs.
import type * as vscode from 'vscode';
import { COMMANDS } from '../platform/constants';
import { TraceCommands, type TraceCommandDeps } from './traceCommands';
import type { TracePanel } from './tracePanel';

export type TracesDeps = TraceCommandDeps;

export function createTraces(deps: TracesDeps) {
  const traces = new TraceCommands(deps);
  const commands = {
    [COMMANDS.openTrace]: (arg?: unknown) => traces.openTrace(arg),
    [COMMANDS.slowestTraces]: (arg?: unknown) => traces.findTraces('slowest', arg),
    [COMMANDS.failingTraces]: (arg?: unknown) => traces.findTraces('failing', arg),
  };
  return {
    commands,
    /** The trace views open, by dataset and trace id (the extension's tests). */
    panels: traces.panels as ReadonlyMap<string, TracePanel>,
    /** The list Slowest or Failing Traces shows, without the picks (the extension's tests, the agents' tool). */
    find: (...args: Parameters<TraceCommands['find']>) => traces.find(...args),
    /** Brings back a trace view after a reload (its serializer: platform/panelRestore.ts's registerPanelFeature). */
    restore: (panel: vscode.WebviewPanel, state: unknown) => traces.restore(panel, state),
    dispose: () => traces.dispose(),
  };
}

export type TracesFeature = ReturnType<typeof createTraces>;
