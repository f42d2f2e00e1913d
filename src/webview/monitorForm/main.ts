// The monitor settings form's page (dist/webview/monitorForm.js): every field the API takes, by
// name and with a sentence about it, grouped as a person thinks of them; fields that do not apply
// to the monitor's type greyed with their values kept; each field's problem beside it as it is
// sent (the extension checks the document and says); the notifiers as a pick by name. Every
// change (a pause in typing, a field left or Enter, a pick, a tick) is sent to the extension, which edits
// the settings document: its unsaved state, undo, Ctrl+S and hot exit are VS Code's. Everything is
// set as text.
import '../shared/panel.css';
import './monitorForm.css';
import {
  appliesTo,
  MONITOR_FIELDS,
  MONITOR_TYPES,
  OPERATORS,
  type MonitorField,
} from '../../core/monitors/monitorFields';
import { operatorWords } from '../../core/monitors/monitorWords';
import {
  inputText,
  localTimeText,
  readFormHostMessage,
  readFormWords,
  toggledNotifiers,
  typedValue,
  type FormPageMessage,
  type FormState,
} from '../../core/monitors/monitorForm';
import { button, el } from '../shared/dom';
import { startPage } from '../shared/page';
import { pageWords } from '../shared/pageWords';

const page = startPage<FormPageMessage>('monitor-form');
const root = page.root;
const { words, say } = pageWords(page.words, readFormWords);
const send = page.post;

root.classList.add('monitor-form');
const banner = el('p', 'form-banner');
banner.setAttribute('role', 'note');
const failure = el('p', 'form-failure');
failure.setAttribute('role', 'alert');
const invalid = el('p', 'form-invalid');
invalid.setAttribute('role', 'alert');
const toolbar = el('div', 'toolbar form-toolbar');
const dryRun = button(words.dryRun, 'form-dry-run', () => send({ type: 'dryRun' }), words.dryRunHelp);
toolbar.append(
  dryRun,
  button(words.openQuery, 'form-open-query', () => send({ type: 'openQuery' })),
  button(words.openJson, 'form-open-json', () => send({ type: 'openJson' })),
);
const form = el('form', 'form-fields');
form.addEventListener('submit', (e) => e.preventDefault());
const others = el('details', 'form-others');
root.append(toolbar, banner, failure, invalid, form, others);

/** One field's row: its control, the reason beside it, and how it shows a value. */
interface Row {
  field: MonitorField;
  element: HTMLElement;
  reason: HTMLElement;
  note: HTMLElement;
  controls: (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement)[];
  show(value: unknown, state: FormState): void;
}

const rows = new Map<string, Row>();
let counter = 0;

const edit = (key: string, value: unknown) => send({ type: 'edit', key, value });

/** Ctrl+S (Cmd+S on a Mac), which VS Code's save is bound to. */
const isSaveKey = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's';

/**
 * How long typing pauses before a text field's value is sent. A change shows as unsent (the tab's
 * dot, "Not sent to Axiom") as soon as the person stops typing, not only when the field is left:
 * the document is what VS Code marks, so the value has to reach it. Why a pause and not each
 * keystroke: an undo step is then what was typed in one go (about a word or a number), not a
 * character. Why not a "typing" message that marks the record unsent without the value: the tab's
 * dot is the document's own dirty state, which only an edit sets, and a mark without the text
 * would say "unsent" of a document that holds nothing new. A half-typed number ("2.") is sent as
 * it stands and its problem shows beside it while the person goes on typing.
 */
const TYPING_PAUSE_MS = 400;

/**
 * A text control that sends its value when typing pauses, and at once when it is committed
 * (changed and left, or Enter). Ctrl+S while typing sends the value first, then asks the extension
 * to save, so the save sends what is shown. What the person is typing is left alone by the
 * document's news, and so is what they sent while the field has the focus until the document says it.
 */
function textControl(field: MonitorField, control: HTMLInputElement | HTMLTextAreaElement): (value: unknown) => void {
  /** The text last shown from the document or sent. */
  let settled = control.value;
  /** The value sent from this field since it took the focus that the document has not said yet:
   *  news from before the edit must not put the old value back under the person's cursor. */
  let awaited: string | undefined;
  let pause: ReturnType<typeof setTimeout> | undefined;
  const commit = () => {
    clearTimeout(pause);
    pause = undefined;
    if (control.value === settled) return;
    settled = control.value;
    const value = typedValue(field, control.value);
    awaited = JSON.stringify(value);
    edit(field.key, value);
  };
  control.addEventListener('input', () => {
    clearTimeout(pause);
    pause = setTimeout(commit, TYPING_PAUSE_MS);
  });
  control.addEventListener('change', commit);
  control.addEventListener('blur', () => {
    commit();
    awaited = undefined;
  });
  control.addEventListener('keydown', (e: Event) => {
    if (!(e instanceof KeyboardEvent) || !isSaveKey(e)) return;
    // Not passed on to VS Code's own Ctrl+S, which could save before the value arrives.
    e.preventDefault();
    e.stopPropagation();
    commit();
    send({ type: 'save' });
  });
  return (value) => {
    const told = JSON.stringify(value ?? null);
    if (document.activeElement === control) {
      if (control.value !== settled) return;
      if (awaited !== undefined && told !== awaited) return;
      awaited = undefined;
      if (JSON.stringify(typedValue(field, control.value)) === told) return;
    }
    const text = inputText(value);
    settled = text;
    if (control.value !== text) control.value = text;
  };
}

