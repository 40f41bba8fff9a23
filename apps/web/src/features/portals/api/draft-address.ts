import { DRAFT_TOKEN_HEADER } from '@referrals/domain/portals/external-referral-schemas';

/** A portal draft as this tab knows it: where it is and the secret that opens it (docs/portals.md). */
export type DraftSession = { establishmentId: string; id: string; token: string };

/** public/establishments/{id}/referrals/, where drafts are made. */
export const draftsPath = (establishmentId: string) =>
  `/api/public/establishments/${encodeURIComponent(establishmentId)}/referrals/`;

/** The draft's own address, with `rest` (e.g. 'submit/') under it. */
export const draftPath = (session: DraftSession, rest = '') =>
  `${draftsPath(session.establishmentId)}${encodeURIComponent(session.id)}/${rest}`;

/** The header every call about a draft carries: the draft's id alone opens nothing. */
export const draftHeaders = (session: DraftSession) => ({ [DRAFT_TOKEN_HEADER]: session.token });
