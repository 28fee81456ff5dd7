import type { FastifyRequest } from 'fastify';
import { errors } from '../errors';
import { can, type Capability } from '../services/capabilities';

// Who may use the editor and admin screens. API calls answer 401 (not signed in) or 403 (wrong role,
// or a write without a valid nonce: the visitor plugin already turns a missing nonce into an anonymous
// caller and a bad one into 403). Screens (server/routes/editor/screens.tsx) redirect to /login instead.

/** A route's preValidation hook: the signed-in user with the capability, else 401/403 JSON (before any 400). */
export function requireCapability(capability: Capability) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = request.visitor.user;
    if (!user) throw errors.notLoggedIn();
    if (!can(user, capability)) throw errors.forbidden();
  };
}

/** A safe local path to come back to after signing in. */
export function safeRedirect(target: unknown, fallback = '/'): string {
  return typeof target === 'string' && /^\/(?![/\\])[\w\-./?=&%#]*$/.test(target) && target.length <= 300 ? target : fallback;
}

/** A route's preValidation hook: a signed-in visitor (any role), else 401 JSON (before any 400). */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  if (!request.visitor.user) throw errors.notLoggedIn();
}
