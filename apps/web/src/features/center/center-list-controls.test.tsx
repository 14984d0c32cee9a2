// The Center lists' shared page control: absent for one page, otherwise named in the user's language and
// counting pages from 0 for its callers.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCenterTexts } from '../../lib/i18n.ts';
import { CenterPager, pageCount } from './CenterListControls.tsx';

beforeAll(async () => {
  await loadCenterTexts();
});

describe('Center list pager', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });

  it('shows nothing while everything fits on one page', () => {
    render(
      <MantineProvider>
        <CenterPager total={50} pageSize={50} page={0} onChange={() => {}} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Próxima página' })).toBeNull();
  });

  it('names its buttons and answers the page counted from 0', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <CenterPager total={120} pageSize={50} page={0} onChange={onChange} />
      </MantineProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });
});
