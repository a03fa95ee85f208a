// A small program of a user's project, written against the packages exactly as npm installs them
// and the modules `typewire generate` wrote into src/generated. It receives one signed delivery
// through the node middleware and runs one content query, and prints what it saw as JSON.
import { Webhooks, createNodeMiddleware } from "@typewire/runtime";
import { createContentClient } from "@typewire/runtime/content";
import { signDelivery } from "@typewire/runtime/testing";
import { entries, query, users } from "./generated/content/partners/index.js";
import * as publicSchema from "./generated/content/public/index.js";
import { type EmitterWebhookEvent, emitterEventNames } from "./generated/webhooks/index.js";
import { postDeliveries } from "./post-deliveries.js";

const secret = "consumer-secret";
const webhooks = new Webhooks({ secret });
const handled: string[] = [];
webhooks.on("issues.opened", ({ id, payload }) => {
  const issueNumber: number = payload.issue.number;
  const action: "opened" = payload.action;
  handled.push(`${id}:${action}:${issueNumber}`);
});

/** The generated payload types are the ones the runtime's handlers receive. */
export function refOf(event: EmitterWebhookEvent<"push">): string {
  return event.payload.ref;
}

// @ts-expect-error the public schema grants no users, so its module has no `users` builder
export const noUsers = publicSchema.users;

const [status, exampleStatus] = await postDeliveries(createNodeMiddleware(webhooks), [
  signDelivery({
    secret,
    name: "issues.opened",
    payload: { issue: { number: 7 } },
    id: "delivery-1",
  }),
  // Without a payload: the example payload the installed runtime ships.
  signDelivery({ secret, name: "issues.opened", id: "delivery-2" }),
]);

const client = createContentClient({
  endpoint: process.env.CMS_ENDPOINT ?? "",
  token: process.env.CMS_TOKEN,
});
const data = await client.request(
  query({
    news: entries({ section: ["news"], limit: 2 }, { title: true }),
    people: users({}, { username: true }),
  }),
);
const titles: (string | null)[] = (data.news ?? []).map((entry) => entry?.title ?? null);
const usernames: (string | null)[] = (data.people ?? []).map((user) => user?.username ?? null);

console.log(
  JSON.stringify({
    status,
    exampleStatus,
    handled,
    titles,
    usernames,
    eventNames: emitterEventNames.length,
  }),
);
