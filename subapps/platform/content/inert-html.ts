/** Elements that run code or pull in other documents; a draft shown for editing never keeps them. */
const ACTIVE = 'script, style, iframe, frame, object, embed, link, meta, base, form, svg, math, template';
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset'];

/**
 * The HTML made inert for showing inside the editing area: no active elements, no event handlers,
 * no script URLs. DOMParser builds a document that neither runs scripts nor loads images, so
 * parsing the draft here is safe. This is not the sanitising the server does on every save.
 */
export function inertHtml(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.body.querySelectorAll(ACTIVE).forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const scriptUrl = URL_ATTRIBUTES.includes(name) && !/^(https?:|\/|#|mailto:)/i.test(attr.value.trim());
      if (name.startsWith('on') || name === 'style' || scriptUrl) el.removeAttribute(attr.name);
    }
  });
  return doc.body.innerHTML;
}
