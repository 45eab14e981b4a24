// Event descriptions in simple formatting parse into safe blocks and inlines, and read well as plain text.
import { describe, expect, it } from 'vitest';
import { parseRichText, plainText, RICH_TEXT_MAX, type Inline } from './rich-text';

const text = (value: string): Inline => ({ type: 'text', text: value });
/** The inlines of a source that is a single paragraph. */
const inline = (source: string): Inline[] => {
  const blocks = parseRichText(source);
  expect(blocks).toHaveLength(1);
  const [block] = blocks;
  if (block?.type !== 'paragraph') throw new Error(`expected a paragraph, got ${block?.type}`);
  return block.children;
};

describe('parseRichText blocks', () => {
  it('separates paragraphs at blank lines and keeps single line breaks', () => {
    expect(parseRichText('Einlass 19 Uhr\nBeginn 20 Uhr\n\n  \nEnde gegen 23 Uhr')).toEqual([
      { type: 'paragraph', children: [text('Einlass 19 Uhr'), { type: 'break' }, text('Beginn 20 Uhr')] },
      { type: 'paragraph', children: [text('Ende gegen 23 Uhr')] },
    ]);
  });

  it('treats \\r\\n like \\n', () => {
    expect(parseRichText('a\r\nb\r\n\r\nc')).toEqual(parseRichText('a\nb\n\nc'));
  });

  it('reads a block of "- " or "* " lines as a bullet list, one item per line', () => {
    expect(parseRichText('- Bier\n* **Wein**\n- Saft')).toEqual([
      { type: 'list', items: [[text('Bier')], [{ type: 'strong', children: [text('Wein')] }], [text('Saft')]] },
    ]);
  });

  it('keeps a block as a paragraph unless every line is a list item', () => {
    expect(parseRichText('Getränke:\n- Bier')).toEqual([
      { type: 'paragraph', children: [text('Getränke:'), { type: 'break' }, text('- Bier')] },
    ]);
  });

  it('makes a "## " line a heading block of its own', () => {
    expect(parseRichText('Intro\n## Programm\n- Band\n- DJ')).toEqual([
      { type: 'paragraph', children: [text('Intro')] },
      { type: 'heading', children: [text('Programm')] },
      { type: 'list', items: [[text('Band')], [text('DJ')]] },
    ]);
  });

  it('does not make headings of "##" without text or "#" lines', () => {
    expect(parseRichText('##\n# Titel\n##Kein Abstand')).toEqual([
      { type: 'paragraph', children: [text('##'), { type: 'break' }, text('# Titel'), { type: 'break' }, text('##Kein Abstand')] },
    ]);
  });

  it('gives no blocks for empty or blank input', () => {
    expect(parseRichText('')).toEqual([]);
    expect(parseRichText(' \n\r\n\t')).toEqual([]);
  });
});

