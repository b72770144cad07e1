/** The Knowledge Base's own texts (the articles themselves are Markdown files in articles/). */

const articles = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'article' : 'articles'}`;

export const KNOWLEDGE_BASE_TEXTS = {
  title: 'Knowledge Base',
  intro: 'How Cuepoint works and how to set it up: playback, ads, markers and the API.',
  /** The search field's label (and placeholder). */
  search: 'Search articles',
  /** The list of articles (a navigation landmark). */
  articles: 'Articles',
  /** Without a search: how many articles there are. */
  total: (n: number) => articles(n),
  /** With a search: how many articles match it. */
  matching: (shown: number, total: number, query: string) =>
    `${shown.toLocaleString('en-US')} of ${articles(total)} match “${query}”`,
  /** The empty state of a search that matches nothing. */
  noMatch: (query: string) => `No articles match “${query}”.`,
  noMatchHint: 'Try fewer or other words, such as VAST, SCTE-35 or token.',
  clearSearch: 'Clear search',
  /** How often an article mentions the words searched for ('3 matches'). */
  hits: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'match' : 'matches'}`,
  /** The table of contents of the chosen article (a navigation landmark). */
  contents: 'On this page',
  /** The article named in the URL does not exist (an old or mistyped link). */
  unknownArticle: (slug: string) => `There is no article “${slug}”. Choose one from the list.`,
  /** Said after an external link's text, for screen readers. */
  opensInNewTab: '(opens in a new tab)',
} as const;
