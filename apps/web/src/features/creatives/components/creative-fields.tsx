/**
 * The creative's fields (its create and record page), validated with core's `creativeSchema`:
 * name, advertiser and status; the video (an uploaded file, sent at once to POST
 * /ssai/creative/upload, or a URL) and its duration; the click-through URL, the third-party
 * tracking URLs (rows of event and URL) and the Universal Ad ID.
 */
import {
  CREATIVE_SOURCES,
  CREATIVE_TEXTS,
  CREATIVE_VIDEO_EXTENSIONS,
  CREATIVE_VIDEO_MAX_BYTES,
  type CreativeInput,
  CREATIVE_LABELS as L,
  RESOURCES,
  TRACKING_EVENTS,
  type TrackingEvent,
} from '@cuepoint/core';
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  FileInput,
  Group,
  Input,
  NumberInput,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { RemoveRowButton } from '../../../components/remove-row-button.tsx';
import { STATUS_OPTIONS } from '../../../components/resource/name-status-fields.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import type { useUploadCreativeVideo } from '../api/upload-creative-video.ts';
import { CREATIVE_SCREEN_TEXTS as T } from '../texts.ts';

export type CreativeForm = UseFormReturnType<CreativeInput>;

const hasVideoExtension = (name: string) =>
  CREATIVE_VIDEO_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));
const EVENT_DATA = TRACKING_EVENTS.map((value) => ({ value, label: T.trackingEvents[value] }));

/**
 * `ownerId`: the creative's customer (a stored one's, else the signed-in account's): the
 * advertiser picker offers that account's advertisers only.
 */
