/** `text` with the ranges `marks` wrapped in <mark>, each titled (review panel, compose box, answer read-back). */
export function Marked({ text, marks }: { text: string; marks: readonly { start: number; end: number; title: string; class?: string }[] }) {
  const parts: (string | preact.JSX.Element)[] = [];
  let at = 0;
  for (const [i, m] of [...marks].sort((a, b) => a.start - b.start).entries()) {
    if (m.start < at || m.end > text.length) continue;
    parts.push(text.slice(at, m.start));
    parts.push(
      <mark key={i} title={m.title} class={m.class}>
        {text.slice(m.start, m.end)}
      </mark>,
    );
    at = m.end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
