/**
 * The encoder's fields (its create and record page): every field of spec section 3's Encoder, validated with
 * core's `encoderSchema` (the server's rules and words).
 */
import {
  ENCODER_AUDIO_CODECS,
  ENCODER_AUDIO_FREQUENCIES,
  ENCODER_FRAME_RATES,
  ENCODER_INPUT_TYPES,
  ENCODER_PROFILES,
  ENCODER_RESOLUTIONS,
  type EncoderInput,
  ENCODER_LABELS as L,
  RESOURCE_STATUS_LABELS,
  RESOURCE_STATUSES,
} from '@cuepoint/core';
import { Fieldset, NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ENCODER_TEXTS as T } from '../texts.ts';

type EncoderForm = UseFormReturnType<EncoderInput>;

/** The fields, grouped as an encoder's settings usually are. */
export function EncoderFields({ form }: { form: EncoderForm }) {
  const select = (
    name: keyof EncoderInput & string,
    values: readonly string[],
    labels: Readonly<Record<string, string>> = {},
  ) => (
    <Select
      label={L[name as keyof typeof L]}
      data={values.map((value) => ({ value, label: labels[value] ?? value }))}
      allowDeselect={false}
      required
      key={form.key(name)}
      {...form.getInputProps(name)}
    />
  );
  const number = (name: keyof EncoderInput & string, description?: string) => (
    <NumberInput
      label={L[name as keyof typeof L]}
      description={description}
      allowDecimal={false}
      allowNegative={false}
      required
      key={form.key(name)}
      {...form.getInputProps(name)}
    />
  );
  return (
    <>
      <Fieldset legend={T.sections.general} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={L.name}
            required
            key={form.key('name')}
            {...form.getInputProps('name')}
            data-autofocus
          />
          {select('status', RESOURCE_STATUSES, RESOURCE_STATUS_LABELS)}
          {select('input_type', ENCODER_INPUT_TYPES)}
          {number('probe_duration', T.probeDescription)}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={T.sections.video} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {select('profile', ENCODER_PROFILES)}
          {select('resolution', ENCODER_RESOLUTIONS)}
          {select('frame_rate', ENCODER_FRAME_RATES)}
          {number('gop', T.units.frames)}
          {number('bandwidth', T.units.kbps)}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={T.sections.audio} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {select('audio_codec', ENCODER_AUDIO_CODECS)}
          {select('audio_frequency', ENCODER_AUDIO_FREQUENCIES)}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={T.sections.output} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {number('segment_size', T.units.seconds)}
          {number('playlist_length', T.units.segments)}
          {number('delete_threshold_size', T.units.segments)}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={T.sections.signalling} variant="unstyled">
        <Textarea
          label={L.output_config}
          dir="ltr"
          description={T.outputConfigDescription}
          rows={5}
          resize="vertical"
          ff="monospace"
          spellCheck={false}
          key={form.key('output_config')}
          {...form.getInputProps('output_config')}
        />
        <Switch
          mt="md"
          label={L.GPI_trigger}
          description={T.gpiDescription}
          key={form.key('GPI_trigger')}
          {...form.getInputProps('GPI_trigger', { type: 'checkbox' })}
        />
      </Fieldset>
    </>
  );
}
