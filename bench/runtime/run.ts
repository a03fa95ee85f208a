import { createHmac, timingSafeEqual } from "node:crypto";
import {
  Webhooks as OctokitWebhooks,
  validateEventName as octokitValidateEventName,
} from "@octokit/webhooks";
import { validateEventName, Webhooks } from "@typewire/runtime/webhooks";
import { type Case, type CaseResult, compare } from "./compare.js";
import { payloadOfSize, secret, signatureOf } from "./fixtures.js";

// Side by side on the same inputs: typewire's runtime against @octokit/webhooks. Each case runs
// in interleaved rounds; the printed figures are median throughputs and ours/theirs ratios.
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const time = Number(process.env.BENCH_TIME_MS ?? 250);
const only = process.env.BENCH_ONLY ?? "";

const body = payloadOfSize(8 * 1024);
const signature = signatureOf(body);
const event = { id: "bench-1", name: "issues", payload: JSON.parse(body) as object };

const noopLogger = { debug() {}, info() {}, warn() {}, error() {} };
let calls = 0;
const handler = () => {
  calls++;
};

function register(
  target: { on: (name: never, h: () => void) => void; onAny: (h: () => void) => void },
  count: 1 | 10,
) {
  if (count === 1) return target.on("issues.opened" as never, handler);
  // 4 on the action, 4 on the event, 2 on every event: the three kinds of match receive makes.
  for (let i = 0; i < 4; i++) target.on("issues.opened" as never, () => handler());
  for (let i = 0; i < 4; i++) target.on("issues" as never, () => handler());
  for (let i = 0; i < 2; i++) target.onAny(() => handler());
}

function pair(count: 1 | 10) {
  const ours = new Webhooks({ secret, log: noopLogger });
  const theirs = new OctokitWebhooks({ secret, log: noopLogger });
  register(ours as never, count);
  register(theirs as never, count);
  return { ours, theirs };
}

const plain = pair(1);
const one = pair(1);
const ten = pair(10);

async function bareHmacAndParse(): Promise<void> {
  const expected = Buffer.from(signature.slice(7), "hex");
  const digest = createHmac("sha256", secret).update(body).digest();
  if (!timingSafeEqual(digest, expected)) throw new Error("bad signature");
  if (JSON.parse(body)) handler();
}

const cases: Case[] = [
  {
    name: "verify, 8 KB payload",
    async: true,
    // Both sides spend most of their time in the same node:crypto HMAC, so the gap is small.
    rounds: rounds * 3,
    target: ">= 1x",
    minRatio: 1,
    ours: () => plain.ours.verify(body, signature),
    theirs: () => plain.theirs.verify(body, signature),
  },
  {
    name: "receive, 1 handler",
    async: true,
    target: ">= 2x",
    minRatio: 2,
    ours: () => one.ours.receive(event),
    theirs: () => one.theirs.receive(event as never),
  },
  {
    name: "receive, 10 handlers",
    async: true,
    target: ">= 2x",
    minRatio: 2,
    ours: () => ten.ours.receive(event),
    theirs: () => ten.theirs.receive(event as never),
  },
  {
    name: "validateEventName, known",
    async: false,
    target: ">= 2x",
    minRatio: 2,
    ours: () => validateEventName("pull_request.opened"),
    theirs: () => octokitValidateEventName("pull_request.opened"),
  },
  {
    name: "validateEventName, unknown (warn, no-op log)",
    async: false,
    target: ">= 2x",
    minRatio: 2,
    ours: () => validateEventName("issues.nope", { onUnknownEventName: "warn", log: noopLogger }),
    theirs: () =>
      octokitValidateEventName("issues.nope", { onUnknownEventName: "warn", log: noopLogger }),
  },
  {
    name: "validateEventName, unknown (ignore)",
    async: false,
    target: "info",
    minRatio: undefined,
    ours: () => validateEventName("issues.nope", { onUnknownEventName: "ignore" }),
    theirs: () => octokitValidateEventName("issues.nope", { onUnknownEventName: "ignore" }),
  },
  {
    name: "verifyAndReceive, 8 KB, 1 handler",
    async: true,
    target: "info",
    minRatio: undefined,
    ours: () => one.ours.verifyAndReceive({ id: "1", name: "issues", payload: body, signature }),
    theirs: () =>
      one.theirs.verifyAndReceive({ id: "1", name: "issues", payload: body, signature }),
  },
  {
    name: "verifyAndReceive vs bare HMAC + JSON.parse",
    async: true,
    target: "info",
    minRatio: undefined,
    ours: () => one.ours.verifyAndReceive({ id: "1", name: "issues", payload: body, signature }),
    theirs: bareHmacAndParse,
    theirsLabel: "bare node:crypto",
  },
];

function format(ops: number): string {
  return Math.round(ops).toLocaleString("en-US");
}

async function main(): Promise<void> {
  console.log(
    `typewire runtime vs @octokit/webhooks (${rounds} rounds x ${time} ms, Node ${process.version})\n`,
  );
  const results: CaseResult[] = [];
  for (const item of cases.filter((candidate) => candidate.name.includes(only))) {
    const result = await compare(item, { rounds, time });
    results.push(result);
    const verdict = result.pass === undefined ? "" : result.pass ? "  ok" : "  BELOW TARGET";
    console.log(
      `${result.name.padEnd(44)} ours ${format(result.oursOps).padStart(12)} ops/s   ${result.theirsLabel} ${format(result.theirsOps).padStart(12)} ops/s   ratio ${result.ratio.toFixed(2)}x (target ${result.target})${verdict}`,
    );
  }
  if (calls === 0) throw new Error("handlers never ran: the receive cases measured nothing");
  const failed = results.filter((result) => result.pass === false);
  console.log(failed.length === 0 ? "\nall targets met" : `\n${failed.length} target(s) missed`);
}

await main();
