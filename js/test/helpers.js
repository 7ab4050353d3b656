// Shared test helpers: real observations saved from the Python engine.
import { readFileSync } from "node:fs";

/**
 * @param {string} name a file in test/fixtures, without ".json"
 * @returns {any}
 */
export function fixture(name) {
  const view = JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
  return {
    seq: 1, message: null, variants: [], started: 0, summary: null, stock_reason: null,
    winnable_check: false, winnable: null, post_mortem: null, ...view,
  }; // prettier-ignore
}
