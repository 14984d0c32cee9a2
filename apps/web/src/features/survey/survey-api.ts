// The satisfaction survey's calls: whether to ask now, the answer, the dismissal, and the Center's answers.
import type { Ok, SurveyAnswerList, SurveyAnswerRequest, SurveyStatus } from '@atende/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

const statusKey = ['survey', 'status'] as const;

export const surveyStatusQuery = () =>
  queryOptions({
    queryKey: statusKey,
    queryFn: ({ signal }) => http.get<SurveyStatus>('/survey', { signal, notify: false }),
    staleTime: 60 * 60_000,
  });

export const surveyAnswersQuery = (page: number) =>
  queryOptions({
    queryKey: ['survey', 'answers', page] as const,
    queryFn: ({ signal }) =>
      http.get<SurveyAnswerList>('/center/survey-answers', { signal, query: { page: String(page) } }),
  });

/** Answering or dismissing ends the period: the status is asked again so the modal closes for good. */
export function useSurveyReply() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: statusKey });
  return {
    answer: useMutation({
      mutationFn: (body: SurveyAnswerRequest) => http.post<Ok>('/survey', body),
      onSuccess,
    }),
    dismiss: useMutation({ mutationFn: () => http.post<Ok>('/survey/dismiss', undefined), onSuccess }),
  };
}
