import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { type PincodeUpload as Upload, useUploadPincodes } from '../api/upload-pincodes';

/** The refusal's "line 7" fields, in line order. */
const badLines = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, message]) => ({ line: Number(/^line (\d+)$/.exec(key)?.[1]), message, key }))
    .filter((l) => Number.isFinite(l.line))
    .sort((a, b) => a.line - b.line);

/**
 * A zone's pincodes from a CSV file: one pincode, range or prefix a line (a courier's list with a
 * `pincode` column works too). The server checks the whole file first; a refused file lists every bad
 * line with its number and reason here, and nothing is saved.
 */
export function PincodeUpload({ zone }: { zone: { _id: string; name: string } }) {
  const id = useId();
  const upload = useUploadPincodes();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<Upload['mode']>('replace');
  const [problems, setProblems] = useState<{ line: number; message: string; key: string }[]>([]);
  const [noFile, setNoFile] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setNoFile(true);
      return;
    }
    setNoFile(false);
    upload.mutate(
      { zoneId: zone._id, file, mode },
      {
        onSuccess: (saved) => {
          setProblems([]);
          notify.success(`${zone.name}: ${saved.pincodes.length} pincode rules saved from ${file.name}`);
        },
        onError: (error) => {
          setProblems(badLines(fieldErrors(error)));
          notify.error(errorMessage(error, 'Failed to upload the pincodes'));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Upload pincodes for ${zone.name}`}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-file`} className="mb-1 block text-sm text-gray-700">
            CSV file of pincodes
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-invalid={noFile ? true : undefined}
            aria-describedby={noFile ? `${id}-nofile` : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="text-sm"
          />
        </div>
        <div>
          <label htmlFor={`${id}-mode`} className="mb-1 block text-sm text-gray-700">
            The file’s pincodes
          </label>
          <select
            id={`${id}-mode`}
            value={mode}
            onChange={(event) => setMode(event.target.value as Upload['mode'])}
            className="h-10 rounded border border-gray-300 bg-white px-2 text-sm"
          >
            <option value="replace">replace the zone’s pincodes</option>
            <option value="add">are added to them</option>
          </select>
        </div>
        <Button type="submit" variant="dark" size="sm" loading={upload.isPending}>
          Upload
        </Button>
      </div>
      {noFile ? (
        <p id={`${id}-nofile`} role="alert" className="text-sm text-brand">
          Choose a CSV file first
        </p>
      ) : null}
      {problems.length > 0 ? (
        <div role="alert" className="rounded border border-brand/40 bg-red-50 p-3 text-sm">
          <p className="font-medium">Nothing was saved. Correct these lines and upload the file again:</p>
          <ul
            aria-label="Lines of the file that are not valid"
            className="mt-2 max-h-48 list-none overflow-auto"
          >
            {problems.map((p) => (
              <li key={p.key}>
                Line {p.line}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
