/**
 * Copies text: the asynchronous Clipboard API where the page may use it, else a hidden
 * read-only textarea and `document.execCommand('copy')` (plain HTTP, older browsers). Rejects
 * when neither works.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no secure context, no permission): try the fallback.
    }
  }
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', opacity: '0', pointerEvents: 'none' });
  // Inside the focused element's container, so a dialog's focus trap keeps the selection.
  (previous?.parentElement ?? document.body).append(area);
  area.select();
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    area.remove();
    previous?.focus();
  }
  if (!copied) throw new Error('The text could not be copied.');
}
