import { acceptAttribute, UPLOAD_LIMITS } from '@cuepoint/core';
import { FileInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { ACCOUNT_UI } from '../texts.ts';

export interface KeyFileFieldProps {
  label: string;
  testId: string;
  extensions: readonly string[];
  /** A newly chosen file, or the saved file's name. */
  value: File | string | null;
  /** The saved file's name, if any. */
  saved: string | null;
  error?: string;
  required?: boolean;
  onChange: (file: File | null) => void;
  onError: (message: string | null) => void;
}

/** A certificate or private-key picker (.crt/.pem, .key/.pem; at most 64 KB). */
export function KeyFileField({
  label,
  testId,
  extensions,
  value,
  saved,
  error,
  required,
  onChange,
  onError,
}: KeyFileFieldProps) {
  const choose = (file: File | null) => {
    onError(null);
    if (file && file.size > UPLOAD_LIMITS.pemBytes) {
      onChange(null);
      onError(ACCOUNT_UI.keyFileTooLarge);
      return;
    }
    onChange(file);
  };
  return (
    <FileInput
      label={label}
      description={saved ? `Saved: ${saved}` : `${extensions.join(' or ')} file`}
      placeholder={saved ? 'Replace the file' : 'Choose a file'}
      accept={acceptAttribute(extensions)}
      clearable
      required={required}
      value={value instanceof File ? value : null}
      onChange={choose}
      error={error}
      fileInputProps={{ 'data-testid': testId } as ComponentProps<'input'>}
    />
  );
}
