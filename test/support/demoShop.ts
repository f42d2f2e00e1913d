// The demo shop's own code: a small sample app that `npm start` puts in the demo workspace (its
// src/ folder, beside the example queries), so that what the demo deployment's data says about code (stack frames in error logs and
// error spans, `code.*` attributes, log messages) lands on real lines a newcomer can open. The data
// names the places through the functions below, found in these texts, so that an edit of a file
// here moves the data with it.
//
// The services run from /app on their hosts: paths in the data start there, as they would in
// production, and the extension maps them onto the workspace (by the longest suffix that exists).

/** Where the shop runs on its hosts: the prefix of every path in the demo's data. */
export const DEMO_SHOP_DEPLOYED_ROOT = '/app';

const LOGGER = `// Writes one JSON line per log statement; the platform ships them to Axiom's app-logs dataset.
export type Level = 'debug' | 'info' | 'warn' | 'error';

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(JSON.stringify({ _time: new Date().toISOString(), level, message, ...fields }) + '\\n');
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
`;

const PAYMENTS = `import { logger } from './logger';

export interface Charge {
  orderId: number;
  cents: number;
}

export class PaymentDeclined extends Error {
  constructor(readonly reason: string) {
    super(\`payment declined: \${reason}\`);
  }
}

interface ProviderAnswer {
  ok: boolean;
  reason: string;
  millis: number;
}

async function askProvider(charge: Charge): Promise<ProviderAnswer> {
  const response = await fetch('https://payments.example/authorize', {
    method: 'POST',
    body: JSON.stringify(charge),
  });
  return (await response.json()) as ProviderAnswer;
}

export async function chargeCard(charge: Charge): Promise<void> {
  const answer = await askProvider(charge);
  if (answer.millis > 2000) logger.warn('payment provider answered slowly', { millis: answer.millis });
  if (!answer.ok) throw new PaymentDeclined(answer.reason);
}
`;

const CHECKOUT = `import { logger } from './logger';
import { chargeCard } from './payments';
import { reserveItems } from './cart';

export interface Order {
  id: number;
  cents: number;
  items: string[];
}

export async function placeOrder(order: Order): Promise<void> {
  await reserveItems(order.items);
  try {
    await chargeCard({ orderId: order.id, cents: order.cents });
  } catch (error) {
    logger.error('checkout failed', { order: order.id, error: String(error) });
    throw error;
  }
  logger.info(\`order \${order.id} placed\`);
}
`;

const CART = `import { logger } from './logger';

const stock = new Map<string, number>();

async function loadProduct(id: string): Promise<number> {
  const response = await fetch(\`https://catalog.internal/products/\${id}\`);
  if (!response.ok) throw new Error('connection reset by peer');
  return ((await response.json()) as { stock: number }).stock;
}

export async function reserveItems(ids: string[]): Promise<void> {
  for (const id of ids) {
    if (!stock.has(id)) {
      logger.debug(\`cache miss for product \${id}\`);
      stock.set(id, await loadProduct(id));
    }
    stock.set(id, (stock.get(id) ?? 0) - 1);
  }
}
`;

const SESSIONS = `import { logger } from './logger';

export function signedIn(user: string, attempts: number): void {
  if (attempts > 5) logger.warn('account locked after too many attempts', { user });
  logger.info(\`user signed in after \${attempts} attempts\`, { user });
}
`;

const INVOICES = `# The invoice worker: mails an invoice for each placed order. It logs to app-logs as the shop does.
import logging

logger = logging.getLogger("invoices")


def render_invoice(order):
    return f"Invoice for order {order['id']}: {order['cents'] / 100:.2f} EUR"


def send_invoice(order, mailer):
    body = render_invoice(order)
    if mailer.slow:
        logger.warning("mail server slow, retrying in %ds", mailer.backoff)
    mailer.send(order["email"], body)
    logger.info("invoice %s sent", order["id"])


def run(queue, mailer):
    logging.info("invoice worker started with %d jobs queued", len(queue))
    for order in queue:
        try:
            send_invoice(order, mailer=mailer)
        except KeyError:
            logger.exception("invoice %s failed", order["id"])
`;

/** The sample app's files, by their path in the demo workspace. */
export const DEMO_SHOP_FILES: Readonly<Record<string, string>> = {
  'src/logger.ts': LOGGER,
  'src/payments.ts': PAYMENTS,
  'src/checkout.ts': CHECKOUT,
  'src/cart.ts': CART,
  'src/sessions.ts': SESSIONS,
  'src/invoices.py': INVOICES,
};

