/**
 * The one place where blog HTML is made safe to render (accounts spec section 3: `content` is HTML, shown as is by
 * the post page). Built on sanitize-html with an allow-list: article markup (headings, paragraphs, lists, links,
 * images, tables, code, quotations, figures) is kept; scripts, styles, iframes, forms, event-handler attributes and
 * `style` attributes are removed, and so are `javascript:` (and any non-http) link targets.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'a', 'img', 'figure', 'figcaption', 'blockquote',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'pre', 'code', 'kbd', 'samp',
    'em', 'strong', 'i', 'b', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'cite', 'q', 'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    abbr: ['title'],
    // Only `language-*` classes survive (allowedClasses below), so code keeps its language for highlighting.
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  // Links go to the web or a mail address; images come from our own site (a relative path) or over https.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link never hands our window to the page it opens.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** `html` with everything outside the article allow-list removed (see the module comment). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
