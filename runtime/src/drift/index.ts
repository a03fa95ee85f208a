// `@typewire/runtime/drift`: reports the fields deliveries carry that the generated types do not
// declare. Opt-in, on its own subpath: a receiver that does not import it never loads it.
export {
  createDriftReporter,
  type DriftEvent,
  type DriftOptions,
  type DriftReport,
  type DriftTable,
} from "./create-drift-reporter.js";
