import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * Samples a process every 200 ms while `work` runs: CPU share and peak RSS over that window, with
 * the CPU share of PostgreSQL (all its processes; only the server of `pgDataDir` when given) and of
 * this process beside it.
 */
export async function measure<T>(
  pid: number,
  work: () => Promise<T>,
  pgDataDir?: string,
): Promise<{
  result: T;
  cpuPercent: number;
  peakRssMb: number;
  postgresCpuPercent: number;
  benchCpuPercent: number;
}> {
  const start = sampleProcess(pid);
  const pgStart = postgresCpuSeconds(pgDataDir);
  const selfStart = process.cpuUsage();
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
    const self = process.cpuUsage(selfStart);
    const percent = (cpuSeconds: number) => Math.round((cpuSeconds / wall) * 1000) / 10;
    return {
      result,
      cpuPercent: percent(end.cpuSeconds - start.cpuSeconds),
      peakRssMb: Math.round(peak / 1048576),
      postgresCpuPercent: percent(postgresCpuSeconds(pgDataDir) - pgStart),
      benchCpuPercent: percent((self.user + self.system) / 1e6),
    };
  } finally {
    clearInterval(timer);
  }
}

/**
 * CPU seconds of PostgreSQL, the exited backends too (the database's share of the work): of the
 * server whose data directory is `dataDir` (its postmaster and that postmaster's children), or of
 * every PostgreSQL process on the machine without it (on a shared machine, other people's too).
 */
export function postgresCpuSeconds(dataDir?: string): number {
  const postmaster = dataDir
    ? readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]
    : undefined;
  let total = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (postmaster && pid !== postmaster && fields[1] !== postmaster) continue;
      // utime + stime, and cutime + cstime: the postmaster's count of its reaped backends
      total +=
        (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
    } catch {
      // gone
    }
  }
  return total;
}
