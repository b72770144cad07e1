import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { toastServerError } from '../../../lib/server-error.ts';
import { pdfPath } from '../api/billing-api.ts';
import { downloadFile } from '../api/download.ts';
import { BILLING_SCREEN_TEXTS as T } from '../texts.ts';

/** Downloads a document's PDF (busy while it comes; a failure is toasted). */
export function PdfButton({
  id,
  name,
  compact = false,
  ...props
}: { id: string; name: string; compact?: boolean } & ButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(pdfPath(id), `${name}.pdf`);
    } catch (error) {
      toastServerError(error, { fallback: T.downloadFailed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={compact ? 'subtle' : 'default'}
      size={compact ? 'compact-sm' : 'sm'}
      loading={busy}
      aria-label={T.downloadPdfOf(name)}
      onClick={() => void download()}
      {...props}
    >
      {T.downloadPdf}
    </Button>
  );
}
