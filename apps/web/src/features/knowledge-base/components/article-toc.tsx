import { Anchor, Text } from '@mantine/core';
import { useId } from 'react';
import classes from '../knowledge-base.module.css';
import type { ArticleHeading } from '../markdown-text.ts';
import { KNOWLEDGE_BASE_TEXTS as T } from '../texts.ts';
import { useGoToHeading } from './use-go-to-heading.ts';

/**
 * An article's table of contents: a link to each of its sections (its `##` headings, and under
 * them its `###` ones), which scrolls there and moves the focus to the section's heading.
 */
export function ArticleToc({ headings }: { headings: readonly ArticleHeading[] }) {
  const labelId = useId();
  const goToHeading = useGoToHeading();
  if (headings.length === 0) return null;
  return (
    <nav aria-labelledby={labelId} className={classes.toc}>
      <Text id={labelId} size="sm" fw={600} mb={6}>
        {T.contents}
      </Text>
      <ul className={classes.tocList}>
        {headings.map((heading) => (
          <li key={heading.id} data-level={heading.level}>
            <Anchor
              href={`#${encodeURIComponent(heading.id)}`}
              size="sm"
              onClick={(event) => {
                event.preventDefault();
                goToHeading(heading.id);
              }}
            >
              {heading.text}
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
