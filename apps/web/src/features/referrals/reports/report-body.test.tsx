import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { ReportBody } from './report-body';
import { reportFileFailure } from './report-files';

describe('a report body as the referrer reads it', () => {
  it('keeps the editor’s marks and nothing else, text included', () => {
    const { container } = render(
      <ReportBody
        html={
          '<h2>Plan</h2><p>Start <strong>apixaban</strong> <em>5 mg</em>.</p><ul><li><p>Echo in 3 months</p></li></ul>' +
          '<img src="x" onerror="alert(1)"><script>alert(2)</script><p><a href="javascript:alert(3)">bad</a> ' +
          '<a href="https://heart.example/guide">guide</a></p>'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Plan' })).toBeDefined();
    expect(container.querySelector('strong')?.textContent).toBe('apixaban');
    expect(screen.getByRole('listitem').textContent).toBe('Echo in 3 months');
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.getByText('bad').tagName).toBe('P');
    expect(screen.getByRole('link', { name: 'guide' }).getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('a report file that cannot be uploaded (spec section 8)', () => {
  it('names the file, gives the server’s reason and says what to do', () => {
    const refused = new ApiError(400, { file: ['This type of file is not accepted.'] });
    expect(reportFileFailure('notes.pdf', refused)).toBe(
      'The file notes.pdf cannot be uploaded. This type of file is not accepted. Please try again, or contact your system administrator.',
    );
    expect(reportFileFailure('scan.pdf', new TypeError('Failed to fetch'))).toBe(
      'The file scan.pdf cannot be uploaded. Please try again, or contact your system administrator.',
    );
  });
});
