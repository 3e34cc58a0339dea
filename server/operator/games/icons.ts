/**
 * Generated icons: square SVGs for games and vendors, a wide one for a merchant's logo. No
 * external images and no fonts beyond a generic family; colours and the shape come from a hash
 * of the id, the letters from the name, so every game's icon differs.
 */
import { createHash } from "node:crypto";

export const ICON_HEADERS = { "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" };
export const SVG_TYPE = "image/svg+xml";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hashBytes(seed: string): Buffer {
  return createHash("sha256").update(seed).digest();
}

const hsl = (h: number, s: number, l: number) => `hsl(${h % 360} ${s}% ${l}%)`;

/** Up to two letters: the first of the first two words, or the first two of a single word. */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) return [...words[0]].slice(0, 2).join("").toUpperCase();
  return words
    .slice(0, 2)
    .map((w) => [...w][0])
    .join("")
    .toUpperCase();
}

/** A decoration drawn behind the letters, chosen by the hash. */
function shape(kind: number, colour: string, b: Buffer): string {
  const r = 30 + (b[6] % 14);
  switch (kind % 6) {
    case 0:
      return `<circle cx="64" cy="64" r="${r + 8}" fill="none" stroke="${colour}" stroke-width="10" opacity="0.55"/>`;
    case 1:
      return `<path d="M64 ${64 - r - 14}L${64 + r + 14} 64L64 ${64 + r + 14}L${64 - r - 14} 64Z" fill="${colour}" opacity="0.45"/>`;
    case 2: {
      const points = Array.from({ length: 10 }, (_, i) => {
        const radius = i % 2 === 0 ? r + 18 : r - 6;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        return `${(64 + radius * Math.cos(a)).toFixed(1)},${(64 + radius * Math.sin(a)).toFixed(1)}`;
      });
      return `<polygon points="${points.join(" ")}" fill="${colour}" opacity="0.45"/>`;
    }
    case 3: {
      const points = Array.from({ length: 6 }, (_, i) => {
        const a = (Math.PI / 3) * i;
        return `${(64 + (r + 10) * Math.cos(a)).toFixed(1)},${(64 + (r + 10) * Math.sin(a)).toFixed(1)}`;
      });
      return `<polygon points="${points.join(" ")}" fill="${colour}" opacity="0.45"/>`;
    }
    case 4:
      return Array.from({ length: 8 }, (_, i) => {
        const a = (Math.PI / 4) * i + (b[7] % 45) / 57.3;
        const x = (64 + 60 * Math.cos(a)).toFixed(1);
        const y = (64 + 60 * Math.sin(a)).toFixed(1);
        return `<line x1="64" y1="64" x2="${x}" y2="${y}" stroke="${colour}" stroke-width="6" opacity="0.35"/>`;
      }).join("");
    default:
      return `<rect x="${64 - r}" y="${64 - r}" width="${2 * r}" height="${2 * r}" rx="12" fill="none" stroke="${colour}" stroke-width="9" opacity="0.5" transform="rotate(${b[8] % 90} 64 64)"/>`;
  }
}

/**
 * A product picture: gradient and two shapes, no words — the portal names the picture in the
 * page's language (its alt), so a caption here would be in the wrong language five times in six.
 */
export function pictureSvg(seed: string): string {
  const b = hashBytes(seed);
  const hue = (b[0] << 8) | b[1];
  const id = `p${b.toString("hex").slice(0, 8)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" aria-hidden="true">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="${b[9] % 2}" y2="1">`,
    `<stop offset="0" stop-color="${hsl(hue, 55 + (b[2] % 30), 30 + (b[3] % 12))}"/><stop offset="1" stop-color="${hsl(hue + 40 + (b[4] % 80), 60, 48 + (b[5] % 15))}"/></linearGradient></defs>`,
    `<rect width="128" height="128" rx="20" fill="url(#${id})"/>`,
    shape(b[10], hsl(hue + 180, 80, 70), b),
    shape(b[11] + 3, hsl(hue + 90, 70, 85), hashBytes(`${seed}:inner`)),
    `</svg>`,
  ].join("");
}

/** A square icon: gradient, a shape, the letters and a small badge text (the vendor or type). */
export function squareIcon(seed: string, letters: string, badge: string): string {
  const b = hashBytes(seed);
  const hue = (b[0] << 8) | b[1];
  const c1 = hsl(hue, 55 + (b[2] % 30), 28 + (b[3] % 12));
  const c2 = hsl(hue + 40 + (b[4] % 80), 60, 45 + (b[5] % 15));
  const accent = hsl(hue + 180, 80, 70);
  const id = `g${b.toString("hex").slice(0, 8)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${escapeXml(letters)}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="${b[9] % 2}" y2="1">`,
    `<stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>`,
    `<rect width="128" height="128" rx="20" fill="url(#${id})"/>`,
    shape(b[10], accent, b),
    `<text x="64" y="78" text-anchor="middle" font-family="sans-serif" font-size="${[...letters].length > 2 ? 30 : 40}" font-weight="700" fill="#fff">${escapeXml(letters)}</text>`,
    `<text x="64" y="116" text-anchor="middle" font-family="sans-serif" font-size="11" fill="#fff" opacity="0.8">${escapeXml(badge)}</text>`,
    `</svg>`,
  ].join("");
}

/** A merchant's logo: an emblem and the site title, 4:1. */
export function logoSvg(code: string, title: string, primary: string, accent: string): string {
  const b = hashBytes(`logo:${code}`);
  const id = `l${b.toString("hex").slice(0, 8)}`;
  const safeTitle = escapeXml(title);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60" width="240" height="60" role="img" aria-label="${safeTitle}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${escapeXml(primary)}"/><stop offset="1" stop-color="${escapeXml(accent)}"/></linearGradient></defs>`,
    `<circle cx="30" cy="30" r="24" fill="url(#${id})"/>`,
    `<text x="30" y="38" text-anchor="middle" font-family="sans-serif" font-size="22" font-weight="700" fill="#fff">${escapeXml(initials(title))}</text>`,
    `<text x="62" y="39" font-family="sans-serif" font-size="24" font-weight="700" fill="${escapeXml(primary)}" textLength="170" lengthAdjust="spacingAndGlyphs">${safeTitle}</text>`,
    `</svg>`,
  ].join("");
}
