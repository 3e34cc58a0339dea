/**
 * Captcha image: an SVG with the digits drawn at slight random offsets and angles, crossed by
 * noise lines. Good enough for a test double; it only has to look like a captcha and carry the
 * answer for humans in demos.
 */
import { randomInt } from "node:crypto";

const WIDTH = 120;
const HEIGHT = 40;

function randomColor(min: number, max: number): string {
  const channel = () => randomInt(min, max).toString(16).padStart(2, "0");
  return `#${channel()}${channel()}${channel()}`;
}

/** SVG markup of the answer. */
export function captchaSvg(answer: string): string {
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="100%" height="100%" fill="${randomColor(220, 256)}"/>`,
  ];
  const step = WIDTH / (answer.length + 1);
  [...answer].forEach((char, i) => {
    const x = Math.round(step * (i + 1) + randomInt(-4, 5));
    const y = 28 + randomInt(-3, 4);
    const angle = randomInt(-25, 26);
    parts.push(
      `<text x="${x}" y="${y}" font-family="monospace" font-size="26" font-weight="bold" text-anchor="middle" ` +
        `fill="${randomColor(0, 120)}" transform="rotate(${angle} ${x} ${y})">${char}</text>`,
    );
  });
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<line x1="${randomInt(0, WIDTH)}" y1="${randomInt(0, HEIGHT)}" x2="${randomInt(0, WIDTH)}" y2="${randomInt(0, HEIGHT)}" ` +
        `stroke="${randomColor(60, 200)}" stroke-width="${randomInt(1, 3)}"/>`,
    );
  }
  for (let i = 0; i < 20; i++) {
    parts.push(`<circle cx="${randomInt(0, WIDTH)}" cy="${randomInt(0, HEIGHT)}" r="1" fill="${randomColor(60, 200)}"/>`);
  }
  parts.push("</svg>");
  return parts.join("");
}

/** The captcha endpoint's value: Base64 of the SVG (the portal prefixes data:image/svg+xml;base64,). */
export function captchaImageBase64(answer: string): string {
  return Buffer.from(captchaSvg(answer), "utf8").toString("base64");
}
