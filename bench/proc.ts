import { readFileSync } from 'node:fs';

const CLOCK_TICKS = 100; // USER_HZ on Linux

export interface ProcessSample {
  cpuSeconds: number;
  rssBytes: number;
}

/** CPU time and resident memory of a process, from /proc (Linux). */
export function sampleProcess(pid: number): ProcessSample {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuSeconds, rssBytes: rss ? Number(rss[1]) * 1024 : 0 };
}

/** Samples a process every 200 ms while `work` runs: CPU share and peak RSS over that window. */
export async function measure<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; cpuPercent: number; peakRssMb: number }> {
  const start = sampleProcess(pid);
  const started = performance.now();
  let peak = start.rssBytes;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, sampleProcess(pid).rssBytes);
    } catch {
      // process gone
    }
  }, 200);
  try {
    const result = await work();
    const end = sampleProcess(pid);
    peak = Math.max(peak, end.rssBytes);
    const wall = (performance.now() - started) / 1000;
    return { result, cpuPercent: Math.round(((end.cpuSeconds - start.cpuSeconds) / wall) * 1000) / 10, peakRssMb: Math.round(peak / 1048576) };
  } finally {
    clearInterval(timer);
  }
}
