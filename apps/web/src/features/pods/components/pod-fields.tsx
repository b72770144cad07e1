/**
 * The pod template's fields (its create and record page): name and status; the pod's slots and
 * total duration bounds; each ad's duration bounds; competitive separation, the fill policy and
 * the slate fallback. Validated with core's `podSchema` (the server's rules and words); a bound
 * above its maximum is said under the minimum as either one is left.
 */
import {
  POD_LABELS as L,
  POD_FILL_POLICIES,
  POD_FILL_POLICY_LABELS,
  type PodInput,
  podSchema,
} from '@cuepoint/core';
import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NameStatusFields } from '../../../components/resource/name-status-fields.tsx';
import { recheckFields } from '../../../lib/recheck-fields.ts';
import { POD_SCREEN_TEXTS as T } from '../texts.ts';

export type PodForm = UseFormReturnType<PodInput>;

const FILL_DATA = POD_FILL_POLICIES.map((value) => ({ value, label: POD_FILL_POLICY_LABELS[value] }));

type NumberField =
  | 'adpodLength'
  | 'minTotalDuration'
  | 'maxTotalDuration'
  | 'minAdDuration'
  | 'maxAdDuration';

/** The minimum each maximum is checked against (the rule's message lands on the minimum). */
const BOUND_OF: Partial<Record<NumberField, NumberField>> = {
  minTotalDuration: 'minTotalDuration',
  maxTotalDuration: 'minTotalDuration',
  minAdDuration: 'minAdDuration',
  maxAdDuration: 'minAdDuration',
};

/** Every field of a pod template. */
export function PodFields({ form }: { form: PodForm }) {
  const number = (name: NumberField, description: string) => {
    const props = form.getInputProps(name);
    const bound = BOUND_OF[name];
    return (
      <NumberInput
        label={L[name]}
        description={description}
        allowDecimal={false}
        allowNegative={false}
        required
        key={form.key(name)}
        {...props}
        onBlur={(event) => {
          props.onBlur?.(event);
          if (bound) recheckFields(form, podSchema, [bound]);
        }}
      />
    );
  };
  return (
    <Stack gap="lg">
      <NameStatusFields form={form} labels={L} />
      <Fieldset legend={T.sections.pod} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {number('adpodLength', T.slotsHint)}
          {number('minTotalDuration', T.minTotalHint)}
          {number('maxTotalDuration', T.seconds)}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={T.sections.ads} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {number('minAdDuration', T.minAdHint)}
          {number('maxAdDuration', T.seconds)}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={T.sections.filling} variant="unstyled">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={L.fillPolicy}
              data={FILL_DATA}
              allowDeselect={false}
              required
              key={form.key('fillPolicy')}
              {...form.getInputProps('fillPolicy')}
            />
          </SimpleGrid>
          <Switch
            label={L.competitiveSeparation}
            description={T.separationHint}
            key={form.key('competitiveSeparation')}
            {...form.getInputProps('competitiveSeparation', { type: 'checkbox' })}
          />
          <Switch
            label={L.slateFallback}
            description={T.slateHint}
            key={form.key('slateFallback')}
            {...form.getInputProps('slateFallback', { type: 'checkbox' })}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
