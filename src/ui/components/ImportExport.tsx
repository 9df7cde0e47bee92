/**
 * Import and export of the profile as the JSON file of DESIGN.md. Import is checked in the background
 * before anything is stored: a malformed file is refused with what is wrong, and the profile is untouched.
 */
import { useRef, useState } from 'preact/hooks';
import type { Profile } from '../../core/profile';
import { errorText, useClient } from '../client';
import { useStatus } from '../use-status';
import { Feedback } from './Feedback';

export interface ImportExportProps {
  onProfile: (profile: Profile) => void;
  /** Saves a file; pages pass a download through an object URL, tests capture it. */
  saveFile?: (filename: string, text: string) => void;
}

export function downloadFile(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A refused import in words first, the exact place second: "worse.json is not a profile Veil can read, so
 * nothing was imported and your profile is unchanged. (Details: the file is not valid JSON …)".
 */
export function importProblem(name: string, detail: string): string {
  const what = /^the file is empty/.test(detail)
    ? 'is empty'
    : /^attribute \d/.test(detail)
      ? 'has a fact Veil cannot read'
      : /^profile: "version"/.test(detail)
        ? 'is in a profile format this version of Veil does not read'
        : 'is not a profile file Veil can read';
  return `${name} ${what}, so nothing was imported and your profile is unchanged. (Details: ${detail}.)`;
}

export function ImportExport({ onProfile, saveFile = downloadFile }: ImportExportProps) {
  const send = useClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useStatus();

  const exportProfile = async () => {
    try {
      const file = await send('profile.export', {});
      saveFile(file.filename, file.text);
      setError(null);
      setStatus(`Exported to ${file.filename}.`);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const importFile = async (file: File) => {
    try {
      const profile = await send('profile.import', { text: await file.text() });
      onProfile(profile);
      setError(null);
      setStatus(`Imported ${profile.attributes.length} facts from ${file.name}. Your previous profile was replaced.`);
    } catch (e) {
      setStatus('');
      setError(importProblem(file.name, errorText(e)));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section class="import-export" aria-labelledby="data-heading">
      <h2 id="data-heading">Import and export</h2>
      <p class="hint">The file holds your whole profile, withheld values included, as plain JSON. Keep it somewhere only you can read.</p>
      <div class="form-actions start">
        <button type="button" class="button" onClick={exportProfile}>
          Export profile
        </button>
        <label class="button file-button" for="import-file">
          Import profile…
        </label>
        <input
          ref={input}
          id="import-file"
          class="visually-hidden"
          type="file"
          accept=".json,application/json"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void importFile(file);
          }}
        />
      </div>
      <p class="hint">Importing replaces the current profile. Budgets already spent stay as they are.</p>
      <Feedback error={error} status={status} />
    </section>
  );
}
