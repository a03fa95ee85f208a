// Type-checks one project as `tsc -p <tsconfig> --noEmit` does, through the compiler API, and
// prints one JSON line: check time and total time in seconds at full precision
// (`tsc --extendedDiagnostics` rounds them to 0.01 s, too coarse for a check of 0.05 s), the
// instantiation count, the heap in use afterwards in K (as tsc's "Memory used"), and the errors.
// Run by bench/payload-types/run.ts as `node --expose-gc check-project.cjs <tsconfig.json>`.
"use strict";
const ts = require("typescript");

const configPath = process.argv[2];
const started = performance.now();
ts.performance.enable();
const config = ts.getParsedCommandLineOfConfigFile(
  configPath,
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  },
);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const diagnostics = ts.getPreEmitDiagnostics(program);
const totalTime = (performance.now() - started) / 1000;
globalThis.gc?.();
process.stdout.write(
  `${JSON.stringify({
    checkTime: ts.performance.getDuration("Check") / 1000,
    totalTime,
    instantiations: program.getInstantiationCount(),
    memory: Math.round(process.memoryUsage().heapUsed / 1024),
    errors: ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: ts.sys.getCurrentDirectory,
      getNewLine: () => "\n",
    }),
  })}\n`,
);