/** A place in the shop's code as the data names it: the deployed path, a 1-based line and column. */
export interface DemoShopPlace {
  /** The path in the workspace (src/…). */
  readonly file: string;
  /** The path as the data says it (/app/src/…). */
  readonly deployedPath: string;
  readonly line: number;
  readonly column: number;
  readonly function: string;
}

/** The place of the first line of `file` that holds `text` (the column where `text` starts). */
export function demoShopPlace(file: string, text: string, fn: string): DemoShopPlace {
  const source = DEMO_SHOP_FILES[file];
  if (source === undefined) throw new Error(`the demo shop has no ${file}`);
  const lines = source.split('\n');
  const index = lines.findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${file} has no line with ${text}`);
  return {
    file,
    deployedPath: `${DEMO_SHOP_DEPLOYED_ROOT}/${file}`,
    line: index + 1,
    column: lines[index].indexOf(text) + 1,
    function: fn,
  };
}

/** Where the shop's errors are thrown and its log statements are, as the data names them. */
export const DEMO_SHOP_PLACES = {
  paymentDeclined: demoShopPlace('src/payments.ts', 'throw new PaymentDeclined', 'chargeCard'),
  chargeCardCall: demoShopPlace('src/checkout.ts', 'await chargeCard(', 'placeOrder'),
  connectionReset: demoShopPlace('src/cart.ts', "throw new Error('connection reset by peer')", 'loadProduct'),
  loadProductCall: demoShopPlace('src/cart.ts', 'await loadProduct(id)', 'reserveItems'),
  reserveItemsCall: demoShopPlace('src/checkout.ts', 'await reserveItems(', 'placeOrder'),
  slowProviderLog: demoShopPlace('src/payments.ts', "logger.warn('payment provider answered slowly'", 'chargeCard'),
  orderPlacedLog: demoShopPlace('src/checkout.ts', 'logger.info(`order ${order.id} placed`)', 'placeOrder'),
  checkoutFailedLog: demoShopPlace('src/checkout.ts', "logger.error('checkout failed'", 'placeOrder'),
  cacheMissLog: demoShopPlace('src/cart.ts', 'logger.debug(`cache miss for product ${id}`)', 'reserveItems'),
  signedInLog: demoShopPlace('src/sessions.ts', 'logger.info(`user signed in after ${attempts} attempts`', 'signedIn'),
  /** Never logged in the demo's data: its lens says so. */
  accountLockedLog: demoShopPlace('src/sessions.ts', "logger.warn('account locked", 'signedIn'),
  invoiceKeyError: demoShopPlace('src/invoices.py', 'mailer.send(order["email"]', 'send_invoice'),
  sendInvoiceCall: demoShopPlace('src/invoices.py', 'send_invoice(order, mailer=mailer)', 'run'),
  invoiceSentLog: demoShopPlace('src/invoices.py', 'logger.info("invoice %s sent"', 'send_invoice'),
  mailSlowLog: demoShopPlace('src/invoices.py', 'logger.warning("mail server slow', 'send_invoice'),
  workerStartedLog: demoShopPlace('src/invoices.py', 'logging.info("invoice worker started', 'run'),
  invoiceFailedLog: demoShopPlace('src/invoices.py', 'logger.exception("invoice %s failed"', 'run'),
} as const;

/** A Node.js stack trace through these places, innermost first, as an error's log or span holds it. */
export function demoStackTrace(message: string, frames: readonly DemoShopPlace[]): string {
  return [message, ...frames.map((f) => `    at ${f.function} (${f.deployedPath}:${f.line}:${f.column})`)].join('\n');
}

/** A Python traceback through these places, outermost first ("most recent call last"), as the
 *  worker's logs hold it. */
export function demoPythonTrace(exception: string, frames: readonly DemoShopPlace[]): string {
  const lines = ['Traceback (most recent call last):'];
  for (const f of frames) {
    lines.push(`  File "${f.deployedPath}", line ${f.line}, in ${f.function}`);
    lines.push(`    ${DEMO_SHOP_FILES[f.file].split('\n')[f.line - 1].trim()}`);
  }
  return [...lines, exception].join('\n');
}

/** The failures of the shop, with the stack traces their logs and spans carry. */
export const DEMO_SHOP_FAILURES = {
  declined: demoStackTrace('PaymentDeclined: payment declined: insufficient funds', [
    DEMO_SHOP_PLACES.paymentDeclined,
    DEMO_SHOP_PLACES.chargeCardCall,
  ]),
  connectionReset: demoStackTrace('Error: connection reset by peer', [
    DEMO_SHOP_PLACES.connectionReset,
    DEMO_SHOP_PLACES.loadProductCall,
    DEMO_SHOP_PLACES.reserveItemsCall,
  ]),
  invoiceKeyError: demoPythonTrace("KeyError: 'email'", [
    DEMO_SHOP_PLACES.sendInvoiceCall,
    DEMO_SHOP_PLACES.invoiceKeyError,
  ]),
} as const;

/** One line the shop writes to app-logs: the statement that writes it, its level and service, its
 *  message (values drawn from `r`), the stack trace an error carries, and how often it is written
 *  (a weight among the lines; `incident` while checkout is failing, see demo.ts). */
export interface DemoLogLine {
  readonly place: DemoShopPlace;
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly service: string;
  readonly message: (r: number) => string;
  readonly stack?: string;
  readonly weight: number;
  readonly incident?: number;
}

const P = DEMO_SHOP_PLACES;
/** What the shop logs: every message is one of its log statements' (the lenses count them). */
export const DEMO_LOG_LINES: readonly DemoLogLine[] = [
  {
    place: P.orderPlacedLog,
    level: 'info',
    service: 'checkout',
    message: (r) => `order ${10_000 + Math.floor(r * 90_000)} placed`,
    weight: 4,
  },
  {
    place: P.cacheMissLog,
    level: 'debug',
    service: 'cart',
    message: (r) => `cache miss for product ${Math.floor(r * 5000)}`,
    weight: 1.2,
  },
  {
    place: P.slowProviderLog,
    level: 'warn',
    service: 'payments',
    message: () => 'payment provider answered slowly',
    weight: 0.6,
  },
  {
    place: P.signedInLog,
    level: 'info',
    service: 'checkout',
    message: (r) => `user signed in after ${1 + Math.floor(r * 3)} attempts`,
    weight: 1,
  },
  {
    place: P.checkoutFailedLog,
    level: 'error',
    service: 'checkout',
    message: () => 'checkout failed',
    stack: DEMO_SHOP_FAILURES.declined,
    weight: 0.12,
    incident: 1.2,
  },
  {
    place: P.checkoutFailedLog,
    level: 'error',
    service: 'checkout',
    message: () => 'checkout failed',
    stack: DEMO_SHOP_FAILURES.connectionReset,
    weight: 0.06,
    incident: 0.5,
  },
  {
    place: P.invoiceSentLog,
    level: 'info',
    service: 'invoices',
    message: (r) => `invoice ${10_000 + Math.floor(r * 90_000)} sent`,
    weight: 1,
  },
  {
    place: P.mailSlowLog,
    level: 'warn',
    service: 'invoices',
    message: (r) => `mail server slow, retrying in ${1 + Math.floor(r * 30)}s`,
    weight: 0.3,
  },
  {
    place: P.workerStartedLog,
    level: 'info',
    service: 'invoices',
    message: (r) => `invoice worker started with ${Math.floor(r * 40)} jobs queued`,
    weight: 0.02,
  },
  {
    place: P.invoiceFailedLog,
    level: 'error',
    service: 'invoices',
    message: (r) => `invoice ${10_000 + Math.floor(r * 90_000)} failed`,
    stack: DEMO_SHOP_FAILURES.invoiceKeyError,
    weight: 0.04,
  },
];

/** The line an event at `time` is: the same for the same time on every call (a hash of it). */
export function demoLogLineAt(time: number, incident: boolean): DemoLogLine {
  let h = Math.imul((time ^ (time / 4294967296)) | 0, 0x9e3779b1) ^ 0x85ebca6b;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  const u = ((h ^ (h >>> 13)) >>> 0) / 4294967296;
  const weightOf = (l: DemoLogLine) => (incident ? (l.incident ?? l.weight) : l.weight);
  let left = u * DEMO_LOG_LINES.reduce((sum, l) => sum + weightOf(l), 0);
  for (const line of DEMO_LOG_LINES) if ((left -= weightOf(line)) < 0) return line;
  return DEMO_LOG_LINES[DEMO_LOG_LINES.length - 1];
}
