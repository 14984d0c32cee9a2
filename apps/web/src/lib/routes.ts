// The route table of spec §2: route names, paths and access. Components link by name, never by literal path.
import { generatePath } from 'react-router';

/** Route meta distinguishes only visitor versus authenticated (spec §2). */
export type Access = 'visitor' | 'authenticated';

export const ROUTES = {
  login: { path: '/', access: 'visitor' },
  'health.check': { path: '/health-check', access: 'visitor' },
  /** A one-time password reset link an administrator made (issue 23); opened with or without a session. */
  'password.reset': { path: '/redefinir-senha/:token', access: 'visitor' },
  'open.page': { path: '/open-page', access: 'authenticated' },
  'panel.index': { path: '/painel', access: 'authenticated' },
  profile: { path: '/painel/meu-perfil', access: 'authenticated' },
  suggestions: { path: '/painel/sugestoes', access: 'authenticated' },
  'contacts.analytics': { path: '/painel/contacts-analytics', access: 'authenticated' },
  pipelines: { path: '/painel/pipelines', access: 'authenticated' },
  /** Broadcasts (transmission lists, spec §1 and the sidebar's broadcast list); not in the spec's table. */
  broadcasts: { path: '/painel/transmissoes', access: 'authenticated' },
  /** The company's call history (issue 26), for supervisors and administrators; not in the spec's table. */
  calls: { path: '/painel/ligacoes', access: 'authenticated' },
  'conversation.messages': { path: '/painel/conversa/:contactId', access: 'authenticated' },
  'customer.information': { path: '/painel/conversa/:contactId/informacoes', access: 'authenticated' },
  'campaign.information': { path: '/painel/conversa/:contactId/campanha', access: 'authenticated' },
  'conversation.events': { path: '/painel/conversa/:contactId/eventos', access: 'authenticated' },
  card: {
    path: '/painel/conversa/:contactId/pipeline/:pipelineId/step/:stepId/item/:itemId',
    access: 'authenticated',
  },
  'ready.phrases': { path: '/painel/conversa/:contactId/frases', access: 'authenticated' },
  page: { path: '/painel/conversa/:contactId/pagina/:pageId', access: 'authenticated' },
  /** The administration area (Center); not in the Live table of the spec. */
  center: { path: '/center', access: 'authenticated' },
  'center.channels': { path: '/center/channels', access: 'authenticated' },
  'center.catalogues': { path: '/center/catalogues', access: 'authenticated' },
  'center.audit': { path: '/center/audit', access: 'authenticated' },
  'center.branding': { path: '/center/branding', access: 'authenticated' },
  'center.teams': { path: '/center/teams', access: 'authenticated' },
  'center.product': { path: '/center/product', access: 'authenticated' },
  'center.surveys': { path: '/center/survey', access: 'authenticated' },
  'center.company': { path: '/center/company', access: 'authenticated' },
  'center.suggestions': { path: '/center/suggestions', access: 'authenticated' },
  'center.changelog': { path: '/center/changelog', access: 'authenticated' },
  'center.ai': { path: '/center/ai', access: 'authenticated' },
  'center.pipelines': { path: '/center/pipelines', access: 'authenticated' },
  'center.monitor': { path: '/center/monitor', access: 'authenticated' },
  /** Power-dial campaigns (issue 27) and one campaign's live view; not in the spec's table. */
  'center.campaigns': { path: '/center/campaigns', access: 'authenticated' },
  'center.campaign': { path: '/center/campaigns/:campaignId', access: 'authenticated' },
} as const satisfies Record<string, { path: string; access: Access }>;

export type RouteName = keyof typeof ROUTES;

type ParamsOf<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? { [K in Param | keyof ParamsOf<`/${Rest}`>]: string }
  : Path extends `${string}:${infer Param}`
    ? { [K in Param]: string }
    : Record<never, string>;

/** The URL of a named route, e.g. `pathTo('conversation.messages', { contactId })`. */
export function pathTo<Name extends RouteName>(
  name: Name,
  ...params: keyof ParamsOf<(typeof ROUTES)[Name]['path']> extends never
    ? []
    : [ParamsOf<(typeof ROUTES)[Name]['path']>]
): string {
  const [values] = params;
  return generatePath(ROUTES[name].path, values ?? {});
}

/** A path relative to its parent route, for nesting children in the router. */
export const childPath = (name: RouteName, parent: RouteName): string =>
  ROUTES[name].path.slice(ROUTES[parent].path.length + 1);
