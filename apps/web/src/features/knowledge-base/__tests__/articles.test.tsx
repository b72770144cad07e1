/**
 * The shipped articles (articles/*.md): each has its front matter, a body without a `#` heading
 * (the page's one h1 is the screen's title) and at least two `##` sections (a table of contents
 * worth having), ids its renderer agrees with, and links that lead somewhere. And the search.
 */
import { CONDITIONING_RETRY_MINUTES } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render-router.tsx';
import { ARTICLES, articlesFrom, parseArticle, searchArticles } from '../articles.ts';
import { MarkdownView } from '../components/markdown-view.tsx';
import { linkTarget } from '../links.ts';
import { hasTopLevelHeading, plainText, slugify } from '../markdown-text.ts';

/** The Markdown links of a body (inline ones: the articles use no others). */
const linksOf = (markdown: string) => [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

describe('the shipped articles', () => {
  it('are the six topics, each with a title, a summary and a slug of its own', () => {
    expect(ARTICLES.map((a) => a.slug)).toEqual([
      'getting-started',
      'playback-urls',
      'ad-configuration',
      'scte-35-markers',
      'vast-troubleshooting',
      'api-tokens',
    ]);
    for (const article of ARTICLES) {
      expect(article.title, article.slug).not.toBe(article.slug);
      expect(article.summary, article.slug).not.toBe('');
    }
  });

  it.each(ARTICLES.map((a) => [a.slug, a] as const))(
    '%s: no # heading, at least two ## sections, ids the page agrees with',
    (_slug, article) => {
      expect(hasTopLevelHeading(article.body)).toBe(false);
      expect(article.body.startsWith('---')).toBe(false);
      expect(article.headings.filter((h) => h.level === 2).length).toBeGreaterThanOrEqual(2);
      const ids = article.headings.map((h) => h.id);
      expect(new Set(ids).size).toBe(ids.length);

      const { container, unmount } = renderRoutes(
        [{ path: '/', element: <MarkdownView markdown={article.body} headings={article.headings} /> }],
        '/',
      );
      expect(container.querySelector('h1, h2')).toBeNull();
      for (const heading of article.headings) {
        const element = container.querySelector(`[id="${heading.id}"]`);
        expect(element?.tagName, heading.text).toBe(heading.level === 2 ? 'H3' : 'H4');
        expect(element?.textContent).toBe(heading.text);
      }
      // Every heading of the page is one of the table of contents, or deeper.
      expect(container.querySelectorAll('h3:not([id])')).toHaveLength(0);
      unmount();
    },
  );

  it.each(ARTICLES.map((a) => [a.slug, a] as const))('%s: its links lead somewhere', (_slug, article) => {
    for (const href of linksOf(article.body)) {
      const target = linkTarget(href);
      expect(target.kind, href).not.toBe('none');
      if (target.kind === 'heading') {
        expect(
          article.headings.map((h) => h.id),
          href,
        ).toContain(target.id);
      }
      if (target.kind === 'article') {
        const url = new URL(href, 'https://kb.example/knowledge-base');
        const other = ARTICLES.find((a) => a.slug === url.searchParams.get('article'));
        expect(other, href).toBeDefined();
        if (url.hash)
          expect(
            other!.headings.map((h) => h.id),
            href,
          ).toContain(url.hash.slice(1));
      }
    }
  });

  it("states the product's own figures as core has them (a failed creative's retry pause)", () => {
    const ads = ARTICLES.find((a) => a.slug === 'ad-configuration')!;
    expect(ads.body).toContain(`*Failed* (tried again ${CONDITIONING_RETRY_MINUTES} minutes after the`);
  });
});

describe('articles from Markdown', () => {
  it('reads the front matter, the body and its sections', () => {
    const article = parseArticle(
      'example',
      '---\ntitle: An example\nsummary: What it is.\norder: 7\nkeywords: one, two words\n---\nIntro.\n\n## First\n\n### Inner\n\n## Second\n',
    );
    expect(article).toMatchObject({
      slug: 'example',
      title: 'An example',
      summary: 'What it is.',
      order: 7,
      keywords: ['one', 'two words'],
      body: 'Intro.\n\n## First\n\n### Inner\n\n## Second\n',
    });
    expect(article.headings.map((h) => [h.level, h.id, h.line])).toEqual([
      [2, 'first', 3],
      [3, 'inner', 5],
      [2, 'second', 7],
    ]);
    expect(parseArticle('bare', 'Just text.').title).toBe('bare');
  });

  it('orders articles by their order, then title, named by their file', () => {
    const articles = articlesFrom({
      './articles/b.md': '---\ntitle: B\norder: 2\n---\n',
      './articles/a.md': '---\ntitle: A\norder: 2\n---\n',
      './articles/c.md': '---\ntitle: C\norder: 1\n---\n',
    });
    expect(articles.map((a) => a.slug)).toEqual(['c', 'a', 'b']);
  });

  it('slugs headings and reads plain text', () => {
    expect(slugify('Ad configuration: `/streams-ads`')).toBe('ad-configuration-streams-ads');
    expect(slugify('The built-in ad server’s own URLs')).toBe('the-built-in-ad-servers-own-urls');
    expect(slugify('Éléments à connaître')).toBe('elements-a-connaitre');
    expect(slugify('!!!')).toBe('section');
    expect(plainText('## Title\n\nA [link](https://x.example) and `code`.\n\n| a | b |\n| --- | --- |')).toBe(
      'Title\nA link and code.\na b',
    );
  });
});

describe('searchArticles', () => {
  const articles = articlesFrom({
    './a.md': '---\ntitle: Playback URLs\norder: 1\n---\nPlay the **master** playlist.\n',
    './b.md': '---\ntitle: Tokens\norder: 2\nkeywords: bearer\n---\nThe playback needs no token. Playback!\n',
    './c.md': '---\ntitle: Résumé\norder: 3\n---\nNothing here.\n',
  });
  const titles = (query: string) => searchArticles(articles, query).map((r) => r.article.title);

  it('finds every word, in any case, accents ignored, title matches first', () => {
    expect(titles('')).toEqual(['Playback URLs', 'Tokens', 'Résumé']);
    expect(titles('PLAYBACK')).toEqual(['Playback URLs', 'Tokens']);
    expect(titles('token playback')).toEqual(['Tokens']);
    expect(titles('bearer')).toEqual(['Tokens']);
    expect(titles('resume')).toEqual(['Résumé']);
    expect(titles('master playlist')).toEqual(['Playback URLs']);
    expect(titles('nowhere')).toEqual([]);
  });

  it('counts how often an article mentions the words', () => {
    const [tokens] = searchArticles(articles, 'playback token');
    expect(tokens?.article.title).toBe('Tokens');
    // 'playback' twice in the body, 'token' in the title and the body.
    expect(tokens?.hits).toBe(4);
  });
});
