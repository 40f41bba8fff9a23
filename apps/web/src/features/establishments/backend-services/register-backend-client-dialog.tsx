import { Alert, Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { BackendClient } from '@referrals/domain/establishments/backend-client-schemas';
import { SMART_RESOURCE_TYPES, type SmartResourceType } from '@referrals/domain/fhir/smart-scopes';
import { useState } from 'react';
import { showSaveError } from '@/lib/form-errors';
import { useRegisterBackendClient } from './backend-client-calls';

/** What each FHIR resource a system may read is, in the product's words. */
export const RESOURCE_LABELS: Record<SmartResourceType, string> = {
  ServiceRequest: 'Referrals (ServiceRequest)',
  Task: 'Where each referral stands (Task)',
  Patient: 'Patients (Patient)',
  DocumentReference: 'Letters, reports and attachments (DocumentReference)',
  Practitioner: 'Doctors (Practitioner)',
  PractitionerRole: 'Doctors at establishments (PractitionerRole)',
  Organization: 'Establishments (Organization)',
};

const readScope = (type: SmartResourceType) => `system/${type}.rs`;
const NOT_JSON = 'This is not JSON: paste the public key as a JWK, or a JWK set ({"keys": [...]}).';

/** A pasted JWK set, or one key on its own, as the JWK set the API takes; null when it is not JSON. */
function jwksOf(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'kty' in parsed ? { keys: [parsed] } : parsed;
  } catch {
    return null;
  }
}

type Errors = Partial<Record<'name' | 'jwks' | 'scopes', string>>;

/**
 * Registers a system that signs in on its own (SMART Backend Services): its name, its public key and what
 * it may read. Reading is all a system may do: it sees what the establishment sees.
 */
export function RegisterBackendClientDialog({
  establishmentId,
  opened,
  onClose,
  onRegistered,
}: {
  establishmentId: string;
  opened: boolean;
  onClose: () => void;
  onRegistered: (client: BackendClient) => void;
}) {
  const register = useRegisterBackendClient(establishmentId);
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [scopes, setScopes] = useState<string[]>(() => SMART_RESOURCE_TYPES.map(readScope));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setKey('');
    setScopes(SMART_RESOURCE_TYPES.map(readScope));
    setErrors({});
    setFormError(null);
    register.reset();
    onClose();
  };
  const submit = () => {
    setFormError(null);
    const jwks = jwksOf(key);
    if (jwks === null) {
      setErrors({ jwks: NOT_JSON });
      return;
    }
    setErrors({});
    register.mutate(
      { name, jwks: jwks as BackendClient['jwks'], scopes },
      {
        onSuccess: (client) => {
          onRegistered(client);
          close();
        },
        onError: (error) => {
          const found: Errors = {};
          showSaveError(error, {
            fields: ['name', 'jwks', 'scopes'],
            onField: (path, message) => {
              const field = path.split('.')[0] as keyof Errors;
              found[field] ??= message;
            },
            onForm: setFormError,
            fallback: 'The system could not be registered. Please try again.',
          });
          setErrors(found);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Register a system" centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            description="What the system is, as your staff know it: the practice's clinical software, an integration engine."
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <Textarea
            label="Public key"
            description="The system's public key as a JWK, or a JWK set of up to five: RSA for RS384 or EC P-384 for ES384, each with a kid. Never its private key."
            required
            autosize
            minRows={5}
            maxRows={12}
            value={key}
            onChange={(event) => setKey(event.currentTarget.value)}
            error={errors.jwks}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <Checkbox.Group
            label="What it may read"
            description="Always within what your establishment sees."
            value={scopes}
            onChange={setScopes}
            error={errors.scopes}
          >
            <Stack gap={6} mt="xs">
              {SMART_RESOURCE_TYPES.map((type) => (
                <Checkbox key={type} value={readScope(type)} label={RESOURCE_LABELS[type]} />
              ))}
            </Stack>
          </Checkbox.Group>
          {formError !== null && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={register.isPending}>
              Register
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
