/**
 * The article renderer on crafted Markdown: raw HTML and unsafe URLs never become live elements,
 * links lead where they may (a new tab for other sites, the router for the console), headings
 * move one level down with their table-of-contents ids, and code reads left to right.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render-router.tsx';
import { MarkdownView } from '../components/markdown-view.tsx';
import { linkTarget } from '../links.ts';
import { headingsOf } from '../markdown-text.ts';
import { KNOWLEDGE_BASE_TEXTS as T } from '../texts.ts';

const renderMarkdown = (markdown: string) =>
  renderRoutes(
    [{ path: '/knowledge-base', element: <MarkdownView markdown={markdown} /> }],
    '/knowledge-base',
  );

const HOSTILE = `
Before.

[Click me](javascript:alert(1)) and [Or me](JavaScript:alert(2)) and [Data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)
and [Vb](vbscript:msgbox(1)) and <https://example.com/auto> and [Spaced]( javascript:alert(3) ).

<script>alert('script')</script>

<img src="x" onerror="alert('img')">

Inline <b onclick="alert('b')">bold</b> and <a href="javascript:alert(4)">raw link</a>.

![Pixel](data:image/png;base64,iVBORw0KGgo=)

<iframe src="https://evil.example"></iframe>

[ref]: javascript:alert(5)

A [reference link][ref].
`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the article renderer', () => {
  it('renders no raw HTML: no script, img, iframe or event handler attribute', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { container } = renderMarkdown(HOSTILE);
    expect(screen.getByText('Before.')).toBeVisible();
    expect(container.querySelector('script, img, iframe, b, object, embed')).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on/i);
    }
    expect(container.innerHTML).not.toMatch(/<script|onerror|onclick/i);
    expect(alert).not.toHaveBeenCalled();
  });

  it('makes no live link of a javascript:, data: or vbscript: URL: its text stays, without a link', () => {
    const { container } = renderMarkdown(HOSTILE);
    for (const text of ['Click me', 'Or me', 'Data', 'Vb', 'Spaced', 'reference link']) {
      const element = screen.getByText(text);
      expect(element.closest('a')).toBeNull();
    }
    for (const anchor of container.querySelectorAll('a')) {
      const href = anchor.getAttribute('href') ?? '';
      expect(href).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
    // The only link left is the autolink to another site.
    expect(container.querySelectorAll('a')).toHaveLength(1);
  });

  it('opens other sites in a new tab without access to this one, and routes console links', () => {
    renderMarkdown(
      [
        'See [the HLS spec](https://datatracker.ietf.org/doc/html/rfc8216), [Stream ads](/streams-ads),',
        '[Swagger UI](/api/docs), [Playback URLs](?article=playback-urls), [mail](mailto:ops@example.com)',
        'and [a section](#second-section).',
        '',
        '## Second section',
      ].join('\n'),
    );
    const external = screen.getByRole('link', { name: `the HLS spec ${T.opensInNewTab}` });
    expect(external).toHaveAttribute('href', 'https://datatracker.ietf.org/doc/html/rfc8216');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const server = screen.getByRole('link', { name: `Swagger UI ${T.opensInNewTab}` });
    expect(server).toHaveAttribute('href', '/api/docs');
    expect(server).toHaveAttribute('rel', 'noopener noreferrer');
    const console = screen.getByRole('link', { name: 'Stream ads' });
    expect(console).toHaveAttribute('href', '/streams-ads');
    expect(console).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Playback URLs' })).toHaveAttribute(
      'href',
      '/knowledge-base?article=playback-urls',
    );
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:ops@example.com');
    expect(screen.getByRole('link', { name: 'a section' })).toHaveAttribute('href', '#second-section');
  });

  it('moves a section link’s target into view and focus, and into the hash', async () => {
    const { router } = renderMarkdown('[Jump](#second-section)\n\n## First section\n\n## Second section\n');
    await userEvent.click(screen.getByRole('link', { name: 'Jump' }));
    expect(screen.getByRole('heading', { name: 'Second section' })).toHaveFocus();
    await waitFor(() => expect(router.state.location.hash).toBe('#second-section'));
  });

  it('renders headings one level down, with the ids of the table of contents', () => {
    const markdown = [
      '# Not a page title',
      '',
      '## Sign in',
      '',
      '### The `demo` data',
      '',
      '```md',
      '## Not a heading: inside code',
      '```',
      '',
      '## Sign in',
      '',
      '#### Deeper',
    ].join('\n');
    const { container } = renderMarkdown(markdown);
    expect(container.querySelector('h1, h2')).toBeNull();
    const headings = headingsOf(markdown);
    expect(headings.map((h) => [h.level, h.text, h.id])).toEqual([
      [2, 'Sign in', 'sign-in'],
      [3, 'The demo data', 'the-demo-data'],
      [2, 'Sign in', 'sign-in-1'],
    ]);
    const rendered = [...container.querySelectorAll('h3, h4, h5')].map((h) => [
      h.tagName,
      h.id,
      h.textContent,
    ]);
    expect(rendered).toEqual([
      ['H3', '', 'Not a page title'],
      ['H3', 'sign-in', 'Sign in'],
      ['H4', 'the-demo-data', 'The demo data'],
      ['H3', 'sign-in-1', 'Sign in'],
      ['H5', '', 'Deeper'],
    ]);
  });

  it('keeps code and code blocks left to right, and tables in a scrolling box', () => {
    const { container } = renderMarkdown(
      [
        'Play `/play/live/<id>/master.m3u8`.',
        '',
        '```m3u8',
        '#EXT-X-CUE-OUT:20',
        '```',
        '',
        '| Tag | Meaning |',
        '| --- | --- |',
        '| `EXT-X-CUE-IN` | the break ends |',
      ].join('\n'),
    );
    expect(screen.getByText('/play/live/<id>/master.m3u8')).toHaveAttribute('dir', 'ltr');
    expect(container.querySelector('pre')).toHaveAttribute('dir', 'ltr');
    expect(container.querySelector('pre code')).toHaveTextContent('#EXT-X-CUE-OUT:20');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Tag' })).toBeInTheDocument();
  });
});

describe('linkTarget', () => {
  it('sorts URLs by where they may lead', () => {
    expect(linkTarget('https://example.com').kind).toBe('external');
    expect(linkTarget('HTTP://example.com/x').kind).toBe('external');
    expect(linkTarget('mailto:a@example.com').kind).toBe('mailto');
    expect(linkTarget('/streams-ads').kind).toBe('screen');
    expect(linkTarget('/api/docs').kind).toBe('server');
    expect(linkTarget('/play/live/1/master.m3u8').kind).toBe('server');
    expect(linkTarget('?article=api-tokens').kind).toBe('article');
    expect(linkTarget('#call-the-api')).toEqual({ kind: 'heading', id: 'call-the-api' });
    for (const unsafe of [
      '',
      undefined,
      'javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example/path',
      'relative/path',
      '#%E0%A4%A',
      '/\\evil.example',
    ]) {
      expect(linkTarget(unsafe).kind).toBe('none');
    }
  });
});
