import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { keepSplash } from '../splash.tsx';

/** The root element of index.html, with the splash in it as the browser first paints it. */
function indexRoot(): HTMLElement {
  const html = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.getElementById('root')!;
}

afterEach(() => keepSplash(document.createElement('div')));

describe('the splash of index.html', () => {
  it('holds the logo and the name, as a loading status', () => {
    const splash = indexRoot().querySelector('[data-splash]')!;
    expect(splash.getAttribute('role')).toBe('status');
    expect(splash.getAttribute('aria-label')).toBe('Loading Cuepoint');
    expect(splash.querySelector('svg')).not.toBeNull();
    expect(splash.textContent).toContain('Cuepoint');
  });

  it('stays while the first page loads (the router shows it), then the page replaces it, with no warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    keepSplash(indexRoot());
    renderApp('/login');
    expect(screen.getByRole('status', { name: 'Loading Cuepoint' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading Cuepoint' })).not.toBeInTheDocument();
    expect(warn.mock.calls.flat().join('\n')).not.toContain('HydrateFallback');
  });
});
