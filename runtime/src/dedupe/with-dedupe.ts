import type { DeliveryStep, VerifiedDelivery } from "../delivery-queue.js";
import { SETTLED } from "../event-handler/dispatch.js";
import type { Logger } from "../logger.js";
import { WebhookUnavailableError } from "../webhook-unavailable-error.js";
import type { DedupeStore } from "./dedupe-store.js";
import { WebhookDuplicateError } from "./webhook-duplicate-error.js";

/**
 * The dedupe step: refuses a delivery whose id was accepted within the store's window (rejects
 * with a `WebhookDuplicateError`, `status: 208`, and runs no handler). The id is claimed once the
 * signature and body are checked, and released if the handlers (or `then`) fail, so a
 * redelivery of a failed delivery runs again. A claim that throws or rejects fails the delivery
 * with a `WebhookUnavailableError` (503). `then` is the step to take after the claim instead of
 * running the handlers, such as `toQueue(queue)`.
 *
 * @example
 * createNodeMiddleware(webhooks, { accept: withDedupe(createMemoryDedupeStore()) });
 * await webhooks.verifyAndReceive(delivery, { accept: withDedupe(store, toQueue(queue)) });
 */
export function withDedupe(store: DedupeStore, then?: DeliveryStep): DeliveryStep {
  if (
    store === null ||
    typeof store !== "object" ||
    typeof store.claim !== "function" ||
    typeof store.release !== "function"
  ) {
    throw new TypeError(
      "[typewire] withDedupe: store must be a dedupe store with claim() and release(), such as createMemoryDedupeStore()",
    );
  }
  if (then !== undefined && typeof then !== "function") {
    throw new TypeError(
      "[typewire] withDedupe: then must be a delivery step, such as toQueue(queue)",
    );
  }
  const step = (
    delivery: VerifiedDelivery,
    run: () => Promise<void>,
    log: Logger,
  ): Promise<void> => {
    const { id, name, payload } = delivery;
    const event = { id, name, payload };
    const next = (): Promise<void> => {
      try {
        return then ? then(delivery, run, log) : run();
      } catch (error) {
        return Promise.reject(error);
      }
    };
    const unavailable = (cause: unknown) =>
      new WebhookUnavailableError(
        `the dedupe store did not answer: ${cause instanceof Error ? cause.message : String(cause)}`,
        event,
        { cause },
      );
    const afterClaim = (claimed: boolean): Promise<void> => {
      if (!claimed) return Promise.reject(new WebhookDuplicateError(event));
      const running = next();
      if (running === SETTLED) return running;
      // Released before the rejection is answered, so a quick redelivery finds the id free.
      return Promise.resolve(running).then(undefined, (error: unknown) =>
        releaseThenThrow(store, log, id, error),
      );
    };
    let claimed: boolean | Promise<boolean>;
    try {
      claimed = store.claim(id);
    } catch (cause) {
      return Promise.reject(unavailable(cause));
    }
    if (typeof claimed === "boolean") return afterClaim(claimed);
    return Promise.resolve(claimed).then(
      (value) => afterClaim(value === true),
      (cause: unknown) => {
        throw unavailable(cause);
      },
    );
  };
  return Object.assign(step, { durable: then?.durable === true });
}

/** Forgets the claim of a delivery that failed, then rejects with its failure. */
function releaseThenThrow(
  store: DedupeStore,
  log: Logger,
  id: string,
  error: unknown,
): Promise<never> {
  const reportRelease = (failure: unknown) => {
    log.error(
      `[typewire] delivery ${JSON.stringify(id)} failed and its dedupe claim could not be released: a redelivery within the window will be refused`,
      failure,
    );
    throw error;
  };
  try {
    return Promise.resolve(store.release(id)).then(() => {
      throw error;
    }, reportRelease);
  } catch (failure) {
    return Promise.reject(failure).then(undefined, reportRelease);
  }
}
