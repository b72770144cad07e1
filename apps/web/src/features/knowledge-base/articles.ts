/**
 * The Knowledge Base's articles: the Markdown files of articles/, shipped with the console in this
 * screen's lazy chunk (Vite inlines them as text), each opening with a front matter block:
 *
 *   ---
 *   title: Playback URLs
 *   summary: One sentence for the list.
 *   order: 2
 *   keywords: m3u8, HLS, player
 *   ---
 *
 * The file's name is the article's slug (?article=playback-urls). The body has no `#` heading (the
 * screen's title is the page's one h1 and the article's title its h2): its `##` and `###`
 * headings are its sections and its table of contents.
 */
import { type ArticleHeading, headingsOf, plainText } from './markdown-text.ts';

export interface Article {
  slug: string;
  title: string;
  summary: string;
  /** Its place in the list (ascending; then by title). */
  order: number;
  /** More words a search finds it by. */
  keywords: string[];
  /** The Markdown after the front matter. */
  body: string;
  headings: ArticleHeading[];
  /** Title, summary, keywords and body as plain text, normalised for searching. */
  searchText: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Lower case, without accents, with plain quotes: what a search compares. */
export const normalise = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐‑‒–—]/g, '-')
    .toLowerCase();

/** An article from its file's text and its slug. */
export function parseArticle(slug: string, raw: string): Article {
  const match = FRONT_MATTER.exec(raw);
  const fields = new Map<string, string>();
  for (const line of match?.[1]?.split(/\r?\n/) ?? []) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = match ? raw.slice(match[0].length) : raw;
  const title = fields.get('title') || slug;
  const summary = fields.get('summary') ?? '';
  const keywords = (fields.get('keywords') ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const order = Number(fields.get('order'));
  return {
    slug,
    title,
    summary,
    order: Number.isFinite(order) ? order : Number.MAX_SAFE_INTEGER,
    keywords,
    body,
    headings: headingsOf(body),
    searchText: normalise([title, summary, keywords.join(' '), plainText(body)].join('\n')),
  };
}

/** Articles from Markdown files by path ('../articles/playback-urls.md'), in their order. */
export function articlesFrom(files: Record<string, string>): Article[] {
  return Object.entries(files)
    .map(([path, raw]) => parseArticle(path.replace(/^.*\//, '').replace(/\.md$/, ''), raw))
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}

/** The shipped articles (eager: they are text in this screen's chunk, not requests). */
export const ARTICLES: readonly Article[] = articlesFrom(
  import.meta.glob<string>('./articles/*.md', { query: '?raw', import: 'default', eager: true }),
);

export interface SearchResult {
  article: Article;
  /** How often the article mentions the words searched for (0 without a search). */
  hits: number;
}

const occurrences = (text: string, term: string) => {
  let count = 0;
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) count++;
  return count;
};

/**
 * The articles that contain every word of `query` (in their title, summary, keywords or body; any
 * case, accents ignored), those with a word in their title first, then in their order. An empty
 * query: every article.
 */
export function searchArticles(articles: readonly Article[], query: string): SearchResult[] {
  const terms = normalise(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return articles.map((article) => ({ article, hits: 0 }));
  const results: (SearchResult & { inTitle: boolean; index: number })[] = [];
  articles.forEach((article, index) => {
    const counts = terms.map((term) => occurrences(article.searchText, term));
    if (counts.some((n) => n === 0)) return;
    const title = normalise(article.title);
    results.push({
      article,
      hits: counts.reduce((sum, n) => sum + n, 0),
      inTitle: terms.some((term) => title.includes(term)),
      index,
    });
  });
  return results
    .sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || a.index - b.index)
    .map(({ article, hits }) => ({ article, hits }));
}
