import assert from "node:assert/strict";
import { test } from "node:test";
import { verdictBadge, winnableIntent } from "../describe.js";
import { fixture } from "./helpers.js";

test("the verdict badge is hidden while the indicator is off", () => {
  const view = fixture("klondike-three");
  assert.equal(verdictBadge(view), null);
  assert.equal(verdictBadge({ ...view, winnable_check: false, winnable: "winnable" }), null);
});

test("the verdict badge puts the kernel's verdict in words", () => {
  const on = { ...fixture("klondike-three"), winnable_check: true };
  assert.deepEqual(
    ["winnable", "unwinnable", "unknown", null].map((w) => verdictBadge({ ...on, winnable: w })?.text),
    ["winnable \u2713", "cannot be won \u2717", "undecided ?", "checking\u2026"],
  );
  assert.equal(verdictBadge({ ...on, winnable: null })?.verdict, "pending");
  assert.equal(verdictBadge({ ...on, winnable: "unwinnable" })?.verdict, "unwinnable");
  assert.match(verdictBadge({ ...on, winnable: "unwinnable" })?.title ?? "", /^Proven: no line/);
  const base = { ...fixture("terrace-base"), winnable_check: true, winnable: "unwinnable" };
  assert.match(verdictBadge(base)?.title ?? "", /whichever base card you choose/);
  assert.doesNotMatch(verdictBadge(base)?.text ?? "", /lost/);
});

test("the Winnable? toggle asks for the other state", () => {
  const view = fixture("terrace-play");
  assert.deepEqual(winnableIntent(view), { kind: "winnable", on: true });
  assert.deepEqual(winnableIntent({ ...view, winnable_check: true }), { kind: "winnable", on: false });
});
