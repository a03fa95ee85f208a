import { createLogger, Webhooks } from "@typewire/runtime/webhooks";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createLogger", () => {
  it("defaults debug and info to no-ops, warn and error to the console", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const debug = vi.spyOn(console, "debug").mockImplementation(() => undefined);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const log = createLogger();
    log.debug("d");
    log.info("i");
    log.warn("w", 1);
    log.error("e");
    expect(debug).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("w", 1);
    expect(error).toHaveBeenCalledWith("e");
  });

  it("completes a partial logger without modifying it, keeping its this", () => {
    class Sink {
      lines: string[] = [];
      warn(message: string) {
        this.lines.push(message);
      }
    }
    const sink = new Sink();
    const log = createLogger(sink);
    expect(() => log.debug("no debug method")).not.toThrow();
    log.warn("kept");
    expect(sink.lines).toEqual(["kept"]);
    expect(Object.keys(sink)).toEqual(["lines"]);
  });
});

describe("Webhooks logging", () => {
  it("warns about unknown names on the console by default", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    new Webhooks({ secret: "s" }).on("nope" as never, () => undefined);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"nope" is not a known'));
  });

  it("uses a partial logger without debug, and defaults what it lacks", async () => {
    const warn = vi.fn();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const webhooks = new Webhooks({ secret: "s", log: { warn } });
    webhooks.on("nope" as never, () => undefined);
    expect(warn).toHaveBeenCalledTimes(1);
    webhooks.onError(() => {
      throw new Error("in error handler");
    });
    webhooks.on("push", () => {
      throw new Error("handler");
    });
    await expect(webhooks.receive({ name: "push", payload: {} })).rejects.toThrow();
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('error" event handler failed'),
      expect.objectContaining({ message: "in error handler" }),
    );
  });
});
