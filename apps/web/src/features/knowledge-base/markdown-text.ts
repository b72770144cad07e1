/**
 * What the Knowledge Base reads from an article's Markdown without rendering it: its sections (the
 * table of contents, from its `##` and `###` headings, each with the id its heading gets on the
 * page) and its plain text (what a search looks through).
 */

/** A section of an article: a `##` (level 2) or `###` (level 3) heading. */
export interface ArticleHeading {
  level: 2 | 3;
  /** The heading's text, without Markdown. */
  text: string;
  /** The id of the heading on the page: its text slugged, made unique within the article. */
  id: string;
  /** Its line in the Markdown (1-based): how the renderer finds which heading is which. */
  line: number;
}

/** 'Ad configuration: /streams-ads' -> 'ad-configuration-streams-ads'. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** Inline Markdown as plain text: links and images by their text, no code ticks or emphasis. */
export function inlineText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=$|[\s).,:;!?])/g, '$1$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/** Calls `visit` for each line outside fenced code blocks, with its 1-based number. */
function eachProseLine(markdown: string, visit: (line: string, number: number) => void): void {
  let fence: string | null = null;
  markdown.split(/\r?\n/).forEach((line, index) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker && marker[0] === fence[0] && marker.length >= fence.length)
      fence = null;
    else if (fence === null) visit(line, index + 1);
  });
}

/** The `##` and `###` headings of an article, in order, with unique ids (GitHub's way: x, x-1, x-2). */
export function headingsOf(markdown: string): ArticleHeading[] {
  const headings: ArticleHeading[] = [];
  const used = new Map<string, number>();
  eachProseLine(markdown, (line, number) => {
    const match = ATX_HEADING.exec(line);
    if (!match) return;
    const level = match[1]!.length;
    if (level !== 2 && level !== 3) return;
    const text = inlineText(match[2] ?? '');
    const base = slugify(text);
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    headings.push({ level, text, id: seen === 0 ? base : `${base}-${seen}`, line: number });
  });
  return headings;
}

/** Whether the Markdown has a top-level (`#`) heading outside code blocks. */
export function hasTopLevelHeading(markdown: string): boolean {
  let found = false;
  eachProseLine(markdown, (line) => {
    if (ATX_HEADING.exec(line)?.[1]?.length === 1) found = true;
  });
  return found;
}

/** The article as plain text, what a search looks through (code blocks included: tags are searched). */
export function plainText(markdown: string): string {
  return markdown
    .split(/\r?\n/)
    .filter((line) => !FENCE.test(line))
    .map((line) =>
      inlineText(
        line
          .replace(/^ {0,3}#{1,6}[ \t]+/, '')
          .replace(/^ {0,3}>[ \t]?/, '')
          .replace(/^[ \t]*(?:[-*+]|\d+\.)[ \t]+/, '')
          .replace(/^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|?)+[ \t]*$/, '')
          .replace(/\|/g, ' '),
      ),
    )
    .filter(Boolean)
    .join('\n');
}
