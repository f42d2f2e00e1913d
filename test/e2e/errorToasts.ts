// Every error notification the workbench shows during the journeys. VS Code's API cannot list
// notifications; the page can: each toast whose icon is the error severity's
// (`.notifications-toasts .notification-toast .notification-list-item-icon.codicon-error`, VS Code
// 1.96 to 1.139) is reported with its message, once per text. A journey meets only the errors it
// says it expects (`expect`); any other fails it, naming the text.
import type { BrowserContext, Page } from 'playwright-core';

/** The page's way back to the harness (a Playwright binding). */
const BINDING = 'axiomJourneyErrorToast';

/** Runs in each document of the workbench's window (not in webviews' frames): watches the toasts. */
const WATCH_IN_PAGE = `(() => {
  if (window.top !== window || window.__axiomErrorToastWatch) return;
  window.__axiomErrorToastWatch = true;
  const reported = new WeakMap();
  let scheduled = false;
  const check = () => {
    scheduled = false;
    for (const toast of document.querySelectorAll('.notifications-toasts .notification-toast')) {
      if (!toast.querySelector('.notification-list-item-icon.codicon-error')) continue;
      const message = toast.querySelector('.notification-list-item-message');
      const text = (message ? message.textContent : toast.textContent || '').trim();
      if (!text || reported.get(toast) === text) continue;
      reported.set(toast, text);
      void window.${BINDING}(text);
    }
  };
  const start = () =>
    new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(check, 20);
    }).observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
})();`;

/** Long enough for a toast drawn just now to have been reported (the page waits 20 ms to look). */
const SETTLE_MS = 150;

export class ErrorToasts {
  private seen: string[] = [];
  private expected: RegExp[] = [];

  /** Watches every page of the browser from its next document on: call before the workbench loads. */
  async watch(context: BrowserContext): Promise<void> {
    await context.exposeBinding(BINDING, (_source, text: unknown) => {
      this.seen.push(String(text));
    });
    await context.addInitScript({ content: WATCH_IN_PAGE });
  }

  /** A journey begins: it expects nothing yet (what showed since the last look, the workbench's
   *  start included, is still its to answer for). */
  begin(): void {
    this.expected = [];
  }

  /** Said by a journey that means to meet an error notification (before it shows): its message. */
  expect(message: RegExp): void {
    this.expected.push(message);
  }

  /** The error notifications shown since the last look that the journey did not say it expects. */
  async unexpected(page: Page): Promise<string[]> {
    await page.waitForTimeout(SETTLE_MS).catch(() => undefined);
    const seen = this.seen;
    this.seen = [];
    return seen.filter((text) => !this.expected.some((message) => message.test(text)));
  }
}
