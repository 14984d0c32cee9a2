// The campaign form's values, checked by the contract's own CampaignRequest so the form refuses what the server
// would: each problem named by the field it belongs to (a text key of centerCampaigns.errors), the request
// built only when nothing is wrong. Preview and progressive dial one line per attendant: their ratio is 1.
import {
  CALLING_HOURS_DEFAULT,
  CAMPAIGN_RATIO,
  CampaignRequest,
  RETRY_AFTER_MINUTES,
  RETRY_MAX_TRIES,
  RETRY_OUTCOMES,
  type Campaign,
  type CampaignMode,
  type RetryRules,
} from '@atende/contract';

export type CampaignFormValues = {
  name: string;
  list_id: string | null;
  channel_account_id: string | null;
  mode: CampaignMode;
  ratio: number;
  start: string;
  end: string;
  days: number[];
  retry: RetryRules;
  attendant_ids: string[];
  script: string;
};

export const CAMPAIGN_FIELDS = [
  'name',
  'list',
  'account',
  'ratio',
  'hours',
  'days',
  'retry',
  'attendants',
  'script',
] as const;
export type CampaignField = (typeof CAMPAIGN_FIELDS)[number];
export type CampaignFormErrors = Partial<Record<CampaignField, true>>;

/** Monday to Friday, as Date#getDay numbers. */
const WORKDAYS = [1, 2, 3, 4, 5];

const defaultRule = { after_minutes: RETRY_AFTER_MINUTES.default, max_tries: RETRY_MAX_TRIES.default };

export const emptyCampaignForm = (): CampaignFormValues => ({
  name: '',
  list_id: null,
  channel_account_id: null,
  mode: 'preview',
  ratio: CAMPAIGN_RATIO.default,
  start: CALLING_HOURS_DEFAULT.start,
  end: CALLING_HOURS_DEFAULT.end,
  days: WORKDAYS,
  retry: Object.fromEntries(RETRY_OUTCOMES.map((outcome) => [outcome, { ...defaultRule }])) as RetryRules,
  attendant_ids: [],
  script: '',
});

export const campaignFormOf = (campaign: Campaign): CampaignFormValues => ({
  name: campaign.name,
  list_id: campaign.list_id,
  channel_account_id: campaign.channel_account_id,
  mode: campaign.mode,
  ratio: campaign.ratio,
  start: campaign.calling_hours.start,
  end: campaign.calling_hours.end,
  days: campaign.calling_hours.days,
  retry: campaign.retry,
  attendant_ids: campaign.attendants.map((attendant) => attendant.id),
  script: campaign.script,
});

/** The request's field each problem belongs to in the form. */
function fieldOf(path: readonly PropertyKey[]): CampaignField {
  const [top, inner] = path;
  switch (top) {
    case 'list_id':
      return 'list';
    case 'channel_account_id':
      return 'account';
    case 'calling_hours':
      return inner === 'days' ? 'days' : 'hours';
    case 'attendant_ids':
      return 'attendants';
    case 'name':
    case 'ratio':
    case 'retry':
    case 'script':
      return top;
    default:
      return 'name';
  }
}

export function checkCampaign(
  values: CampaignFormValues,
): { request: CampaignRequest; errors: null } | { request: null; errors: CampaignFormErrors } {
  const parsed = CampaignRequest.safeParse({
    name: values.name.trim(),
    list_id: values.list_id ?? '',
    channel_account_id: values.channel_account_id ?? '',
    mode: values.mode,
    ratio: values.mode === 'power' ? values.ratio : CAMPAIGN_RATIO.min,
    calling_hours: { start: values.start, end: values.end, days: [...values.days].sort() },
    retry: values.retry,
    attendant_ids: values.attendant_ids,
    script: values.script.trim(),
  });
  if (parsed.success) return { request: parsed.data, errors: null };
  const errors: CampaignFormErrors = {};
  for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] = true;
  return { request: null, errors };
}
