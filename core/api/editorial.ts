import type { DocumentType } from './editor';
import { endpoint } from './endpoint';
import type * as S from './schemas/editorial';
import type { PublishRight } from '../wire/editorial';

// Roles and approval (docs/editor.md, "Roles and approval"): the role manager's policies, the review of a
// submitted draft (submit, approve, request changes) with the review queue, and the soft lock's heartbeat.

const SITE = '/wp-json/site/v1';
const DOCUMENTS = `${SITE}/documents`;

export const roles = endpoint<typeof S.rolePolicies>()('GET', `${SITE}/roles`);
export const saveRole = endpoint<typeof S.rolePolicy, { body: { doc_types: DocumentType[]; publish: PublishRight } }>()(
  'PUT',
  `${SITE}/roles/:role`,
);

export const reviewQueue = endpoint<typeof S.reviewQueue>()('GET', `${SITE}/reviews`);
export const documentReview = endpoint<typeof S.reviewState>()('GET', `${DOCUMENTS}/:id/review`);
export const submitReview = endpoint<typeof S.reviewState, { body: { note?: string; publish_at?: number | null } }>()(
  'POST',
  `${DOCUMENTS}/:id/review`,
);
export const approveReview = endpoint<typeof S.reviewState, { body: { comment?: string; base_version?: number } }>()(
  'POST',
  `${DOCUMENTS}/:id/review/approve`,
);
export const requestChanges = endpoint<typeof S.reviewState, { body: { comment: string } }>()(
  'POST',
  `${DOCUMENTS}/:id/review/request-changes`,
);

export const lock = endpoint<typeof S.lockState, { body: { token: string; take?: boolean } }>()('POST', `${DOCUMENTS}/:id/lock`);
export const releaseLock = endpoint<typeof S.lockState, { body: { token: string } }>()('POST', `${DOCUMENTS}/:id/lock/release`);
