import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExternalDraftAttachment } from '@referrals/domain/portals/external-referral-schemas';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderRoutes } from '@/test/render-screen';
import { PortalFiles } from './portal-files';

const pdf = (name: string, size = 10) =>
  new File([new Uint8Array(size).fill(0x25)], name, { type: 'application/pdf' });

/** The field with the draft's files kept here; the "server" refuses files named refused-*.pdf. */
function Harness({ sent }: { sent: string[] }) {
  const [files, setFiles] = useState<ExternalDraftAttachment[]>([]);
  return (
    <PortalFiles
      field={{ name: 'letters', title: 'Letters', max_files: 3 }}
      files={files}
      upload={(file) => {
        sent.push(file.name);
        if (file.name.startsWith('refused')) {
          return Promise.reject(new ApiError(400, { file: ['This file type is not accepted.'] }));
        }
        const added = {
          id: file.name,
          original_name: file.name,
          content_type: file.type,
          size: file.size,
          field: 'letters',
        };
        setFiles((all) => [...all, added]);
        return Promise.resolve(added);
      }}
      remove={(gone) => {
        setFiles((all) => all.filter((file) => file.id !== gone.id));
        return Promise.resolve();
      }}
    />
  );
}

describe('a portal file field', () => {
  it('refuses a file over 5 MB, and files past max_files, before sending anything', async () => {
    const sent: string[] = [];
    const { container } = renderRoutes([{ path: '/', element: <Harness sent={sent} /> }], '/');
    const input = container.querySelector<HTMLInputElement>('input[type=file]');
    if (input === null) throw new Error('no file input');

    fireEvent.change(input, { target: { files: [pdf('scan.pdf', 5_242_881)] } });
    const list = await screen.findByRole('list', { name: 'Files for Letters' });
    expect(within(list).getByText('scan.pdf is larger than 5 MB.')).toBeDefined();

    // Four dropped on a field of three: three go, the fourth is refused with why.
    fireEvent.change(input, { target: { files: ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'].map((n) => pdf(n)) } });
    await waitFor(() => expect(within(list).getAllByText(/attached/)).toHaveLength(3));
    expect(within(list).getByText('At most 3 files can be added here.')).toBeDefined();
    expect(sent).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
  });

  it("shows the server's answer on the file it refused, and attaches the others", async () => {
    const sent: string[] = [];
    const { container } = renderRoutes([{ path: '/', element: <Harness sent={sent} /> }], '/');
    const input = container.querySelector<HTMLInputElement>('input[type=file]');
    if (input === null) throw new Error('no file input');

    fireEvent.change(input, { target: { files: [pdf('refused-letter.pdf'), pdf('ecg.pdf')] } });
    const list = await screen.findByRole('list', { name: 'Files for Letters' });
    await waitFor(() =>
      expect(
        within(list).getByText('Error uploading attachment. This file type is not accepted.'),
      ).toBeDefined(),
    );
    expect(within(list).getByText(/ecg\.pdf/)).toBeDefined();
    expect(within(list).getByText(/attached/)).toBeDefined();
    expect(sent).toEqual(['refused-letter.pdf', 'ecg.pdf']);
  });
});
