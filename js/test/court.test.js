import assert from "node:assert/strict";
import { test } from "node:test";
import { courtImage, courtSvg } from "../court.js";

const GLYPHS = ["\u2663\ufe0e", "\u2666\ufe0e", "\u2665\ufe0e", "\u2660\ufe0e"];

test("each court rank has its own double-headed picture in the suit's colour", () => {
  const pictures = new Set();
  for (const rank of /** @type {const} */ (["J", "Q", "K"])) {
    for (const [i, glyph] of GLYPHS.entries()) {
      const red = i === 1 || i === 2;
      const svg = courtSvg(rank, red, glyph);
      assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      assert.ok(svg.includes(red ? "#c4212d" : "#1b1b1b"));
      assert.ok(svg.includes('rotate(180 50 96)'), "the lower half is the upper turned round");
      assert.equal(svg.split(glyph).length - 1, 2, "the suit is marked in both halves");
      pictures.add(svg);
    }
  }
  assert.equal(pictures.size, 12);
});

test("the data URL spells no card code (the page's HTML is searched for hidden cards)", () => {
  for (const rank of /** @type {const} */ (["J", "Q", "K"])) {
    for (const glyph of GLYPHS) {
      const url = courtImage(rank, true, glyph) + courtImage(rank, false, glyph);
      assert.equal(url.match(/\b(10|[A2-9TJQK])[CDHS]\b/g), null);
      assert.ok(!url.includes("#"), "# would end the data URL");
    }
  }
});
