// The satisfaction survey (spec §2 modal, §5): a 0–10 rating with its label and a comment, asked when the server
// says the user is due (once per the product's period). "Not now" dismisses it for a period too.
import { SURVEY_MAX, SURVEY_MIN, surveyLabel } from '@atende/contract';
import { Button, Chip, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { surveyStatusQuery, useSurveyReply } from './survey-api.ts';

const RATINGS = Array.from({ length: SURVEY_MAX - SURVEY_MIN + 1 }, (_, index) => SURVEY_MIN + index);

export function SurveyModal() {
  const { t } = useTranslation();
  const status = useQuery(surveyStatusQuery());
  const { answer, dismiss } = useSurveyReply();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const opened = status.data?.due === true && !answer.isSuccess && !dismiss.isSuccess;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (rating === null) found.rating = t('survey.ratingRequired');
    if (!comment.trim()) found.comment = t('survey.commentRequired');
    setErrors(found);
    if (rating === null || found.comment) return;
    answer.mutate(
      { rating, comment: comment.trim() },
      { onSuccess: () => notifySuccess(t('survey.thanks')) },
    );
  };

  return (
    <Modal opened={opened} onClose={() => dismiss.mutate()} title={t('survey.title')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('survey.question')}</Text>
          <Chip.Group
            value={rating === null ? '' : String(rating)}
            onChange={(value) => {
              setRating(Number(value));
              setErrors((current) => ({ ...current, rating: undefined }));
            }}
          >
            <Group gap={6} role="radiogroup" aria-label={t('survey.rating')}>
              {RATINGS.map((value) => (
                <Chip key={value} value={String(value)} size="sm" variant="outline">
                  {value}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Text size="sm" c={errors.rating ? 'red' : 'dimmed'} role={errors.rating ? 'alert' : undefined}>
            {errors.rating ??
              (rating === null ? t('survey.scale') : t(`survey.labels.${surveyLabel(rating)}`))}
          </Text>
          <Textarea
            label={t('survey.comment')}
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setErrors((current) => ({ ...current, comment: undefined }));
            }}
            error={errors.comment}
            autosize
            minRows={3}
            maxLength={2000}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => dismiss.mutate()} loading={dismiss.isPending}>
              {t('survey.notNow')}
            </Button>
            <Button type="submit" loading={answer.isPending}>
              {t('survey.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
