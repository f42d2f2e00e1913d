// The toolbar's icons, drawn here as small SVG line drawings in the theme's colour (currentColor),
// so that the page loads no font and nothing from elsewhere. Each is a 16 × 16 drawing made of
// paths; the button around it carries the name (aria-label) and the tooltip (title).
export type IconName =
  'stop' | 'rerun' | 'exportCsv' | 'exportJson' | 'copyRow' | 'copyColumn' | 'openInAxiom' | 'pin' | 'addAnnotation';

const SVG = 'http://www.w3.org/2000/svg';

/** Each icon's paths (stroked, no fill unless said), on a 16 × 16 grid. */
const DRAWINGS: Record<IconName, { d: string; fill?: boolean }[]> = {
  stop: [{ d: 'M4 4h8v8H4z', fill: true }],
  rerun: [{ d: 'M13 8a5 5 0 1 1-1.5-3.6' }, { d: 'M12 1.5V5H8.5' }],
  // A sheet with rows (CSV) or braces (JSON), and an arrow out of it.
  exportCsv: [{ d: 'M2.5 2.5h7v11h-7z' }, { d: 'M2.5 6h7M2.5 9.5h7' }, { d: 'M11 8h4M13 6l2 2-2 2' }],
  exportJson: [
    { d: 'M5 2.5H4Q3 2.5 3 4v2.5L2 8l1 1.5V12q0 1.5 1 1.5h1' },
    { d: 'M7 2.5h1q1 0 1 1.5v2.5L10 8' },
    { d: 'M11 8h4M13 6l2 2-2 2' },
  ],
  // Two sheets, the front one marked with a row or a column.
  copyRow: [{ d: 'M5.5 5.5h8v8h-8z' }, { d: 'M3.5 10.5h-1v-8h8v1' }, { d: 'M5.5 8.5h8' }],
  copyColumn: [{ d: 'M5.5 5.5h8v8h-8z' }, { d: 'M3.5 10.5h-1v-8h8v1' }, { d: 'M9.5 5.5v8' }],
  openInAxiom: [{ d: 'M7 3.5H3.5v9h9V9' }, { d: 'M9.5 2.5h4v4' }, { d: 'M13.5 2.5 7.5 8.5' }],
  pin: [{ d: 'M6 2.5h4M7 2.5v4L4.5 9h7L9 6.5v-4' }, { d: 'M8 9v5' }],
  // A flag on a time line, with a plus: a mark added to the chart.
  addAnnotation: [
    { d: 'M1.5 13.5h13' },
    { d: 'M5 13.5v-11' },
    { d: 'M5 2.5h6l-1.5 2 1.5 2H5' },
    { d: 'M12 8.5v4M10 10.5h4' },
  ],
};

/** An icon's drawing, hidden from screen readers (its button says what it does). */
export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.classList.add('icon');
  for (const part of DRAWINGS[name]) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', part.d);
    path.setAttribute('fill', part.fill ? 'currentColor' : 'none');
    path.setAttribute('stroke', 'currentColor');
    path.setAttribute('stroke-width', '1.2');
    path.setAttribute('stroke-linecap', 'round');
    path.setAttribute('stroke-linejoin', 'round');
    svg.append(path);
  }
  return svg;
}

/** A toolbar button that shows only its icon: `label` is what a screen reader says, and the
 *  tooltip unless there is a longer explanation (`more`). */
export function iconButton(
  name: IconName,
  label: string,
  className: string,
  onClick: () => void,
  more?: string,
): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `action icon-action ${className}`;
  b.append(icon(name));
  labelIconButton(b, label, more);
  b.addEventListener('click', onClick);
  return b;
}

/** Names an icon button again (Pin → Pinned). */
export function labelIconButton(b: HTMLButtonElement, label: string, more?: string): void {
  b.setAttribute('aria-label', label);
  b.title = more ?? label;
}
