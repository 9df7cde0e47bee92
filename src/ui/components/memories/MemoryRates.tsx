/**
 * What memories buy, as measured (src/ui/measured-memview.ts): how often a picked preference is backed by
 * the memories at a new attribute's cap and at cap 8, and per cap what a higher cap buys and what an
 * observer of the preferences then tells.
 *
 * ```tsx
 * <MemoryRates variant={overview.variant} />
 * ```
 */
import type { MemoryOverview } from '../../../messaging/contract';
import { DEFAULT_MEMORY_CAP, MEASURED_CAPS, MEASURED_K, MEASURED_MEMVIEW } from '../../measured-memview';

export function MemoryRates({ variant }: { variant: MemoryOverview['variant'] }) {
  const rates = MEASURED_MEMVIEW[variant];
  return (
    <>
      <p class="reading">
        Measured on a synthetic test set, at a new attribute’s cap ({DEFAULT_MEMORY_CAP}) and K = {MEASURED_K}: when Veil picks a preference, it is one your
        memories support {rates[DEFAULT_MEMORY_CAP].backed}% of the time, one they do not support {rates[DEFAULT_MEMORY_CAP].misleading}% of the time, and
        nothing is added {rates[DEFAULT_MEMORY_CAP].nothing}%.{' '}
        {variant === 'veil' ? 'Veil adds a preference only when your memories point to it clearly, so mostly it adds nothing. ' : ''}
        At cap 8 it is one they support {rates[8].backed}% of the time and one they do not {rates[8].misleading}%, and an observer tells more (table below). For
        a preference that always fits you, state it yourself below. Check each preference in the review panel and leave out any that does not fit you: that is
        free.
      </p>
      <details class="cap-rates">
        <summary>What a higher cap buys, and what it costs</summary>
        <table>
          <caption class="muted">
            Per cap (K = {MEASURED_K}): preferences backed by your memories, not backed, nothing added; and how well the best possible observer of the
            preferences tells whether you have the attribute (0.5 = a coin toss, 1 = always).
          </caption>
          <thead>
            <tr>
              <th scope="col">cap (ε)</th>
              <th scope="col">backed</th>
              <th scope="col">not backed</th>
              <th scope="col">nothing added</th>
              <th scope="col">observer</th>
            </tr>
          </thead>
          <tbody>
            {MEASURED_CAPS.map((cap) => (
              <tr key={cap}>
                <th scope="row">{cap}</th>
                <td>{rates[cap].backed}%</td>
                <td>{rates[cap].misleading}%</td>
                <td>{rates[cap].nothing}%</td>
                <td>{rates[cap].auc.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
