// Survey answers as the contract's SurveyAnswer and SurveyAnswerList.
import { SURVEY_PAGE_SIZE, surveyLabel, type SurveyAnswer, type SurveyAnswerList } from '@atende/contract';
import { isoTimestamp } from '../../platform/db/timestamps.ts';
import type { SurveyAnswerRow, SurveyService } from './service.ts';

export function presentSurveyAnswer(row: SurveyAnswerRow): SurveyAnswer {
  // The list selects answers only (rating set); a dismissal never reaches here.
  const rating = row.rating ?? 0;
  return {
    id: row.id,
    rating,
    label: surveyLabel(rating),
    comment: row.comment ?? '',
    user: row.user,
    company: row.company,
    created_at: isoTimestamp(row.createdAt),
  };
}

export function presentSurveyAnswerList(list: Awaited<ReturnType<SurveyService['list']>>): SurveyAnswerList {
  return {
    data: list.rows.map(presentSurveyAnswer),
    total: list.total,
    // One decimal: what the Center shows, and what a sum of integers over a count honestly carries.
    average: list.average === null ? null : Math.round(Number(list.average) * 10) / 10,
    page: list.page,
    page_size: SURVEY_PAGE_SIZE,
  };
}
