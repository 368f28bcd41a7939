import { Fragment, type ReactNode } from 'react';
import { useT, type MessageId, type MessageValues } from './i18n.tsx';

/*
 * Messages with elements in them, kept whole for the translator: each language puts the element
 * where its grammar wants it, rather than a sentence cut in pieces that only read right in English.
 */

/** What each tag of a message becomes: `{ faqs: (text) => <Link to={Routes.faqs}>{text}</Link> }`. */
export type RichTags = Record<string, (text: string) => ReactNode>;

const TAG = /<([a-zA-Z]+)>([\s\S]*?)<\/\1>/g;
// A private-use character, which no message or value of the shop contains, marks where each element value goes.
const MARK = '\uE000';
const SLOT = /\uE000(\d+)\uE000/;

/** Text with element values' marks made into those elements (split() with a group: elements at odd indexes). */
const withElements = (text: string, nodes: ReactNode[], key: number | string): ReactNode =>
  text.includes(MARK) ? (
    <Fragment key={key}>
      {text.split(SLOT).map((part, index) => (
        <Fragment key={index}>{index % 2 === 0 ? part : nodes[Number(part)]}</Fragment>
      ))}
    </Fragment>
  ) : (
    text
  );

/**
 * `rich('auth.confirm.done', { email: <EmailAddress value={…} /> })` puts an element where the
 * message names it; `rich('about.offer.delivery', { free: 150 }, { shipping: (text) => <Link …>{text}</Link> })`
 * makes the message's `<shipping>…</shipping>` an element around its words. Tags do not nest; one
 * the caller does not name stays text.
 */
export function useRichT() {
  const t = useT();
  return (id: MessageId, values: Record<string, ReactNode> = {}, tags: RichTags = {}): ReactNode => {
    const nodes: ReactNode[] = [];
    const plain: MessageValues = {};
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string' || typeof value === 'number') plain[name] = value;
      else plain[name] = `${MARK}${nodes.push(value) - 1}${MARK}`;
    }
    const text = t(id, plain);
    const parts: ReactNode[] = [];
    let last = 0;
    for (const match of text.matchAll(TAG)) {
      const render = tags[match[1]!];
      if (!render) continue;
      parts.push(
        withElements(text.slice(last, match.index), nodes, `t${last}`),
        <Fragment key={match.index}>{render(match[2]!)}</Fragment>,
      );
      last = match.index + match[0].length;
    }
    parts.push(withElements(text.slice(last), nodes, `t${last}`));
    return parts;
  };
}
