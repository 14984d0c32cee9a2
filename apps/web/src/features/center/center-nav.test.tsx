// The Center's navigation marks the section the user is in, on the section's own pages too (a campaign's live
// view is under Campaigns), and the users' section only at the Center's root.
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCenterTexts } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { demoUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { CenterNav } from './CenterNav.tsx';

beforeAll(loadCenterTexts);
beforeEach(() => {
  useSessionStore.setState({ user: demoUser({ role: 'supervisor', username: 'sup' }), token: 'token' });
});

const marked = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.dataset.testid);

describe('the Center’s navigation', () => {
  it('marks Campaigns on a campaign’s live view, and nothing else', async () => {
    renderRoutes(
      [{ path: '*', element: <CenterNav /> }],
      '/center/campaigns/01a201b8-7760-71e4-bcfb-5e5b0d871120',
    );
    await screen.findByTestId('center-nav-center.campaigns');
    expect(marked()).toEqual(['center-nav-center.campaigns']);
  });

  it('marks the users’ section at the Center’s root only', async () => {
    renderRoutes([{ path: '*', element: <CenterNav /> }], '/center');
    await screen.findByTestId('center-nav-center');
    expect(marked()).toEqual(['center-nav-center']);
  });
});
