// A small menu of copy actions at the pointer (or the active cell), closed by Escape, a click
// elsewhere or a choice.
import { el } from './dom';

export interface MenuItem {
  label: string;
  run(): void;
}

export class ContextMenu {
  readonly element: HTMLElement;
  private returnFocus: HTMLElement | undefined;

  constructor() {
    this.element = el('div', 'context-menu');
    this.element.setAttribute('role', 'menu');
    this.element.hidden = true;
    this.element.addEventListener('keydown', (e) => this.onKey(e));
    document.addEventListener('mousedown', (e) => {
      // The path, not the target: in a notebook output (a shadow root) the target is the output's host.
      if (!this.element.hidden && !e.composedPath().includes(this.element)) this.close();
    });
    window.addEventListener('blur', () => this.close());
  }

  open(items: MenuItem[], x: number, y: number, returnFocus: HTMLElement): void {
    this.returnFocus = returnFocus;
    this.element.replaceChildren(
      ...items.map((item) => {
        const b = el('button', 'menu-item', item.label);
        b.type = 'button';
        b.setAttribute('role', 'menuitem');
        b.tabIndex = -1;
        b.addEventListener('click', () => {
          this.close();
          item.run();
        });
        return b;
      }),
    );
    this.element.hidden = false;
    const box = this.element.getBoundingClientRect();
    this.element.style.left = `${Math.max(0, Math.min(x, window.innerWidth - box.width - 4))}px`;
    this.element.style.top = `${Math.max(0, Math.min(y, window.innerHeight - box.height - 4))}px`;
    (this.element.firstElementChild as HTMLElement | null)?.focus();
  }

  close(): void {
    if (this.element.hidden) return;
    this.element.hidden = true;
    this.returnFocus?.focus();
  }

  private onKey(e: KeyboardEvent): void {
    const items = [...this.element.querySelectorAll<HTMLElement>('.menu-item')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') this.close();
    else if (e.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (e.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else return;
    e.preventDefault();
    e.stopPropagation();
  }
}
