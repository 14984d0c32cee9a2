// The data router: the spec's route table, each route's code lazy-loaded, guards as loaders.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { AppLoading } from '../components/AppLoading.tsx';
import {
  alwaysRevalidate,
  centerGuard,
  liveGuard,
  openPageGuard,
  passwordResetLoader,
  visitorGuard,
} from './guards.ts';
import { lazyComponent } from './lazy-route.ts';
import { loadAnalyticsTexts, loadCallTexts } from '../lib/i18n.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { childPath, pathTo, ROUTES, type RouteName } from '../lib/routes.ts';

const featureUnavailable = lazyComponent(
  () => import('../components/FeatureUnavailable.tsx'),
  'FeatureUnavailable',
);

const meta = (name: RouteName) => ({ id: name, handle: { access: ROUTES[name].access } });

/** A route of a feature that a later issue delivers: reachable and guarded, honest about its state. */
const unavailable = (id: RouteName, parent: RouteName): RouteObject => ({
  ...meta(id),
  path: childPath(id, parent),
  lazy: featureUnavailable,
  ErrorBoundary: RouteErrorBoundary,
});

/** A page of one conversation (customer data, events, phrases…), lazy-loaded under the conversation route. */
const conversationPage = (id: RouteName, lazy: RouteObject['lazy']): RouteObject => ({
  ...meta(id),
  path: childPath(id, 'conversation.messages'),
  lazy,
  ErrorBoundary: RouteErrorBoundary,
});

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: AppLoading,
    children: [
      {
        ...meta('login'),
        path: ROUTES.login.path,
        loader: visitorGuard,
        shouldRevalidate: alwaysRevalidate,
        lazy: lazyComponent(() => import('../features/auth/LoginPage.tsx'), 'LoginPage'),
      },
      {
        // Screens that read server state get the query client; the login route does without it.
        id: 'server-state',
        lazy: lazyComponent(() => import('./QueryLayout.tsx'), 'QueryLayout'),
        children: [
          {
            ...meta('health.check'),
            path: ROUTES['health.check'].path,
            loader: visitorGuard,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazyComponent(() => import('../features/health/HealthCheckPage.tsx'), 'HealthCheckPage'),
          },
          {
            // No guard: whoever holds the link may open it signed in (even as someone else) or not.
            ...meta('password.reset'),
            path: ROUTES['password.reset'].path,
            loader: passwordResetLoader,
            lazy: lazyComponent(
              () => import('../features/auth/PasswordResetLinkPage.tsx'),
              'PasswordResetLinkPage',
            ),
          },
          {
            ...meta('open.page'),
            path: ROUTES['open.page'].path,
            loader: openPageGuard,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazyComponent(() => import('../features/tab-lock/OpenPage.tsx'), 'OpenPage'),
          },
          {
            id: 'center-layout',
            handle: { access: ROUTES.center.access },
            path: ROUTES.center.path,
            loader: centerGuard,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazyComponent(() => import('../features/center/CenterLayout.tsx'), 'CenterLayout'),
            children: [
              {
                ...meta('center'),
                index: true,
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/CenterUsersPage.tsx'),
                  'CenterUsersPage',
                ),
              },
              {
                ...meta('center.channels'),
                path: childPath('center.channels', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/channels/ChannelsPage.tsx'),
                  'ChannelsPage',
                ),
              },
              {
                ...meta('center.catalogues'),
                path: childPath('center.catalogues', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/catalogues/CataloguesPage.tsx'),
                  'CataloguesPage',
                ),
              },
              {
                ...meta('center.audit'),
                path: childPath('center.audit', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(() => import('../features/center/audit/AuditPage.tsx'), 'AuditPage'),
              },
              {
                ...meta('center.branding'),
                path: childPath('center.branding', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/branding/BrandingPage.tsx'),
                  'BrandingPage',
                ),
              },
              {
                ...meta('center.teams'),
                path: childPath('center.teams', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(() => import('../features/center/teams/TeamsPage.tsx'), 'TeamsPage'),
              },
              {
                ...meta('center.product'),
                path: childPath('center.product', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/product/ProductPage.tsx'),
                  'ProductPage',
                ),
              },
              {
                ...meta('center.surveys'),
                path: childPath('center.surveys', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/surveys/SurveyAnswersPage.tsx'),
                  'SurveyAnswersPage',
                ),
              },
              {
                ...meta('center.company'),
                path: childPath('center.company', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/company/CompanySettingsPage.tsx'),
                  'CompanySettingsPage',
                ),
              },
              {
                ...meta('center.suggestions'),
                path: childPath('center.suggestions', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/suggestions/SuggestionModerationPage.tsx'),
                  'SuggestionModerationPage',
                ),
              },
              {
                ...meta('center.changelog'),
                path: childPath('center.changelog', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/changelog/ChangelogPage.tsx'),
                  'ChangelogPage',
                ),
              },
              {
                ...meta('center.monitor'),
                path: childPath('center.monitor', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/monitor/MonitorPage.tsx'),
                  'MonitorPage',
                ),
              },
              {
                ...meta('center.pipelines'),
                path: childPath('center.pipelines', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/pipelines/PipelinesConfigPage.tsx'),
                  'PipelinesConfigPage',
                ),
              },
              {
                ...meta('center.campaigns'),
                // The campaigns' words (statuses, outcomes) are shared with the phone's texts (locales/calls).
                path: childPath('center.campaigns', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => loadCallTexts().then(() => import('../features/center/campaigns/CampaignsPage.tsx')),
                  'CampaignsPage',
                ),
              },
              {
                ...meta('center.campaign'),
                path: childPath('center.campaign', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () =>
                    loadCallTexts().then(() => import('../features/center/campaigns/CampaignLivePage.tsx')),
                  'CampaignLivePage',
                ),
              },
              {
                ...meta('center.ai'),
                path: childPath('center.ai', 'center'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/center/ai/AiSettingsPage.tsx'),
                  'AiSettingsPage',
                ),
              },
            ],
          },
          {
            id: 'panel',
            handle: { access: ROUTES['panel.index'].access },
            path: ROUTES['panel.index'].path,
            loader: liveGuard,
            shouldRevalidate: alwaysRevalidate,
            lazy: lazyComponent(() => import('../features/shell/PanelLayout.tsx'), 'PanelLayout'),
            children: [
              {
                ...meta('panel.index'),
                index: true,
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(() => import('../features/panel/PanelHome.tsx'), 'PanelHome'),
              },
              {
                ...meta('profile'),
                path: childPath('profile', 'panel.index'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(() => import('../features/profile/ProfilePage.tsx'), 'ProfilePage'),
              },
              {
                ...meta('suggestions'),
                path: childPath('suggestions', 'panel.index'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/suggestions/SuggestionsPage.tsx'),
                  'SuggestionsPage',
                ),
              },
              {
                ...meta('broadcasts'),
                path: childPath('broadcasts', 'panel.index'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(
                  () => import('../features/broadcasts/BroadcastsPage.tsx'),
                  'BroadcastsPage',
                ),
              },
              {
                ...meta('calls'),
                path: childPath('calls', 'panel.index'),
                ErrorBoundary: RouteErrorBoundary,
                // The call histories' texts come with their page.
                lazy: lazyComponent(
                  () => loadCallTexts().then(() => import('../features/calls/CallHistoryPage.tsx')),
                  'CallHistoryPage',
                ),
              },
              {
                ...meta('contacts.analytics'),
                path: childPath('contacts.analytics', 'panel.index'),
                ErrorBoundary: RouteErrorBoundary,
                // Its own chunk with its texts and the charts: none of it weighs on the panel's bundle.
                lazy: lazyComponent(
                  () => loadAnalyticsTexts().then(() => import('../features/analytics/AnalyticsPage.tsx')),
                  'AnalyticsPage',
                ),
              },
              {
                ...meta('pipelines'),
                path: childPath('pipelines', 'panel.index'),
                ErrorBoundary: RouteErrorBoundary,
                lazy: lazyComponent(() => import('../features/pipelines/PipelinesPage.tsx'), 'PipelinesPage'),
              },
              {
                // The messages and, beside them on a wide screen or instead of them on a narrow one, the page
                // of the child route: the frame renders the messages itself, so they stay while pages change.
                id: 'conversation',
                path: childPath('conversation.messages', 'panel.index'),
                lazy: lazyComponent(
                  () => import('../features/conversation/ConversationWorkspace.tsx'),
                  'ConversationWorkspace',
                ),
                ErrorBoundary: RouteErrorBoundary,
                children: [
                  { ...meta('conversation.messages'), index: true },
                  conversationPage(
                    'customer.information',
                    lazyComponent(() => import('../features/customer/CustomerPage.tsx'), 'CustomerPage'),
                  ),
                  conversationPage(
                    'campaign.information',
                    // The power-dial campaigns' words (statuses, outcomes) come with the phone's texts.
                    lazyComponent(
                      () => loadCallTexts().then(() => import('../features/customer/CampaignPage.tsx')),
                      'CampaignPage',
                    ),
                  ),
                  conversationPage(
                    'conversation.events',
                    lazyComponent(() => import('../features/events/EventsPage.tsx'), 'EventsPage'),
                  ),
                  conversationPage(
                    'card',
                    lazyComponent(() => import('../features/pipelines/CardRoute.tsx'), 'CardRoute'),
                  ),
                  conversationPage(
                    'ready.phrases',
                    lazyComponent(() => import('../features/phrases/PhrasesPage.tsx'), 'PhrasesPage'),
                  ),
                  unavailable('page', 'conversation.messages'),
                ],
              },
            ],
          },
        ],
      },
      // Any unknown path goes to the panel index (whose guard sends visitors on to login).
      { id: 'unknown', path: '*', loader: () => redirect(pathTo('panel.index')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
