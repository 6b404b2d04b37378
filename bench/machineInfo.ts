/** The machine a benchmark ran on, for the record. */
import { cpus, platform, release, totalmem, arch } from "node:os";

/** What BENCHMARKS.md states about the machine. */
export interface MachineInfo {
  readonly os: string;
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
}

/** Describes this machine. */
export function machineInfo(): MachineInfo {
  const processors = cpus();
  return {
    os: `${platform()} ${release()} ${arch()}`,
    cpu: processors[0]?.model.trim() ?? "unknown",
    cores: processors.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
  };
}
