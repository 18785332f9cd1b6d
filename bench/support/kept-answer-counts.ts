import type { KeptAnswerCounts } from '../../src/server/services/kept-answers';

/**
 * What the server's kept answers did since the last read (GET /api/bench/kept-answers,
 * BENCH_ROUTES=true); the counts start again at each read, so read before and after a run.
 */
export async function keptAnswersSinceLastRead(baseUrl: string): Promise<KeptAnswerCounts> {
  const res = await fetch(`${baseUrl}/api/bench/kept-answers`);
  if (!res.ok) throw new Error(`GET /api/bench/kept-answers answered ${res.status}`);
  return (await res.json()) as KeptAnswerCounts;
}

/** A Markdown table: per run, each kind of kept answer read or computed during it. */
export function keptAnswersMarkdown(runs: Array<[string, KeptAnswerCounts]>): string[] {
  const rows = runs.flatMap(([run, counts]) =>
    Object.entries(counts.byKind)
      .filter(([, kind]) => kind.hits + kind.computed + kind.computedUntrusted > 0)
      .map(
        ([kind, c]) =>
          `| ${run} | ${kind} | ${c.hits} | ${c.computed} | ${c.computedUntrusted} | ${c.notKeptAnnounced} / ${c.notKeptIncomplete} | ${c.expired} | ${c.droppedByAnnouncement} | ${counts.forgotAll} | ${counts.markersMissed} |`,
      ),
  );
  if (rows.length === 0) return [];
  return [
    '## Kept answers during each run',
    '',
    "From the server's kept answers (`GET /api/bench/kept-answers`): reads answered from memory, answers computed (one per key at a time; while announcements were not trusted, nothing is kept), computed but not kept (a tag announced meanwhile / parts still being computed), dropped because a listed shift started or five minutes passed, dropped by an announcement; and for the whole server, the times everything was forgotten and catch-up markers not heard in time.",
    '',
    '| run | kind | from memory | computed | computed untrusted | not kept (announced / incomplete) | expired | dropped by announcements | everything forgotten | markers missed |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ];
}
