// The wishlist's filter (each status with its count), then the page of suggestions it asks for and the pager:
// shared by the console's wishlist (four filters, cards to vote on) and the Center's moderation (every status,
// cards to answer). The caller draws each card.
import { SUGGESTION_PAGE_SIZE, type Suggestion, type SuggestionFilter } from '@atende/contract';
import { Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { QueryBody } from '../../components/QueryBody.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { suggestionPageQuery } from './suggestion-api.ts';
import { filterCount } from './suggestion-status.ts';

export interface SuggestionBrowserProps {
  filters: readonly SuggestionFilter[];
  initial: SuggestionFilter;
  renderCard: (suggestion: Suggestion) => ReactNode;
  testId: string;
}

export function SuggestionBrowser({ filters, initial, renderCard, testId }: SuggestionBrowserProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<SuggestionFilter>(initial);
  const [page, setPage] = useState(1);
  const query = useQuery(suggestionPageQuery(filter, page));
  const counts = query.data?.counts;

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('suggestions.filter.label')}
        value={filter}
        onChange={(value) => {
          setFilter(value as SuggestionFilter);
          setPage(1);
        }}
        data={filters.map((value) => ({
          value,
          label: counts
            ? t('suggestions.filter.withCount', {
                name: t(`suggestions.filter.${value}`),
                count: filterCount(counts, value),
              })
            : t(`suggestions.filter.${value}`),
        }))}
        data-testid={testId}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryBody query={query}>
        {(result) =>
          result.data.length === 0 ? (
            <Text c="dimmed" data-testid="suggestion-empty">
              {t(filter === 'all' ? 'suggestions.empty' : 'suggestions.emptyFilter')}
            </Text>
          ) : (
            <Stack gap="sm">
              {result.data.map(renderCard)}
              {result.total > SUGGESTION_PAGE_SIZE && (
                <Pagination
                  total={Math.ceil(result.total / SUGGESTION_PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  aria-label={t('suggestions.pages')}
                />
              )}
            </Stack>
          )
        }
      </QueryBody>
    </Stack>
  );
}
