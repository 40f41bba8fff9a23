import { Alert, Center, Image, Loader, Stack, Tabs, Text } from '@mantine/core';
import type { ImportFile } from '@referrals/domain/imports/import-schemas';
import { useObjectUrl } from '@/lib/use-object-url';
import { importFilePath, importPagePath, useImportBlob } from '../import-calls';

const TIFF = 'image/tiff';

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** One fetched file or page, shown once its bytes are here. */
function FetchedView({
  path,
  render,
  what,
}: {
  path: string;
  what: string;
  render: (url: string) => React.ReactNode;
}) {
  const blob = useImportBlob(path);
  const url = useObjectUrl(blob.data);
  if (blob.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {what} could not be loaded. Please try again.
      </Alert>
    );
  }
  if (url === null) {
    return (
      <Center mih={200}>
        <Loader aria-label={`Loading ${what.toLowerCase()}`} />
      </Center>
    );
  }
  return render(url);
}

/** A fax's TIFF, page by page: the server answers each frame as a PNG. */
function FaxPages({ itemId, file }: { itemId: string; file: ImportFile }) {
  return (
    <Stack gap="md">
      {Array.from({ length: file.pages }, (_, index) => index + 1).map((page) => (
        <Stack key={page} gap={4}>
          <Text size="sm" c="gray.7">
            Page {page} of {file.pages}
          </Text>
          <FetchedView
            path={importPagePath(itemId, file.id, page)}
            what={`Page ${String(page)}`}
            render={(url) => (
              <Image
                src={url}
                alt={`${file.original_name}, page ${String(page)} of ${String(file.pages)}`}
                radius="sm"
                bd="1px solid gray.3"
              />
            )}
          />
        </Stack>
      ))}
    </Stack>
  );
}

function FileView({ itemId, file }: { itemId: string; file: ImportFile }) {
  if (file.content_type === TIFF) return <FaxPages itemId={itemId} file={file} />;
  return (
    <FetchedView
      path={importFilePath(itemId, file.id)}
      what={file.original_name}
      render={(url) =>
        file.content_type === 'application/pdf' ? (
          <iframe
            src={url}
            title={`Preview of ${file.original_name}`}
            style={{
              width: '100%',
              height: '70vh',
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 4,
            }}
          />
        ) : (
          <Image src={url} alt={file.original_name} radius="sm" bd="1px solid gray.3" />
        )
      }
    />
  );
}

/**
 * The item's attachments shown in the page (issue 27: a PDF preview; a fax page by page), one tab each
 * when there are several. Only the open tab's file is fetched.
 */
export function ImportFilePreview({ itemId, files }: { itemId: string; files: readonly ImportFile[] }) {
  const [first] = files;
  if (first === undefined) {
    return <Text c="gray.7">The attachments of this item have moved to its referral.</Text>;
  }
  if (files.length === 1) {
    return (
      <Stack gap="xs">
        <Text size="sm" c="gray.7">
          {first.original_name} · {formatSize(first.size)}
        </Text>
        <FileView itemId={itemId} file={first} />
      </Stack>
    );
  }
  return (
    <Tabs defaultValue={first.id} keepMounted={false}>
      <Tabs.List aria-label="Attachments">
        {files.map((file) => (
          <Tabs.Tab key={file.id} value={file.id}>
            {file.original_name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {files.map((file) => (
        <Tabs.Panel key={file.id} value={file.id} pt="sm">
          <Stack gap="xs">
            <Text size="sm" c="gray.7">
              {formatSize(file.size)}
            </Text>
            <FileView itemId={itemId} file={file} />
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
