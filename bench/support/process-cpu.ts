import { readFileSync } from 'node:fs';

/** Milliseconds per clock tick of /proc's CPU counters (USER_HZ on Linux). */
const TICK_MS = 1000 / 100;

/**
 * CPU milliseconds (user + system) a process of this machine has used so far, from
 * /proc/<pid>/stat; undefined once it is gone (or on a system without /proc).
 */
export function processCpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name in parentheses (which may hold spaces): utime is the 14th
    // field of the line, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}
