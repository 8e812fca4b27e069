// Log out (spec §2): outbound-call service first when a call token exists, then the session.
import { CALL_TOKEN_KEY } from '../../app/session';
import { clearLogin, queryClient, sdk } from '../../app/sdk';
import { resetAgent, signOut as signOutSeat } from '../calls/agent';

type MaybeCall = (input?: unknown) => Promise<unknown>;

/** An endpoint another slice may not have declared yet: the function, or null. */
export function optionalEndpoint(slice: object, name: string): MaybeCall | null {
  const f = (slice as Record<string, unknown>)[name];
  return typeof f === 'function' ? (f as MaybeCall) : null;
}

export async function logout(): Promise<void> {
  // The seat's own sign-out (Tencent or Zhichi) never throws: the call service being down must
  // not keep anyone signed in.
  if (localStorage.getItem(CALL_TOKEN_KEY)) await signOutSeat();
  resetAgent();
  try {
    await sdk.system.logout();
  } catch {
    /* an expired session is as good as a closed one */
  }
  clearLogin();
  queryClient.clear();
}
