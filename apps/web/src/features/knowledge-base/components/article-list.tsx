import { Button, NavLink, Stack, Text, TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { Link } from 'react-router';
import type { SearchResult } from '../articles.ts';
import classes from '../knowledge-base.module.css';
import { KNOWLEDGE_BASE_TEXTS as T } from '../texts.ts';

export interface ArticleListProps {
  /** What the search field shows. */
  query: string;
  onQuery: (query: string) => void;
  /** Clear search (the empty state's button). */
  onClear: () => void;
  /** The articles the search finds (all of them without one). */
  results: readonly SearchResult[];
  /** How many articles there are. */
  total: number;
  /** The article shown beside the list. */
  current: string | undefined;
  /** The link to an article, the search kept. */
  hrefOf: (slug: string) => string;
  /** An article of the list is being opened. */
  onOpen: (slug: string) => void;
  searchRef?: Ref<HTMLInputElement>;
}

/**
 * The articles: a search field that filters them by their title and text, a live line saying how
 * many match (or, when none does, the empty state), and a link to each, the open one marked as
 * the current page.
 */
export function ArticleList({
  query,
  onQuery,
  onClear,
  results,
  total,
  current,
  hrefOf,
  onOpen,
  searchRef,
}: ArticleListProps) {
  const searching = query.trim() !== '';
  return (
    <Stack gap="sm">
      <TextInput
        ref={searchRef}
        type="search"
        label={T.search}
        placeholder={T.search}
        value={query}
        onChange={(event) => onQuery(event.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
      />
      {/* One live region: the count of matches, or the empty state's sentence. */}
      <div role="status">
        {!searching ? (
          <Text size="sm" c="dimmed">
            <bdi>{T.total(total)}</bdi>
          </Text>
        ) : results.length > 0 ? (
          <Text size="sm" c="dimmed">
            <bdi>{T.matching(results.length, total, query.trim())}</bdi>
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {T.noMatch(query.trim())}
            </Text>
            <Text size="sm" c="dimmed">
              {T.noMatchHint}
            </Text>
          </Stack>
        )}
      </div>
      {searching && results.length === 0 && (
        <Button variant="default" size="xs" onClick={onClear} style={{ alignSelf: 'flex-start' }}>
          {T.clearSearch}
        </Button>
      )}
      {results.length > 0 && (
        <nav aria-label={T.articles}>
          <ul className={classes.list}>
            {results.map(({ article, hits }) => {
              const active = article.slug === current;
              return (
                <li key={article.slug}>
                  <NavLink
                    component={Link}
                    to={hrefOf(article.slug)}
                    onClick={() => onOpen(article.slug)}
                    className={classes.item}
                    label={article.title}
                    description={article.summary}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    rightSection={
                      searching ? (
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {T.hits(hits)}
                        </Text>
                      ) : undefined
                    }
                  />
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </Stack>
  );
}
