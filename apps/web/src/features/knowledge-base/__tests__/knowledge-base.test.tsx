/**
 * The Knowledge Base screen: the article list and its search (count, empty state), the chosen
 * article with its table of contents, and the article and search kept in the URL.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render-router.tsx';
import { ARTICLES } from '../articles.ts';
import { Component as KnowledgeBase } from '../routes/knowledge-base.tsx';
import { KNOWLEDGE_BASE_TEXTS as T } from '../texts.ts';

const PATH = '/knowledge-base';
const render = (path = PATH) => renderRoutes([{ path: PATH, element: <KnowledgeBase /> }], path);

const byTitle = (title: string) => {
  const article = ARTICLES.find((a) => a.title === title);
  if (!article) throw new Error(`No article ${title}`);
  return article;
};
const list = () => screen.getByRole('navigation', { name: T.articles });
const toc = () => screen.getByRole('navigation', { name: T.contents });
const params = (router: ReturnType<typeof render>['router']) =>
  new URLSearchParams(router.state.location.search);
const articleLinks = () =>
  within(list())
    .getAllByRole('link')
    .map((link) => link.querySelector('.mantine-NavLink-label')?.textContent);

describe('Knowledge Base', () => {
  it('lists every article and shows the first, with one h1 and the article’s title as h2', () => {
    render();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
    expect(articleLinks()).toEqual(ARTICLES.map((a) => a.title));
    expect(screen.getByRole('status')).toHaveTextContent(T.total(ARTICLES.length));
    const first = ARTICLES[0]!;
    expect(screen.getByRole('heading', { level: 2, name: first.title })).toBeVisible();
    expect(within(list()).getByRole('link', { current: 'page' })).toHaveTextContent(first.title);
  });

  it('filters the list by title and text, counts the matches, and says when nothing matches', async () => {
    const { router } = render();
    const search = screen.getByRole('searchbox', { name: T.search });

    // In a title.
    await userEvent.type(search, 'scte-35');
    const matching = ARTICLES.filter((a) =>
      /scte-35/i.test([a.title, a.summary, a.keywords.join(' '), a.body].join('\n')),
    );
    expect(articleLinks()[0]).toBe('SCTE-35 markers');
    expect(articleLinks()).toHaveLength(matching.length);
    expect(screen.getByRole('status')).toHaveTextContent(
      T.matching(matching.length, ARTICLES.length, 'scte-35'),
    );
    // The URL follows once the typing pauses.
    await waitFor(() => expect(params(router).get('q')).toBe('scte-35'));
    // Without an article named, the best match is shown.
    expect(screen.getByRole('heading', { level: 2, name: 'SCTE-35 markers' })).toBeVisible();

    // Only in a body (every word must be there): the bearer header is in API tokens alone.
    await userEvent.clear(search);
    await userEvent.type(search, 'authorization bearer');
    expect(articleLinks()).toEqual(['API tokens']);
    expect(within(list()).getByRole('link')).toHaveTextContent(/\d+ matches/);

    // Nothing: the empty state, and Clear search brings every article back.
    await userEvent.clear(search);
    await userEvent.type(search, 'zebra unicorn');
    expect(screen.getByRole('status')).toHaveTextContent(T.noMatch('zebra unicorn'));
    expect(screen.queryByRole('navigation', { name: T.articles })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.clearSearch }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(articleLinks()).toHaveLength(ARTICLES.length);
    await waitFor(() => expect(params(router).get('q')).toBeNull());
  });

  it('shows the article chosen, with its table of contents, and keeps it and the search in the URL', async () => {
    const { router } = render();
    await userEvent.type(screen.getByRole('searchbox', { name: T.search }), 'token');
    await userEvent.click(within(list()).getByRole('link', { name: /API tokens/ }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'API tokens' });
    expect(heading).toHaveFocus();
    expect(params(router).get('article')).toBe('api-tokens');
    expect(params(router).get('q')).toBe('token');
    expect(within(list()).getByRole('link', { current: 'page' })).toHaveTextContent('API tokens');

    const article = byTitle('API tokens');
    const entries = within(toc()).getAllByRole('link');
    expect(entries.map((e) => e.textContent)).toEqual(article.headings.map((h) => h.text));
    for (const [i, h] of article.headings.entries()) {
      expect(entries[i]).toHaveAttribute('href', `#${h.id}`);
      // Each entry leads to its section's heading (an h3 for ##, an h4 for ###).
      const target = document.getElementById(h.id);
      expect(target?.tagName).toBe(h.level === 2 ? 'H3' : 'H4');
      expect(target).toHaveTextContent(h.text);
    }

    // An entry scrolls to its section, focuses its heading and puts it in the hash.
    const section = article.headings.find((h) => h.text === 'Call the API')!;
    await userEvent.click(within(toc()).getByRole('link', { name: section.text }));
    expect(document.getElementById(section.id)).toHaveFocus();
    await waitFor(() => expect(router.state.location.hash).toBe(`#${section.id}`));
    expect(params(router).get('article')).toBe('api-tokens');
  });

  it('opens on the article and search of its URL', () => {
    render(`${PATH}?article=playback-urls&q=session`);
    expect(screen.getByRole('searchbox', { name: T.search })).toHaveValue('session');
    expect(screen.getByRole('heading', { level: 2, name: 'Playback URLs' })).toBeVisible();
    expect(articleLinks()).toContain('Playback URLs');
    expect(articleLinks().length).toBeLessThan(ARTICLES.length);
    expect(within(list()).getByRole('link', { name: /Playback URLs/ })).toHaveAttribute(
      'href',
      '/knowledge-base?article=playback-urls&q=session',
    );
  });

  it('follows an article’s link to another article', async () => {
    const { router } = render(`${PATH}?article=getting-started`);
    await userEvent.click(screen.getByRole('link', { name: 'Playback URLs' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Playback URLs' })).toBeVisible();
    expect(params(router).get('article')).toBe('playback-urls');
  });

  it('says when the article of the URL does not exist', () => {
    render(`${PATH}?article=no-such-article`);
    expect(screen.getByText(T.unknownArticle('no-such-article'))).toBeVisible();
    expect(articleLinks()).toHaveLength(ARTICLES.length);
  });
});
