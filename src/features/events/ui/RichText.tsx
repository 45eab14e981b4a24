// An event description in simple formatting, rendered as elements so admin text can never become HTML.
import type { ReactNode } from 'react';
import { parseRichText, type Inline } from '../rich-text';

export function RichText({ source, className }: { source: string; className?: string }) {
  return (
    <div className={className}>
      {parseRichText(source).map((block, index) => {
        switch (block.type) {
          case 'heading':
            return <h3 key={index}>{inlines(block.children)}</h3>;
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inlines(item)}</li>
                ))}
              </ul>
            );
          case 'paragraph':
            return <p key={index}>{inlines(block.children)}</p>;
        }
      })}
    </div>
  );
}

function inlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return <strong key={index}>{inlines(node.children)}</strong>;
      case 'emphasis':
        return <em key={index}>{inlines(node.children)}</em>;
      case 'link':
        // Links open in the same tab; rel keeps the referrer and window handle from other sites.
        return (
          <a key={index} href={node.href} rel={/^https?:/i.test(node.href) ? 'noopener noreferrer' : undefined}>
            {inlines(node.children)}
          </a>
        );
    }
  });
}
