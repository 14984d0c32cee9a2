// The satisfaction survey (spec §3 Survey, §5, §9): a 0–10 rating with a comment, asked of each user at most once
// per product-wide period (ProductSettings.survey_period_days).
import { z } from 'zod';
import { encodedText, Id, Timestamp } from './common.ts';
import { SURVEY_MAX, SURVEY_MIN } from './constants.ts';
import { Role } from './enums.ts';

export const SURVEY_LABELS = ['very_poor', 'poor', 'average', 'good', 'excellent'] as const;
export const SurveyLabel = z.enum(SURVEY_LABELS);
export type SurveyLabel = z.infer<typeof SurveyLabel>;

/**
 * The label of a rating. The spec names five labels for eleven values without saying where each starts; we
 * split them evenly from the top: 0–2 very_poor, 3–4 poor, 5–6 average, 7–8 good, 9–10 excellent.
 */
export const surveyLabel = (rating: number): SurveyLabel =>
  rating <= 2
    ? 'very_poor'
    : rating <= 4
      ? 'poor'
      : rating <= 6
        ? 'average'
        : rating <= 8
          ? 'good'
          : 'excellent';

/** Whether the console should ask now: no answer nor dismissal within the period. */
export const SurveyStatus = z.object({ due: z.boolean(), period_days: z.number().int() });
export type SurveyStatus = z.infer<typeof SurveyStatus>;

export const SurveyAnswerRequest = z.object({
  rating: z
    .number({ message: 'survey_rating_required' })
    .int('survey_rating_required')
    .min(SURVEY_MIN, 'survey_rating_required')
    .max(SURVEY_MAX, 'survey_rating_required'),
  comment: z
    .string({ message: 'survey_comment_required' })
    .pipe(encodedText(2000))
    .transform((value) => value.trim())
    .pipe(z.string().min(1, 'survey_comment_required')),
});
export type SurveyAnswerRequest = z.infer<typeof SurveyAnswerRequest>;

export const SurveyAnswer = z.object({
  id: Id,
  rating: z.number().int(),
  label: SurveyLabel,
  comment: z.string(),
  user: z.object({ id: Id, name: z.string(), role: Role }),
  company: z.object({ id: Id, name: z.string() }),
  created_at: Timestamp,
});
export type SurveyAnswer = z.infer<typeof SurveyAnswer>;

export const SurveyAnswersQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type SurveyAnswersQuery = z.infer<typeof SurveyAnswersQuery>;

/** One page of answers, newest first, with the average and count of all the reader may see. */
export const SurveyAnswerList = z.object({
  data: z.array(SurveyAnswer),
  total: z.number().int(),
  average: z.number().nullable(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type SurveyAnswerList = z.infer<typeof SurveyAnswerList>;

export const SURVEY_PAGE_SIZE = 50;
