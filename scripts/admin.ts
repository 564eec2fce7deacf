// `npm run admin -- plan <email> <plan>`: the operator's command for an installation that takes no
// payments (or to put things right by hand): moves a user onto a plan of the catalogue and grants
// its credits through the one credit ledger, once per month (per year for a yearly plan) however
// often it runs. `npm run admin -- invite <email> <plan>` invites a user to a paid plan (listed or
// not), which they accept by paying for it on /checkout?plan=<plan>&invite=1.
// `npm run admin -- render-slots <email> <n|default>` sets how many of the user's renders may run
// at once (their plan's own number, or the installation's RENDER_SLOTS_PER_USER again).
// It opens the configured database itself: on PGlite (the default) the server must be stopped
// first, as PGlite serves one process per data folder; on PostgreSQL it runs beside it.

import { formatCredits } from '../core/credit-display';
import { PLANS } from '../core/plans/catalogue';
import { loadConfig } from '../server/config';
import { DatabaseInUseError, openDatabase } from '../server/db/database';
import { AppError } from '../server/errors/app-error';
import { invitePlanByEmail, setPlanByEmail } from '../server/services/payments/plan-change.service';
import { setRenderSlotsByEmail } from '../server/services/renders/render-slots.service';

const USAGE = `Usage: npm run admin -- plan <email> <plan>
       npm run admin -- invite <email> <plan>
       npm run admin -- render-slots <email> <number|default>
Plans: ${PLANS.map((plan) => plan.id).join(', ')}`;

/** A refusal the operator reads: its message is the whole answer, and the command exits 1. */
class Refusal extends Error {}

function fail(message: string): never {
  throw new Refusal(message);
}

export interface AdminResult {
  code: 0 | 1;
  /** What the command prints, one line per entry (to stdout, or to stderr when code is 1). */
  lines: string[];
}

/**
 * The command itself, given its arguments and environment: the tests run its refusals and
 * answers in their own process, the entry at the end of this file as the operator does.
 */
export async function runAdmin(
  args: string[],
  environment: NodeJS.ProcessEnv,
): Promise<AdminResult> {
  const lines: string[] = [];
  try {
    await main(args, environment, (line) => lines.push(line));
    return { code: 0, lines };
  } catch (error) {
    if (error instanceof Refusal) return { code: 1, lines: [...lines, error.message] };
    throw error;
  }
}

async function main(
  args: string[],
  environment: NodeJS.ProcessEnv,
  print: (line: string) => void,
): Promise<void> {
  const [command, email, planId] = args;
  if (
    (command !== 'plan' && command !== 'invite' && command !== 'render-slots') ||
    !email ||
    !planId ||
    args.length !== 3
  ) {
    fail(USAGE);
  }
  const slots = planId === 'default' ? null : Number(planId);
  if (command === 'render-slots' && slots !== null && !(Number.isInteger(slots) && slots >= 1))
    fail('The number of render slots is a whole number of 1 or more, or default.');
  const config = loadConfig(environment);
  let database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      fail(
        'The server is running on this data folder, and PGlite serves one process at a time: stop it first (or run both on PostgreSQL with DATABASE_URL).',
      );
    }
    throw error;
  }
  try {
    await database.migrate();
    if (command === 'render-slots') {
      await setRenderSlotsByEmail(database.db, email, slots);
      print(
        slots === null
          ? `${email} may run as many renders at once as RENDER_SLOTS_PER_USER allows.`
          : `${email} may run ${slots} render${slots === 1 ? '' : 's'} at once.`,
      );
      return;
    }
    if (command === 'invite') {
      const { plan } = await invitePlanByEmail(database.db, email, planId);
      print(
        `${email} is invited to ${plan.id} (${plan.title}): they accept it by paying on /checkout?plan=${plan.id}&invite=1 (My Plan links there).`,
      );
      return;
    }
    const { plan, granted, linked } = await setPlanByEmail(database.db, email, planId);
    const credits = `${formatCredits(plan.vizCredits)} visualizer and ${formatCredits(plan.canvasCredits)} Canvas credits`;
    print(
      `${email} is now on ${plan.id} (${plan.title}). ` +
        (plan.interval === null
          ? 'The free plan grants no credits.'
          : granted
            ? `Granted ${credits} for this ${plan.interval}.`
            : plan.vizCredits === -1
              ? 'Its credits are unlimited.'
              : `This ${plan.interval}'s credits had already been granted.`),
    );
    if (linked) {
      const provider = linked.processor === 'PADDLE' ? 'Paddle' : 'Stripe';
      print(
        `They pay through ${provider} (subscription ${linked.subscriptionId}), which stays linked and keeps billing: its renewals set the plan it pays for again and its end ends the plan. Cancel it at ${provider} first to keep them on ${plan.id} without paying.`,
      );
    }
  } catch (error) {
    if (error instanceof AppError) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

if (process.argv[1] === import.meta.filename) {
  const { code, lines } = await runAdmin(process.argv.slice(2), process.env);
  for (const line of lines) (code === 0 ? console.log : console.error)(line);
  process.exitCode = code;
}
