import { readFileSync } from 'node:fs';

/**
 * CPU time (ms, user + system) a process has used so far, from /proc (Linux: 100 ticks a second);
 * undefined elsewhere. Benches report CPU per request beside throughput: on a shared machine
 * requests/s move with others' load, CPU per request barely does.
 */
export function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
