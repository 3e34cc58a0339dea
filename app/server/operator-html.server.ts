/**
 * Operator-supplied HTML (notices, promotions, help topics) as the portal renders it: cleaned on
 * the server by an allow-list sanitiser (sanitize-html), once per cached answer, before any page
 * draws it with dangerouslySetInnerHTML. The operator's back office is another party: what it
 * sends must not run script in the portal's origin, post a form, frame a page, or break the CSP
 * (no inline styles, no event handlers; images only from https: or the operator's own origins,
 * which img-src names).
 */
import sanitizeHtml from "sanitize-html";
import { config } from "~/server/config.server";

/** Headings start at h3: the page's h1 and the item's own h2 are above them. */
const HEADING = { h1: "h3", h2: "h3" } as const;

const ALLOWED_TAGS = [
  "p", "br", "hr", "strong", "b", "em", "i", "u", "s", "small", "sub", "sup", "span", "div",
  "h3", "h4", "h5", "ul", "ol", "li", "blockquote", "a", "img",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
]; // prettier-ignore

/** The operator's origins: http: images are allowed from these only (img-src names them). */
function operatorOrigins(): Set<string> {
  const origins = new Set<string>();
  for (const url of [config().OPERATOR_API_URL, config().OPERATOR_PUBLIC_URL]) {
    if (!url) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // checked at start-up
    }
  }
  return origins;
}

function imageAllowed(src: string, origins: Set<string>): boolean {
  try {
    const url = new URL(src);
    return url.protocol === "https:" || (url.protocol === "http:" && origins.has(url.origin));
  } catch {
    return false;
  }
}

/** An image address of the operator's (a QR code's, say) if a page may draw it, else null: the same rule as images in its HTML. */
export function operatorImageUrl(src: string): string | null {
  return imageAllowed(src, operatorOrigins()) ? src : null;
}

/** The operator's HTML, safe to render in a page of the portal. */
export function cleanOperatorHtml(dirty: string): string {
  if (!dirty) return "";
  const origins = operatorOrigins();
  return sanitizeHtml(dirty, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "width", "height", "loading"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan", "scope"],
    },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    allowedSchemesByTag: { img: ["https", "http"] },
    allowProtocolRelative: false,
    // Script, style and their contents go entirely; other unknown tags leave their text.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "iframe", "object"],
    disallowedTagsMode: "discard",
    transformTags: {
      ...HEADING,
      // A link leaves the portal in a new tab, cut from this page; a link of the portal's own stays.
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        const external = /^https?:\/\//i.test(href);
        const { title } = attribs;
        return {
          tagName,
          attribs: external
            ? { href, ...(title ? { title } : {}), target: "_blank", rel: "noopener noreferrer nofollow" }
            : { ...(href ? { href } : {}), ...(title ? { title } : {}) },
        };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !imageAllowed(frame.attribs.src ?? "", origins),
  });
}

const TEXT_ENTITIES: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/**
 * The text of the operator's HTML, for a title or a ticker: no markup at all. Plain text, not
 * HTML: React escapes it where it is drawn, so the sanitiser's own escapes are undone (one pass:
 * "&amp;lt;" stays the text "&lt;"), else "VPN & Device" would read "VPN &amp; Device".
 */
export function operatorText(dirty: string): string {
  return sanitizeHtml(dirty, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => TEXT_ENTITIES[entity])
    .replace(/\s+/g, " ")
    .trim();
}
