import { randomUUID } from 'node:crypto';
import { ConfigError, loadConfig } from './config.js';
import { readCreditsConfig } from './credits/config.js';
import { grantDuePeriods } from './credits/metering.js';
import { creditRepository, PLAN_IDS, type PlanId } from './credits/repository.js';
import { openDatabase } from './db/database.js';
import { DataDirInUseError } from './db/lock.js';

const USAGE = `Usage: npm run admin -- <command>
  grant-credits <email> <credits>   add (or, negative, take away) credits; one ledger entry
  set-plan <email> <plan>           put a person on free, basic, advanced or professional;
                                    a paid plan's monthly credits are granted now and each month`;

/** What a command printed and its exit code. */
export interface AdminResult {
  code: number;
  output: string;
}

/**
 * The operator's commands for deployments without Stripe (CONTRACT §9): grant credits and set
 * plans, on the database the gateway's environment names. With the embedded database the gateway
 * must be stopped first (one process per `DATA_DIR`).
 */
export async function runAdmin(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<AdminResult> {
  const [command, email, value] = argv;
  if (!command || !email || !value || !['grant-credits', 'set-plan'].includes(command))
    return { code: 2, output: USAGE };
  let credits: number | undefined;
  if (command === 'grant-credits') {
    credits = Number(value);
    if (!Number.isSafeInteger(credits) || credits === 0)
      return { code: 2, output: `credits must be a whole number other than 0, got "${value}"` };
  } else if (!(PLAN_IDS as readonly string[]).includes(value))
    return { code: 2, output: `plan must be one of ${PLAN_IDS.join(', ')}, got "${value}"` };

  let database;
  try {
    const config = loadConfig(env);
    database = await openDatabase(config.database);
    await database.migrate();
    const plans = readCreditsConfig(env);
    const repository = creditRepository(database.db);
    const userId = await repository.userByEmail(email);
    if (!userId) return { code: 1, output: `No account with the e-mail address ${email}` };
    await repository.open(userId);
    if (credits !== undefined) {
      await repository.apply(userId, {
        key: `admin:${randomUUID()}`,
        delta: credits,
        reason: 'grant',
      });
    } else {
      const plan = value as PlanId;
      await repository.setPlan(userId, plan, {
        periodEnd: plan === 'free' ? null : new Date(),
        stripeSubscriptionId: null,
      });
      const account = await repository.find(userId);
      if (account) await grantDuePeriods(repository, plans, account);
    }
    const account = await repository.find(userId);
    return {
      code: 0,
      output: `${email.trim().toLowerCase()}: plan ${account?.plan}, balance ${account?.balance} credits`,
    };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirInUseError)
      return { code: 1, output: error.message };
    throw error;
  } finally {
    await database?.close();
  }
}
