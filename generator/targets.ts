import { contentTarget } from "./content/target.js";
import type { Target } from "./target.js";
import { webhooksTarget } from "./webhooks/target.js";

/** Every target, in the order they run. Output does not depend on this order. */
export const targets: readonly Target[] = [webhooksTarget, contentTarget];
