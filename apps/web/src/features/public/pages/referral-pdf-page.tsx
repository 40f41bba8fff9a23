import { Box, Button, Center, Group, Loader, Text } from '@mantine/core';
import { referralLetterPath } from '@referrals/domain/referrals/referral-paths';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { apiClient } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/use-object-url';

/**
 * The referral print view at /referrals/pdf?id= (spec section 2: no chrome): the letter the server renders,
 * full page, with one Print button. It is a public screen, so a failed sign-in never sends it to the login
 * (spec section 8); the tab that opened it shares the sign-in through its refresh cookie.
 */
export function ReferralPdfPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const letter = useQuery({
    queryKey: ['referral-letter', id],
    queryFn: ({ signal }) => apiClient<Blob>(referralLetterPath(id), { responseType: 'blob', signal }),
    enabled: id !== '',
  });
  const url = useObjectUrl(letter.data);
  const frame = useRef<HTMLIFrameElement>(null);

  if (id === '' || letter.isError) {
    return (
      <Center component="main" mih="100dvh" p="md">
        <Text role="alert">This referral letter could not be loaded. Open it again from the referral.</Text>
      </Center>
    );
  }
  if (url === null) {
    return (
      <Center component="main" mih="100dvh">
        <Loader aria-label="Loading the referral letter" />
      </Center>
    );
  }
  return (
    <Box component="main" h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="flex-end" p="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => frame.current?.contentWindow?.print()}>
          Print
        </Button>
      </Group>
      <iframe ref={frame} src={url} title="Referral letter" style={{ flex: 1, border: 0, width: '100%' }} />
    </Box>
  );
}
