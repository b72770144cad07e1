import {
  ACCOUNT_TEXTS,
  acceptAttribute,
  LOGIN_LOGO_EXTENSIONS,
  LOGO_EXTENSIONS,
  LOGO_MIN_HEIGHT,
  LOGO_MIN_WIDTH,
  LOGO_RESOLUTION_TOAST_MS,
  type LogoKind,
  TOAST_DURATION_MS,
  UPLOAD_LIMITS,
  validateLogoDimensions,
} from '@cuepoint/core';
import { Box, FileInput, Group, Image, Loader, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { type ComponentProps, useRef, useState } from 'react';
import { IconInfo } from '../../../components/icons.tsx';
import { type ToastDuration, toast } from '../../../lib/toast.ts';
import { readImageSize } from '../image-size.ts';
import { ACCOUNT_UI } from '../texts.ts';
import { useObjectUrl } from './use-object-url.ts';

/** The toast duration of the spec's 60 s (LOGO_RESOLUTION_TOAST_MS): 'sticky'. */
const RESOLUTION_DURATION =
  (Object.keys(TOAST_DURATION_MS) as ToastDuration[]).find(
    (key) => TOAST_DURATION_MS[key] === LOGO_RESOLUTION_TOAST_MS,
  ) ?? 'sticky';

export interface LogoFieldProps {
  kind: LogoKind;
  label: string;
  /** The chosen file (not yet saved). */
  value: File | null;
  /** The saved logo's URL, shown until another file is chosen. */
  currentUrl: string | null;
  error?: string;
  onChange: (file: File | null) => void;
  onError: (message: string | null) => void;
}

/**
 * A logo picker (spec section 5): .jpg/.jpeg/.png (the login logo also .gif), at most 2 MB, at
 * least 260 x 220 pixels measured in the browser. A smaller image is refused with the spec's
 * message for 60 s. The chosen image, else the saved one, shows beside the picker.
 */
export function LogoField({ kind, label, value, currentUrl, error, onChange, onError }: LogoFieldProps) {
  const preview = useObjectUrl(value);
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);
  const extensions = kind === 'logo' ? LOGO_EXTENSIONS : LOGIN_LOGO_EXTENSIONS;

  const choose = async (file: File | null) => {
    const attempt = ++latest.current;
    onError(null);
    if (!file) {
      onChange(null);
      return;
    }
    if (file.size > UPLOAD_LIMITS.imageBytes) {
      onChange(null);
      onError(ACCOUNT_UI.imageTooLarge);
      return;
    }
    setChecking(true);
    try {
      const { width, height } = await readImageSize(file);
      if (attempt !== latest.current) return;
      const problem = validateLogoDimensions(width, height);
      if (problem) {
        onChange(null);
        toast.error(problem, { duration: RESOLUTION_DURATION });
        return;
      }
      onChange(file);
    } catch {
      if (attempt !== latest.current) return;
      onChange(null);
      onError(ACCOUNT_UI.notAnImage);
    } finally {
      if (attempt === latest.current) setChecking(false);
    }
  };

  const shown = preview ?? currentUrl;
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Tooltip
          label={ACCOUNT_TEXTS.logoTooltip}
          position="top-start"
          events={{ hover: true, focus: true, touch: true }}
        >
          <FileInput
            label={
              <Group gap={4} component="span" wrap="nowrap">
                {label}
                <Text component="span" c="dimmed" display="inline-flex">
                  <IconInfo size={14} />
                </Text>
              </Group>
            }
            placeholder={currentUrl ? 'Replace the image' : 'Choose an image'}
            accept={acceptAttribute(extensions)}
            clearable
            value={value}
            onChange={(file) => void choose(file)}
            error={error}
            rightSection={checking ? <Loader size="xs" aria-label="Checking the image" /> : undefined}
            description={
              <>
                {extensions.join(', ')} · at least {LOGO_MIN_WIDTH} × {LOGO_MIN_HEIGHT} px
                {/* The tooltip's advice, for screen readers too. */}
                <VisuallyHidden>. {ACCOUNT_TEXTS.logoTooltip}</VisuallyHidden>
              </>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            fileInputProps={{ 'data-testid': `${kind}-file` } as ComponentProps<'input'>}
          />
        </Tooltip>
      </Stack>
      <Box
        w={96}
        h={80}
        style={{
          flex: 'none',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
        }}
      >
        {shown ? (
          <Image
            src={shown}
            alt={preview ? `${label} preview` : `Current ${label.toLowerCase()}`}
            fit="contain"
            w="100%"
            h="100%"
          />
        ) : (
          <Text size="xs" c="dimmed" ta="center">
            No image
          </Text>
        )}
      </Box>
    </Group>
  );
}
