/**
 * Multipart bodies for app.inject, built with the global FormData and Blob the way a browser
 * builds them: `app.inject({ method: 'PUT', url, headers, payload: multipartForm(fields, files) })`
 * (light-my-request streams it and sets the boundary).
 */
export interface FormFile {
  name: string;
  data: Uint8Array | string;
  type?: string;
}

export function multipartForm(
  fields: Record<string, string | number | boolean> = {},
  files: Record<string, FormFile | FormFile[]> = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  for (const [key, value] of Object.entries(files)) {
    for (const file of Array.isArray(value) ? value : [value]) {
      const bytes = typeof file.data === 'string' ? new TextEncoder().encode(file.data) : file.data;
      form.append(key, new Blob([bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
    }
  }
  return form;
}
