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
  logger.info(\`user signed in after \${attempts} attempts\`, { user });
}
`;

/** The sample app's files, by their path in the demo workspace. */
export const DEMO_SHOP_FILES: Readonly<Record<string, string>> = {
  'src/logger.ts': LOGGER,
  'src/payments.ts': PAYMENTS,
  'src/checkout.ts': CHECKOUT,
  'src/cart.ts': CART,
  'src/sessions.ts': SESSIONS,
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
} as const;

/** A Node.js stack trace through these places, innermost first, as an error's log or span holds it. */
export function demoStackTrace(message: string, frames: readonly DemoShopPlace[]): string {
  return [message, ...frames.map((f) => `    at ${f.function} (${f.deployedPath}:${f.line}:${f.column})`)].join('\n');
}

/** The two failures of the shop, with the stack traces their logs and spans carry. */
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
} as const;
