/**
 * Generated artwork for banners (1200x400) and promotions (800x400): a gradient, a few shapes and
 * the item's title in the language asked for. No external images or web fonts; the font list
 * names the system faces that carry CJK and Thai, so every language finds glyphs.
 */
import { createHash } from "node:crypto";

export const SVG_HEADERS = { "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" };
export const SVG_TYPE = "image/svg+xml";

const FONTS = `'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans Thai', Tahoma, sans-serif`;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string);
}

/** Roughly how wide a character sets, in ems: full-width scripts take one, the rest about half. */
const widthOf = (text: string) =>
  [...text].reduce((sum, c) => sum + (/[\u1100-\uffef]/.test(c) && !/[\u0e00-\u0e7f]/.test(c) ? 1 : 0.56), 0);

/** At most two lines that fit `maxEm`: by words where the script has spaces, else by characters. */
export function wrapTitle(title: string, maxEm: number): string[] {
  const text = title.trim().replace(/\s+/g, " ");
  if (widthOf(text) <= maxEm) return [text];
  const parts = text.includes(" ") ? text.split(" ") : [...text];
  const glue = text.includes(" ") ? " " : "";
  const lines: string[] = [""];
  for (const part of parts) {
    const line = lines[lines.length - 1];
    const next = line === "" ? part : `${line}${glue}${part}`;
    if (widthOf(next) <= maxEm || line === "") lines[lines.length - 1] = next;
    else if (lines.length < 2) lines.push(part);
    else {
      lines[1] = `${lines[1]}${glue}${part}`;
    }
  }
  if (widthOf(lines[1] ?? "") > maxEm) {
    const chars = [...lines[1]];
    while (chars.length > 1 && widthOf(`${chars.join("")}…`) > maxEm) chars.pop();
    lines[1] = `${chars.join("").trimEnd()}…`;
  }
  return lines;
}

const hsl = (h: number, s: number, l: number) => `hsl(${h % 360}, ${s}%, ${l}%)`;

/** The artwork of one item: colours and shapes from its id, so each differs and stays the same. */
export function artworkSvg(seed: string, title: string, width: number, height: number): string {
  const b = createHash("sha256").update(seed).digest();
  const hue = (b[0] << 8) | b[1];
  const id = `c${b.toString("hex").slice(0, 8)}`;
  // Narrow artwork gets a smaller face, so a long title still fits in two lines.
  const fontSize = Math.round(Math.min(height / 7, width / 18));
  const lines = wrapTitle(title, (width - 160) / fontSize);
  const top = height / 2 - ((lines.length - 1) * fontSize * 1.25) / 2 + fontSize / 3;
  const circles = Array.from({ length: 5 }, (_, i) => {
    const r = 30 + (b[2 + i] % 90);
    const cx = (b[7 + i] / 255) * width;
    const cy = (b[12 + i] / 255) * height;
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r}" fill="${hsl(hue + 60 * i, 80, 75)}" opacity="0.18"/>`;
  }).join("");
  const stripe = `<path d="M${width * 0.62} 0L${width} 0L${width} ${height}L${width * 0.48} ${height}Z" fill="${hsl(hue + 200, 70, 60)}" opacity="0.22"/>`;
  const text = lines
    .map((line, i) => {
      const y = (top + i * fontSize * 1.25).toFixed(0);
      return `<text x="80" y="${y}" font-family="${FONTS}" font-size="${fontSize}" font-weight="700" fill="#fff">${escapeXml(line)}</text>`;
    })
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${hsl(hue, 65, 28)}"/><stop offset="1" stop-color="${hsl(hue + 50 + (b[4] % 60), 70, 46)}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#${id})"/>`,
    circles,
    stripe,
    `<rect x="80" y="${(top + (lines.length - 1) * fontSize * 1.25 + fontSize * 0.55).toFixed(0)}" width="120" height="8" rx="4" fill="${hsl(hue + 180, 90, 65)}"/>`,
    text,
    `</svg>`,
  ].join("");
}

/** A square QR-like mark for the WeChat resource: a stand-in the portal can show as an image. */
export function qrSvg(seed: string): string {
  const b = createHash("sha256").update(seed).digest();
  const cells: string[] = [];
  for (let y = 0; y < 21; y++) {
    for (let x = 0; x < 21; x++) {
      const finder = (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13);
      // Inside a corner square: its ring and its centre; elsewhere bits of the hash.
      const fx = x < 7 ? x : x - 14;
      const fy = y < 7 ? y : y - 14;
      const ring = fx === 0 || fx === 6 || fy === 0 || fy === 6 || (fx >= 2 && fx <= 4 && fy >= 2 && fy <= 4);
      const on = finder ? ring : ((b[(x * 21 + y) % 32] >> (y % 8)) & 1) === 1;
      if (on) cells.push(`<rect x="${x * 10 + 20}" y="${y * 10 + 20}" width="10" height="10"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 250" width="250" height="250" role="img" aria-label="WeChat"><rect width="250" height="250" fill="#fff"/><g fill="#111">${cells.join("")}</g></svg>`;
}
