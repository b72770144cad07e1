import type { Alarm } from '@cuepoint/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { AlarmBell } from '../components/alarm-bell.tsx';

const alarm = (n: number, overrides: Partial<Alarm> = {}): Alarm => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  severity: 'CRITICAL',
  type: 'origin-unreachable',
  name: `Alarm ${n}`,
  message: `Message ${n}`,
  time_on: new Date(Date.now() - n * 60_000).toISOString(),
  uuid: `u${n}`,
  module_object_id: null,
  customerId: null,
  rule_id: null,
  cleared_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

it('counts new alarms that are not cleared, and lists open ones first, marking the others', async () => {
  const cleared = new Date().toISOString();
  stubApi({
    'GET alarm/alarms': () =>
      jsonResponse(200, [
        alarm(1, { cleared_at: cleared }),
        alarm(2, { acknowledged_at: cleared, acknowledged_by: 'ada@x.example' }),
        alarm(3),
      ]),
  });
  renderRoutes([{ path: '/', element: <AlarmBell /> }], '/');
  const bell = await screen.findByRole('button', { name: 'Alarms: 2 new' });
  await userEvent.click(bell);
  const items = within(await screen.findByRole('dialog')).getAllByRole('listitem');
  expect(items.map((li) => [li.getAttribute('data-state'), li.textContent?.includes('Alarm')])).toEqual([
    ['open', true],
    ['acknowledged', true],
    ['cleared', true],
  ]);
  expect(items[0]).toHaveTextContent('Alarm 3');
  expect(items[2]).toHaveTextContent('Alarm 1');
  expect(items[2]).toHaveTextContent('Cleared');
  expect(items[1]).toHaveTextContent('Acknowledged');
});