function selectControl(
  field: MonitorField,
  control: HTMLSelectElement,
  values: readonly string[],
  label: (value: string) => string,
  empty: boolean,
): (value: unknown) => void {
  control.addEventListener('change', () => edit(field.key, control.value === '' ? null : control.value));
  return (value) => {
    const current = typeof value === 'string' ? value : '';
    const options = [
      ...(empty || !current ? [''] : []),
      ...values,
      ...(current && !values.includes(current) ? [current] : []),
    ];
    const have = [...control.options].map((o) => o.value);
    if (JSON.stringify(have) !== JSON.stringify(options))
      control.replaceChildren(...options.map((v) => new Option(v === '' ? words.none : label(v), v)));
    control.value = current;
  };
}

function makeRow(field: MonitorField): Row {
  const id = `field-${field.key}`;
  const element = el('div', `form-field field-kind-${field.kind}`);
  element.dataset.field = field.key;
  const label = el('label', 'form-label', words[`label_${field.key}`] ?? field.label);
  label.htmlFor = id;
  const help = el('span', 'form-help', words[`help_${field.key}`] ?? field.help);
  help.id = `${id}-help`;
  const reason = el('span', 'form-reason');
  reason.id = `${id}-reason`;
  reason.setAttribute('aria-live', 'polite');
  const note = el('span', 'form-note');
  note.id = `${id}-note`;
  const describe = (c: HTMLElement) => c.setAttribute('aria-describedby', `${help.id} ${reason.id} ${note.id}`);
  let controls: Row['controls'] = [];
  let show: (value: unknown, state: FormState) => void;
  const control = el('div', 'form-control');

  switch (field.kind) {
    case 'boolean': {
      const box = el('input');
      box.type = 'checkbox';
      box.id = id;
      box.addEventListener('change', () => edit(field.key, box.checked));
      controls = [box];
      control.append(box);
      show = (value) => {
        box.checked = value === true;
        box.indeterminate = value !== undefined && typeof value !== 'boolean';
      };
      break;
    }
    case 'type':
    case 'operator': {
      const select = el('select');
      select.id = id;
      const values = field.kind === 'type' ? MONITOR_TYPES : OPERATORS;
      const set = selectControl(
        field,
        select,
        values,
        (v) => (field.kind === 'operator' ? operatorWords(v, words) : (words[`type_${v}`] ?? v)),
        field.kind === 'operator',
      );
      controls = [select];
      control.append(select);
      show = (value) => set(value);
      break;
    }
    case 'time': {
      const input = el('input');
      input.type = 'datetime-local';
      input.id = id;
      input.addEventListener('change', () => {
        const ms = input.value ? new Date(input.value).getTime() : NaN;
        edit(field.key, Number.isNaN(ms) ? null : new Date(ms).toISOString());
      });
      const clear = button(words.clear, 'form-clear', () => edit(field.key, null));
      controls = [input, clear];
      control.append(input, clear);
      show = (value) => {
        const text = localTimeText(value);
        if (document.activeElement !== input && input.value !== text) input.value = text;
        clear.disabled = value === undefined;
      };
      break;
    }
    case 'notifiers': {
      const list = el('fieldset', 'form-notifiers');
      const legend = el('legend', 'form-label', words[`label_${field.key}`] ?? field.label);
      list.append(legend);
      control.append(list);
      label.hidden = true;
      show = (_value, current) => {
        const chosen = (current.notifiers ?? []).filter((n) => n.chosen).map((n) => n.id);
        const items: HTMLElement[] = [];
        controls = [];
        if (!current.notifiers)
          items.push(
            el(
              'span',
              'form-help',
              current.notifiersFailed ? say('notifiersFailed', current.notifiersFailed) : words.notifiersLoading,
            ),
          );
        else if (!current.notifiers.length) items.push(el('span', 'form-help', words.noNotifiers));
        for (const n of current.notifiers ?? []) {
          const item = el('label', `form-notifier${n.exists ? '' : ' missing'}`);
          const box = el('input');
          box.type = 'checkbox';
          box.checked = n.chosen;
          box.dataset.id = n.id;
          box.addEventListener('change', () => edit(field.key, toggledNotifiers(chosen, n.id, box.checked)));
          describe(box);
          controls.push(box);
          item.append(
            box,
            el('span', 'form-notifier-name', n.exists ? n.name : say('unknownNotifier', n.id)),
            el('span', 'form-notifier-kind', n.kind),
          );
          items.push(item);
        }
        const active =
          document.activeElement instanceof HTMLInputElement ? document.activeElement.dataset.id : undefined;
        list.replaceChildren(legend, ...items);
        if (active) list.querySelector<HTMLInputElement>(`input[data-id="${CSS.escape(active)}"]`)?.focus();
        rows.get(field.key)!.controls = controls;
      };
      break;
    }
    case 'query': {
      show = () => undefined;
      break;
    }
    case 'longText': {
      const area = el('textarea');
      area.id = id;
      area.rows = 3;
      const set = textControl(field, area);
      controls = [area];
      control.append(area);
      show = (value) => set(value);
      break;
    }
    default: {
      const input = el('input');
      input.type = 'text';
      input.id = id;
      if (field.kind === 'number' || field.kind === 'integer')
        input.inputMode = field.kind === 'integer' ? 'numeric' : 'decimal';
      const set = textControl(field, input);
      controls = [input];
      control.append(input);
      show = (value) => set(value);
    }
  }
  for (const c of controls) describe(c);
  element.append(label, control, help, note, reason);
  return { field, element, reason, note, controls, show };
}

