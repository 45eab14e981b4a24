// Descriptions render as plain elements: markup becomes tags, anything HTML-like stays text.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText } from './RichText';

const render = (source: string, className?: string) => renderToStaticMarkup(<RichText source={source} className={className} />);

describe('RichText', () => {
  it('renders headings, paragraphs with breaks, lists and inline markup inside the wrapper', () => {
    expect(render('## Programm\n\nEin **großer** _Abend_\nmit Band\n\n- Bier\n- Wein', 'prose')).toBe(
      '<div class="prose"><h3>Programm</h3><p>Ein <strong>großer</strong> <em>Abend</em><br/>mit Band</p><ul><li>Bier</li><li>Wein</li></ul></div>',
    );
  });

  it('renders web links with rel noopener noreferrer and no target, mail links without rel', () => {
    expect(render('[Tickets](https://x.example/t?a=1&b=2) [Mail](mailto:a@x.example)')).toBe(
      '<div><p><a href="https://x.example/t?a=1&amp;b=2" rel="noopener noreferrer">Tickets</a> <a href="mailto:a@x.example">Mail</a></p></div>',
    );
  });

  it('escapes HTML in the source instead of rendering it', () => {
    const html = render('<script>alert(1)</script> <b onclick="x">fett</b> [x](javascript:alert(1))');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b ');
    expect(html).not.toContain('href');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('renders an empty wrapper for an empty description', () => {
    expect(render('')).toBe('<div></div>');
  });
});
