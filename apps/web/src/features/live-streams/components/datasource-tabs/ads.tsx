/** The Ads tab (ad decision, VAST, bundles, break interval, exchange and report) and the Prefetch tab. */
import { LIVE_STREAM_LABELS as L } from '@cuepoint/core';
import { NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { TranscodingNotice } from '../../../../components/transcoding-notice.tsx';
import { DATASOURCE_TEXTS as T } from '../../texts.ts';
import { BundlesEditor } from '../datasource-lists.tsx';
import {
  AD_DECISION_OPTIONS,
  clearErrorsOf,
  type FieldsProps,
  Locked,
  type SlateOption,
  WholeNumber,
} from './shared.tsx';

export function AdsFields({
  form,
  locked,
  bundles,
}: FieldsProps & { locked: readonly string[]; bundles: readonly SlateOption[] }) {
  const adDecision = form.useWatchValue('adDecision');
  const labelId = useId();
  const { error: _error, onChange, ...decisionProps } = form.getInputProps('adDecision');
  return (
    <Stack>
      <Stack gap={4}>
        <Text id={labelId} size="sm" fw={500}>
          {L.adDecision}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          data={AD_DECISION_OPTIONS}
          key={form.key('adDecision')}
          {...decisionProps}
          onChange={(value: string) => {
            onChange(value);
            // The other choice's messages go with its fields.
            clearErrorsOf(form, value === 'internal' ? ['vastUrl'] : ['bundles']);
          }}
        />
      </Stack>
      {adDecision === 'external' ? (
        <>
          <TextInput
            label={L.vastUrl}
            dir="ltr"
            required
            inputMode="url"
            autoComplete="off"
            key={form.key('vastUrl')}
            {...form.getInputProps('vastUrl')}
          />
          <TranscodingNotice />
        </>
      ) : (
        <BundlesEditor form={form} bundles={bundles} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <NumberInput
          label={L.breakinterval}
          key={form.key('breakinterval')}
          {...form.getInputProps('breakinterval')}
        />
        <Locked fields={['adpodLength']} locked={locked}>
          <WholeNumber form={form} field="adpodLength" label={L.adpodLength} />
        </Locked>
        <WholeNumber form={form} field="maxAdBacklogDuration" label={L.maxAdBacklogDuration} />
        <WholeNumber form={form} field="adfrequencyCap" label={L.adfrequencyCap} />
        <WholeNumber form={form} field="maxWaitingSec" label={L.maxWaitingSec} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={L.adExchangeValue}
          autoComplete="off"
          key={form.key('adExchangeValue')}
          {...form.getInputProps('adExchangeValue')}
        />
        <TextInput
          label={L.adReportUrl}
          dir="ltr"
          inputMode="url"
          autoComplete="off"
          key={form.key('adReportUrl')}
          {...form.getInputProps('adReportUrl')}
        />
      </SimpleGrid>
    </Stack>
  );
}

export function PrefetchFields({ form }: FieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <WholeNumber form={form} field="prefetchCount" label={L.prefetchCount} />
      <WholeNumber form={form} field="userLiveliness" label={L.userLiveliness} />
      {/* Read by nothing (its meaning was never given): shown, not editable, and says why. */}
      <NumberInput
        label={L.activenessInterval}
        description={T.activenessNotUsed}
        readOnly
        allowDecimal={false}
        key={form.key('activenessInterval')}
        {...form.getInputProps('activenessInterval')}
      />
    </SimpleGrid>
  );
}
