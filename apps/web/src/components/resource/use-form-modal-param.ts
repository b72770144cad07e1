/**
 * The form dialog of a resource edited on its list screen, kept in the URL so a link opens it:
 * `?new=1` to create, `?edit=<id>` to edit. The list's own parameters stay as they are.
 */
import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

export const FORM_MODAL_PARAMS = { create: 'new', edit: 'edit' } as const;

export type FormModalState =
  | { mode: 'create'; id: null }
  | { mode: 'edit'; id: string }
  | { mode: null; id: null };

/** The dialog the search params ask for; `edit` wins over `new`. */
export function parseFormModal(search: URLSearchParams): FormModalState {
  const id = search.get(FORM_MODAL_PARAMS.edit);
  if (id) return { mode: 'edit', id };
  if (search.get(FORM_MODAL_PARAMS.create) === '1') return { mode: 'create', id: null };
  return { mode: null, id: null };
}

export function useFormModalParam() {
  const [search, setSearch] = useSearchParams();
  const state = parseFormModal(search);
  const write = useCallback(
    (next: { create?: boolean; edit?: string }) =>
      setSearch((current) => {
        const copy = new URLSearchParams(current);
        copy.delete(FORM_MODAL_PARAMS.create);
        copy.delete(FORM_MODAL_PARAMS.edit);
        if (next.create) copy.set(FORM_MODAL_PARAMS.create, '1');
        if (next.edit) copy.set(FORM_MODAL_PARAMS.edit, next.edit);
        return copy;
      }),
    [setSearch],
  );
  return {
    ...state,
    openCreate: useCallback(() => write({ create: true }), [write]),
    openEdit: useCallback((id: string) => write({ edit: id }), [write]),
    close: useCallback(() => write({}), [write]),
  };
}

/**
 * Where the form-dialog parameters of an older link lead now that the list creates and edits on
 * the record's own page (`?new=1`: the create page, `?edit=<id>`: the record's page), keeping the
 * list's other parameters out; null when the URL names no dialog.
 */
export function useFormParamTarget(paths: { create: string; detail: (id: string) => string }): string | null {
  const { search } = useLocation();
  const state = parseFormModal(new URLSearchParams(search));
  if (state.mode === 'edit') return paths.detail(state.id);
  if (state.mode === 'create') return paths.create;
  return null;
}
