/**
 * The slate's fields (its create and record page): name, source (an uploaded file or a URL), duration and status,
 * validated with core's `slateSchema`. A chosen file is uploaded at once (POST
 * /ssai/slate/upload) and the answered URL becomes the slate's videoUrl.
 */
import {
  SLATE_LABELS as L,
  RESOURCE_STATUS_LABELS,
  RESOURCE_STATUSES,
  SLATE_SOURCES,
  SLATE_TEXTS,
  SLATE_VIDEO_EXTENSIONS,
  SLATE_VIDEO_MAX_BYTES,
  type SlateInput,
} from '@cuepoint/core';
import {
  Anchor,
  FileInput,
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
import { type ComponentProps, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import type { useUploadSlateVideo } from '../api/upload-slate-video.ts';
import { SLATE_SCREEN_TEXTS as T } from '../texts.ts';

type SlateForm = UseFormReturnType<SlateInput>;

const hasVideoExtension = (name: string) =>
  SLATE_VIDEO_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

export function SlateFields({
  form,
  upload,
}: {
  form: SlateForm;
  upload: ReturnType<typeof useUploadSlateVideo>;
}) {
  const sourceType = form.useWatchValue('sourceType') ?? 'url';
  const videoUrl = form.useWatchValue('videoUrl');
  const sourceLabel = useId();
  // A viewer reads the source: no file to choose (the upload is a write the server refuses it).
  const canWrite = useRoleAllows('write');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // Each source keeps its own URL while the user switches between them.
  const initial = form.getInitialValues();
  const remembered = useRef<Record<string, string>>({
    upload: '',
    url: '',
    [initial.sourceType ?? 'url']: initial.videoUrl,
  });

  const switchSource = (next: string) => {
    remembered.current[sourceType] = form.getValues().videoUrl;
    form.setFieldValue('sourceType', next as SlateInput['sourceType']);
    form.setFieldValue('videoUrl', remembered.current[next] ?? '');
    form.clearFieldError('videoUrl');
    setFileError(null);
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    if (!chosen) return;
    if (!hasVideoExtension(chosen.name)) return setFileError(SLATE_TEXTS.videoType);
    if (chosen.size > SLATE_VIDEO_MAX_BYTES) return setFileError(SLATE_TEXTS.videoTooLarge);
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
    fileError ?? (urlError ? (videoUrl === '' ? SLATE_TEXTS.videoRequired : urlError) : undefined);

  return (
    <>
      <TextInput
        label={L.name}
        required
        key={form.key('name')}
        {...form.getInputProps('name')}
        data-autofocus
      />
      <Stack gap={4}>
        <Text id={sourceLabel} size="sm" fw={500}>
          {L.sourceType}
        </Text>
        <SegmentedControl
          aria-labelledby={sourceLabel}
          data={SLATE_SOURCES.map((value) => ({ value, label: T.sources[value] ?? value }))}
          value={sourceType}
          onChange={switchSource}
          disabled={upload.isPending || !canWrite}
        />
      </Stack>
      {sourceType === 'url' ? (
        <TextInput
          label={L.videoUrl}
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
              accept={SLATE_VIDEO_EXTENSIONS.join(',')}
              clearable
              required
              value={file}
              onChange={(chosen) => void choose(chosen)}
              error={uploadError}
              disabled={upload.isPending}
              fileInputProps={{ 'data-testid': 'slate-file' } as ComponentProps<'input'>}
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
              <Anchor href={videoUrl} target="_blank" rel="noreferrer" data-testid="slate-uploaded-url">
                {videoUrl}
              </Anchor>
            </Text>
          )}
        </Stack>
      )}
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
        <Select
          label={T.status}
          data={RESOURCE_STATUSES.map((value) => ({ value, label: RESOURCE_STATUS_LABELS[value] }))}
          allowDeselect={false}
          required
          key={form.key('status')}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
    </>
  );
}
