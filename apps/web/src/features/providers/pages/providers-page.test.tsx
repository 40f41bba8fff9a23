import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Provider } from '@referrals/domain/directory/doctor-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { ProvidersPage } from './providers-page';

beforeAll(() => embedRuntimeConfig());

function provider(id: string, first: string, last: string): Provider {
  return {
    id,
    title: { value: 'DR', display: 'Dr' },
    first_name: first,
    last_name: last,
    role: { value: 'SP', display: 'Specialist' },
    specialties: [{ value: 'CARDIOLOGY', display: 'Cardiology' }],
    establishments: [{ id: 'clinic', name: 'North Shore Heart Clinic' }],
  };
}

const page = (results: Provider[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

describe('Providers (spec section 2 /providers)', () => {
  it('lists platform providers with where they practise, pages, searches and filters by role', async () => {
    const api = fakeApi({
      'GET /api/providers/': () => {
        const last = api.calls.at(-1)?.search ?? '';
        if (last.includes('role=GP')) return { status: 200, body: page([provider('g', 'Gail', 'Green')]) };
        if (last.includes('keyword=chen'))
          return { status: 200, body: page([provider('c', 'James', 'Chen')]) };
        if (last.includes('page=2')) return { status: 200, body: page([provider('y', 'Yara', 'Young')], 11) };
        return { status: 200, body: page([provider('a', 'Aisha', 'Rahman')], 11) };
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/providers', element: <ProvidersPage /> }], '/providers');

    const table = await screen.findByRole('table');
    const row = within(table).getByText('Dr Aisha Rahman').closest('tr') as HTMLElement;
    expect(within(row).getByText('North Shore Heart Clinic')).toBeDefined();
    expect(within(row).getByText('Cardiology')).toBeDefined();
    expect(api.callsTo('GET /api/providers/')[0]?.search).toBe('?page=1');

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Dr Yara Young')).toBeDefined();

    await user.type(screen.getByLabelText('Search providers'), 'chen');
    expect(await screen.findByText('Dr James Chen')).toBeDefined();
    expect(api.callsTo('GET /api/providers/').at(-1)?.search).toBe('?page=1&keyword=chen');

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'General practitioner' }));
    await waitFor(() => expect(api.callsTo('GET /api/providers/').at(-1)?.search).toContain('role=GP'));
    expect(await screen.findByText('Dr Gail Green')).toBeDefined();
  });

  it('says so when no one matches', async () => {
    fakeApi({ 'GET /api/providers/': { status: 200, body: page([]) } });
    const user = userEvent.setup();
    renderRoutes([{ path: '/providers', element: <ProvidersPage /> }], '/providers');
    await user.type(await screen.findByLabelText('Search providers'), 'zz');
    expect(await screen.findByText('No provider matches “zz”.')).toBeDefined();
  });
});
