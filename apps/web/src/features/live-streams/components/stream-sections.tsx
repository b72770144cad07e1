import { DetailTabs } from '../../../components/resource/detail-tabs.tsx';
import { ADS_PATHS, LIVE_PATHS } from '../paths.ts';
import { STREAMS_LIVE_TEXTS as T } from '../texts.ts';

/** A stored stream's sections, each a page: its datasource, its ad configuration and its logs. */
export function StreamSections({ id }: { id: string }) {
  return (
    <DetailTabs
      label={T.sections}
      tabs={[
        { value: 'configuration', label: T.configuration, to: LIVE_PATHS.detail(id) },
        { value: 'ads', label: T.ads, to: ADS_PATHS.detail(id) },
        { value: 'logs', label: T.logs, to: LIVE_PATHS.detailLogs(id) },
      ]}
    />
  );
}
