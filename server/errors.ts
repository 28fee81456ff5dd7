// One catalogue of coded errors, WordPress REST style: {code, message, data: {status}}.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Response headers that belong to the error (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON(): { code: string; message: string; data: Record<string, unknown> } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.details } };
  }
}

export const errors = {
  invalidParam: (message: string, params?: Record<string, string>) =>
    new ApiError(400, 'rest_invalid_param', message, params ? { params } : undefined),
  invalidJson: () => new ApiError(400, 'rest_invalid_json', 'The request body is not valid JSON.'),
  badRequest: (message: string) => new ApiError(400, 'rest_bad_request', message),
  notLoggedIn: () => new ApiError(401, 'rest_not_logged_in', 'You must sign in to do that.'),
  forbidden: (message = 'Sorry, you are not allowed to do that.') => new ApiError(403, 'rest_forbidden', message),
  invalidNonce: () => new ApiError(403, 'rest_cookie_invalid_nonce', 'Cookie check failed'),
  notFound: (what = 'No route was found matching the URL and request method.') => new ApiError(404, 'rest_no_route', what),
  missing: (what: string) => new ApiError(404, 'rest_not_found', `${what} not found.`),
  missingAt: (product: string, store: string) => new ApiError(404, 'rest_not_sold_here', `${product} is not sold at ${store}.`),
  conflict: (message: string) => new ApiError(409, 'rest_conflict', message),
  tooLarge: (message = 'The request is too large.') => new ApiError(413, 'rest_too_large', message),
  unsupportedMedia: () => new ApiError(415, 'rest_unsupported_media_type', 'Send JSON with Content-Type: application/json.'),
  /** 429 with Retry-After: the seconds until the client's window ends (a minute when the limit does not say). */
  tooMany: (retryAfterSeconds = 60) => {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    const minutes = Math.ceil(seconds / 60);
    const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
    return new ApiError(429, 'rest_too_many_requests', `Too many attempts. Wait ${wait} and try again.`, undefined, {
      'Retry-After': String(seconds),
    });
  },
  unavailable: () => new ApiError(503, 'rest_unavailable', 'The store is temporarily unavailable. Please try again shortly.'),
};
