import { createElement, Fragment, type ReactNode } from 'react';

/*
 * Notification descriptions are "rendered as HTML" (spec section 3): the error toast lists
 * validation messages as a bullet list, and a few notices want emphasis or a link. Server text
 * can echo user input, so instead of `dangerouslySetInnerHTML` the markup is parsed in an inert
 * document and rebuilt as React elements from an allow-list of simple tags, with no attributes
 * except a checked `href` on links. Anything else is unwrapped to its text; script-like elements
 * are dropped with their content. A description without tags is rendered as plain text.
 */

const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'ul', 'ol', 'li', 'code', 'span', 'a']);
const DROPPED_TAGS = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math']);
const SAFE_HREF = /^(https?:\/\/|\/(?!\/)|mailto:)/i;

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;

  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;

  const children = Array.from(element.childNodes, convert);
  if (!ALLOWED_TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!SAFE_HREF.test(href)) return createElement(Fragment, { key }, ...children);
    const external = /^https?:/i.test(href);
    return createElement(
      'a',
      { key, href, className: 'underline', ...(external && { target: '_blank', rel: 'noopener noreferrer' }) },
      ...children,
    );
  }
  if (tag === 'ul' || tag === 'ol') {
    return createElement(tag, { key, className: `${tag === 'ul' ? 'list-disc' : 'list-decimal'} ps-5` }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/** Renders a string that may contain simple HTML, safely (see the note above). */
export function SafeHtml({ html }: { html: string }): ReactNode {
  if (!/[<&]/.test(html) || typeof DOMParser === 'undefined') return html;
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return Array.from(body.childNodes, convert);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text before it is placed inside markup handed to <SafeHtml>. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