const SECTIONS = ['monitor', 'trigger', 'anomaly', 'schedule', 'notify', 'state'] as const;
for (const section of SECTIONS) {
  const set = el('section', `form-section section-${section}`);
  const heading = el('h2', 'form-heading', words[`section_${section}`] ?? section);
  heading.id = `section-${section}-${counter++}`;
  set.setAttribute('aria-labelledby', heading.id);
  set.append(heading);
  for (const field of MONITOR_FIELDS.filter(
    (f) => f.section === section || (section === 'monitor' && f.section === 'query'),
  )) {
    const row = makeRow(field);
    rows.set(field.key, row);
    set.append(row.element);
  }
  form.append(set);
}

function render(next: FormState): void {
  banner.textContent = next.draft ? words.newMonitor : '';
  banner.hidden = !next.draft;
  failure.textContent = next.saveFailed ? say('saveFailed', next.saveFailed.message) : '';
  failure.hidden = !next.saveFailed || next.saveFailed.field !== undefined;
  invalid.textContent = next.invalid ? say('invalidText', next.invalid) : '';
  invalid.hidden = !next.invalid;
  form.hidden = next.definition === undefined;
  const definition = next.definition ?? {};
  const type = typeof definition.type === 'string' ? definition.type : undefined;
  const hasMpl = typeof definition.mplQuery === 'string';
  for (const row of rows.values()) {
    const key = row.field.key;
    if (key === 'aplQuery' || key === 'mplQuery') {
      row.element.hidden = key === 'mplQuery' ? !hasMpl : hasMpl;
    }
    const applies = appliesTo(row.field, type);
    const value = key === 'notifierIds' ? (definition.notifierIds ?? definition.notifierIDs) : definition[key];
    row.show(value, next);
    // Not for this type: greyed, its value kept (and sent back as it was).
    row.element.classList.toggle('not-applicable', !applies);
    row.note.textContent = applies ? '' : say('notApplicable', words[`type_${type}`] ?? type ?? '');
    for (const c of row.controls) if (!applies || !c.classList.contains('form-clear')) c.disabled = !applies;
    const problems = next.problems.filter((p) => p.field === key || (key === 'aplQuery' && p.field === 'mplQuery'));
    const failed = next.saveFailed?.field === key ? [next.saveFailed.message] : [];
    const reasons = [...problems.map((p) => p.reason), ...failed];
    row.reason.textContent = reasons.join(' ');
    const level =
      failed.length || problems.some((p) => p.level === 'error') ? 'error' : problems.length ? 'warning' : '';
    row.element.classList.toggle('has-error', level === 'error');
    row.element.classList.toggle('has-warning', level === 'warning');
    for (const c of row.controls) c.setAttribute('aria-invalid', String(level === 'error'));
  }
  // Fields the API description does not name: listed as they are, kept.
  const known = new Set([...MONITOR_FIELDS.map((f) => f.key), 'notifierIDs']);
  const unknown = Object.entries(definition).filter(([key]) => !known.has(key));
  others.hidden = unknown.length === 0;
  others.replaceChildren(
    el('summary', '', words.otherFields),
    ...unknown.map(([key, value]) => el('div', 'form-other', `${key}: ${JSON.stringify(value)}`)),
  );
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = readFormHostMessage(event.data);
  if (message) render(message);
});
send({ type: 'ready' });
