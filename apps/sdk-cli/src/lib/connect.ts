// Connecting to a back-office server: --url / BO_API_URL, then a token (--token / BO_TOKEN) or a
// sign-in (--user + --password / BO_USER + BO_PASSWORD) through sdk.system.login; --lang / BO_LANG
// the language of the server's messages (zh-CN unless en is asked for).
import { Option, type Command } from 'commander';
import { z } from 'zod';
import { ApiError, createSdk, type Sdk } from '@bo/api-sdk';
import { CliError } from './errors.js';

export const DEFAULT_URL = 'http://127.0.0.1:3000/api';

/** An empty value (an environment variable set to '') counts as not given. */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const ConnectionOptions = z.object({
  url: z.preprocess(
    (v) => (v === '' || v === undefined ? DEFAULT_URL : v),
    z.string().url('must be a URL such as http://127.0.0.1:3000/api'),
  ),
  token: optionalText,
  user: optionalText,
  password: optionalText,
  /** The language the server answers messages in (zh-CN by default; en or zh… as given). */
  lang: z.preprocess(
    (v) => (typeof v === 'string' && v.toLowerCase().startsWith('en') ? 'en' : 'zh-CN'),
    z.enum(['zh-CN', 'en']),
  ),
});
export type TConnectionOptions = z.infer<typeof ConnectionOptions>;

/** Adds --url, --token, --user and --password (with their environment fallbacks) to a command. */
export function withConnection(cmd: Command): Command {
  return cmd
    .addOption(new Option('--url <url>', 'API base URL').env('BO_API_URL').default(DEFAULT_URL))
    .addOption(new Option('--token <token>', 'an existing session token').env('BO_TOKEN'))
    .addOption(new Option('--user <username>', 'sign in as this user').env('BO_USER'))
    .addOption(new Option('--password <password>', 'password of --user').env('BO_PASSWORD'))
    .addOption(
      new Option('--lang <language>', "the server's messages in zh-CN or en").env('BO_LANG').default('zh-CN'),
    );
}

export interface Connection {
  sdk: Sdk;
  url: string;
  /** Who we are signed in as (null when a token was given). */
  username: string | null;
}

/** Builds a signed-in SDK client (or an anonymous one when neither token nor user is given). */
export async function connect(
  o: TConnectionOptions,
  opts: { requireAuth?: boolean } = {},
): Promise<Connection> {
  let token = o.token ?? null;
  const sdk = createSdk({ baseURL: o.url, getToken: () => token, locale: o.lang });
  if (!token && o.user) {
    if (!o.password) throw new CliError('--password (or BO_PASSWORD) is required with --user', 2);
    try {
      token = (await sdk.system.login({ body: { username: o.user, password: o.password } })).token;
    } catch (e) {
      throw new CliError(`sign-in as ${o.user} at ${o.url} failed: ${describeError(e, o.url)}`);
    }
    return { sdk, url: o.url, username: o.user };
  }
  if (!token && opts.requireAuth !== false) {
    throw new CliError(
      'not signed in: give --token (BO_TOKEN) or --user and --password (BO_USER, BO_PASSWORD)',
      2,
    );
  }
  return { sdk, url: o.url, username: null };
}

/** One line for a failed call: the endpoint, the code and the server's message (with the field). */
export function describeError(e: unknown, url?: string): string {
  if (e instanceof ApiError && e.kind === 'transport')
    return `${e.endpoint}: ${e.message} (cannot reach ${url ?? 'the server'}; is it running? --url / BO_API_URL)`;
  // Something answered, but not the API: most often a --url without the /api of the server's address.
  if (e instanceof ApiError && e.kind === 'response')
    return `${e.endpoint}: ${e.message} (is ${url ?? 'the --url'} the API's address, e.g. http://127.0.0.1:3000/api? --url / BO_API_URL)`;
  if (e instanceof ApiError && e.code === 401)
    return `${e.endpoint}: ${e.message} (code 401: the session ended or the token is wrong; sign in again with --user and --password, or give a fresh --token / BO_TOKEN)`;
  if (e instanceof ApiError)
    return `${e.endpoint}: ${e.message}${e.field ? ` [${e.field}]` : ''} (code ${e.code})`;
  return e instanceof Error ? e.message : String(e);
}
