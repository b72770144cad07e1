/**
 * A document's PDF, saved by the browser. The API client reads JSON only, so this one call
 * fetches the file itself, with the same session headers (spec section 7), and hands it to the
 * browser as a download under the server's file name (Content-Disposition).
 */
import { HEADERS } from '@cuepoint/core';
import { ApiError, type ApiErrorBody, apiUrl } from '../../../lib/api-client.ts';
import { readSession, storeToken } from '../../../lib/storage.ts';

/** The file name of a Content-Disposition header (`attachment; filename="INV-000001.pdf"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Fetches `path` (below the API base) and saves it as `fallbackName` unless the server names it. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const session = readSession();
  const headers: Record<string, string> = { Accept: 'application/pdf' };
  if (session.token) {
    headers.Authorization = `Bearer ${session.token}`;
    if (session.authType) headers[HEADERS.authType] = session.authType;
    if (session.userId) headers[HEADERS.userId] = session.userId;
    if (session.loginAsId) headers[HEADERS.loginAs] = session.loginAsId;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new ApiError(response.status, body);
  }
  const rotated = response.headers.get(HEADERS.userToken);
  if (rotated && readSession().token) storeToken(rotated);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
