import { FEATURES } from '../platform/declarations';
import { registerFeature } from '../platform/lazyEntries';
import { restorePanels } from '../platform/panelRestore';
import type { TailFeature } from './bundle';

/** The tail panels' webview type (a reload brings them back stopped: tailCommands.ts's restore). */
const TAIL_VIEW_TYPE = FEATURES.tail.webviewPanels[0];

/** Live tail: its commands (bodies in the tail bundle) and, with the first tail panel, the
 *  serializer that brings one back after a reload (activation event onWebviewPanel:axiom.tail). */
export function registerTail(make: () => TailFeature) {
  const { feature, disposables } = registerFeature('tail', make);
  return {
    feature,
    disposables: [...disposables, restorePanels(TAIL_VIEW_TYPE, (panel, state) => feature().restore(panel, state))],
  };
}
