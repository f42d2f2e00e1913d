// The one handle on the host that VS Code gives a webview, typed for the panel's messages.
import type { PanelMessage } from '../../core/run/resultsProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** A function that posts a message to the extension (acquireVsCodeApi may be called once only). */
export function connect(): (message: PanelMessage) => void {
  const api = acquireVsCodeApi();
  return (message) => api.postMessage(message);
}
