import { describe, expect, it } from 'vitest';
import { fileRefusal } from './file-checks';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('what a file field takes (spec section 3 Form template)', () => {
  it('takes a PDF on a .pdf field, and refuses other types, empty files and files over 5 MB', () => {
    const field = { accept: ['.pdf'] };
    expect(fileRefusal(field, file('ecg.pdf', 'application/pdf', 10), 0)).toBeNull();
    expect(fileRefusal(field, file('ecg.png', 'image/png', 10), 0)).toMatch(/not a file type/);
    expect(fileRefusal(field, file('ecg.pdf', 'application/pdf', 0), 0)).toMatch(/empty/);
    expect(fileRefusal(field, file('ecg.pdf', 'application/pdf', 5_242_881), 0)).toMatch(/larger than 5 MB/);
  });

  it('holds one file unless max_files says more', () => {
    const pdf = file('a.pdf', 'application/pdf', 10);
    expect(fileRefusal({}, pdf, 1)).toMatch(/Only one file/);
    expect(fileRefusal({ max_files: 2 }, pdf, 1)).toBeNull();
    expect(fileRefusal({ max_files: 2 }, pdf, 2)).toMatch(/At most 2 files/);
  });
});
