import { Alert, Anchor, Breadcrumbs, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { paths } from '@/lib/paths';
import { ApprovalBadges } from '@/ui/approval-badges';
import { SectionCard } from '@/ui/section-card';
import { useEstablishment } from '../api/get-establishment';
import { useUpdateEstablishment } from '../api/update-establishment';
import { BackendServicesCard } from '../backend-services/backend-services-card';
import { BrandingLogoCard } from '../components/branding-logo-card';
import { DeleteEstablishmentCard } from '../components/delete-establishment-card';
import { DepartmentsCard } from '../components/departments-card';
import { EstablishmentForm, establishmentFormValues } from '../components/establishment-form';

function DetailsCard({ establishment }: { establishment: Establishment }) {
  const update = useUpdateEstablishment(establishment.id);
  return (
    <SectionCard
      title="Details and settings"
      description={`${establishment.type.display}${establishment.hospital ? ` of ${establishment.hospital.name}` : ''}. Its type cannot be changed.`}
    >
      <EstablishmentForm
        // Saved values come back from the server; remounting starts the form from them.
        key={establishment.name + JSON.stringify(establishmentFormValues(establishment))}
        initial={establishmentFormValues(establishment)}
        typeChoice={false}
        submitLabel="Save changes"
        label={`Details of ${establishment.name}`}
        intakeAddress={establishment.intake_address}
        portal={establishment.portal}
        onSave={async (values) => {
          const saved = await update.mutateAsync(values);
          notifications.show({
            color: 'green',
            title: 'Establishment saved',
            message: `Your changes to ${saved.name} were saved.`,
          });
        }}
      />
    </SectionCard>
  );
}

const settingsHref = paths.settings.section.getHref('establishments');

/**
 * /settings/establishments/:id: an establishment its account holder runs (spec sections 3 Establishment,
 * 6 Rules): details and settings, a hospital's departments, the branding logo, the systems connected to
 * its FHIR API, and deleting it. Changed
 * only when can_edit allows and deleted only when can_delete allows; anyone else reads why not.
 */
export function ManageEstablishmentPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const establishment = useEstablishment(id);
  if (establishment.isPending) return <Loader aria-label="Loading the establishment" />;
  if (establishment.isError) {
    const missing = establishment.error instanceof ApiError && establishment.error.status === 404;
    return (
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Text role="alert">
          {missing
            ? 'This establishment does not exist, or you cannot see it.'
            : 'The establishment could not be loaded. Please try again.'}
        </Text>
      </Paper>
    );
  }
  const place = establishment.data;
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Breadcrumbs>
          <Anchor component={Link} to={settingsHref} size="sm">
            Establishments
          </Anchor>
          {place.hospital && (
            <Anchor component={Link} to={paths.settings.establishment.getHref(place.hospital.id)} size="sm">
              {place.hospital.name}
            </Anchor>
          )}
          <Text size="sm">{place.name}</Text>
        </Breadcrumbs>
        <Group gap="sm" align="center">
          <Title order={1} fz="h2">
            {place.name}
          </Title>
          <ApprovalBadges isApproved={place.is_approved} isVerified={place.is_verified} />
        </Group>
        {!place.is_approved && (
          <Text c="gray.7">
            It is waiting for approval by the Referrals team. Until then nobody else can find it, join it or
            send it referrals.
          </Text>
        )}
      </Stack>
      {place.can_edit ? (
        <>
          <DetailsCard establishment={place} />
          {place.type.value === 'HL' && <DepartmentsCard hospital={place} />}
          <BrandingLogoCard establishment={place} />
          <BackendServicesCard establishment={place} />
          <DeleteEstablishmentCard establishment={place} onDeleted={() => void navigate(settingsHref)} />
        </>
      ) : (
        <Alert color="gray" variant="light">
          Only the account holder of {place.name} can change it.
        </Alert>
      )}
    </Stack>
  );
}
