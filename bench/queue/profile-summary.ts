import { readFileSync } from "node:fs";

// Where a receiver's busy time went, from a V8 CPU profile (`node --cpu-prof`; bench:queue
// writes one per receiver with BENCH_PROFILE=<folder>). Each sample's self time goes to the first
// matching group of its call stack; idle time is left out, and module loading is shown apart.
//   npx tsx bench/queue/profile-summary.ts bench/.work/profiles/CPU.*.cpuprofile

interface Frame {
  functionName: string;
  url: string;
}

interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The groups, tried in order against the stack (innermost frame first). */
const GROUPS: [string, (stack: Frame[]) => boolean][] = [
  [
    "module loading (start-up)",
    (stack) =>
      stack.some((frame) =>
        /node:internal\/modules\/|bootstrap\/realm|cjs-module-lexer/.test(frame.url),
      ),
  ],
  ["garbage collector", (stack) => stack[0]!.functionName === "(garbage collector)"],
  [
    "BullMQ add: writing the command to the Redis socket",
    (stack) =>
      inside(stack, /bullmq/, (below) =>
        below.some((frame) => /^(writeBuffer|writev|writeUtf8String)$/.test(frame.functionName)),
      ),
  ],
  [
    "BullMQ add: ioredis command encoding (RESP, UTF-8 of the job)",
    (stack) => inside(stack, /bullmq/, (below) => below.some((frame) => /ioredis/.test(frame.url))),
  ],
  [
    "BullMQ add: msgpack of the job's options and arguments",
    (stack) =>
      inside(stack, /bullmq/, (below) => below.some((frame) => /msgpackr/.test(frame.url))),
  ],
  [
    "BullMQ add: JSON.stringify of the job data (Job.asJSON)",
    (stack) => stack.some((frame) => frame.functionName === "asJSON" && /bullmq/.test(frame.url)),
  ],
  ["BullMQ add: its own JavaScript", (stack) => stack.some((frame) => /bullmq/.test(frame.url))],
  [
    "ioredis: reading replies",
    (stack) => stack.some((frame) => /ioredis|redis-parser/.test(frame.url)),
  ],
  [
    "JSON.parse of the body (is it a JSON object?)",
    (stack) => stack.some((frame) => /^parsePayload(Text)?$/.test(frame.functionName)),
  ],
  [
    "signature (HMAC-SHA256)",
    (stack) =>
      stack.some((frame) => /verifyDigest|^Hmac$|^update$|^digest$/.test(frame.functionName)),
  ],
  [
    "writing HTTP answers",
    (stack) =>
      stack.some((frame) => /^(writev|writeBuffer|writeUtf8String)$/.test(frame.functionName)),
  ],
  [
    "typewire's own code (middleware, queue)",
    (stack) => stack.some((frame) => /runtime\/(dist|src)\//.test(frame.url)),
  ],
  [
    "node:http (parsing requests, headers)",
    (stack) => stack.some((frame) => /_http_|parserOn/.test(frame.url + frame.functionName)),
  ],
];

/** Whether `test` holds for the frames called from the outermost frame whose url matches. */
function inside(stack: Frame[], url: RegExp, test: (below: Frame[]) => boolean): boolean {
  let outer = -1;
  stack.forEach((frame, index) => {
    if (url.test(frame.url)) outer = index;
  });
  return outer >= 0 && test(stack.slice(0, outer));
}

function summarize(file: string): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const totals = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of self) {
    const stack: Frame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      stack.push(byId.get(at)!.callFrame);
    }
    if (stack[0]!.functionName === "(idle)") continue;
    const group =
      GROUPS.find(([, test]) => test(stack))?.[0] ?? "other (event loop, promises, streams)";
    totals.set(group, (totals.get(group) ?? 0) + micros);
    busy += micros;
  }
  const startup = totals.get(GROUPS[0]![0]) ?? 0;
  const running = busy - startup;
  console.log(
    `${file}: busy ${(busy / 1000).toFixed(0)} ms, of which ${(startup / 1000).toFixed(0)} ms loading modules; shares of the rest:`,
  );
  for (const [group, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
    if (group === GROUPS[0]![0]) continue;
    console.log(`  ${((100 * micros) / running).toFixed(1).padStart(5)}%  ${group}`);
  }
}

for (const file of process.argv.slice(2)) summarize(file);
