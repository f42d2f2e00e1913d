// What every webview page starts with (the results panel, the dry run, the settings form, the
// dashboard preview, the live tail, the trace view): the one handle on the extension that VS Code
// gives a page, and the main element, by the page's own id, that the extension's HTML puts the
// page's words and display language on (core/webviewHtml.ts through platform/webviewPage.ts). The
// notebook renderer is not a page: VS Code hands it a context of its own.
import type { PageId } from '../../core/webviewPages';
import { readTimeZone, type TimeZoneChoice } from './timeText';

interface VsCodeApi {
  postMessage(message: unknown): void;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

let api: VsCodeApi | undefined;
/** acquireVsCodeApi may be called once only. */
const host = () => (api ??= acquireVsCodeApi());

/** A page's link to the extension, typed by the messages it sends and the state it keeps. */
export interface Page<Message, State = never> {
  /** The main element: everything the page shows goes in it. */
  readonly root: HTMLElement;
  /** The page's words as the extension wrote them (JSON: read with shared/pageWords.ts and the page's own reader). */
  readonly words: string | undefined;
  /** The display language as the extension wrote it (each page reads it as it needs). */
  readonly language: string | undefined;
  /** The zone times show in (the setting axiom.timeZone, data-time-zone): UTC, or local for anything else. */
  readonly timeZone: TimeZoneChoice;
  /** Posts a message to the extension. */
  readonly post: (message: Message) => void;
  /** Keeps what the extension needs to bring the page back after a reload (VS Code stores it). */
  readonly remember: (state: State) => void;
}

/** Starts page `id`: its main element is the one with that id (PAGE_IDS), else the one <main>. */
export function startPage<Message, State = never>(id: PageId): Page<Message, State> {
  const handle = host();
  const root = document.getElementById(id) ?? document.querySelector('main') ?? document.body;
  return {
    root,
    words: root.dataset.words,
    language: root.dataset.language,
    timeZone: readTimeZone(root.dataset.timeZone),
    post: (message) => handle.postMessage(message),
    remember: (state) => handle.setState(state),
  };
}
