// Small helpers to build elements. Text goes in as textContent only: nothing from a result is ever
// parsed as HTML.

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function button(label: string, className: string, onClick: () => void, title?: string): HTMLButtonElement {
  const b = el('button', `action ${className}`, label);
  b.type = 'button';
  if (title) b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

export function show(e: HTMLElement, visible: boolean): void {
  e.hidden = !visible;
}

/** A line that says what the page is doing or found: screen readers read each change of its text,
 *  without interrupting (role status, polite). Its text is set as text, like every other. */
export function liveStatus<K extends 'p' | 'span' | 'div' | 'footer'>(
  tag: K,
  className: string,
): HTMLElementTagNameMap[K] {
  const line = el(tag, className);
  line.setAttribute('role', 'status');
  line.setAttribute('aria-live', 'polite');
  return line;
}
