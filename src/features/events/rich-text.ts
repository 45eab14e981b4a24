// The "simple formatting" of event descriptions, parsed into a tree that is rendered as elements, never as HTML.
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'emphasis'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; children: Inline[] }
  | { type: 'list'; items: Inline[][] };

/** The longest description admins may save, in characters. */
export const RICH_TEXT_MAX = 10000;

const HEADING = /^## (.*\S.*)$/;
const LIST_ITEM = /^[-*] /;

/**
 * Blocks are separated by blank lines; `## ` lines are headings; a block of `- ` or `* ` lines is
 * a bullet list; other lines form paragraphs whose single line breaks are kept.
 */
export function parseRichText(source: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    if (lines.every((line) => LIST_ITEM.test(line))) blocks.push({ type: 'list', items: lines.map((line) => parseInline(line.slice(2).trim())) });
    else blocks.push({ type: 'paragraph', children: parseInline(lines.join('\n')) });
    lines = [];
  };
  for (const raw of source.split(/\r\n|\r|\n/)) {
    // Stray spaces around lines come from pasting and are never meant to show.
    const line = raw.trim();
    const heading = HEADING.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      blocks.push({ type: 'heading', children: parseInline(heading[1]!.trim()) });
    } else lines.push(line);
  }
  flush();
  return blocks;
}

/** The text without markup, for meta descriptions, calendar files and schema.org. */
export function plainText(source: string): string {
  return parseRichText(source)
    .map((block) => (block.type === 'list' ? block.items.map((item) => `• ${inlineText(item)}`).join('\n') : inlineText(block.children)))
    .join('\n\n');
}

function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.text;
      if (node.type === 'break') return '\n';
      return inlineText(node.children);
    })
    .join('');
}

type Marker = '**' | '*' | '_' | '[';
type Opener = { type: 'opener'; marker: Marker };
type Item = Inline | Opener;

const SAFE_URL = /^(?:https?:\/\/|mailto:)\S/i;
// One level of parentheses is allowed, as in https://de.wikipedia.org/wiki/Jazz_(Musik).
const LINK_TARGET = /\]\(((?:[^\s()]|\([^\s()]*\))*)\)/y;
const WHITESPACE = /\s/u;
const WORD = /[\p{L}\p{N}]/u;
const SPECIAL = /[*_[\]\n]/;

/**
 * Inline markup, matched the way CommonMark matches delimiters: openers wait on a stack and the
 * nearest fitting one is closed, so unclosed markers stay plain text and the work stays linear.
 */
function parseInline(source: string): Inline[] {
  const items: Item[] = [];
  // Indexes into items of the openers still waiting, innermost last.
  const openers: number[] = [];
  // Openers below these have already been searched for the marker in vain, and cannot start to fit.
  const searchFloor: Record<Marker, number> = { '**': 0, '*': 0, _: 0, '[': 0 };

  const findOpener = (marker: Marker): number => {
    for (let i = openers.length - 1; i >= searchFloor[marker]; i--) {
      const item = items[openers[i]!];
      if (item?.type === 'opener' && item.marker === marker) return i;
    }
    searchFloor[marker] = openers.length;
    return -1;
  };

  /** Closes the opener at position i of the stack, giving the items after it to a new node. */
  const close = (i: number, make: (children: Inline[]) => Inline) => {
    const at = openers[i]!;
    const children = settle(items.splice(at + 1));
    items.pop();
    openers.length = i;
    for (const marker of Object.keys(searchFloor) as Marker[]) searchFloor[marker] = Math.min(searchFloor[marker], i);
    items.push(make(children));
  };

  const delimiter = (marker: '**' | '*' | '_', start: number) => {
    const before = source[start - 1];
    const after = source[start + marker.length];
    // Like CommonMark's flanking rules: "2 * 3 * 4" and snake_case_names are not emphasis.
    let canOpen = after !== undefined && !WHITESPACE.test(after);
    let canClose = before !== undefined && !WHITESPACE.test(before);
    if (marker === '_') {
      canOpen &&= before === undefined || !WORD.test(before);
      canClose &&= after === undefined || !WORD.test(after);
    }
    if (canClose) {
      const i = findOpener(marker);
      // An empty pair ("****" has been ruled out, but "_ _" has not) is text, not an empty element.
      if (i >= 0 && openers[i]! < items.length - 1) {
        close(i, (children) => (marker === '**' ? { type: 'strong', children } : { type: 'emphasis', children }));
        return;
      }
    }
    if (canOpen) {
      openers.push(items.length);
      items.push({ type: 'opener', marker });
    } else items.push({ type: 'text', text: marker });
  };

  let position = 0;
  while (position < source.length) {
    const char = source[position]!;
    if (char === '\n') {
      items.push({ type: 'break' });
      position += 1;
    } else if (char === '*' || char === '_') {
      let run = 1;
      while (source[position + run] === char) run += 1;
      if (char === '_' && run > 1) items.push({ type: 'text', text: source.slice(position, position + run) });
      else if (run === 1) delimiter(char, position);
      else if (run === 2) delimiter('**', position);
      else if (run === 3) {
        // "***x***" is emphasis around strong: open the single star outside, close it outside.
        const opening = position === 0 || WHITESPACE.test(source[position - 1]!);
        if (opening) {
          delimiter('*', position);
          delimiter('**', position + 1);
        } else {
          delimiter('**', position);
          delimiter('*', position + 2);
        }
      } else items.push({ type: 'text', text: source.slice(position, position + run) });
      position += run;
    } else if (char === '[') {
      openers.push(items.length);
      items.push({ type: 'opener', marker: '[' });
      position += 1;
    } else if (char === ']') {
      LINK_TARGET.lastIndex = position;
      const target = LINK_TARGET.exec(source);
      const i = target && SAFE_URL.test(target[1]!) ? findOpener('[') : -1;
      if (target && i >= 0 && openers[i]! < items.length - 1) {
        close(i, (children) => ({ type: 'link', href: target[1]!, children }));
        // A link inside a link is not valid HTML, so brackets opened before this one become text.
        for (let j = openers.length - 1; j >= 0; j--) {
          const at = openers[j]!;
          if ((items[at] as Opener).marker === '[') {
            items[at] = { type: 'text', text: '[' };
            openers.splice(j, 1);
          }
        }
        // Removing openers shifts the stack under the floors; searching it afresh is simpler and rare.
        for (const marker of Object.keys(searchFloor) as Marker[]) searchFloor[marker] = 0;
        position += target[0].length;
      } else {
        // An unsafe or missing target leaves the whole "[text](url)" as written, so nothing is hidden.
        const literal = target ? target[0] : ']';
        items.push({ type: 'text', text: literal });
        position += literal.length;
      }
    } else {
      let end = position + 1;
      while (end < source.length && !SPECIAL.test(source[end]!)) end += 1;
      items.push({ type: 'text', text: source.slice(position, end) });
      position = end;
    }
  }
  return settle(items);
}

/** Turns openers that never closed back into their text and joins neighbouring text. */
function settle(items: Item[]): Inline[] {
  const nodes: Inline[] = [];
  for (const item of items) {
    const node: Inline = item.type === 'opener' ? { type: 'text', text: item.marker } : item;
    const last = nodes.at(-1);
    if (node.type === 'text' && last?.type === 'text') nodes[nodes.length - 1] = { type: 'text', text: last.text + node.text };
    else nodes.push(node);
  }
  return nodes;
}
