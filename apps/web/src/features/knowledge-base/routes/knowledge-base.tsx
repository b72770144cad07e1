/**
 * /knowledge-base (every signed-in user): how Cuepoint works, as articles shipped with the console
 * (articles/*.md). The list on the start side is searched by title and text; the chosen article
 * shows on the end side with its table of contents. The article and the search live in the URL
 * (?article=<slug>&q=<words>, a section in its hash), so a page of the Knowledge Base can be
 * bookmarked and shared. Without an article named, the first one the search finds is shown.
 */
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../../../components/resource/list-toolbar.tsx';
import { ARTICLES, type Article, searchArticles } from '../articles.ts';
import { ArticleList } from '../components/article-list.tsx';
import { ArticleToc } from '../components/article-toc.tsx';
import { MarkdownView } from '../components/markdown-view.tsx';
import { scrollToHeading } from '../components/use-go-to-heading.ts';
import classes from '../knowledge-base.module.css';
import { knowledgeBaseSearch, KNOWLEDGE_BASE_PARAMS as P } from '../params.ts';
import { KNOWLEDGE_BASE_TEXTS as T } from '../texts.ts';

export function Component() {
  const [params, setParams] = useSearchParams();
  const slug = params.get(P.article);
  const urlQuery = params.get(P.query) ?? '';

  // What the field shows: typed text filters at once; the URL follows after a pause in the typing
  // (replaced, not pushed: the back button leaves the Knowledge Base's articles, not letters).
  const [query, setQuery] = useState(urlQuery);
  const sent = useRef(urlQuery);
  const writeQuery = useCallback(
    (next: string) => {
      sent.current = next.trim() === '' ? '' : next;
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.trim() === '') updated.delete(P.query);
          else updated.set(P.query, next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  const writeQuerySoon = useDebouncedCallback(writeQuery, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    // The URL changed by other means (back button, a link): show what it says.
    if (urlQuery !== sent.current) {
      writeQuerySoon.cancel();
      sent.current = urlQuery;
      setQuery(urlQuery);
    }
  }, [urlQuery, writeQuerySoon]);
  const changeQuery = (next: string) => {
    setQuery(next);
    writeQuerySoon(next);
  };
  const searchRef = useRef<HTMLInputElement>(null);

  const results = useMemo(() => searchArticles(ARTICLES, query), [query]);
  const named = slug === null ? undefined : ARTICLES.find((a) => a.slug === slug);
  const shown = slug === null ? results[0]?.article : named;

  // An article opened from the list takes the focus (at phone width it is below the list): each
  // click is a request, for the article it opens, whether or not that one is already shown.
  const [focusRequest, setFocusRequest] = useState<FocusRequest>({ slug: null, count: 0 });

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{T.title}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {T.intro}
        </Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <ArticleList
            query={query}
            onQuery={changeQuery}
            onClear={() => {
              writeQuerySoon.cancel();
              setQuery('');
              writeQuery('');
              searchRef.current?.focus();
            }}
            results={results}
            total={ARTICLES.length}
            current={shown?.slug}
            hrefOf={(s) => knowledgeBaseSearch(s, query)}
            onOpen={(opened) => setFocusRequest((r) => ({ slug: opened, count: r.count + 1 }))}
            searchRef={searchRef}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          {shown ? (
            <ArticleView key={shown.slug} article={shown} focusRequest={focusRequest} />
          ) : slug !== null ? (
            <Paper withBorder p="md">
              <Text>{T.unknownArticle(slug)}</Text>
            </Paper>
          ) : null}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The latest click on an article of the list: its article gets the focus once it shows. */
interface FocusRequest {
  slug: string | null;
  count: number;
}

function ArticleView({ article, focusRequest }: { article: Article; focusRequest: FocusRequest }) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  const initialHash = useRef(hash);

  // A link to a section (…#sessions): show it once the article is there.
  useEffect(() => {
    const id = initialHash.current.slice(1);
    if (!id) return;
    try {
      scrollToHeading(decodeURIComponent(id));
    } catch {
      // Not a section's id (malformed): the article shows from its start.
    }
  }, []);

  useEffect(() => {
    if (focusRequest.count > 0 && focusRequest.slug === article.slug) titleRef.current?.focus();
  }, [focusRequest, article.slug]);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="article" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} id={titleId} ref={titleRef} tabIndex={-1} className={classes.title}>
            {article.title}
          </Title>
          {article.summary && (
            <Text c="dimmed" size="sm" mt={4}>
              {article.summary}
            </Text>
          )}
        </div>
        <ArticleToc headings={article.headings} />
        <MarkdownView markdown={article.body} headings={article.headings} />
      </Stack>
    </Paper>
  );
}
