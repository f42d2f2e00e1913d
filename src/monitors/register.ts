import * as vscode from 'vscode';
import { FEATURES } from '../platform/declarations';
import { onFirstEditor, registerViewFeature } from '../platform/lazyEntries';
import type { Relays } from '../platform/entries';
import { closeRestoredReadOnlyQueries } from '../platform/restoredQueries';
import type { MonitorsDeps, MonitorsFeature } from './bundle';

/** The settings form's custom editor (its provider is the bundle's MonitorForms). */
const [MONITOR_FORM_VIEW_TYPE] = FEATURES.monitors.customEditors;

/** The Monitors view, the commands on its rows, a monitor's documents (its query and its settings)
 *  and Axiom's version beside one, as the monitors' declaration says (registerViewFeature), and the
 *  settings form; their bodies load with the monitors bundle (`make`) on first use. */
export function registerMonitors(relays: Relays, make: (tree: MonitorsDeps['tree']) => MonitorsFeature) {
  // The settings form: VS Code asks for it when a settings document opens, or one is restored;
  // and the feature, which opens them (Edit, Duplicate, Compare's diff of two), registers it first.
  const form = onFirstEditor(MONITOR_FORM_VIEW_TYPE, () =>
    vscode.window.registerCustomEditorProvider(
      MONITOR_FORM_VIEW_TYPE,
      { resolveCustomTextEditor: (document, panel) => feature().forms.resolveCustomTextEditor(document, panel) },
      { webviewOptions: { retainContextWhenHidden: true } },
    ),
  );
  // A monitor's read-only query restored by a reload has no text any more: its tab closes, a moment
  // after activation (looking at the tabs inside activate() cost every returning window more than the
  // rest of what activation adds to its floor; the reload test holds that the tab closes).
  void closeRestoredReadOnlyQueries(FEATURES.monitors.readOnlyScheme);
  const { feature, disposables } = registerViewFeature('monitors', relays, (tree: MonitorsDeps['tree']) => {
    form.ensure();
    return make(tree);
  });
  return { feature, disposables: [...disposables, form] };
}