export function CreativeFields({
  form,
  upload,
  ownerId,
}: {
  form: CreativeForm;
  upload: ReturnType<typeof useUploadCreativeVideo>;
  ownerId: string | undefined;
}) {
  const advertisers = useResourceOptions(RESOURCES.advertiser);
  const advertiserData = advertisers.options
    .filter((option) => !ownerId || option.record.customerId === ownerId)
    .map(({ value, label }) => ({ value, label }));
  return (
    <Stack gap="lg">
      <Fieldset legend={T.sections.general} variant="unstyled">
        <Stack gap="sm">
          <TextInput
            label={L.name}
            required
            key={form.key('name')}
            {...form.getInputProps('name')}
            data-autofocus
          />
          {advertisers.failed && (
            <Alert color="yellow" role="status">
              {T.advertisersUnavailable}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={L.advertiserId}
              placeholder={T.noAdvertiser}
              data={advertiserData}
              clearable
              searchable
              key={form.key('advertiserId')}
              {...form.getInputProps('advertiserId')}
            />
            <Select
              label={T.status}
              data={STATUS_OPTIONS}
              allowDeselect={false}
              required
              key={form.key('status')}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Fieldset legend={T.sections.video} variant="unstyled">
        <Stack gap="sm">
          <VideoSource form={form} upload={upload} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={L.duration}
              description={T.durationDescription}
              allowNegative={false}
              decimalScale={3}
              required
              key={form.key('duration')}
              {...form.getInputProps('duration')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Fieldset legend={T.sections.tracking} variant="unstyled">
        <Stack gap="sm">
          <TextInput
            label={L.clickThroughUrl}
            description={T.clickThroughDescription}
            dir="ltr"
            placeholder="https://"
            key={form.key('clickThroughUrl')}
            {...form.getInputProps('clickThroughUrl')}
          />
          <TrackingEditor form={form} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={L.universalAdIdRegistry}
              dir="ltr"
              key={form.key('universalAdIdRegistry')}
              {...form.getInputProps('universalAdIdRegistry')}
            />
            <TextInput
              label={L.universalAdId}
              description={T.universalAdIdDescription}
              dir="ltr"
              key={form.key('universalAdId')}
              {...form.getInputProps('universalAdId')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
    </Stack>
  );
}

/** Upload or URL: each keeps its own URL while the user switches between them (the slate form's way). */
function VideoSource({
  form,
  upload,
}: {
  form: CreativeForm;
  upload: ReturnType<typeof useUploadCreativeVideo>;
}) {
  const sourceType = form.useWatchValue('sourceType') ?? 'url';
  const videoUrl = form.useWatchValue('videoUrl');
  const sourceLabel = useId();
  // A viewer reads the source: no file to choose (the upload is a write the server refuses it).
  const canWrite = useRoleAllows('write');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const initial = form.getInitialValues();
  const remembered = useRef<Record<string, string>>({
    upload: '',
    url: '',
    [initial.sourceType ?? 'url']: initial.videoUrl,
  });

  const switchSource = (next: string) => {
    remembered.current[sourceType] = form.getValues().videoUrl;
    form.setFieldValue('sourceType', next as CreativeInput['sourceType']);
    form.setFieldValue('videoUrl', remembered.current[next] ?? '');
    form.clearFieldError('videoUrl');
    setFileError(null);
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    if (!chosen) return;
    if (!hasVideoExtension(chosen.name)) return setFileError(CREATIVE_TEXTS.videoType);
    if (chosen.size > CREATIVE_VIDEO_MAX_BYTES) return setFileError(CREATIVE_TEXTS.videoTooLarge);
    try {
      const { url } = await upload.mutateAsync(chosen);
      remembered.current.upload = url;
      form.setFieldValue('videoUrl', url);
      form.clearFieldError('videoUrl');
    } catch (error) {
      if (error instanceof ApiError && error.redirectTo) return;
      setFile(null);
      setFileError(
        error instanceof ApiError
          ? (error.fieldErrors.file ?? error.message)
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  };

  const urlError = form.errors.videoUrl;
  const uploadError =
    fileError ?? (urlError ? (videoUrl === '' ? CREATIVE_TEXTS.videoRequired : urlError) : undefined);

  return (
    <>
      <Stack gap={4}>
        <Text id={sourceLabel} size="sm" fw={500}>
          {L.sourceType}
        </Text>
        <SegmentedControl
          aria-labelledby={sourceLabel}
          data={CREATIVE_SOURCES.map((value) => ({ value, label: T.sources[value] }))}
          value={sourceType}
          onChange={switchSource}
          disabled={upload.isPending || !canWrite}
        />
      </Stack>
      {sourceType === 'url' ? (
        <TextInput
          label={L.videoUrl}
          description={T.videoUrlDescription}
          dir="ltr"
          required
          placeholder="https://"
          key={form.key('videoUrl')}
          {...form.getInputProps('videoUrl')}
        />
      ) : (
        <Stack gap="xs">
          {canWrite && (
            <FileInput
              label={T.file}
              description={T.fileDescription}
              placeholder={videoUrl ? T.replacePlaceholder : T.filePlaceholder}
              accept={CREATIVE_VIDEO_EXTENSIONS.join(',')}
              clearable
              clearButtonProps={{ 'aria-label': T.clearFile }}
              required
              value={file}
              onChange={(chosen) => void choose(chosen)}
              error={uploadError}
              disabled={upload.isPending}
              fileInputProps={{ 'data-testid': 'creative-file' } as ComponentProps<'input'>}
            />
          )}
          {upload.isPending && (
            <Stack gap={4} role="status">
              <Text size="sm">{T.uploading}</Text>
              {/* fetch reports no upload progress: an indeterminate bar. */}
              <Progress value={100} striped animated aria-label={T.uploading} />
            </Stack>
          )}
          {!upload.isPending && videoUrl && (
            <Text size="sm">
              {T.uploaded}:{' '}
              <Anchor
                href={videoUrl}
                target="_blank"
                rel="noreferrer"
                dir="ltr"
                data-testid="creative-uploaded-url"
              >
                {videoUrl}
              </Anchor>
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}

type TrackingRow = { event: TrackingEvent; url: string };

/** Third-party tracking URLs: rows of event and URL, added and removed here. */
function TrackingEditor({ form }: { form: CreativeForm }) {
  // A viewer reads the rows: adding and removing are edits it may not save.
  const canWrite = useRoleAllows('write');
  const rows = (form.useWatchValue('trackingUrls') ?? []) as readonly TrackingRow[];
  // Inputs are uncontrolled: after a removal every row remounts with its new values.
  const [generation, setGeneration] = useState(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLFieldSetElement>(null);
  const focusIndex = useRef<number | null>(null);
  const hintId = useId();
  const errorId = useId();
  // A message about the list itself (too many); each row's show under its fields.
  const error = form.errors.trackingUrls;

  useEffect(() => {
    if (focusIndex.current === null) return;
    const input = root.current?.querySelector<HTMLElement>(
      `[data-path="trackingUrls.${focusIndex.current}.url"]`,
    );
    focusIndex.current = null;
    input?.focus();
  });

  const add = () => {
    focusIndex.current = rows.length;
    form.insertListItem('trackingUrls', { event: 'impression', url: '' } satisfies TrackingRow);
  };
  const remove = (index: number) => {
    form.removeListItem('trackingUrls', index);
    setGeneration((value) => value + 1);
    addButton.current?.focus();
  };

  return (
    <Fieldset
      ref={root}
      legend={L.trackingUrls}
      variant="filled"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <Stack gap="sm">
        <Text id={hintId} size="sm" c="dimmed">
          {rows.length === 0 ? T.noTracking : T.trackingHint}
        </Text>
        {rows.map((_, index) => {
          const rowKey = `${generation}-${index}`;
          return (
            <Group key={rowKey} align="flex-start" wrap="nowrap" gap="sm">
              <Select
                label={T.trackingEvent(index + 1)}
                data={EVENT_DATA}
                allowDeselect={false}
                w={170}
                style={{ flexShrink: 0 }}
                key={`${rowKey}-${form.key(`trackingUrls.${index}.event`)}`}
                {...form.getInputProps(`trackingUrls.${index}.event`)}
              />
              <TextInput
                label={T.trackingUrl(index + 1)}
                dir="ltr"
                placeholder="https://"
                style={{ flex: 1 }}
                data-path={`trackingUrls.${index}.url`}
                key={`${rowKey}-${form.key(`trackingUrls.${index}.url`)}`}
                {...form.getInputProps(`trackingUrls.${index}.url`)}
              />
              <RemoveRowButton label={T.removeTracking(index + 1)} onClick={() => remove(index)} />
            </Group>
          );
        })}
        {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
        {canWrite && (
          <Group gap="sm">
            <Button ref={addButton} variant="light" size="xs" onClick={add}>
              {T.addTracking}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
