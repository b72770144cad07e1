/**
 * The Knowledge Base's view in its URL (/knowledge-base?article=playback-urls&q=session, a section
 * in its hash): the article shown and the search of the list.
 */
export const KNOWLEDGE_BASE_PARAMS = { article: 'article', query: 'q' } as const;

/** The query string of an article and a search ('?article=playback-urls&q=session'). */
export function knowledgeBaseSearch(slug: string | null, query: string): string {
  const params = new URLSearchParams();
  if (slug) params.set(KNOWLEDGE_BASE_PARAMS.article, slug);
  if (query.trim() !== '') params.set(KNOWLEDGE_BASE_PARAMS.query, query);
  const search = params.toString();
  return search ? `?${search}` : '';
}
