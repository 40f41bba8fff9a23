import { Button, Center, FileButton, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import { PROFILE_IMAGE_TYPES } from '@referrals/domain/files/content-type';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { flattenFieldErrors } from '@/lib/form-errors';
import { useDeleteProfileImage } from '../api/delete-profile-image';
import { useProfileImage } from '../api/get-profile-image';
import type { ProfileImageKind } from '../api/profile-image-kind';
import { useUploadProfileImage } from '../api/upload-profile-image';

/** The server's own wording for a file over 5 MB, so the check here and there read the same. */
const TOO_LARGE_MESSAGE = 'The file is larger than 5 MB.';

function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if ((error.status === 400 || error.status === 413) && typeof body === 'object' && body !== null) {
      const messages = flattenFieldErrors(body as Record<string, string[]>);
      const first = messages.file ?? Object.values(messages)[0];
      if (first !== undefined) return first;
    }
    if (error.detail !== undefined) return error.detail;
  }
  return 'The image could not be uploaded. Please try again.';
}

/**
 * A data URL for a fetched image. Read asynchronously, so no object URL needs revoking (StrictMode runs
 * effects twice in development and would revoke an object URL still in use).
 */
function useImageUrl(blob: Blob | undefined): string | null {
  const [read, setRead] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (blob === undefined) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setRead({ blob, url: reader.result });
    };
    reader.readAsDataURL(blob);
    return () => reader.abort();
  }, [blob]);
  return read !== null && read.blob === blob ? read.url : null;
}

type ProfileImageFieldProps = {
  kind: ProfileImageKind;
  label: string;
  description: string;
  /** The profile's image address (avatar_image or signature_image); null when there is none. */
  current: string | null;
  previewHeight?: number;
};

/**
 * Upload, preview and removal of the avatar or signature image (spec section 7: multipart upload, 202; 5 MB
 * limit of section 5). The image is behind the bearer token, so the preview is fetched as a Blob.
 */
export function ProfileImageField({
  kind,
  label,
  description,
  current,
  previewHeight = 120,
}: ProfileImageFieldProps) {
  const upload = useUploadProfileImage();
  const remove = useDeleteProfileImage();
  const image = useProfileImage(kind, current);
  const previewUrl = useImageUrl(current === null ? undefined : image.data);
  const [error, setError] = useState<string | null>(null);
  const inputId = `${kind}-upload`;

  const choose = (file: File | null) => {
    setError(null);
    if (file === null) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setError(TOO_LARGE_MESSAGE);
      return;
    }
    upload.mutate({ kind, file }, { onError: (e) => setError(uploadErrorMessage(e)) });
  };

  return (
    <Stack gap={6}>
      <div>
        <Text size="sm" fw={500} id={`${inputId}-label`}>
          {label}
        </Text>
        <Text size="xs" c="gray.7">
          {description}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md" bg="gray.0" aria-labelledby={`${inputId}-label`}>
        <Group gap="lg" wrap="nowrap">
          <Center
            w={previewHeight * 2}
            h={previewHeight}
            bg="white"
            style={{ borderRadius: 8, border: '1px dashed var(--mantine-color-gray-4)', flexShrink: 0 }}
          >
            {current !== null && image.isPending ? (
              <Loader size="sm" />
            ) : previewUrl !== null ? (
              <Image
                src={previewUrl}
                alt={label}
                mah={previewHeight - 8}
                maw={previewHeight * 2 - 8}
                fit="contain"
              />
            ) : (
              <Stack gap={4} align="center">
                <IconPhoto size={28} stroke={1.4} color="var(--mantine-color-gray-5)" />
                <Text size="xs" c="gray.7">
                  No image yet
                </Text>
              </Stack>
            )}
          </Center>
          <Stack gap="xs">
            <FileButton onChange={choose} accept={PROFILE_IMAGE_TYPES.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} />}
                  loading={upload.isPending}
                  variant="light"
                >
                  {current === null ? 'Upload image' : 'Replace image'}
                </Button>
              )}
            </FileButton>
            {current !== null && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={remove.isPending}
                onClick={() => {
                  setError(null);
                  remove.mutate(kind, { onError: (e) => setError(uploadErrorMessage(e)) });
                }}
              >
                Remove
              </Button>
            )}
            <Text size="xs" c="gray.7">
              PNG, JPEG, GIF or WebP, up to 5 MB.
            </Text>
          </Stack>
        </Group>
      </Paper>
      {error !== null && (
        <Text size="sm" c="red.7" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
