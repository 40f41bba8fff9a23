import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attachment } from '@referrals/domain/referrals/forms/attachment-schemas';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render-screen';
import { FormFileField } from './form-file-field';

const attachment = (name: string): Attachment => ({
  id: name,
  kind: 'referrer',
  file: `/api/files/${name}`,
  meta: { field: 'letters', note: null },
  original_name: name,
  content_type: 'application/pdf',
  size: 10,
  access: 'write',
  uploaded_by: null,
  created_at: '2026-03-02T01:00:00Z',
});

/** The field with its files kept here; an upload waits until the test lets it finish. */
function Harness({ uploads }: { uploads: Array<() => void> }) {
  const [files, setFiles] = useState<Attachment[]>([]);
  return (
    <FormFileField
      field={{ name: 'letters', title: 'Letters', type: 'file', max_files: 2 }}
      files={files}
      onUpload={async (file) => {
        await new Promise<void>((resolve) => uploads.push(resolve));
        setFiles((all) => [...all, attachment(file.name)]);
      }}
      onRemove={(gone) => {
        setFiles((all) => all.filter((file) => file.id !== gone.id));
        return Promise.resolve();
      }}
    />
  );
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('a file field from the keyboard (WCAG 2.4.3 Focus Order)', () => {
  it('keeps the focus on Add a file while a file uploads and once the field is full', async () => {
    const uploads: Array<() => void> = [];
    const { container } = renderRoutes([{ path: '/', element: <Harness uploads={uploads} /> }], '/');
    const add = screen.getByRole('button', { name: 'Add a file to Letters' });
    const input = container.querySelector<HTMLInputElement>('input[type=file]');
    if (input === null) throw new Error('no file input');

    for (const name of ['one.pdf', 'two.pdf']) {
      add.focus();
      fireEvent.change(input, { target: { files: [pdf(name)] } });
      await waitFor(() => expect(add.getAttribute('aria-busy')).toBe('true'));
      expect(document.activeElement).toBe(add);
      uploads.at(-1)?.();
      expect(await screen.findByText(name)).toBeDefined();
      expect(document.activeElement).toBe(add);
    }
    // Two files fill the field: the button says it is unavailable but still holds the focus.
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(add.hasAttribute('disabled')).toBe(false);
  });

  it('gives the focus to Add a file when a file is removed with its row', async () => {
    const uploads: Array<() => void> = [];
    const user = userEvent.setup();
    const { container } = renderRoutes([{ path: '/', element: <Harness uploads={uploads} /> }], '/');
    const input = container.querySelector<HTMLInputElement>('input[type=file]');
    if (input === null) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [pdf('one.pdf')] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]?.();

    const remove = await screen.findByRole('button', { name: 'Remove one.pdf' });
    remove.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('one.pdf')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a file to Letters' })),
    );
  });
});
