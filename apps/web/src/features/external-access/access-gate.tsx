import { Alert, Button, Loader, Paper, Stack } from '@mantine/core';
import {
  ACCESS_TOKEN_PARAM,
  type ExternalAccessSession,
} from '@referrals/domain/external-access/external-access-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AccessContext, isLinkGone, type VerifiedAccess } from './access-context';
import { forgetAccessSession, readAccessSession, writeAccessSession } from './access-session-storage';
import { accessQueryKey, type AccessBase } from './api/access-address';
import { accessLinkQueryOptions, useAccessLink } from './api/get-access-link';
import { LinkNotUsable } from './components/link-not-usable';
import { VerificationForm } from './components/verification-form';

type AccessGateProps = {
  /** What the page opens once verified, in words ("the consent form"). */
  purpose: string;
  /** The path that verifies and renews (the reports page has its own, the same calls). */
  base?: AccessBase;
  /** Called once the link is verified, e.g. to move the focus to the page's content. */
  onOpened?: () => void;
  children: ReactNode;
};

/**
 * What every page an emailed link opens shows first (docs/external-access.md): the link read from
 * `?access=`; a lock when it no longer works; the questions until they are answered; then the page, with the
 * session kept for the tab so the link's other pages ask nothing again. A session that lapses (401) asks
 * again.
 */
export function AccessGate({ purpose, base = 'referrals', onOpened, children }: AccessGateProps) {
  const [params] = useSearchParams();
  const token = params.get(ACCESS_TOKEN_PARAM) ?? '';
  const queryClient = useQueryClient();
  const [session, setSession] = useState(() => (token === '' ? null : readAccessSession(token)));
  const [lapsed, setLapsed] = useState(false);
  const link = useAccessLink({ token, session });

  const sessionLapsed = useCallback(() => {
    forgetAccessSession(token);
    setSession(null);
    setLapsed(true);
  }, [token]);
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: accessQueryKey(token) }),
    [queryClient, token],
  );
  const verified = useCallback(
    (answer: ExternalAccessSession) => {
      writeAccessSession(token, { session: answer.session, expires_at: answer.expires_at });
      const linkQuery = accessLinkQueryOptions({ token, session: answer.session });
      queryClient.setQueryData(linkQuery.queryKey, {
        verify_with: link.data?.verify_with ?? ['patient_details'],
        expires_at: link.data?.expires_at ?? answer.expires_at,
        referral: answer.referral,
      });
      setSession(answer.session);
      setLapsed(false);
      onOpened?.();
    },
    [token, queryClient, link.data, onOpened],
  );

  const referral = link.data?.referral ?? null;
  const value = useMemo<VerifiedAccess | null>(
    () =>
      session === null || referral === null
        ? null
        : { access: { token, session }, referral, sessionLapsed, reload },
    [token, session, referral, sessionLapsed, reload],
  );

  if (token === '' || isLinkGone(link.error)) return <LinkNotUsable token={token} base={base} />;
  if (link.isPending) return <Loader aria-label="Opening the link" />;
  if (link.isError) {
    return (
      <Alert variant="light" color="red" role="alert" title="The link could not be opened">
        <Stack gap="sm" align="flex-start">
          Please check your connection and try again.
          <Button variant="default" size="xs" onClick={() => void link.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (value !== null) return <AccessContext.Provider value={value}>{children}</AccessContext.Provider>;
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
      <VerificationForm
        token={token}
        base={base}
        methods={link.data.verify_with}
        purpose={purpose}
        // A session kept for the tab that the server no longer knows has lapsed too.
        lapsed={lapsed || session !== null}
        onVerified={verified}
        onLinkGone={() => void link.refetch()}
      />
    </Paper>
  );
}
