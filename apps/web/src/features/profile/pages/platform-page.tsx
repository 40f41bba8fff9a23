import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { platforms, type Platform } from '@referrals/domain/profile/platforms';
import { IconAlertTriangle, IconApps, IconBrowser, IconStethoscope } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { safeReturnTo } from '@/lib/auth/auth-storage';
import { flattenFieldErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { PublicPageFrame } from '@/ui/public-page-frame';
import { usePlatformSubscription, useSavePlatformSubscription } from '../api/platform-subscription';

const DESCRIPTIONS: Readonly<Record<Platform, string>> = {
  WEB: 'You open Referrals in Chrome, Edge, Safari or Firefox.',
  BEST_PRACTICE: 'You launch Referrals from a patient in Best Practice.',
  MEDICAL_DIRECTOR: 'You launch Referrals from a patient in MedicalDirector Clinical.',
  ZEDMED: 'You launch Referrals from a patient in Zedmed.',
  GENIE: 'You launch Referrals from a patient in Genie.',
  COMMUNICARE: 'You launch Referrals from a patient in Communicare.',
};

/**
 * The platform selection screen, without the layout's chrome (spec section 2; section 7: GET and PUT
 * platform-subscription/): where the provider works with Referrals, in the browser or launched from their
 * practice software. Reached from Settings; `?next=` says where to go once chosen.
 */
export function PlatformPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeReturnTo(searchParams.get('next') ?? paths.home.getHref());
  const subscription = usePlatformSubscription();
  const save = useSavePlatformSubscription();
  const [picked, setPicked] = useState<Platform | null>(null);
  const [error, setError] = useState<string | null>(null);

  const current = subscription.data?.selected_platform?.value ?? null;
  const chosen = picked ?? current;

  const onSubmit = () => {
    setError(null);
    if (chosen === null) {
      setError('Choose a platform to continue.');
      return;
    }
    save.mutate(chosen, {
      onSuccess: () => void navigate(next, { replace: true }),
      onError: (e) => {
        const fieldErrors = e instanceof ApiError ? e.fieldErrors : undefined;
        setError(
          (fieldErrors === undefined ? undefined : flattenFieldErrors(fieldErrors).selected_platform) ??
            'Your choice could not be saved. Please try again.',
        );
      },
    });
  };

  return (
    <PublicPageFrame>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <Stack gap="lg">
            <Group gap="md" wrap="nowrap">
              <ThemeIcon size={48} radius="md" variant="light">
                <IconApps size={26} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={2}>
                <Title order={1} fz="h2">
                  Choose your platform
                </Title>
                <Text c="gray.7" size="sm">
                  Where do you work with Referrals? It helps our support team and sets up launching from your
                  practice software. You can change it at any time in Settings.
                </Text>
              </Stack>
            </Group>
            {subscription.isPending ? (
              <Loader aria-label="Loading the platforms" />
            ) : subscription.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                The platforms could not be loaded. Please reload the page.
              </Alert>
            ) : (
              <Radio.Group
                label="Platform"
                value={chosen}
                onChange={(value) => {
                  if (platforms.isCode(value)) setPicked(value);
                  setError(null);
                }}
                error={error}
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                  {subscription.data.platforms.map((platform) => (
                    <Radio.Card
                      key={platform.value}
                      value={platform.value}
                      radius="md"
                      p="md"
                      aria-label={platform.display}
                    >
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator />
                        <Stack gap={2}>
                          <Group gap={6}>
                            {platform.value === 'WEB' ? (
                              <IconBrowser size={16} stroke={1.6} />
                            ) : (
                              <IconStethoscope size={16} stroke={1.6} />
                            )}
                            <Text fw={600} size="sm">
                              {platform.display}
                            </Text>
                          </Group>
                          <Text size="xs" c="gray.7">
                            {DESCRIPTIONS[platform.value]}
                          </Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => void navigate(next, { replace: true })}>
                {current === null ? 'Not now' : 'Cancel'}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={subscription.isPending}>
                Continue
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PublicPageFrame>
  );
}
