import type {
  ExternalReferralDraft,
  ExternalReferralDraftWrite,
} from '@referrals/domain/portals/external-referral-schemas';
import { createExternalDraft } from './api/create-external-draft';
import type { DraftSession } from './api/draft-address';
import { updateExternalDraft } from './api/update-external-draft';

export type DraftSaver = {
  /** The draft as far as this page knows: null until the first save made it. */
  session: () => DraftSession | null;
  /**
   * Saves what the sender typed: the first save makes the draft (POST, carrying the values) and keeps its
   * secret, every later one PATCHes it. Answers the draft as the server now has it.
   */
  save: (body: ExternalReferralDraftWrite) => Promise<ExternalReferralDraft>;
  /** The draft's session, making the draft with `body` when there is none yet (an upload before typing). */
  ensure: (body: ExternalReferralDraftWrite) => Promise<DraftSession>;
};

/**
 * The portal's draft saves (docs/portals.md, Sending a referral 2). One draft per page, however the saves
 * race: a save or an upload that comes while the draft is being made waits for it, rather than making a
 * second one, and then saves onto it. `onCreated` hands the new session to whoever keeps it for the tab.
 */
export function createDraftSaver(
  establishmentId: string,
  restored: DraftSession | null,
  onCreated: (session: DraftSession) => void,
): DraftSaver {
  let current = restored;
  let creating: Promise<{ session: DraftSession; draft: ExternalReferralDraft }> | null = null;

  const create = (body: ExternalReferralDraftWrite) => {
    creating ??= createExternalDraft(establishmentId, body)
      .then(({ draft, draft_token }) => {
        current = { establishmentId, id: draft.id, token: draft_token };
        onCreated(current);
        return { session: current, draft };
      })
      .finally(() => {
        creating = null;
      });
    return creating;
  };

  return {
    session: () => current,
    ensure: async (body) => current ?? (await create(body)).session,
    save: async (body) => {
      if (current === null && creating === null) return (await create(body)).draft;
      const session = current ?? (await create(body)).session;
      return updateExternalDraft(session, body);
    },
  };
}
