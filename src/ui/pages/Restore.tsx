/**
 * The site's answer read back in the person's words (issue 18): Veil's own page in an iframe docked beside
 * the chat page (entrypoints/restore), opened by the Veil button beside an answer. Where the answer used the
 * stand-ins Veil sent, the person's own words are put back and marked. Only this frame holds them; a page
 * that frames this URL itself gets nothing (the answer needs the one-time token).
 */
import { useEffect, useState } from 'preact/hooks';
import type { RestoreView } from '../../messaging/contract';
import { useClient } from '../client';
import { Marked } from '../components/Marked';
import { claimSession, type Claimed } from '../framed-claim';

export function Restore({ nextTokens }: { nextTokens: () => Promise<string[]> }) {
  const send = useClient();
  const [phase, setPhase] = useState<Claimed<RestoreView>>({ kind: 'loading' });
  useEffect(
    () =>
      claimSession(nextTokens, (tokens) => send('restore.get', { tokens }), setPhase, {
        none: 'There is no answer to read back here. Use Veil’s button beside an answer on a chat site.',
      }),
    [],
  );

  return (
    <main class="compose restore" aria-labelledby="restore-title">
      <h1 id="restore-title">{phase.kind === 'open' ? `${phase.view.siteLabel}’s answer, in your words` : 'Veil: the answer in your words'}</h1>
      {phase.kind === 'loading' && <p role="status">Reading the answer back on this device…</p>}
      {phase.kind === 'none' && <p class="error">{phase.error}</p>}
      {phase.kind === 'open' && (
        <>
          <p class="muted">
            {phase.view.restored.length === 0
              ? 'The answer does not use any of the stand-ins Veil sent, so it reads as the site wrote it.'
              : `Veil put your own words back in ${phase.view.restored.length} ${phase.view.restored.length === 1 ? 'place' : 'places'} (marked) where the answer used the stand-ins it sent. Only this Veil panel shows them: the chat page cannot read it.`}
          </p>
          <div class="restored-answer" data-testid="restored-answer">
            <Marked text={phase.view.text} marks={phase.view.restored.map((r) => ({ start: r.start, end: r.end, title: `The answer said “${r.found}”` }))} />
          </div>
          <p class="muted">Close it with Veil’s button beside the answer.</p>
        </>
      )}
    </main>
  );
}
