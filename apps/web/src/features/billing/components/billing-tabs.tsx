import { DetailTabs } from '../../../components/resource/detail-tabs.tsx';
import { BILLING_PATHS } from '../paths.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';

const T = BILLING_SCREEN_TEXTS.history;

/** The administrator's two billing views, each with its URL: the history and the revenue chart. */
export function BillingTabs() {
  return (
    <DetailTabs
      label={T.tabsLabel}
      tabs={[
        { value: 'history', label: T.tabs.history, to: BILLING_PATHS.history },
        { value: 'chart', label: T.tabs.chart, to: BILLING_PATHS.chart },
      ]}
    />
  );
}
