# workerd's configuration for the Worker: `workerd serve config.capnp`, after bundling
# worker.js into worker.bundle.js with esbuild. The "internet" service lets the Worker's fetch()
# reach the content API; "private" and "local" addresses are only needed for one on this machine.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "worker.bundle.js")],
  compatibilityDate = "2026-11-01",
  bindings = [
    (name = "WEBHOOK_SECRET", fromEnvironment = "WEBHOOK_SECRET"),
    (name = "CMS_ENDPOINT", fromEnvironment = "CMS_ENDPOINT"),
  ],
  globalOutbound = "internet",
);
