// Preloaded (`node --require`) into every process a CPU benchmark measures: at exit it prints
// the process's own CPU time (user + system, every thread, in microseconds) and its peak resident
// memory (KiB) on standard error, one line the benchmark reads and drops.
process.on("exit", () => {
  const cpu = process.cpuUsage();
  const { maxRSS } = process.resourceUsage();
  require("node:fs").writeSync(2, `\nBENCH_PROCESS ${cpu.user + cpu.system} ${maxRSS}\n`);
});