describe('parseRichText inlines', () => {
  it('reads **bold**, *italic* and _italic_', () => {
    expect(inline('ein **fetter**, *schräger* und _kursiver_ Text')).toEqual([
      text('ein '),
      { type: 'strong', children: [text('fetter')] },
      text(', '),
      { type: 'emphasis', children: [text('schräger')] },
      text(' und '),
      { type: 'emphasis', children: [text('kursiver')] },
      text(' Text'),
    ]);
  });

  it('nests italic inside bold and bold inside italic', () => {
    expect(inline('**bold _and italic_**')).toEqual([
      { type: 'strong', children: [text('bold '), { type: 'emphasis', children: [text('and italic')] }] },
    ]);
    expect(inline('*kursiv **und fett***')).toEqual([
      { type: 'emphasis', children: [text('kursiv '), { type: 'strong', children: [text('und fett')] }] },
    ]);
    expect(inline('***beides***')).toEqual([{ type: 'emphasis', children: [{ type: 'strong', children: [text('beides')] }] }]);
  });

  it('reads [text](url) links to https, http and mailto, with markup in the text', () => {
    expect(inline('[**Tickets**](https://nordlicht.example/tickets?a=1&b=2), [alt](http://x.example) oder [Mail](mailto:info@nordlicht.example)')).toEqual([
      { type: 'link', href: 'https://nordlicht.example/tickets?a=1&b=2', children: [{ type: 'strong', children: [text('Tickets')] }] },
      text(', '),
      { type: 'link', href: 'http://x.example', children: [text('alt')] },
      text(' oder '),
      { type: 'link', href: 'mailto:info@nordlicht.example', children: [text('Mail')] },
    ]);
  });

  it('allows one level of parentheses in a link target', () => {
    expect(inline('[Jazz](https://de.wikipedia.org/wiki/Jazz_(Musik)).')).toEqual([
      { type: 'link', href: 'https://de.wikipedia.org/wiki/Jazz_(Musik)', children: [text('Jazz')] },
      text('.'),
    ]);
  });

  it('leaves links with other schemes as plain text', () => {
    for (const source of [
      '[klick](javascript:alert(1))',
      '[klick](JavaScript:alert(document.cookie))',
      '[klick](data:text/html,<script>alert(1)</script>)',
      '[klick](//evil.example)',
      '[klick](/relative)',
      '[klick](https://)',
      '[klick](ftp://files.example)',
      '[klick]( https://x.example)',
    ]) {
      expect(inline(source), source).toEqual([text(source)]);
    }
  });

  it('does not nest a link inside a link', () => {
    const nodes = inline('[a [b](https://b.example) c](https://a.example)');
    expect(nodes).toEqual([
      text('[a '),
      { type: 'link', href: 'https://b.example', children: [text('b')] },
      text(' c](https://a.example)'),
    ]);
  });

  it('leaves unclosed and empty markers as plain text', () => {
    for (const source of ['**fett', 'kursiv*', '_halb', '[Tickets', 'Tickets](https://x.example)', '[](https://x.example)', '****', '__init__', '** x **']) {
      expect(inline(source), source).toEqual([text(source)]);
    }
    expect(inline('**fett *kursiv**')).toEqual([{ type: 'strong', children: [text('fett *kursiv')] }]);
  });

  it('does not read stars between spaces or underscores inside words as emphasis', () => {
    for (const source of ['2 * 3 * 4', 'snake_case_name', 'datei_v2_final.pdf']) {
      expect(inline(source), source).toEqual([text(source)]);
    }
  });

  it('lets emphasis span a line break', () => {
    expect(inline('*eins\nzwei*')).toEqual([{ type: 'emphasis', children: [text('eins'), { type: 'break' }, text('zwei')] }]);
  });

  it('parses maximal descriptions full of markers quickly', () => {
    for (const unit of ['*_[**', 'a* ', '[a', 'a_ ', '](https://x', ' **a']) {
      const source = unit.repeat(Math.floor(RICH_TEXT_MAX / unit.length));
      const started = performance.now();
      const blocks = parseRichText(source);
      expect(performance.now() - started, unit).toBeLessThan(200);
      expect(blocks.length, unit).toBe(1);
    }
  });

  it('keeps unmatched markers of a long description as text', () => {
    const source = 'a* '.repeat(3000);
    expect(plainText(source) === source.trim()).toBe(true);
  });
});

describe('plainText', () => {
  it('drops markup, shows links as their text, lists as bullets and joins blocks with blank lines', () => {
    const source = [
      '## Programm',
      '',
      'Ein **besonderer** Abend mit _Live-Musik_.\nInfos [hier](https://nordlicht.example).',
      '',
      '- Band\n- [DJ](https://dj.example)',
      '',
      'Kein Link: [x](javascript:void(0))',
    ].join('\r\n');
    expect(plainText(source)).toBe(
      'Programm\n\nEin besonderer Abend mit Live-Musik.\nInfos hier.\n\n• Band\n• DJ\n\nKein Link: [x](javascript:void(0))',
    );
  });

  it('is empty for an empty description', () => {
    expect(plainText('')).toBe('');
  });
});

it('limits descriptions to 10 000 characters', () => {
  expect(RICH_TEXT_MAX).toBe(10000);
});
