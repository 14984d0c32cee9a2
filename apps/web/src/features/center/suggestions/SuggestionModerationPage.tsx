// The Center's wishlist moderation (/center/suggestions), for administrators: every suggestion of the company
// by status (all five, with their counts), its votes, and the action to answer it and move its status.
import { SUGGESTION_FILTERS, type Suggestion } from '@atende/contract';
import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { useAbility } from '../../../lib/abilities.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { SuggestionCard } from '../../suggestions/SuggestionCard.tsx';
import { SuggestionBrowser } from '../../suggestions/SuggestionBrowser.tsx';
import { CenterSection } from '../CenterSection.tsx';
import { ModerateSuggestionModal } from './ModerateSuggestionModal.tsx';

function Moderation() {
  const { t } = useTranslation();
  const [moderating, setModerating] = useState<Suggestion | null>(null);
  return (
    <>
      <SuggestionBrowser
        filters={SUGGESTION_FILTERS}
        initial="in_vote"
        renderCard={(suggestion) => (
          <SuggestionCard
            key={suggestion.id}
            suggestion={suggestion}
            actions={
              <Button
                size="xs"
                variant="light"
                onClick={() => setModerating(suggestion)}
                data-testid="suggestion-moderate"
              >
                {t('centerSuggestions.moderate')}
              </Button>
            }
          />
        )}
        testId="moderation-filter"
      />
      <ModerateSuggestionModal suggestion={moderating} onClose={() => setModerating(null)} />
    </>
  );
}

export function SuggestionModerationPage() {
  const { t } = useTranslation();
  const moderates = useAbility('suggestions.moderate');
  return (
    <CenterSection title={t('centerSuggestions.title')} description={t('centerSuggestions.description')}>
      {moderates ? (
        <Moderation />
      ) : (
        <Alert color="yellow" variant="light" role="alert">
          {t('centerSuggestions.noAccess')}
        </Alert>
      )}
    </CenterSection>
  );
}
