import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP_ANSWERS, HELP_GUIDES, searchHelp } from './help-guides';

describe('the Help Desk guides', () => {
  it('finds a guide by a word in its steps, every word of the search, in any case', () => {
    expect(searchHelp('WAITLIST').guides.map((guide) => guide.id)).toEqual(['triage']);
    expect(searchHelp('report template').guides.map((guide) => guide.id)).toEqual(['write-report']);
    expect(searchHelp('signed out').answers.map((answer) => answer.id)).toEqual(['signed-out']);
    expect(searchHelp('zebra')).toEqual({ guides: [], answers: [] });
    expect(searchHelp('  ')).toEqual({ guides: HELP_GUIDES, answers: HELP_ANSWERS });
  });

  it('shows a screenshot that exists for every guide, and ids that are unique', () => {
    for (const guide of HELP_GUIDES) {
      expect(existsSync(path.join(__dirname, '../../../public', guide.screenshot.src)), guide.id).toBe(true);
    }
    const ids = [...HELP_GUIDES, ...HELP_ANSWERS].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
