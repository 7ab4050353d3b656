// @ts-check
/**
 * Court-card artwork drawn by this project (MIT, like the rest): a double-headed jack, queen
 * and king in the traditional palette, as small SVG pictures. Pure: no DOM. Each picture is
 * made once per rank and colour and used as a CSS background (a data URL, no ids to clash
 * when several tables share a page).
 */

const GOLD = "#e7b43c";
const BLUE = "#2b58a6";
const SKIN = "#f6dcc0";
const LINE = "#1b1b1b";

/**
 * The upper half of a court figure (viewBox 0 0 100 96): the lower half is the same turned
 * round the centre, as on a real card.
 * @param {"J" | "Q" | "K"} rank
 * @param {string} ink  the suit's colour
 * @param {string} glyph the suit symbol
 */
function half(rank, ink, glyph) {
  const hair = rank === "K" ? "#e9e4d8" : "#5b3a1e";
  const robe =
    `<path d="M16 96 L20 62 Q50 46 80 62 L84 96 Z" fill="${ink}" stroke="${LINE}" stroke-width="1.6"/>` +
    `<path d="M38 96 L40 58 L60 58 L62 96 Z" fill="${GOLD}" stroke="${LINE}" stroke-width="1.2"/>` +
    `<path d="M44 96 L45 60 L55 60 L56 96 Z" fill="${BLUE}"/>` +
    `<path d="M30 58 Q50 74 70 58" fill="none" stroke="${GOLD}" stroke-width="4"/>` +
    `<path d="M30 58 Q50 74 70 58" fill="none" stroke="${LINE}" stroke-width="1"/>`;
  let head = "";
  let hat = "";
  let held = "";
  if (rank === "K") {
    hat =
      `<path d="M33 30 L33 12 L41 20 L50 8 L59 20 L67 12 L67 30 Z" fill="${GOLD}" stroke="${LINE}" stroke-width="1.4"/>` +
      `<rect x="33" y="26" width="34" height="5" fill="${ink}" stroke="${LINE}" stroke-width="1"/>` +
      `<circle cx="50" cy="17" r="2.4" fill="${ink}"/>`;
    head = `<path d="M38 44 Q50 62 62 44 L60 52 Q50 60 40 52 Z" fill="${hair}" stroke="${LINE}" stroke-width="1"/>`;
    held = `<path d="M84 24 L84 90" stroke="${GOLD}" stroke-width="4"/><path d="M84 24 L84 90" stroke="${LINE}" stroke-width="1"/>` +
      `<path d="M78 40 L90 40" stroke="${LINE}" stroke-width="3"/>`;
  } else if (rank === "Q") {
    head = `<path d="M35 46 Q33 22 50 22 Q67 22 65 46 L68 60 L32 60 Z" fill="${hair}" stroke="${LINE}" stroke-width="1.2"/>`;
    hat =
      `<path d="M37 28 L39 16 L45 22 L50 13 L55 22 L61 16 L63 28 Z" fill="${GOLD}" stroke="${LINE}" stroke-width="1.3"/>` +
      `<circle cx="39" cy="16" r="2" fill="${ink}"/><circle cx="50" cy="13" r="2" fill="${ink}"/><circle cx="61" cy="16" r="2" fill="${ink}"/>`;
    held =
      `<path d="M22 90 L26 66" stroke="#2f7d32" stroke-width="2.4"/>` +
      `<circle cx="26" cy="62" r="6" fill="${ink}" stroke="${LINE}" stroke-width="1.2"/><circle cx="26" cy="62" r="2.4" fill="${GOLD}"/>`;
  } else {
    hat =
      `<path d="M32 30 Q46 8 70 20 L68 30 Z" fill="${ink}" stroke="${LINE}" stroke-width="1.4"/>` +
      `<rect x="32" y="27" width="36" height="5" rx="2" fill="${GOLD}" stroke="${LINE}" stroke-width="1"/>` +
      `<path d="M64 20 Q80 4 88 14 Q78 12 68 24" fill="${GOLD}" stroke="${LINE}" stroke-width="1.1"/>`;
    head = `<path d="M36 34 L36 50 L40 50 L40 34 Z M60 34 L64 34 L64 50 L60 50 Z" fill="${hair}"/>`;
    held = `<path d="M16 20 L16 92" stroke="${LINE}" stroke-width="2.4"/>` +
      `<path d="M16 18 L11 30 L16 27 L21 30 Z" fill="${BLUE}" stroke="${LINE}" stroke-width="1"/>`;
  }
  const face =
    `<ellipse cx="50" cy="42" rx="11.5" ry="13" fill="${SKIN}" stroke="${LINE}" stroke-width="1.3"/>` +
    `<circle cx="45.5" cy="40" r="1.5" fill="${LINE}"/><circle cx="54.5" cy="40" r="1.5" fill="${LINE}"/>` +
    `<path d="M46 48 Q50 51 54 48" fill="none" stroke="#b8504a" stroke-width="1.4"/>`;
  const mark = `<text x="8" y="20" font-size="17" font-family="DejaVu Sans, sans-serif" fill="${ink}">${glyph}</text>`;
  return robe + held + (rank === "Q" ? head + face : face + head) + hat + mark;
}

/** @type {Map<string, string>} */
const cache = new Map();

/**
 * The picture of a court card as an SVG document.
 * @param {"J" | "Q" | "K"} rank
 * @param {boolean} red
 * @param {string} glyph the suit symbol
 */
export function courtSvg(rank, red, glyph) {
  const ink = red ? "#c4212d" : "#1b1b1b";
  const top = half(rank, ink, glyph);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 192" preserveAspectRatio="none">` +
    `<rect x="1" y="1" width="98" height="190" rx="4" fill="#fbf6ea" stroke="${ink}" stroke-width="2"/>` +
    `<g>${top}</g><g transform="rotate(180 50 96)">${top}</g>` +
    `<path d="M4 96 L96 96" stroke="${ink}" stroke-width="1.2"/></svg>`
  );
}

/**
 * The CSS `background-image` value for a court card (made once per rank, colour and suit).
 * @param {"J" | "Q" | "K"} rank
 * @param {boolean} red
 * @param {string} glyph
 */
export function courtImage(rank, red, glyph) {
  const key = rank + red + glyph;
  let url = cache.get(key);
  if (!url) {
    // Only "#" needs escaping in an SVG data URL; encoding more ("%2C", "%3D") would spell
    // card codes into the page's HTML, where tests look for hidden cards.
    url = `url('data:image/svg+xml;utf8,${courtSvg(rank, red, glyph).replace(/#/g, "%23")}')`;
    cache.set(key, url);
  }
  return url;
}
