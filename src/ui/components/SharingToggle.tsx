/** The shared / withheld choice for one attribute, as a labelled radio group (arrow keys move between). */
import type { Sharing } from '../../core/profile';

export interface SharingToggleProps {
  name: string;
  value: Sharing;
  onChange: (value: Sharing) => void;
  legend?: string;
}

export function SharingToggle({ name, value, onChange, legend = 'Sharing' }: SharingToggleProps) {
  return (
    <fieldset class="segmented">
      <legend>{legend}</legend>
      <label class={value === 'shared' ? 'selected' : ''}>
        <input type="radio" name={name} value="shared" checked={value === 'shared'} onChange={() => onChange('shared')} />
        Shared
      </label>
      <label class={value === 'withheld' ? 'selected withheld' : ''}>
        <input type="radio" name={name} value="withheld" checked={value === 'withheld'} onChange={() => onChange('withheld')} />
        Withheld
      </label>
    </fieldset>
  );
}
