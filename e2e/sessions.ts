import { request as apiRequest, test as base, type BrowserContext, type Page } from '@playwright/test';

// Who the tests sign in as, and their sessions: one per role and worker server, signed in through the API.

/** The seeded accounts the tests sign in as (fixtures/users.ts; docs/operations.md lists them). */
export const ACCOUNTS = {
  admin: { email: 'admin@harvestlane.test', password: 'admin-password' },
  editor: { email: 'editor@harvestlane.test', password: 'editor-password' },
  merchandiser: { email: 'merchandiser@harvestlane.test', password: 'merchandiser-password' },
  contributor: { email: 'contributor@harvestlane.test', password: 'contributor-password' },
  staff: { email: 'staff@harvestlane.test', password: 'staff-password' },
  casey: { email: 'casey@example.test', password: 'casey-password' },
  jordan: { email: 'jordan@example.test', password: 'jordan-password' },
} as const;
export type Role = keyof typeof ACCOUNTS;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

// One session per role and worker server, signed in through POST /login the first time a test needs it: a test
// starts signed in without a trip through the form (the specs of the sign-in form itself still fill it in). Tests
// share the role's session as a user's tabs do; none of them signs it out.
const sessions = new Map<string, Promise<StorageState>>();

/** The signed-in browser state of `role` on the worker's server (`baseURL`). */
export function sessionOf(role: Role, baseURL = String(base.info().project.use.baseURL)): Promise<StorageState> {
  const key = `${baseURL} ${role}`;
  let state = sessions.get(key);
  if (!state) {
    state = signInThroughApi(baseURL, role);
    sessions.set(key, state);
    state.catch(() => sessions.delete(key));
  }
  return state;
}

async function signInThroughApi(baseURL: string, role: Role): Promise<StorageState> {
  const context = await apiRequest.newContext({ baseURL });
  try {
    const form = await (await context.get('/login')).text();
    const nonce = /name="_wpnonce" value="([^"]+)"/.exec(form)?.[1];
    if (!nonce) throw new Error('the sign-in form has no nonce');
    const signedIn = await context.post('/login', { form: { _wpnonce: nonce, ...ACCOUNTS[role], redirect_to: '' }, maxRedirects: 0 });
    if (signedIn.status() !== 303) throw new Error(`signing in as ${role} answered ${signedIn.status()}`);
    return await context.storageState();
  } finally {
    await context.dispose();
  }
}

/** Gives the page's context the session of `role` (see `sessionOf`): its next navigation is signed in. */
export async function signIn(page: Page, role: Role): Promise<void> {
  await page.context().addCookies((await sessionOf(role)).cookies);
}
