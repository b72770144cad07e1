/** The Scaling tab: pods and tolerations. */
import { LIVE_STREAM_LABELS as L, liveStreamSchema } from '@cuepoint/core';
import { NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { recheckFields } from '../../../../lib/recheck-fields.ts';
import { DATASOURCE_TEXTS as T } from '../../texts.ts';
import { TolerationsEditor } from '../datasource-lists.tsx';
import { type FieldsProps, POD_FIELDS } from './shared.tsx';

export function ScalingFields({ form }: FieldsProps) {
  // The pod rules compare the three fields: leaving one updates the messages of all three.
  const podProps = (field: (typeof POD_FIELDS)[number]) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onBlur: (event: unknown) => {
        props.onBlur?.(event);
        recheckFields(form, liveStreamSchema, POD_FIELDS);
      },
    };
  };
  const desired = podProps('desiredPods');
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={L.minReplicas}
          required
          allowDecimal={false}
          key={form.key('minReplicas')}
          {...podProps('minReplicas')}
        />
        <NumberInput
          label={L.maxReplicas}
          required
          allowDecimal={false}
          key={form.key('maxReplicas')}
          {...podProps('maxReplicas')}
        />
        <NumberInput
          label={L.desiredPods}
          description={T.desiredPodsHint}
          allowDecimal={false}
          key={form.key('desiredPods')}
          {...desired}
          // Empty means "not set": the schema's null, not an empty text.
          defaultValue={desired.defaultValue ?? ''}
          onChange={(value) =>
            form.setFieldValue('desiredPods', value === '' ? null : (value as number), { forceUpdate: false })
          }
        />
      </SimpleGrid>
      <TolerationsEditor form={form} />
    </Stack>
  );
}
