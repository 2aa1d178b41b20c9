import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { formatMoney, type TRole } from '@holdfast/contracts';
import { users } from './db/schema/index.js';
import { seedDemoMoney, verifyDemoPhones } from './demo-data.js';
import { loadedLists, loadSampleListIfNone } from './modules/sanctions/index.js';

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: TRole;
}

export const DEMO_PASSWORD = 'Holdfast-demo-1';

/** Seeded on the first start outside production (SEED_DEMO), all verified. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'buyer@holdfast.dev', password: DEMO_PASSWORD, firstName: 'Bongani', lastName: 'Buyer', role: 'buyer' },
  { email: 'seller@holdfast.dev', password: DEMO_PASSWORD, firstName: 'Sipho', lastName: 'Seller', role: 'seller' },
  {
    email: 'moderator@holdfast.dev',
    password: DEMO_PASSWORD,
    firstName: 'Mpho',
    lastName: 'Moderator',
    role: 'moderator',
  },
  { email: 'admin@holdfast.dev', password: DEMO_PASSWORD, firstName: 'Ada', lastName: 'Admin', role: 'admin' },
];

/** A fixed-width table of the demo accounts for the console. */
export function formatDemoAccounts(accounts: readonly DemoAccount[] = DEMO_ACCOUNTS): string {
  const rows = [
    ['Role', 'Name', 'Email', 'Password'],
    ...accounts.map((a) => [a.role, `${a.firstName} ${a.lastName}`, a.email, a.password]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `  ${r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  const rule = `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`;
  return ['Demo accounts (verified):', line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

/** First-start data: the configured admin and, outside production, demo accounts (printed). */
export async function prepareData(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const authService = app.services.auth;
  const [row] = await app.database.db.select({ n: count() }).from(users);
  const isNewInstallation = (row?.n ?? 0) === 0;

  if (config.admin) {
    const { user, created } = await authService.ensureAccount({
      email: config.admin.email,
      password: config.admin.password,
      firstName: 'Admin',
      lastName: 'User',
      role: 'admin',
    });
    app.log.info({ email: user.email, created }, created ? 'admin account created' : 'admin account ensured');
  }

  await prepareSanctionsLists(app);

  // Only a brand-new installation gets demo data, never one where people already signed up.
  if (config.seedDemo && isNewInstallation) {
    const seeded = [];
    // The demo people are fictional: their acceptance of the Terms is part of the demo.
    for (const account of DEMO_ACCOUNTS)
      seeded.push((await authService.ensureAccount({ ...account, acceptedTerms: true })).user);
    const [buyer, seller] = seeded;
    // The demo buyer and seller have verified phones (tier 2, issue 30), so the demo's deals and
    // withdrawals work as shown; the identity step is left for a person to try.
    await verifyDemoPhones(app.database.db, [buyer!, seller!]);
    await seedDemoMoney(app.services.transactions, app.database.db, buyer!, seller!);
    // Read back, not restated: funding the accepted transaction already took its total from the wallet.
    const balance = formatMoney(await app.services.wallet.balanceText(buyer!.id, 'ZAR'), 'ZAR');
    console.log(
      `\n${formatDemoAccounts()}\n  The demo buyer has ${balance} in the wallet and two transactions with the demo seller.\n`,
    );
  }
}

/**
 * Outside production the made-up sample list stands in until a real one is loaded, so screening holds can
 * be seen and tried; in production a missing list is said at every start (withdrawals then pass unscreened).
 */
async function prepareSanctionsLists(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  if (app.config.sanctions.sampleList) {
    const loaded = await loadSampleListIfNone(db, app.clock.now());
    if (loaded) app.log.info({ entries: loaded.entries }, 'sample sanctions list loaded (made-up entries)');
  } else if (!(await loadedLists(db)).length) {
    app.log.warn('no sanctions list is loaded: names are not screened; load one with npm run sanctions:import');
  }
}
