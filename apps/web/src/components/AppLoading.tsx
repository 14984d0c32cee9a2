// Shown while the first route decides where the visitor goes (token check, guards, route code). Plain CSS,
// so the login route does not pay for a spinner component.
import { useTranslation } from '../lib/i18n.ts';
import classes from './AppLoading.module.css';

export function AppLoading() {
  const { t } = useTranslation();
  return (
    <div className={classes.screen} role="status" aria-label={t('common.loading')}>
      <span className={classes.spinner} />
    </div>
  );
}
