/**
 * An article's Markdown, rendered safely with react-markdown (GitHub's tables, task lists and
 * autolinks through remark-gfm):
 *
 * - no raw HTML: HTML written in the Markdown (a <script>, an <img onerror>) is dropped, never
 *   parsed into elements; Markdown images are not shown either;
 * - links only to what a link may lead to (links.ts): a javascript:, data: or any other unsafe URL
 *   is emptied by react-markdown's URL filter and its text shown without a link; another site
 *   opens in a new tab with rel="noopener noreferrer"; a console path is a router link (or plain
 *   text while its screen is not built); '?article=…' opens another article; '#…' a section;
 * - headings one level down (the screen's title is the h1, the article's title the h2): `##`
 *   becomes an h3 and `###` an h4, each with its table-of-contents id (by its line, so the two
 *   always agree) and focusable, so a jump to it moves the focus too;
 * - code and its blocks read left to right in either direction; a code block or table that is
 *   wider than the page scrolls sideways and can then be scrolled from the keyboard.
 */
import { Anchor, Typography, VisuallyHidden } from '@mantine/core';
import { type ComponentPropsWithoutRef, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import Markdown, { type Components, defaultUrlTransform, type ExtraProps } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import { ConceptIcon } from '../../../components/icons.tsx';
import { ScreenLink } from '../../../components/screen-link.tsx';
import classes from '../knowledge-base.module.css';
import { linkTarget } from '../links.ts';
import { type ArticleHeading, headingsOf } from '../markdown-text.ts';
import { KNOWLEDGE_BASE_TEXTS as T } from '../texts.ts';
import { useGoToHeading } from './use-go-to-heading.ts';

export interface MarkdownViewProps {
  markdown: string;
  /** The article's sections (headingsOf(markdown) when not given). */
  headings?: readonly ArticleHeading[];
}

const REMARK_PLUGINS = [remarkGfm];
/** Markdown images are not shown (articles have none; an image URL is a request to anywhere). */
const DISALLOWED = ['img'];

/** An element wider than its box becomes a keyboard stop, so its hidden part can be scrolled to. */
function useFocusableWhenScrolling<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, tabIndex: scrolls ? 0 : undefined };
}

function CodeBlock({ children }: { children?: ReactNode }) {
  const focusable = useFocusableWhenScrolling<HTMLPreElement>();
  return (
    <pre dir="ltr" ref={focusable.ref} tabIndex={focusable.tabIndex}>
      {children}
    </pre>
  );
}

function TableScroll({ children }: { children?: ReactNode }) {
  const focusable = useFocusableWhenScrolling<HTMLDivElement>();
  return (
    <div className={classes.tableScroll} ref={focusable.ref} tabIndex={focusable.tabIndex}>
      {children}
    </div>
  );
}

type LinkProps = ComponentPropsWithoutRef<'a'> & ExtraProps;

function ArticleLink({ href, title, children }: LinkProps) {
  const goToHeading = useGoToHeading();
  const target = linkTarget(href);
  const url = href ?? '';
  switch (target.kind) {
    case 'external':
    case 'server':
      return (
        <Anchor href={url} title={title} target="_blank" rel="noopener noreferrer" underline="always">
          {children} <ConceptIcon concept="external" size={12} style={{ verticalAlign: 'middle' }} />
          <VisuallyHidden>{T.opensInNewTab}</VisuallyHidden>
        </Anchor>
      );
    case 'mailto':
      return (
        <Anchor href={url} title={title} underline="always">
          {children}
        </Anchor>
      );
    case 'screen':
      return (
        <ScreenLink to={url} underline="always">
          {children}
        </ScreenLink>
      );
    case 'article':
      return (
        <Anchor component={Link} to={url} title={title} underline="always">
          {children}
        </Anchor>
      );
    case 'heading':
      return (
        <Anchor
          href={`#${encodeURIComponent(target.id)}`}
          title={title}
          underline="always"
          onClick={(event) => {
            event.preventDefault();
            goToHeading(target.id);
          }}
        >
          {children}
        </Anchor>
      );
    default:
      // Not a link: an unsafe URL (emptied by the URL filter) or one that leads nowhere here.
      return <span>{children}</span>;
  }
}

type HeadingTag = 'h3' | 'h4' | 'h5' | 'h6';

/** The components of one article: its headings get the ids of its table of contents. */
function articleComponents(idByLine: ReadonlyMap<number, string>): Components {
  const heading = (Tag: HeadingTag) =>
    function Heading({ node, children }: ComponentPropsWithoutRef<'h2'> & ExtraProps) {
      const line = node?.position?.start.line;
      const id = line === undefined ? undefined : idByLine.get(line);
      return (
        <Tag id={id} tabIndex={id === undefined ? undefined : -1}>
          {children}
        </Tag>
      );
    };
  return {
    // A `#` heading does not belong in an article (the page has one h1): it is shown as a section.
    h1: heading('h3'),
    h2: heading('h3'),
    h3: heading('h4'),
    h4: heading('h5'),
    h5: heading('h6'),
    h6: heading('h6'),
    a: ArticleLink,
    code: ({ node: _node, ...props }) => <code dir="ltr" {...props} />,
    pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
    table: ({ node: _node, ...props }) => (
      <TableScroll>
        <table {...props} />
      </TableScroll>
    ),
  };
}

export function MarkdownView({ markdown, headings }: MarkdownViewProps) {
  const components = useMemo(() => {
    const sections = headings ?? headingsOf(markdown);
    return articleComponents(new Map(sections.map((h) => [h.line, h.id])));
  }, [markdown, headings]);
  return (
    <Typography className={classes.body}>
      <Markdown
        remarkPlugins={REMARK_PLUGINS}
        components={components}
        skipHtml
        disallowedElements={DISALLOWED}
        urlTransform={defaultUrlTransform}
      >
        {markdown}
      </Markdown>
    </Typography>
  );
}
