// The one handle on the host that VS Code gives a webview, typed for the panel's messages.
import type { PanelMessage, PanelState } from '../../core/run/resultsProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

let api: VsCodeApi | undefined;
/** acquireVsCodeApi may be called once only. */
const host = () => (api ??= acquireVsCodeApi());

/** A function that posts a message to the extension. */
export function connect(): (message: PanelMessage) => void {
  const handle = host();
  return (message) => handle.postMessage(message);
}

/** Keeps what the extension needs to bring the panel back after a reload (VS Code stores it). */
export function remember(state: PanelState): void {
  host().setState(state);
}
