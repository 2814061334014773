/** What a template is expanded with. Every field is optional; the defaults come from the runtime. */
export interface TemplateContext {
  /** The moment to render; default now. Fixed for one expansion so all date parts agree. */
  now?: Date;
  /** BCP 47 locale for dates, weekday and `{{locale}}`; default the runtime's. */
  locale?: string;
  /** IANA time zone for dates and times; default the runtime's. */
  timeZone?: string;
  /** The signed-in user; absent fields expand to an empty string. */
  user?: { email?: string; nickname?: string; username?: string };
  /** UI language; default `navigator.language`, else the locale. */
  language?: string;
  /** Default `navigator.platform`, else empty. */
  platform?: string;
  /** Default `navigator.userAgent`, else empty. */
  userAgent?: string;
  /** Source of randomness in [0, 1); default `Math.random`. Also drives `uuid` when given. */
  random?: () => number;
  /** Extra variables; they win over built-in ones of the same name. */
  extra?: Record<string, string | (() => string)>;
}

/** A variable the web app can offer in its preview. */
export interface TemplateVariable {
  /** Name used as `{{name}}`. */
  name: string;
  /** What it expands to. */
  description: string;
}

/** The built-in variables of SPEC §9, in display order. */
export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  { name: 'date', description: 'Current date in the locale, e.g. 1/15/2025' },
  { name: 'time', description: 'Current time in the locale, e.g. 2:30:45 PM' },
  { name: 'datetime', description: 'Current date and time in the locale' },
  { name: 'year', description: 'Year, four digits' },
  { name: 'month', description: 'Month, 01–12' },
  { name: 'day', description: 'Day of the month, 01–31' },
  { name: 'hour', description: 'Hour, 00–23' },
  { name: 'minute', description: 'Minute, 00–59' },
  { name: 'second', description: 'Second, 00–59' },
  { name: 'weekday', description: 'Day of the week in the locale, e.g. Wednesday' },
  { name: 'timestamp', description: 'Milliseconds since 1970-01-01 UTC' },
  { name: 'iso', description: 'Current moment in ISO 8601 (UTC)' },
  { name: 'locale', description: 'Locale, e.g. en-US' },
  { name: 'timezone', description: 'Time zone, e.g. Europe/Berlin' },
  { name: 'email', description: "User's email address" },
  { name: 'nickname', description: "User's nickname" },
  { name: 'username', description: "User's username" },
  { name: 'random', description: 'Random integer from 1 to 100' },
  { name: 'random_int', description: 'Random integer from 1 to 1,000,000' },
  { name: 'random_bool', description: 'Random true or false' },
  { name: 'random_float', description: 'Random decimal from 0.00 to 99.99' },
  { name: 'random_hex', description: 'Random 6-digit hexadecimal number' },
  { name: 'random_string', description: 'Random 8-character string of a–z and 0–9' },
  { name: 'random_digit', description: 'Random digit 0–9' },
  { name: 'uuid', description: 'Random UUID v4' },
  { name: 'uuid_short', description: 'First 8 characters of a random UUID' },
  { name: 'language', description: 'UI language, e.g. en-US' },
  { name: 'platform', description: 'Operating system platform reported by the browser' },
  { name: 'user_agent', description: "Browser's user agent" },
];

type Navigatorish = { language?: string; platform?: string; userAgent?: string };
const navigatorish = (): Navigatorish | undefined =>
  (globalThis as { navigator?: Navigatorish }).navigator;

/** Resolved locale and time zone; invalid ones fall back to the runtime's, so expansion never throws. */
function resolveZone(context: TemplateContext): { locale: string; timeZone: string } {
  const fallback = new Intl.DateTimeFormat().resolvedOptions();
  try {
    const options = new Intl.DateTimeFormat(context.locale, {
      timeZone: context.timeZone,
    }).resolvedOptions();
    return { locale: options.locale, timeZone: options.timeZone };
  } catch {
    return { locale: fallback.locale, timeZone: fallback.timeZone };
  }
}

/** A UUID v4 string from 16 random bytes. */
function uuidFrom(byte: () => number): string {
  const bytes = Array.from({ length: 16 }, byte);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((value) => value.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One function per built-in variable for this context; each call draws fresh random values. */
export function builtinResolvers(context: TemplateContext): Record<string, () => string> {
  const now = context.now && !Number.isNaN(context.now.getTime()) ? context.now : new Date();
  const { locale, timeZone } = resolveZone(context);
  const source = context.random ?? Math.random;
  // Keep a misbehaving source inside [0, 1) so ranges such as 1–100 hold.
  const random = () => Math.min(Math.max(source(), 0), 1 - Number.EPSILON);
  const int = (count: number) => Math.floor(random() * count);
  let formatted: Intl.DateTimeFormatPart[] | undefined;
  const part = (type: Intl.DateTimeFormatPartTypes): string => {
    formatted ??= new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(now);
    return formatted.find((item) => item.type === type)?.value ?? '';
  };
  const uuid = () =>
    context.random === undefined && typeof globalThis.crypto?.randomUUID === 'function'
      ? globalThis.crypto.randomUUID()
      : uuidFrom(() => int(256));
  const browser = navigatorish();
  return {
    date: () => now.toLocaleDateString(locale, { timeZone }),
    time: () => now.toLocaleTimeString(locale, { timeZone }),
    datetime: () => now.toLocaleString(locale, { timeZone }),
    year: () => part('year'),
    month: () => part('month'),
    day: () => part('day'),
    hour: () => part('hour'),
    minute: () => part('minute'),
    second: () => part('second'),
    weekday: () => now.toLocaleDateString(locale, { timeZone, weekday: 'long' }),
    timestamp: () => String(now.getTime()),
    iso: () => now.toISOString(),
    locale: () => locale,
    timezone: () => timeZone,
    email: () => context.user?.email ?? '',
    nickname: () => context.user?.nickname ?? '',
    username: () => context.user?.username ?? '',
    random: () => String(int(100) + 1),
    random_int: () => String(int(1_000_000) + 1),
    random_bool: () => String(random() < 0.5),
    random_float: () => (int(10_000) / 100).toFixed(2),
    random_hex: () => int(0x1000000).toString(16).padStart(6, '0'),
    random_string: () =>
      Array.from({ length: 8 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[int(36)]).join(''),
    random_digit: () => String(int(10)),
    uuid,
    uuid_short: () => uuid().slice(0, 8),
    language: () => context.language ?? browser?.language ?? locale,
    platform: () => context.platform ?? browser?.platform ?? '',
    user_agent: () => context.userAgent ?? browser?.userAgent ?? '',
  };
}
