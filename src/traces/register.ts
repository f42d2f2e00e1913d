import { FEATURES } from '../platform/declarations';
import { registerFeature } from '../platform/lazyEntries';
import { restorePanels } from '../platform/panelRestore';
import type { TracesFeature } from './bundle';

/** The trace views' webview type (a reload brings one back waiting for Load again: traceCommands.ts's restore). */
const TRACE_VIEW_TYPE = FEATURES.traces.webviewPanels[0];

/** Open Trace, Slowest and Failing Traces (bodies in the traces bundle) and, with the first trace
 *  view, the serializer that brings one back after a reload (activation event onWebviewPanel:axiom.trace). */
export function registerTraces(make: () => TracesFeature) {
  const { feature, disposables } = registerFeature('traces', make);
  return {
    feature,
    disposables: [...disposables, restorePanels(TRACE_VIEW_TYPE, (panel, state) => feature().restore(panel, state))],
  };
}
